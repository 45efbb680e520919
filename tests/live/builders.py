"""Tournaments for live tests: a preset of the shared builder (``tests.builders``)."""

from __future__ import annotations

from typing import Any

from tests import builders
from tournaments.store import commands


def organiser() -> Any:
    return builders.organiser("live-organiser")


def make_tournament(players: int = 6, rounds: int = 3, name: str = "Live Open") -> int:
    """A rated Swiss (BH, SB) with round 1 paired top half against bottom half:
    board b is b (white) v b + players/2."""
    return builders.build_tournament(
        author=organiser(),
        players=players,
        rounds=rounds,
        name=name,
        tiebreaks=("BH", "SB"),
        rated=True,
        pairings=[builders.top_half_v_bottom_half(players)],
    )


def record(tid: int, board: int, result: str, round_number: int = 1) -> int:
    """Record a result; returns the seq of the stored event."""
    return builders.record(tid, board, result, round_number, author=organiser())


def round_two_with_a_withdrawal_and_a_bye() -> int:
    """Six players, three rounds: round 1 won by White on every board (1 v 4, 2 v 5,
    3 v 6); player 6 withdrawn from round 2, player 5 on a requested half-point bye in
    it; round 2 paired 4 v 1, 2 v 3."""
    author = organiser()
    tid = make_tournament(players=6, rounds=3)
    for board in (1, 2, 3):
        record(tid, board, "1-0")
    commands.withdraw_player(tid, {"start_rank": 6, "from_round": 2}, author=author)
    commands.request_bye(tid, {"start_rank": 5, "round": 2, "points": "half"}, author=author)
    boards = [{"white": 4, "black": 1}, {"white": 2, "black": 3}]
    commands.record_pairing(tid, {"round": 2, "boards": boards}, author=author)
    return tid
