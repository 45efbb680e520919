"""A team event's result slips (issue 22): one per match, each board's players with
the QR codes of their private links, the results to tick, the match score to
write and the captains' signatures; for the organisers, from the team page."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.builders import build_team_event, organiser, private_link
from tournaments.store import commands

pytestmark = pytest.mark.django_db


@pytest.fixture
def tid() -> int:
    """Four teams of two boards and a reserve, round 1 lined up (not started): match
    1 is Club 1 - Club 4, board 1 player 1 (White) v 10, board 2 player 11 (White)
    v 2; match 2 is Club 2 - Club 3."""
    return build_team_event(teams=4, boards=2, reserves=1)


def signed_in() -> Client:
    client = Client()
    client.force_login(organiser())
    return client


def slips(tid: int, round_number: int = 1) -> str:
    return signed_in().get(reverse("live:slips", args=[tid, round_number])).content.decode()


def match_slip(page: str, number: int) -> str:
    found = re.search(
        rf'<section class="slip match-slip" data-match="{number}".*?</section>', page, re.S
    )
    assert found, number
    return found.group(0)


def board_row(slip: str, board: int) -> str:
    found = re.search(rf'<tr data-board="{board}">.*?</tr>', slip, re.S)
    assert found, board
    return found.group(0)


def test_a_team_event_gets_one_slip_per_match(tid):
    assert slips(tid).count('class="slip match-slip"') == 2


def test_a_match_slip_names_the_round_the_match_and_its_teams(tid):
    slip = match_slip(slips(tid), 1)
    assert "Round 1 · Match 1" in slip
    assert '<strong class="white-team">1. Club 1</strong>' in slip
    assert '<strong class="black-team">4. Club 4</strong>' in slip


def test_a_match_slip_gives_each_boards_two_players(tid):
    row = board_row(match_slip(slips(tid), 1), 2)
    assert row.index("11. Player 4.2 (2290)") < row.index("2. Player 1.2 (2380)")


def test_a_match_slip_carries_the_qr_code_of_each_player_with_a_link(tid):
    private_link(tid, 1)
    private_link(tid, 10)
    slip = match_slip(slips(tid), 1)
    assert board_row(slip, 1).count('class="segno"') == 2
    assert 'class="segno"' not in board_row(slip, 2)


def test_a_match_slip_offers_each_boards_results_to_tick_and_the_match_score_to_write(tid):
    slip = match_slip(slips(tid), 1)
    assert board_row(slip, 2).count("☐") == 3
    assert "Match result:" in slip


def test_a_match_slip_has_the_two_captains_signatures(tid):
    slip = match_slip(slips(tid), 1)
    assert "Captain, Club 1 (Captain 1)" in slip
    assert "Captain, Club 4 (Captain 4)" in slip


def test_a_match_without_line_ups_gets_a_line_per_board_to_write_the_players_in():
    tid = build_team_event(teams=4, boards=2, reserves=1, lined_up=False)
    slip = match_slip(slips(tid), 1)
    assert slip.count(' player write"></td>') == 4


def test_a_forfeited_match_gets_no_slip(tid):
    commands.forfeit_match(tid, {"round": 1, "match": 2, "result": "+/-"}, author=organiser())
    page = slips(tid)
    assert page.count('class="slip match-slip"') == 1
    assert 'data-match="2"' not in page


def test_the_organisers_team_page_links_to_the_match_slips_of_its_round(tid):
    page = signed_in().get(reverse("live:team-manage", args=[tid])).content.decode()
    assert f'href="{reverse("live:slips", args=[tid, 1])}"' in page
