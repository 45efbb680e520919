"""Tournaments for live tests: a preset of the shared builder (``tests.builders``)."""

from __future__ import annotations

from typing import Any

from tests import builders


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
