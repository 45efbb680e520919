"""Players of a team event report their board results (issue 22), decided on folded
states without a database: the board of their match in the current round, the
refusals naming the field, the organiser's confirmation and rejection, and two
matching reports recorded as the team board result."""

from __future__ import annotations

from typing import Any

import pytest

from tournaments.domain import reports
from tournaments.domain import team_decisions as td
from tournaments.domain.decisions import Plan
from tournaments.domain.errors import CommandError
from tournaments.domain.events import (
    BoardResultRecorded,
    ReportRejected,
    ResultReported,
    SettingsChanged,
)

from .test_team_decisions import event


def started(lineups: dict[int, list[int | None]] | None = None, confirming: bool = False) -> Plan:
    """Two teams of two boards and a reserve (team 1: players 1, 2, 3; team 2: 4, 5,
    6), round 1 paired (team 1 has White on board 1), lined up and started: board
    1 is 1 (White) v 4, board 2 is 5 (White) v 2; players 3 and 6 are the reserves."""
    plan = event(teams=2, boards=2)
    if confirming:
        plan.decide(lambda s, b: [SettingsChanged(b)], {"confirm_matching_reports": True})
    matches = [{"white": 1, "black": 2}]
    plan.decide(td.decide_team_pairing, {"round": 1, "matches": matches, "byes": []})
    for team, players in (lineups or {1: [1, 2], 2: [4, 5]}).items():
        plan.decide(td.decide_lineup, {"round": 1, "team": team, "players": players})
    plan.decide(td.decide_round_start, {"round": 1})
    return plan


def results(plan: Plan) -> Any:
    match = plan.state.team_rounds[1].match(1)
    assert match is not None
    return match.results


def report(plan: Plan, player_id: int, result: str) -> list[Any]:
    return list(plan.decide(reports.decide_report, {"player_id": player_id, "result": result}))


def refusal(plan: Plan, decision: Any, body: dict[str, Any]) -> CommandError:
    with pytest.raises(CommandError) as caught:
        decision(plan.state, body)
    return caught.value


def test_a_players_report_names_the_match_and_the_board() -> None:
    (reported,) = report(started(), 2, "0-1")
    assert reported == ResultReported(round=1, match=1, board=2, player_id=2, result="0-1")


def test_a_player_sees_their_board_colour_opponent_and_the_opposing_team() -> None:
    at = reports.current_board(started().state, 2)
    assert (at.round, at.match, at.board) == (1, 1, 2)
    assert (at.plays_white, at.opponent, at.opposing_team) == (False, 5, 2)


def test_a_report_records_nothing_without_the_setting() -> None:
    plan = started()
    report(plan, 1, "1-0")
    report(plan, 4, "1-0")
    assert results(plan) == {}


def test_matching_reports_record_the_team_board_result_naming_both() -> None:
    plan = started(confirming=True)
    report(plan, 1, "1/2-1/2")
    first = plan.state.last_seq
    _, recorded = report(plan, 4, "1/2-1/2")
    expected = BoardResultRecorded(1, 1, 1, "1/2-1/2", confirms=(first, first + 1))
    assert recorded == expected
    assert results(plan)[1] == ("1/2-1/2", first + 2)


def test_conflicting_reports_record_nothing_and_are_flagged() -> None:
    plan = started(confirming=True)
    report(plan, 5, "1-0")
    report(plan, 2, "0-1")
    (board,) = reports.reported_boards(plan.state, 1)
    assert (board.key, board.conflict) == ((1, 1, 2), True)
    assert results(plan) == {}


def test_the_organiser_confirms_a_team_boards_report() -> None:
    plan = started()
    report(plan, 5, "1-0")
    seq = plan.state.last_seq
    body = {"round": 1, "match": 1, "board": 2}
    (recorded,) = plan.decide(reports.decide_confirmation, body)
    assert recorded == BoardResultRecorded(1, 1, 2, "1-0", confirms=(seq,))


def test_confirming_a_team_board_needs_its_match() -> None:
    plan = started()
    report(plan, 5, "1-0")
    assert refusal(plan, reports.decide_confirmation, {"round": 1, "board": 2}).field == "match"


def test_the_organiser_settles_a_conflict_with_the_result_given() -> None:
    plan = started()
    report(plan, 5, "1-0")
    seq = plan.state.last_seq
    report(plan, 2, "0-1")
    body = {"round": 1, "match": 1, "board": 2}
    assert refusal(plan, reports.decide_confirmation, body).field == "result"
    (recorded,) = plan.decide(reports.decide_confirmation, {**body, "result": "0-1"})
    assert recorded == BoardResultRecorded(1, 1, 2, "0-1", confirms=(seq, seq + 1))


def test_rejected_reports_of_a_team_board_no_longer_count() -> None:
    plan = started()
    report(plan, 1, "1-0")
    body = {"round": 1, "match": 1, "board": 1, "reason": "game still on"}
    (rejected,) = plan.decide(reports.decide_rejection, body)
    assert rejected == ReportRejected(round=1, match=1, board=1, reason="game still on")
    assert reports.reported_boards(plan.state, 1) == []


def test_a_round_not_started_takes_no_report() -> None:
    plan = event(teams=2, boards=2)
    matches = [{"white": 1, "black": 2}]
    plan.decide(td.decide_team_pairing, {"round": 1, "matches": matches, "byes": []})
    plan.decide(td.decide_lineup, {"round": 1, "team": 1, "players": [1, 2]})
    body = {"player_id": 1, "result": "1-0"}
    assert refusal(plan, reports.decide_report, body).field == "round"


def test_a_reserve_not_playing_this_round_is_refused_on_the_player() -> None:
    error = refusal(started(), reports.decide_report, {"player_id": 3, "result": "1-0"})
    assert (error.field, error.message) == (
        "player_id",
        "P1.2 is not in team 1's line-up for round 1",
    )


def test_a_reserve_in_the_line_up_reports_their_board() -> None:
    plan = started({1: [1, 3], 2: [4, 5]})
    (reported,) = report(plan, 3, "0-1")
    assert (reported.match, reported.board) == (1, 2)


def test_a_board_with_an_empty_seat_takes_no_report() -> None:
    plan = started({1: [1, 2], 2: [4, None]})
    assert refusal(plan, reports.decide_report, {"player_id": 2, "result": "1-0"}).field == "board"


def test_a_board_without_the_opponents_line_up_takes_no_report() -> None:
    plan = started({1: [1, 2]})
    assert refusal(plan, reports.decide_report, {"player_id": 1, "result": "1-0"}).field == "board"


def test_a_board_with_its_result_takes_no_report() -> None:
    plan = started()
    plan.decide(td.decide_board_result, {"round": 1, "match": 1, "board": 1, "result": "1-0"})
    assert refusal(plan, reports.decide_report, {"player_id": 4, "result": "1-0"}).field == "result"


def test_a_forfeited_match_takes_no_report() -> None:
    plan = started()
    plan.decide(td.decide_match_forfeit, {"round": 1, "match": 1, "result": "+/-"})
    assert refusal(plan, reports.decide_report, {"player_id": 1, "result": "1-0"}).field == "match"


def test_a_changed_line_up_leaves_the_earlier_players_reports_out() -> None:
    plan = started()
    report(plan, 2, "0-1")
    plan.decide(td.decide_lineup, {"round": 1, "team": 1, "players": [1, 3]})
    assert reports.reported_boards(plan.state, 1) == []


def test_a_recorded_board_result_names_the_reports_it_confirms_in_the_log() -> None:
    plan = started(confirming=True)
    report(plan, 1, "1-0")
    _, recorded = report(plan, 4, "1-0")
    assert recorded.summary() == (
        f"round 1 match 1 board 1: 1-0 (confirms the players' reports "
        f"#{plan.state.last_seq - 2}, #{plan.state.last_seq - 1})"
    )
