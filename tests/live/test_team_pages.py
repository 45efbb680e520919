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


def test_the_live_page_follows_teams_by_pairing_number() -> None:
    tid = build_team_event(teams=4, boards=2)
    html = page("spectator", tid)
    assert "data-follow" not in html
    response = Client().get(reverse("live:spectator", args=[tid]), {"follow": "3,1"})
    assert 'data-follow="3,1"' in response.content.decode()


def test_following_a_team_that_does_not_exist_is_refused() -> None:
    tid = build_team_event(teams=4, boards=2)
    response = Client().get(reverse("live:spectator", args=[tid]), {"follow": "7"})
    assert response.status_code == 400
    assert response.content.decode() == "follow: no team with pairing number 7"


def test_the_team_crosstable_links_each_team_to_the_live_page_following_it() -> None:
    tid = build_team_event(teams=4, boards=2)
    row = page("crosstable", tid).split('data-team="2"')[1].split("</tr>")[0]
    assert f'{reverse("live:spectator", args=[tid])}?follow=2"' in row


def test_the_starting_list_of_a_team_event_lists_the_teams_with_their_strength() -> None:
    tid = build_team_event(teams=4, boards=2, reserves=0)
    html = page("starting-list", tid)
    # Club 2's first boards are start ranks 3 and 4: 2370 and 2360.
    row = html.split('data-team="2"')[1].split("</tr>")[0]
    assert "Club 2" in row and "2365" in row
    assert "Not in the order of strength" not in html  # registered strongest first


def test_the_team_starting_list_says_when_it_is_not_in_the_order_of_strength() -> None:
    tid = commands.create_tournament(
        {"name": "League", "rounds": 3, "kind": "team", "boards": 1}, author=organiser()
    ).tournament_id
    for name, rating in (("Weak", 1500), ("Strong", 2500)):
        players = [{"name": f"{name} player", "rating": rating}]
        commands.register_team(tid, {"name": name, "players": players}, author=organiser())
    assert "Not in the order of strength yet" in page("starting-list", tid)


def test_a_swiss_round_names_its_requested_byes_and_withdrawn_teams() -> None:
    author = organiser()
    tid = build_team_event(author=author, teams=6, boards=2, system="swiss", lined_up=False)
    for match in (1, 2, 3):
        commands.forfeit_match(tid, {"round": 1, "match": match, "result": "+/-"}, author=author)
    commands.request_team_bye(tid, {"team": 2, "round": 2, "points": "half"}, author=author)
    commands.withdraw_team(tid, {"team": 3, "from_round": 2}, author=author)
    commands.pair_next_team_round(tid, {}, author=author)
    html = page("round", tid, 2)
    assert "Half-point bye: Club 2" in html and "Withdrawn: Club 3" in html
