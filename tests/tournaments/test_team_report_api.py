"""The organisers' API of the players' reports in a team event (issue 22): the
reported boards name their match; confirm and reject name it too."""

from __future__ import annotations

import pytest

from tests.builders import build_team_event
from tournaments.store import commands
from tournaments.store.queries import load_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tid(organiser) -> int:
    """Four teams of two boards and a reserve, round 1 started: match 1 is Club 1 -
    Club 4, board 2 player 11 (White) v 2; player 11 reported 1-0, player 2 0-1."""
    tid = build_team_event(author=organiser, teams=4, boards=2, reserves=1)
    commands.start_team_round(tid, {"round": 1}, author=organiser)
    for player_id, result in ((11, "1-0"), (2, "0-1")):
        commands.report_result(tid, {"player_id": player_id, "result": result})
    return tid


def test_organisers_list_the_reported_boards_with_their_match(tid, api):
    (board,) = api.get("report-list", tid).json()
    assert (board["round"], board["match"], board["board"]) == (1, 1, 2)
    assert (board["white"], board["black"], board["conflict"]) == (11, 2, True)
    assert [(r["start_rank"], r["result"]) for r in board["reports"]] == [(2, "0-1"), (11, "1-0")]


def test_organisers_confirm_a_team_board_as_a_board_result(tid, api):
    body = {"round": 1, "match": 1, "board": 2, "result": "1-0"}
    response = api.post("report-confirm", tid, body=body)
    assert response.status_code == 201
    assert response.json()["kind"] == "team.board_result_recorded"
    match = load_tournament(tid).state.team_rounds[1].match(1)
    assert match is not None and match.results[2][0] == "1-0"


def test_confirming_without_the_match_answers_400_naming_it(tid, api):
    response = api.post("report-confirm", tid, body={"round": 1, "board": 2, "result": "1-0"})
    assert response.status_code == 400
    assert "match" in response.json()


def test_confirming_a_board_without_reports_answers_400_naming_the_board(tid, api):
    body = {"round": 1, "match": 1, "board": 1, "result": "1-0"}
    response = api.post("report-confirm", tid, body=body)
    assert response.status_code == 400
    assert "board" in response.json()


def test_organisers_reject_a_team_boards_reports(tid, api):
    body = {"round": 1, "match": 1, "board": 2, "reason": "game still on"}
    assert api.post("report-reject", tid, body=body).status_code == 201
    assert (1, 1, 2) not in load_tournament(tid).state.reports


def test_a_recorded_board_is_refused_naming_the_result(tid, api):
    body = {"round": 1, "match": 1, "board": 2, "result": "1-0"}
    api.post("report-confirm", tid, body=body)
    response = api.post("report-confirm", tid, body=body)
    assert response.status_code == 400
    assert "already has 1-0" in response.json()["result"][0]


def test_organisers_give_team_players_links(tid, api):
    body = {"role": "player", "holders": [2, 11]}
    assert api.post("link-list", tid, body=body).status_code == 201
    holders = [link["holder"] for link in api.get("link-list", tid).json()]
    assert holders == [2, 11]


def test_a_retried_confirmation_answers_the_board_result_stored_first(tid, api):
    body = {"round": 1, "match": 1, "board": 2, "result": "1-0"}
    first = api.post("report-confirm", tid, body=body, key="settle-2")
    again = api.post("report-confirm", tid, body=body, key="settle-2")
    assert (again.status_code, again.json()["seq"]) == (first.status_code, first.json()["seq"])
