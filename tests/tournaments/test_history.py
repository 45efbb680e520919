"""Each player's result history: the entry and the corrections after it (admin)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.store import commands
from tournaments.store.result_history import result_history

from .builders import make_tournament


@pytest.fixture
def tid(organiser) -> int:
    tid = make_tournament(organiser, players=4, pairings=[[(1, 2), (3, 4)]])
    commands.record_result(tid, {"round": 1, "board": 1, "result": "1-0"}, author=organiser)
    commands.record_result(tid, {"round": 1, "board": 2, "result": "1/2-1/2"}, author=organiser)
    commands.correct_result(
        tid,
        {"round": 1, "board": 1, "result": "0-1", "reason": "colours were swapped"},
        author=organiser,
    )
    return tid


def test_a_corrected_result_lists_the_entry_then_the_correction(tid):
    board = result_history(tid)[0].boards[0]
    assert [(e.result, e.corrected, e.reason) for e in board.entries] == [
        ("1-0", False, ""),
        ("0-1", True, "colours were swapped"),
    ]


def test_both_players_of_a_board_share_its_history(tid):
    white, black = result_history(tid)[:2]
    assert white.boards[0].entries == black.boards[0].entries
    assert (white.boards[0].colour, black.boards[0].colour) == ("white", "black")
    assert black.boards[0].opponent.start_rank == 1


def test_the_history_counts_each_players_corrections(tid):
    assert [h.corrections for h in result_history(tid)] == [1, 1, 0, 0]


def test_the_admin_page_shows_the_correction_and_its_reason(admin_client, tid):
    url = reverse("admin:tournaments_tournament_result_history", args=[tid])
    page = admin_client.get(url).content.decode()
    assert "colours were swapped" in page
    # Events 1-6 create, register and pair; 7 and 8 are results, 9 the correction.
    assert "#7 recorded" in page and "#9 corrected" in page


def test_the_tournament_page_links_to_the_result_history(admin_client, tid):
    page = admin_client.get(reverse("admin:tournaments_tournament_change", args=[tid]))
    history_url = reverse("admin:tournaments_tournament_result_history", args=[tid])
    assert history_url in page.content.decode()
