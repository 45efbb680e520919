"""Tournaments for live tests, entered through the ordinary commands."""

from __future__ import annotations

from typing import Any

from tournaments import commands
from tournaments.organisers import ensure_organiser


def organiser() -> Any:
    user, _ = ensure_organiser("live-organiser")
    return user


def make_tournament(players: int = 6, rounds: int = 3, name: str = "Live Open") -> int:
    """A Swiss with ``players`` players (ratings descending) and round 1 paired
    top half against bottom half: board b is b (white) v b + players/2."""
    author = organiser()
    tid = commands.create_tournament(
        {"name": name, "rounds": rounds, "tiebreaks": ["BH", "SB"]}, author=author
    ).tournament_id
    for n in range(1, players + 1):
        commands.register_player(tid, {"name": f"Player {n}", "rating": 2500 - n}, author=author)
    half = players // 2
    boards = [{"white": b, "black": b + half} for b in range(1, half + 1)]
    commands.pair_round(tid, {"round": 1, "boards": boards}, author=author)
    return tid


def record(tid: int, board: int, result: str, round_number: int = 1) -> int:
    """Record a result; returns the seq of the stored event."""
    event = commands.record_result(
        tid, {"round": round_number, "board": board, "result": result}, author=organiser()
    )
    return event.seq
