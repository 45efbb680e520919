"""The decisions a player and a team share (a withdrawal, a reinstatement, a bye
cancellation, a board's result and its correction): each refusal with its field
and message as the API answers it.  Folded states, no database."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tournaments.domain import amendments, decisions
from tournaments.domain import team_decisions as td
from tournaments.domain.decisions import Plan
from tournaments.domain.events import ByeCancelled, PlayerReinstated, TournamentCreated
from tournaments.domain.state import fold

from .test_team_decisions import SCORING, event, play_round_one, player, refused

withdraw = decisions.decide_withdrawal
request_bye = decisions.decide_bye
cancel_bye = decisions.decided_by(ByeCancelled.from_payload, amendments.decide_bye_cancellation)
reinstate = decisions.decided_by(PlayerReinstated.from_payload, amendments.decide_reinstatement)


def swiss(players: int = 4, rounds: int = 3) -> Plan:
    """An individual Swiss of ``players`` players P1, P2, ... (start rank = id = n)."""
    created = TournamentCreated(
        name="Open", rounds=rounds, system="swiss", scoring=SCORING, rules="fide-2026",
        tiebreaks=("BH",),
    )  # fmt: skip
    plan = Plan(fold([(1, created)]))
    for n in range(1, players + 1):
        plan.decide(decisions.decide_registration, player(f"P{n}"))
    return plan


def pair_round_one(plan: Plan) -> None:
    """Round 1: P1-P2, P3-P4 (the other players are withdrawn or have a bye)."""
    boards = [{"white": 1, "black": 2}, {"white": 3, "black": 4}]
    plan.decide(decisions.decide_pairing, {"round": 1, "boards": boards, "byes": []})


Steps = Callable[[], tuple[Plan, Any, dict[str, Any]]]


def player_withdrawn_twice() -> tuple[Plan, Any, dict[str, Any]]:
    plan = swiss()
    plan.decide(withdraw, {"start_rank": 3, "from_round": 2})
    return plan, withdraw, {"start_rank": 3, "from_round": 3}


def team_withdrawn_twice() -> tuple[Plan, Any, dict[str, Any]]:
    plan = event(teams=4, system="swiss")
    plan.decide(td.decide_team_withdrawal, {"team": 2, "from_round": 2})
    return plan, td.decide_team_withdrawal, {"team": 2, "from_round": 3}


def player_withdrawn_beyond_the_rounds() -> tuple[Plan, Any, dict[str, Any]]:
    return swiss(), withdraw, {"start_rank": 3, "from_round": 4}


def team_withdrawn_beyond_the_rounds() -> tuple[Plan, Any, dict[str, Any]]:
    return event(teams=4, system="swiss"), td.decide_team_withdrawal, {"team": 1, "from_round": 4}


def player_withdrawn_from_a_paired_round() -> tuple[Plan, Any, dict[str, Any]]:
    plan = swiss()
    pair_round_one(plan)
    return plan, withdraw, {"start_rank": 3, "from_round": 1}


def team_withdrawn_from_a_paired_round() -> tuple[Plan, Any, dict[str, Any]]:
    plan = event(teams=4, system="swiss")
    plan.decide(td.decide_next_team_round, {})
    return plan, td.decide_team_withdrawal, {"team": 1, "from_round": 1}


def player_bye_cancelled_in_a_paired_round() -> tuple[Plan, Any, dict[str, Any]]:
    plan = swiss(players=5)
    plan.decide(request_bye, {"start_rank": 5, "round": 1, "points": "zero"})
    pair_round_one(plan)
    return plan, cancel_bye, {"player_id": 5, "round": 1}


def team_bye_cancelled_in_a_paired_round() -> tuple[Plan, Any, dict[str, Any]]:
    plan = event(teams=5, system="swiss")
    plan.decide(td.decide_team_bye, {"team": 2, "round": 1, "points": "zero"})
    plan.decide(td.decide_next_team_round, {})
    return plan, td.decide_team_bye_cancellation, {"team": 2, "round": 1}


def player_bye_cancelled_without_one() -> tuple[Plan, Any, dict[str, Any]]:
    return swiss(), cancel_bye, {"player_id": 2, "round": 2}


def team_bye_cancelled_without_one() -> tuple[Plan, Any, dict[str, Any]]:
    return event(teams=4, system="swiss"), td.decide_team_bye_cancellation, {"team": 2, "round": 2}


def player_reinstated_without_withdrawing() -> tuple[Plan, Any, dict[str, Any]]:
    return swiss(), reinstate, {"player_id": 2}


def team_reinstated_without_withdrawing() -> tuple[Plan, Any, dict[str, Any]]:
    return event(teams=4, system="swiss"), td.decide_team_reinstatement, {"team": 2}


def player_reinstated_after_the_last_round() -> tuple[Plan, Any, dict[str, Any]]:
    plan = swiss(players=3, rounds=1)
    plan.decide(withdraw, {"start_rank": 3, "from_round": 1})
    plan.decide(
        decisions.decide_pairing, {"round": 1, "boards": [{"white": 1, "black": 2}], "byes": []}
    )
    return plan, reinstate, {"player_id": 3}


def team_reinstated_after_the_last_round() -> tuple[Plan, Any, dict[str, Any]]:
    plan = event(teams=4, system="swiss", rounds=1)
    plan.decide(td.decide_team_withdrawal, {"team": 4, "from_round": 1})
    plan.decide(td.decide_next_team_round, {})
    return plan, td.decide_team_reinstatement, {"team": 4}


def player_reinstated_into_a_paired_round() -> tuple[Plan, Any, dict[str, Any]]:
    plan = swiss(players=5)
    plan.decide(withdraw, {"start_rank": 5, "from_round": 1})
    pair_round_one(plan)
    return plan, reinstate, {"player_id": 5, "from_round": 1}


def team_reinstated_into_a_paired_round() -> tuple[Plan, Any, dict[str, Any]]:
    plan = event(teams=5, system="swiss")
    plan.decide(td.decide_team_withdrawal, {"team": 5, "from_round": 1})
    plan.decide(td.decide_next_team_round, {})
    return plan, td.decide_team_reinstatement, {"team": 5, "from_round": 1}


def player_reinstated_from_a_later_round() -> tuple[Plan, Any, dict[str, Any]]:
    plan = swiss()
    plan.decide(withdraw, {"start_rank": 4, "from_round": 1})
    return plan, reinstate, {"player_id": 4, "from_round": 2}


def team_reinstated_from_a_later_round() -> tuple[Plan, Any, dict[str, Any]]:
    plan = event(teams=5, system="swiss")
    plan.decide(td.decide_team_withdrawal, {"team": 5, "from_round": 1})
    return plan, td.decide_team_reinstatement, {"team": 5, "from_round": 2}


def player_board_with_a_result() -> Plan:
    plan = swiss()
    pair_round_one(plan)
    plan.decide(decisions.decide_result, {"round": 1, "board": 2, "result": "1-0"})
    return plan


def team_board_with_a_result() -> Plan:
    plan = event(teams=4)
    play_round_one(plan)
    plan.decide(td.decide_board_result, {"round": 1, "match": 2, "board": 2, "result": "1-0"})
    return plan


def player_result_recorded_twice() -> tuple[Plan, Any, dict[str, Any]]:
    body = {"round": 1, "board": 2, "result": "0-1"}
    return player_board_with_a_result(), decisions.decide_result, body


def team_result_recorded_twice() -> tuple[Plan, Any, dict[str, Any]]:
    body = {"round": 1, "match": 2, "board": 2, "result": "0-1"}
    return team_board_with_a_result(), td.decide_board_result, body


def player_board_corrected_without_a_result() -> tuple[Plan, Any, dict[str, Any]]:
    plan = swiss()
    pair_round_one(plan)
    body = {"round": 1, "board": 1, "result": "0-1", "reason": "slip"}
    return plan, decisions.decide_correction, body


def team_board_corrected_without_a_result() -> tuple[Plan, Any, dict[str, Any]]:
    plan = event(teams=4)
    play_round_one(plan)
    body = {"round": 1, "match": 1, "board": 1, "result": "0-1", "reason": "slip"}
    return plan, td.decide_board_correction, body


def player_correction_of_another_event() -> tuple[Plan, Any, dict[str, Any]]:
    body = {"round": 1, "board": 2, "result": "0-1", "reason": "slip", "supersedes": 3}
    return player_board_with_a_result(), decisions.decide_correction, body


def team_correction_of_another_event() -> tuple[Plan, Any, dict[str, Any]]:
    body = {"round": 1, "match": 2, "board": 2, "result": "0-1", "reason": "x", "supersedes": 3}
    return team_board_with_a_result(), td.decide_board_correction, body


def player_correction_to_the_same_result() -> tuple[Plan, Any, dict[str, Any]]:
    body = {"round": 1, "board": 2, "result": "1-0", "reason": "slip"}
    return player_board_with_a_result(), decisions.decide_correction, body


def team_correction_to_the_same_result() -> tuple[Plan, Any, dict[str, Any]]:
    body = {"round": 1, "match": 2, "board": 2, "result": "1-0", "reason": "slip"}
    return team_board_with_a_result(), td.decide_board_correction, body


def player_correction_to_the_same_unrated_result() -> tuple[Plan, Any, dict[str, Any]]:
    plan = swiss()
    pair_round_one(plan)
    plan.decide(decisions.decide_result, {"round": 1, "board": 2, "result": "1-0", "rated": False})
    body = {"round": 1, "board": 2, "result": "1-0", "rated": False, "reason": "slip"}
    return plan, decisions.decide_correction, body


def team_correction_to_the_same_unrated_result() -> tuple[Plan, Any, dict[str, Any]]:
    plan = event(teams=4)
    play_round_one(plan)
    board = {"round": 1, "match": 2, "board": 2, "result": "1-0", "rated": False}
    plan.decide(td.decide_board_result, board)
    return plan, td.decide_board_correction, {**board, "reason": "slip"}


REFUSALS: list[tuple[Steps, str, str]] = [
    (player_withdrawn_twice, "start_rank", "player 3 already withdrew from round 2"),
    (team_withdrawn_twice, "team", "team 2 already withdrew from round 2"),
    (
        player_withdrawn_beyond_the_rounds,
        "from_round",
        "round 4 is out of range: the tournament has 3 rounds",
    ),
    (
        team_withdrawn_beyond_the_rounds,
        "from_round",
        "round 4 is out of range: the event has 3 rounds",
    ),
    (
        player_withdrawn_from_a_paired_round,
        "from_round",
        "player 3 is paired in round 1: record a forfeit there, or withdraw from a later round",
    ),
    (
        team_withdrawn_from_a_paired_round,
        "from_round",
        "team 1 is paired in round 1: forfeit its match there, or withdraw it from a later round",
    ),
    (
        player_bye_cancelled_in_a_paired_round,
        "round",
        "round 1 is already paired: its byes are part of it",
    ),
    (
        team_bye_cancelled_in_a_paired_round,
        "round",
        "round 1 is already paired: its byes are part of it",
    ),
    (player_bye_cancelled_without_one, "round", "P2 has no bye requested in round 2"),
    (team_bye_cancelled_without_one, "round", "team 2 has no bye requested in round 2"),
    (player_reinstated_without_withdrawing, "player_id", "P2 has not withdrawn"),
    (team_reinstated_without_withdrawing, "team", "team 2 has not withdrawn"),
    (
        player_reinstated_after_the_last_round,
        "player_id",
        "every round is paired: P3 cannot play again",
    ),
    (
        team_reinstated_after_the_last_round,
        "team",
        "every round is paired: team 4 cannot play again",
    ),
    (
        player_reinstated_into_a_paired_round,
        "from_round",
        "round 1 is already paired: P5 can play again from round 2",
    ),
    (
        team_reinstated_into_a_paired_round,
        "from_round",
        "round 1 is already paired: team 5 can play again from round 2",
    ),
    (
        player_reinstated_from_a_later_round,
        "from_round",
        "the rounds before it would have no pairing for P4: P4 can play again from round 1",
    ),
    (
        team_reinstated_from_a_later_round,
        "from_round",
        "the rounds before it would have no pairing for team 5: team 5 can play again from round 1",
    ),
    (
        player_result_recorded_twice,
        "result",
        "board 2 of round 1 already has 1-0 (event #7): send a correction",
    ),
    (
        team_result_recorded_twice,
        "result",
        "board 2 of match 2 already has 1-0 (event #23): send a correction",
    ),
    (player_board_corrected_without_a_result, "board", "board 1 has no result to correct yet"),
    (team_board_corrected_without_a_result, "board", "board 1 has no result to correct yet"),
    (
        player_correction_of_another_event,
        "supersedes",
        "the current result of board 2 is 1-0 (event #7), not event #3: it changed since",
    ),
    (
        team_correction_of_another_event,
        "supersedes",
        "the current result of board 2 is 1-0 (event #23), not event #3: it changed since",
    ),
    (player_correction_to_the_same_result, "result", "board 2 already has 1-0"),
    (team_correction_to_the_same_result, "result", "board 2 already has 1-0"),
    (player_correction_to_the_same_unrated_result, "result", "board 2 already has 1-0 (unrated)"),
    (team_correction_to_the_same_unrated_result, "result", "board 2 already has 1-0 (unrated)"),
]


@pytest.mark.parametrize(
    ("steps", "field", "message"), REFUSALS, ids=[steps.__name__ for steps, _, _ in REFUSALS]
)
def test_the_refusal_names_its_field_and_why(steps: Steps, field: str, message: str) -> None:
    plan, decision, body = steps()
    error = refused(plan, decision, body)
    assert (error.field, error.message) == (field, message)


def test_a_player_reinstated_without_a_round_plays_again_from_the_next_unpaired() -> None:
    plan = swiss(players=5)
    plan.decide(withdraw, {"start_rank": 5, "from_round": 1})
    pair_round_one(plan)
    (back,) = plan.decide(reinstate, {"player_id": 5})
    assert (back.player_id, back.from_round) == (5, 2)  # type: ignore[attr-defined]
    assert plan.state.players[5].withdrawn_from is None


def test_a_player_withdrawal_from_a_round_after_the_paired_ones_is_stored() -> None:
    plan = swiss()
    pair_round_one(plan)
    plan.decide(withdraw, {"start_rank": 3, "from_round": 2})
    assert plan.state.players[3].withdrawn_from == 2


def test_a_cancelled_bye_of_a_player_is_gone_from_the_state() -> None:
    plan = swiss()
    plan.decide(request_bye, {"start_rank": 2, "round": 2, "points": "half"})
    (cancelled,) = plan.decide(cancel_bye, {"player_id": 2, "round": 2})
    assert (cancelled.player_id, cancelled.round) == (2, 2)  # type: ignore[attr-defined]
    assert plan.state.requested_bye(2, 2) is None


def player_board_made_unrated() -> bool:
    plan = player_board_with_a_result()
    body = {"round": 1, "board": 2, "result": "1-0", "rated": False, "reason": "friendly"}
    plan.decide(decisions.decide_correction, body)
    board = plan.state.rounds[1].board(2)
    assert board is not None and board.result == "1-0"
    return board.rated


def team_board_made_unrated() -> bool:
    plan = team_board_with_a_result()
    body = {"round": 1, "match": 2, "board": 2, "result": "1-0", "rated": False}
    plan.decide(td.decide_board_correction, {**body, "reason": "friendly"})
    match = plan.state.team_rounds[1].match(2)
    assert match is not None and match.results[2][0] == "1-0"
    return 2 not in match.unrated


@pytest.mark.parametrize("rated_after", [player_board_made_unrated, team_board_made_unrated])
def test_a_correction_may_keep_the_result_and_make_the_game_unrated(
    rated_after: Callable[[], bool],
) -> None:
    assert rated_after() is False
