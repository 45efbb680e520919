"""The public pages of a team event (issue 22): a round's matches, a match, the
team crosstable."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.builders import build_team_event, organiser, record_board
from tournaments.store import commands

pytestmark = pytest.mark.django_db


def page(name: str, *args: int) -> str:
    response = Client().get(reverse(f"live:{name}", args=args))
    assert response.status_code == 200
    return response.content.decode()


def test_a_round_shows_its_matches_with_players_and_the_score_so_far() -> None:
    tid = build_team_event(teams=4, boards=2)  # match 1: Club 1 - Club 4
    record_board(tid, 1, 1, "1-0")
    html = page("round", tid, 1)
    assert 'Club 1</span> <span class="match-score">1-0</span>' in html
    assert "Player 1.1" in html and "Player 4.1" in html


def test_the_match_page_shows_each_board_with_who_has_white() -> None:
    tid = build_team_event(teams=4, boards=2, reserves=0)
    commands.start_team_round(tid, {"round": 1}, author=organiser())  # line-ups public
    html = page("team-match", tid, 1, 1)
    # Board 2: Club 4's second player (start rank 8) has White (colours alternate).
    board_two = html.split('data-board="2"')[1]
    assert board_two.index("Player 4.2") < board_two.index("Player 1.2")


def test_a_match_not_in_the_round_is_not_found() -> None:
    tid = build_team_event(teams=4, boards=2)
    response = Client().get(reverse("live:team-match", args=[tid, 1, 3]))
    assert response.status_code == 404


def test_the_team_crosstable_gives_opponent_colour_and_points() -> None:
    tid = build_team_event(teams=4, boards=2)
    record_board(tid, 1, 1, "1-0")
    record_board(tid, 1, 2, "0-1")  # board 2: Club 4 White loses: Club 1 wins 2-0
    html = page("crosstable", tid)
    row = html.split('data-team="1"')[1].split("</tr>")[0]
    assert "4w" in row and "2 / 2" in row
