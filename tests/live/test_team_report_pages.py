"""Players of a team event report through their private links (issue 22): the
link page shows their board of the current match; the organiser's team page marks
the reported boards, flags conflicts, confirms and rejects, and gives players
their links."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.builders import build_team_event, organiser, private_link, report, signed_in
from tournaments.store import commands
from tournaments.store.queries import load_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]


@pytest.fixture
def tid() -> int:
    """Four teams of two boards and a reserve, round 1 lined up and started: match
    1 is Club 1 - Club 4, board 1 player 1 (White) v 10, board 2 player 11 (White)
    v 2; player 3 is Club 1's reserve."""
    tid = build_team_event(teams=4, boards=2, reserves=1)
    commands.start_team_round(tid, {"round": 1}, author=organiser())
    return tid


def team_page(tid: int) -> str:
    return signed_in().get(reverse("live:team-manage", args=[tid])).content.decode()


def board_result(tid: int, board: int) -> str | None:
    match = load_tournament(tid).state.team_rounds[1].match(1)
    assert match is not None
    recorded = match.results.get(board)
    return recorded and recorded[0]


def test_the_link_shows_the_board_colour_opponent_and_opposing_team(tid):
    page = Client().get(private_link(tid, 2)).content.decode()
    assert "Round 1, match 1, board 2" in page
    assert "You play Black against" in page
    assert '<strong class="opposing-team">Club 4</strong>' in page
    assert "Player 4.2" in page


def test_a_report_through_the_link_is_stored_for_the_board_of_the_match(tid):
    response = Client().post(private_link(tid, 11), {"result": "0-1"})
    assert response.status_code == 302
    assert load_tournament(tid).state.reports[(1, 1, 2)][11].result == "0-1"


def test_a_reserve_not_playing_is_refused_with_400_naming_the_field(tid):
    response = Client().post(private_link(tid, 3), {"result": "1-0"})
    assert response.status_code == 400
    assert "player_id: Player 1.3 is not in team 1&#x27;s line-up for round 1" in (
        response.content.decode()
    )


def test_a_report_before_the_round_starts_is_refused_naming_the_round():
    tid = build_team_event(teams=4, boards=2, reserves=1)
    response = Client().post(private_link(tid, 1), {"result": "1-0"})
    assert response.status_code == 400
    assert "round: round 1 has not started yet" in response.content.decode()


def test_the_team_page_marks_a_reported_board(tid):
    report(tid, 1, "1-0")
    page = team_page(tid)
    assert 'class="board reported" data-board="1"' in page
    assert "White 1-0, Black —" in page


def test_the_team_page_flags_conflicting_reports(tid):
    report(tid, 11, "1-0")
    report(tid, 2, "0-1")
    page = team_page(tid)
    assert 'class="board reported conflict" data-board="2"' in page
    assert "Conflicting reports" in page


def test_the_organiser_confirms_a_team_board_from_the_team_page(tid):
    report(tid, 11, "1/2-1/2")
    url = reverse("live:reports", args=[tid, 1])
    response = signed_in().post(url, {"match": "1", "board": "2", "action": "confirm"})
    assert response.url == reverse("live:team-manage", args=[tid]) + "?round=1"
    assert board_result(tid, 2) == "1/2-1/2"


def test_the_organiser_rejects_a_team_boards_reports_from_the_team_page(tid):
    report(tid, 11, "1/2-1/2")
    url = reverse("live:reports", args=[tid, 1])
    signed_in().post(url, {"match": "1", "board": "2", "action": "reject", "reason": "on"})
    assert (1, 1, 2) not in load_tournament(tid).state.reports


def test_a_refused_confirmation_is_a_red_message_naming_the_field(tid):
    report(tid, 11, "1-0")
    report(tid, 2, "0-1")
    url = reverse("live:reports", args=[tid, 1])
    response = signed_in().post(url, {"match": "1", "board": "2", "action": "confirm"}, follow=True)
    assert (
        '<p class="message error" role="status">Match 1, board 2: result: the players reported'
        in response.content.decode()
    )


def test_the_team_page_gives_the_players_their_links(tid):
    url = reverse("live:links", args=[tid])
    signed_in().post(url, {"role": "player", "action": "issue"})
    assert len(load_tournament(tid).state.links) == 12
    assert 'data-player="3">Player 1.3: <a href="/link/' in team_page(tid)
