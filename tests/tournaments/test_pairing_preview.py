"""The pairing preview: players' points and colours before the round, floaters, and
the rules a pairing breaks (pure: a folded state, no database)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tournaments.domain.events import schema_version
from tournaments.domain.pairing_preview import pairing_preview
from tournaments.store.events import fold

from .test_state import Stored

SCORING = dict.fromkeys(("win", "forfeit_win", "pab", "fpb"), "1") | {
    "draw": "1/2",
    "hpb": "1/2",
    "loss": "0",
    "forfeit_loss": "0",
    "zpb": "0",
}


def state(players: int, rounds: list[tuple[list[tuple[int, int, str]], list[int]]], total: int = 5):
    """``players`` players (rated 2400 - 10 * rank) and rounds of (white, black, result)
    boards and pairing-allocated byes."""
    created = {"name": "P", "rounds": total, "system": "swiss", "rules": "fide-2026"}
    kinds = [("tournament.created", {**created, "tiebreaks": ["BH"], "scoring": SCORING})]
    for rank in range(1, players + 1):
        player = {
            "start_rank": rank,
            "player_id": rank,
            "name": f"P{rank}",
            "rating": 2400 - 10 * rank,
        }
        kinds.append(
            ("player.registered", {**player, "title": "", "federation": "", "fide_id": ""})
        )
    for number, (boards, byes) in enumerate(rounds, start=1):
        paired = [{"board": i, "white": w, "black": b} for i, (w, b, _) in enumerate(boards, 1)]
        kinds.append(("round.paired", {"round": number, "boards": paired, "byes": byes}))
        for i, (_, _, result) in enumerate(boards, 1):
            kinds.append(("result.recorded", {"round": number, "board": i, "result": result}))
    return fold(
        Stored(seq, kind, payload, schema_version(kind))
        for seq, (kind, payload) in enumerate(kinds, start=1)
    )


def pairing(number: int, boards: list[tuple[int, int]], byes: Sequence[int] = ()) -> dict[str, Any]:
    return {"round": number, "boards": [{"white": w, "black": b} for w, b in boards], "byes": byes}


ROUND_1: tuple[list[tuple[int, int, str]], list[int]] = ([(1, 3, "1-0"), (2, 4, "1/2-1/2")], [])


def test_each_side_has_its_rating_points_and_colours_before_the_round():
    preview = pairing_preview(state(4, [ROUND_1]), pairing(2, [(1, 2), (4, 3)]))
    board = preview.boards[0]
    # Player 1: won with White in round 1; player 2: drew with White.
    assert (board.white.name, board.white.rating, board.white.points, board.white.colours) == (
        "P1",
        2390,
        Fraction(1),
        "w",
    )
    assert (board.black.points, board.black.colours) == (Fraction(1, 2), "w")


def test_the_player_with_more_points_floats_down():
    preview = pairing_preview(state(4, [ROUND_1]), pairing(2, [(1, 2), (4, 3)]))
    assert [b.floater for b in preview.boards] == ["white", "white"]  # 1 v ½, ½ v 0


def test_a_repeat_pairing_is_flagged_with_the_round_they_met():
    preview = pairing_preview(state(4, [ROUND_1]), pairing(2, [(3, 1), (4, 2)]))
    assert preview.warnings == (
        "board 1: 3 and 1 already played each other in round 1 (C1)",
        "board 2: 4 and 2 already played each other in round 1 (C1)",
    )


def test_a_colour_difference_beyond_two_is_flagged():
    rounds = [ROUND_1, ([(1, 4, "0-1"), (2, 3, "1-0")], [])]
    preview = pairing_preview(state(4, rounds), pairing(3, [(1, 2), (3, 4)]))
    # Player 1 had White in rounds 1 and 2 (colour difference +2, then +3).
    assert "board 1: 1 would have a colour difference of +3 (C3)" in preview.warnings


def test_the_same_colour_a_third_time_is_flagged_when_the_difference_stays_within_two():
    rounds = [([(3, 1, "1-0"), (2, 4, "0-1")], []), ([(1, 2, "1-0"), (4, 3, "0-1")], [])]
    rounds.append(([(1, 4, "1-0"), (3, 2, "0-1")], []))
    # Player 1: b, w, w; White again in round 4 is the third in a row (difference +2).
    preview = pairing_preview(state(4, rounds, total=7), pairing(4, [(1, 3), (2, 4)]))
    assert "board 1: 1 would play White three times in a row (C3)" in preview.warnings


def test_topscorers_may_break_the_colour_rules_in_the_last_round():
    rounds = [ROUND_1, ([(1, 4, "1-0"), (2, 3, "1-0")], [])]
    # Player 1 has 2 of 2 (over half) before the last round: no warning for a third White.
    preview = pairing_preview(state(4, rounds, total=3), pairing(3, [(1, 2), (3, 4)]))
    assert not [w for w in preview.warnings if w.startswith("board 1: 1 ")]


def test_a_second_pairing_allocated_bye_is_flagged():
    preview = pairing_preview(
        state(5, [([(1, 3, "1-0"), (2, 4, "1-0")], [5])]), pairing(2, [(1, 2), (3, 4)], [5])
    )
    assert preview.warnings == ("bye: 5 already scored without playing in round 1 (C2)",)
    assert preview.byes[0].points == 1


def test_an_engine_like_pairing_has_no_warning_and_serialises_to_json():
    preview = pairing_preview(state(4, [ROUND_1]), pairing(2, [(4, 1), (2, 3)]))
    assert preview.warnings == ()
    assert preview.to_json()["boards"][0] == {
        "board": 1,
        "white": {
            "start_rank": 4,
            "name": "P4",
            "title": "",
            "rating": 2360,
            "points": "1/2",
            "colours": "b",
        },
        "black": {
            "start_rank": 1,
            "name": "P1",
            "title": "",
            "rating": 2390,
            "points": "1",
            "colours": "w",
        },
        "floater": "black",
    }
