"""A team event's live pages say "reported" on a board its players reported and
the organiser has not confirmed (issue 22), as an individual event's do: the match
and round pages, the team and player cards, the live table's matches; the mark goes
once the board's result is recorded."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from live.projection import build_standings
from tests.builders import build_team_event, build_tournament, organiser, record_board
from tournaments.store import commands
from tournaments.store.queries import load_tournament

pytestmark = pytest.mark.django_db

REPORTED = (
    '<td class="result reported"><span aria-hidden="true">reported</span>'
    '<span class="sr-only">reported by the players, not confirmed yet</span></td>'
)


@pytest.fixture
def tid() -> int:
    """Four teams of two boards, round 1 started: match 1 is Club 1 - Club 4, board 1
    player 1 (White) v 10, board 2 player 11 (White) v 2."""
    tid = build_team_event(teams=4, boards=2, reserves=1)
    commands.start_team_round(tid, {"round": 1}, author=organiser())
    return tid


@pytest.fixture(autouse=True)
def _no_throttle_counts():
    cache.clear()
    yield
    cache.clear()


def report(tid: int, player_id: int, result: str) -> None:
    commands.report_result(tid, {"player_id": player_id, "result": result})


def row(page: str, attribute: str) -> str:
    """The table row with ``attribute`` (``data-board="2"``) of ``page``."""
    found = re.search(rf"<tr {attribute}>(.*?)</tr>", page, re.S)
    assert found, attribute
    return found.group(1)


def match_page(tid: int) -> str:
    return Client().get(reverse("live:team-match", args=[tid, 1, 1])).content.decode()


def test_the_match_page_says_reported_on_the_reported_board_only(tid):
    report(tid, 11, "0-1")
    page = match_page(tid)
    assert REPORTED in row(page, 'data-board="2"')
    assert "reported" not in row(page, 'data-board="1"')


def test_the_match_page_shows_the_result_in_place_of_reported_once_recorded(tid):
    report(tid, 11, "0-1")
    assert REPORTED in row(match_page(tid), 'data-board="2"')
    record_board(tid, 1, 2, "0-1")
    cells = row(match_page(tid), 'data-board="2"')
    assert "reported" not in cells
    assert '<td class="result">0-1</td>' in cells


def test_the_round_page_says_reported_on_the_reported_board_of_its_match(tid):
    report(tid, 11, "0-1")
    page = Client().get(reverse("live:round", args=[tid, 1])).content.decode()
    match = page[page.index('data-match="1"') : page.index('data-match="2"')]
    assert REPORTED in row(match, 'data-board="2"')


def test_the_team_card_says_reported_on_the_teams_reported_board(tid):
    report(tid, 2, "0-1")
    page = Client().get(reverse("live:team", args=[tid, 1])).content.decode()
    assert page.count(REPORTED) == 1


def test_the_player_card_says_reported_on_the_players_reported_round(tid):
    report(tid, 2, "0-1")
    page = Client().get(reverse("live:player", args=[tid, 11])).content.decode()
    assert REPORTED in page


def test_the_live_table_names_the_matches_with_a_reported_board_until_recorded(tid):
    report(tid, 11, "0-1")
    now = datetime.now(UTC)
    assert build_standings(load_tournament(tid), now).rounds.reported == [1]
    record_board(tid, 1, 2, "0-1")
    assert build_standings(load_tournament(tid), now).rounds.reported == []


def test_the_round_page_of_an_individual_event_marks_a_reported_board_the_same_way():
    tid = build_tournament(players=4, pairings=[[(1, 3), (2, 4)]])
    commands.report_result(tid, {"player_id": 2, "result": "1-0"})
    page = Client().get(reverse("live:round", args=[tid, 1])).content.decode()
    assert REPORTED in row(page, 'data-board="2"')


CROSSTABLE_REPORTED = (
    ' <span aria-hidden="true">reported</span>'
    '<span class="sr-only">, reported by the players, not confirmed yet</span></td>'
)


def crosstable_cell(tid: int, team: int) -> str:
    """Team ``team``'s round 1 cell on the team crosstable."""
    page = Client().get(reverse("live:crosstable", args=[tid])).content.decode()
    found = re.search(r'<td class="round[^"]*">.*?</td>', row(page, f'data-team="{team}"'), re.S)
    assert found, team
    return found.group(0)


def test_the_team_crosstable_says_reported_after_the_score_of_both_teams_of_the_match(tid):
    report(tid, 11, "0-1")
    for team in (1, 4):
        cell = crosstable_cell(tid, team)
        assert cell.startswith('<td class="round reported">'), cell
        assert cell.endswith(CROSSTABLE_REPORTED), cell
    for team in (2, 3):
        assert "reported" not in crosstable_cell(tid, team)


def test_the_team_crosstable_drops_reported_once_the_board_is_recorded(tid):
    report(tid, 11, "0-1")
    record_board(tid, 1, 2, "0-1")
    cell = crosstable_cell(tid, 1)
    assert "reported" not in cell
    assert cell.startswith('<td class="round">'), cell
