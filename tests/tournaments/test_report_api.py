"""The organisers' API of the players' reports and private links (issue 21)."""

from __future__ import annotations

import pytest

from tests.builders import build_tournament
from tournaments.store import commands
from tournaments.store.queries import load_tournament

from .builders import Api

pytestmark = pytest.mark.django_db


@pytest.fixture
def tid(organiser) -> int:
    """The API's organiser's four players, round 1 paired: board 1 is 1 v 3, board 2
    is 2 v 4; player 1 reported 1-0, player 3 0-1."""
    tid = build_tournament(author=organiser, players=4, pairings=[[(1, 3), (2, 4)]])
    for player_id, result in ((1, "1-0"), (3, "0-1")):
        commands.report_result(tid, {"player_id": player_id, "result": result})
    return tid


def test_organisers_list_the_reports_to_confirm(tid, api):
    (board,) = api.get("report-list", tid).json()
    assert (board["board"], board["conflict"]) == (1, True)
    assert [(r["start_rank"], r["result"]) for r in board["reports"]] == [(1, "1-0"), (3, "0-1")]


def test_others_may_not_read_the_reports(tid):
    assert Api().get("report-list", tid).status_code in (401, 403)


def test_organisers_confirm_a_report_with_the_result(tid, api):
    body = {"round": 1, "board": 1, "result": "0-1"}
    response = api.post("report-confirm", tid, body=body)
    assert response.status_code == 201
    assert response.json()["kind"] == "result.recorded"


def test_confirming_conflicting_reports_without_a_result_answers_400(tid, api):
    response = api.post("report-confirm", tid, body={"round": 1, "board": 1})
    assert response.status_code == 400
    assert "result" in response.json()


def test_organisers_reject_a_boards_reports(tid, api):
    body = {"round": 1, "board": 1, "reason": "game still on"}
    assert api.post("report-reject", tid, body=body).status_code == 201
    assert (1, None, 1) not in load_tournament(tid).state.reports


def test_issued_links_get_the_servers_nonces_whatever_the_body_says(tid, api):
    body = {"role": "player", "holders": [1, 2], "nonces": ["mine", "mine"]}
    assert api.post("link-list", tid, body=body).status_code == 201
    assert "mine" not in load_tournament(tid).state.links.values()


def test_organisers_list_the_links_with_their_urls(tid, api):
    api.post("link-list", tid, body={"role": "player", "holders": [2]})
    (link,) = api.get("link-list", tid).json()
    assert (link["role"], link["holder"]) == ("player", 2)
    assert "/link/" in link["url"]


def test_organisers_revoke_a_link(tid, api):
    api.post("link-list", tid, body={"role": "player", "holders": [2]})
    assert api.post("link-revoke", tid, body={"role": "player", "holder": 2}).status_code == 201
    assert load_tournament(tid).state.links == {}


def test_revoking_a_link_nobody_has_answers_400_naming_the_holder(tid, api):
    response = api.post("link-revoke", tid, body={"role": "player", "holder": 2})
    assert response.status_code == 400
    assert "holder" in response.json()


def test_a_confirm_retried_with_its_key_and_the_reports_it_saw_stores_one_result(tid, api):
    seen = [r["seq"] for r in api.get("report-list", tid).json()[0]["reports"]]
    body = {"round": 1, "board": 1, "result": "0-1", "reports": seen}
    first = api.post("report-confirm", tid, body=body, key="confirm-board-1")
    again = api.post("report-confirm", tid, body=body, key="confirm-board-1")
    assert again.status_code == 201
    assert again.json()["seq"] == first.json()["seq"]


def test_a_confirm_naming_reports_the_board_no_longer_has_is_refused(tid, api):
    seen = [r["seq"] for r in api.get("report-list", tid).json()[0]["reports"]]
    commands.report_result(tid, {"player_id": 3, "result": "1-0"})  # player 3 changed theirs
    body = {"round": 1, "board": 1, "reports": seen}
    response = api.post("report-confirm", tid, body=body)
    assert response.status_code == 400
    assert "reports" in response.json()
    assert load_tournament(tid).state.rounds[1].board(1).result is None
