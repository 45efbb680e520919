"""A correction's "what changed" page, and the round page's list of corrections."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.builders import build_team_event, record_board
from tournaments.store import commands

from .builders import FRENCH_MONTHS, make_tournament, organiser, record

pytestmark = pytest.mark.django_db


def corrected() -> tuple[int, int]:
    """Round 1 of four: 1 beat 3, 2 beat 4, then board 1 corrected to 0-1."""
    tid = make_tournament(players=4)
    record(tid, 1, "1-0")
    record(tid, 2, "1-0")
    body = {"round": 1, "board": 1, "result": "0-1", "reason": "slip misread"}
    return tid, commands.correct_result(tid, body, author=organiser()).seq


def test_the_page_shows_the_result_before_and_after_the_reason_and_who() -> None:
    tid, seq = corrected()
    html = Client().get(reverse("live:correction", args=[tid, seq])).content.decode()
    assert '<span class="before">1–0</span> → <strong class="after">0–1</strong>' in html
    assert "slip misread" in html
    assert "by live-organiser" in html


def test_the_page_lists_the_players_whose_places_changed() -> None:
    tid, seq = corrected()
    html = Client().get(reverse("live:correction", args=[tid, seq])).content.decode()
    # Before: 1 and 2 on 1 point share 1-2 (BH and SB 0 each), 3 and 4 share 3-4.
    # After: 2 and 3 share 1-2, 1 and 4 share 3-4; 2's and 4's points and
    # tie-breaks are as they were, so only 1 and 3 are listed.
    assert '<tr data-start-rank="3" class="moved">' in html
    assert '<tr data-start-rank="1" class="moved">' in html
    assert 'data-start-rank="2"' not in html.split('class="changes"')[1]
    assert 'data-start-rank="4"' not in html.split('class="changes"')[1]


def test_an_event_that_is_no_correction_is_404() -> None:
    tid, seq = corrected()
    assert Client().get(reverse("live:correction", args=[tid, seq - 1])).status_code == 404


def test_the_round_page_links_its_corrections() -> None:
    tid, seq = corrected()
    html = Client().get(reverse("live:round", args=[tid, 1])).content.decode()
    assert reverse("live:correction", args=[tid, seq]) in html


def test_the_page_links_the_corrections_step_of_the_timeline() -> None:
    tid, seq = corrected()
    html = Client().get(reverse("live:correction", args=[tid, seq])).content.decode()
    assert f'href="{reverse("live:timeline", args=[tid])}?as_of={seq}"' in html


def board_corrected() -> tuple[int, int]:
    """Four 2-board teams, round 1 Club 1 v Club 4 and Club 2 v Club 3: in match 1
    Player 1.1 beats Player 4.1, board 2 (White: Player 4.2) is drawn, then
    corrected to 0-1: the match, 1½-½, becomes 2-0."""
    tid = build_team_event(teams=4, boards=2)
    record_board(tid, 1, 1, "1-0")
    record_board(tid, 1, 2, "1/2-1/2")
    body = {"round": 1, "match": 1, "board": 2, "result": "0-1", "reason": "slip misread"}
    return tid, commands.correct_board_result(tid, body, author=organiser()).seq


def test_a_board_correction_shows_the_match_score_before_and_after() -> None:
    tid, seq = board_corrected()
    html = Client().get(reverse("live:correction", args=[tid, seq])).content.decode()
    assert "Correction, round 1 match 1 board 2" in html
    assert (
        'Club 1 <span class="before">1½-½</span> → <strong class="after">2-0</strong> Club 4'
        in html
    )
    assert '<span class="before">½–½</span> → <strong class="after">0–1</strong>' in html
    assert "Player 4.2" in html and "Player 1.2" in html


def test_a_board_correction_lists_the_teams_whose_places_changed() -> None:
    tid, seq = board_corrected()
    html = Client().get(reverse("live:correction", args=[tid, seq])).content.decode()
    changes = html.split('class="changes"')[1]
    # Before: Club 1 (2 MP) first, Club 4 (0 MP, ½ GP) second, Clubs 2 and 3 share
    # 3-4; after, Club 4 has no game point either and the three share 2-4.  Club 1
    # keeps its place with 2 GP instead of 1½.
    for team in (2, 3, 4):
        assert f'<tr data-team="{team}" class="moved">' in changes
    assert '<tr data-team="1">' in changes


def test_a_team_rounds_page_links_its_board_corrections() -> None:
    tid, seq = board_corrected()
    html = Client().get(reverse("live:round", args=[tid, 1])).content.decode()
    assert "Match 1 board 2: 0-1 (slip misread)" in html
    assert reverse("live:correction", args=[tid, seq]) in html


def test_a_board_corrections_crosstable_before_it_is_the_team_crosstable_of_then() -> None:
    tid, seq = board_corrected()
    url = reverse("live:crosstable", args=[tid])
    response = Client().get(url, {"as_of": seq - 1})
    assert response.status_code == 200
    assert f"As it stood after event #{seq - 1} of the log." in response.content.decode()


def test_the_date_entered_is_in_the_page_language() -> None:
    tid, seq = corrected()
    today = timezone.now().date()
    page = Client(HTTP_ACCEPT_LANGUAGE="fr").get(reverse("live:correction", args=[tid, seq]))
    assert f"{today.day} {FRENCH_MONTHS[today.month - 1]} {today.year}" in page.content.decode()
