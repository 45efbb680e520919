"""Folding events into a TournamentState and the engine's value objects (no database)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from tiebreaks.model import Color, Game, Outcome, Pending, Scoring, System, Unplayed, UnplayedRound
from tournaments.domain.events import schema_version
from tournaments.domain.state import FoldError
from tournaments.store.events import fold

W, B = Color.WHITE, Color.BLACK


@dataclass
class Stored:
    seq: int
    kind: str
    payload: Mapping[str, Any]
    schema_version: int


CREATED = {
    "name": "Fold Open",
    "rounds": 4,
    "system": "swiss",
    "rules": "fide-2026",
    "tiebreaks": ["BH"],
    "scoring": Scoring().as_texts(),
}


def player(rank: int) -> tuple[str, dict[str, Any]]:
    return "player.registered", {
        "start_rank": rank,
        "name": f"P{rank}",
        "rating": 0,
        "title": "",
        "federation": "",
        "fide_id": "",
        "player_id": rank,
    }


def paired(number: int, boards: list[tuple[int, int]], byes: tuple[int, ...] = ()):
    return "round.paired", {
        "round": number,
        "boards": [{"board": i, "white": w, "black": b} for i, (w, b) in enumerate(boards, 1)],
        "byes": list(byes),
    }


def result(number: int, board: int, value: str):
    return "result.recorded", {"round": number, "board": board, "result": value}


def stream(*facts: tuple[str, dict[str, Any]]) -> list[Stored]:
    facts = (("tournament.created", CREATED), *facts)
    return [Stored(i, kind, p, schema_version(kind)) for i, (kind, p) in enumerate(facts, 1)]


def rounds_of(events: list[Stored], rank: int):
    return fold(events).to_tiebreaks().player(rank).rounds


def test_forfeits_keep_the_scheduled_opponent_and_colour():
    events = stream(
        *map(player, range(1, 5)),
        paired(1, [(1, 2), (3, 4)]),
        result(1, 1, "-/+"),
        result(1, 2, "0-0"),
    )
    assert rounds_of(events, 1) == (UnplayedRound(Unplayed.FORFEIT_LOSS, 2, W),)
    assert rounds_of(events, 2) == (UnplayedRound(Unplayed.FORFEIT_WIN, 1, B),)
    # A double forfeit: both sides lose by forfeit.
    assert rounds_of(events, 3) == (UnplayedRound(Unplayed.FORFEIT_LOSS, 4, W),)
    assert rounds_of(events, 4) == (UnplayedRound(Unplayed.FORFEIT_LOSS, 3, B),)


def test_a_board_without_a_result_is_pending_on_both_sides():
    events = stream(*map(player, range(1, 3)), paired(1, [(1, 2)]))
    assert rounds_of(events, 1) == (Pending(2, W),)
    assert rounds_of(events, 2) == (Pending(1, B),)


def test_a_paired_final_round_without_results_is_pending_for_fore_buchholz():
    # Round 4 of 4 paired; board 2 has its result, board 1 not yet.
    events = stream(
        *map(player, range(1, 5)),
        *(paired(n, [(1, 2), (3, 4)]) for n in (1, 2, 3)),
        *(result(n, b, "1/2-1/2") for n in (1, 2, 3) for b in (1, 2)),
        paired(4, [(4, 1), (2, 3)]),
        result(4, 2, "1-0"),
    )
    assert rounds_of(events, 4)[3] == Pending(1, W)
    assert rounds_of(events, 1)[3] == Pending(4, B)
    assert rounds_of(events, 2)[3] == Game(3, Outcome.WIN, W)


@pytest.mark.parametrize(
    ("points", "kind"), [("half", Unplayed.HPB), ("zero", Unplayed.ZPB), ("full", Unplayed.FPB)]
)
def test_a_requested_bye_is_its_kind_of_bye(points, kind):
    events = stream(
        *map(player, range(1, 4)),
        ("bye.requested", {"start_rank": 3, "round": 1, "points": points}),
        paired(1, [(1, 2)]),
    )
    assert rounds_of(events, 3) == (UnplayedRound(kind),)


def test_a_pairing_allocated_bye_is_a_pab():
    events = stream(*map(player, range(1, 4)), paired(1, [(1, 2)], byes=(3,)))
    assert rounds_of(events, 3) == (UnplayedRound(Unplayed.PAB),)


def test_a_player_left_out_of_a_paired_round_is_absent():
    events = stream(*map(player, range(1, 4)), paired(1, [(1, 2)]))
    assert rounds_of(events, 3) == (UnplayedRound(Unplayed.ABSENT),)


def test_a_withdrawn_player_is_absent_from_later_paired_rounds_only():
    events = stream(
        *map(player, range(1, 4)),
        paired(1, [(1, 3)], byes=(2,)),
        result(1, 1, "1-0"),
        ("player.withdrawn", {"start_rank": 3, "from_round": 2}),
        paired(2, [(2, 1)]),
    )
    entries = rounds_of(events, 3)
    assert entries[1] == UnplayedRound(Unplayed.ABSENT)
    assert len(entries) == 2  # rounds 3 and 4 are not paired yet: left out


def test_a_bye_for_a_round_not_paired_yet_counts_for_nothing_yet():
    events = stream(
        *map(player, range(1, 3)),
        paired(1, [(1, 2)]),
        ("bye.requested", {"start_rank": 1, "round": 3, "points": "half"}),
    )
    assert rounds_of(events, 1) == (Pending(2, W),)


def test_a_player_registered_after_round_one_was_absent_from_it():
    events = stream(*map(player, range(1, 3)), paired(1, [(1, 2)]), player(3))
    assert rounds_of(events, 3) == (UnplayedRound(Unplayed.ABSENT),)


def test_a_correction_replaces_the_result_and_remembers_its_event():
    events = stream(
        *map(player, range(1, 3)),
        paired(1, [(1, 2)]),
        result(1, 1, "1-0"),
        (
            "result.corrected",
            {"round": 1, "board": 1, "result": "0-1", "reason": "swapped", "supersedes": 5},
        ),
    )
    board = fold(events).rounds[1].board(1)
    assert (board.result, board.result_seq) == ("0-1", 6)


def test_settings_come_from_the_creation_event():
    three_one_zero = {
        **CREATED,
        "system": "round robin",
        "scoring": {
            **CREATED["scoring"],
            "win": "3",
            "draw": "1",
            "forfeit_win": "3",
            "pab": "3",
            "fpb": "3",
            "hpb": "1",
        },
    }
    events = [Stored(1, "tournament.created", three_one_zero, 1)]
    tournament = fold(events).to_tiebreaks()
    assert tournament.scoring == Scoring.three_one_zero()
    assert tournament.system is System.ROUND_ROBIN
    assert tournament.scoring.draw == Fraction(1)


def test_a_gap_in_the_sequence_is_refused():
    events = stream(player(1), player(2))
    del events[1]
    with pytest.raises(FoldError):
        fold(events)


def test_folding_on_a_state_leaves_that_state_as_it_was():
    events = stream(*map(player, range(1, 5)), paired(1, [(1, 2), (3, 4)]), result(1, 1, "1-0"))
    before = fold(events)
    assert before.to_tiebreaks().player(3).rounds == (Pending(4, W),)  # its lookups are built
    kind, payload = result(1, 2, "0-1")
    after = fold([Stored(len(events) + 1, kind, payload, schema_version(kind))], start=before)
    assert after.to_tiebreaks().player(3).rounds == (Game(4, Outcome.LOSS, W),)
    assert after.rounds[1].board(2).result == "0-1"
    assert before.to_tiebreaks().player(3).rounds == (Pending(4, W),)
    assert before.rounds[1].board(2).result is None


def test_several_results_folded_at_once_all_count():
    events = stream(
        *map(player, range(1, 7)),
        paired(1, [(1, 2), (3, 4), (5, 6)]),
        result(1, 1, "1-0"),
        result(1, 2, "0-1"),
        result(1, 3, "1/2-1/2"),
    )
    tournament = fold(events).to_tiebreaks()
    assert [tournament.player(n).rounds[0].outcome for n in (1, 4, 5)] == [Outcome.WIN] * 2 + [
        Outcome.DRAW
    ]


def test_the_engines_input_after_a_result_is_the_one_folded_from_scratch():
    # Player 5 has the pairing-allocated bye, 6 is on no board (absent): both
    # are looked up apart from the boards.
    events = stream(
        *map(player, range(1, 7)),
        paired(1, [(1, 2), (3, 4)], byes=(5,)),
        result(1, 1, "1-0"),
        result(1, 2, "0-1"),
        paired(2, [(4, 1), (2, 3)], byes=(6,)),
        result(2, 1, "1/2-1/2"),
    )
    before = fold(events[:-1])
    before.to_tiebreaks()  # the players it makes are kept and reused by the next states
    after = fold(events[-1:], start=before)
    assert after.to_tiebreaks() == fold(events).to_tiebreaks()
