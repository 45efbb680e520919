"""A team board's game played but not rated (TRF W/D/L, issue 22): entered with
``"rated": false`` as an individual result is, it counts in the scores and is
unrated in the team engine's tournament."""

from __future__ import annotations

from typing import Any

from tests.builders import build_team_event, organiser, record_board
from tournaments.store.queries import load_tournament

from .builders import Api, stored


def board(api: Api, tid: int, **body: Any) -> Any:
    return api.post("board-result-create", tid, body={"round": 1, "match": 1, **body})


def engine_board(tid: int, number: int) -> Any:
    match = load_tournament(tid).state.to_team_tournament().schedule[0].matches[0]
    return next(g for g in match.boards if g.board == number)


def test_a_board_result_marked_unrated_is_an_unrated_game(api: Api) -> None:
    tid = build_team_event(author=organiser(), teams=2, boards=2)
    assert board(api, tid, board=1, result="1-0", rated=False).status_code == 201
    game = engine_board(tid, 1)
    assert not game.rated and game.result.value == "1-0"


def test_a_board_result_without_rated_is_a_rated_game(api: Api) -> None:
    tid = build_team_event(author=organiser(), teams=2, boards=2)
    assert board(api, tid, board=1, result="1/2-1/2").status_code == 201
    assert engine_board(tid, 1).rated


def test_a_forfeit_marked_unrated_is_refused_on_rated(api: Api) -> None:
    tid = build_team_event(author=organiser(), teams=2, boards=2)
    before = stored(tid)
    response = board(api, tid, board=1, result="+/-", rated=False)
    assert response.status_code == 400 and "rated" in response.json()
    assert stored(tid) == before


def test_a_correction_may_only_make_a_game_unrated(api: Api) -> None:
    tid = build_team_event(author=organiser(), teams=2, boards=2)
    record_board(tid, 1, 2, "0-1")
    body = {"round": 1, "match": 1, "board": 2, "result": "0-1", "rated": False}
    response = api.post("board-correction-create", tid, body={**body, "reason": "friendly"})
    assert response.status_code == 201, response.json()
    assert not engine_board(tid, 2).rated


def test_the_rounds_read_says_which_board_is_unrated(api: Api) -> None:
    tid = build_team_event(author=organiser(), teams=2, boards=2)
    board(api, tid, board=2, result="0-1", rated=False)
    boards = api.get("team-round-list", tid).json()[0]["matches"][0]["boards"]
    assert [b["rated"] for b in boards] == [True, False]
