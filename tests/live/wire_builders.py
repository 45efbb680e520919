"""Snapshot bodies for the pure tests of the wire form and the diffs."""

from __future__ import annotations

from typing import Any


def player_row(start_rank: int, rank: int, points: float, bh: float) -> dict[str, Any]:
    return {
        "start_rank": start_rank,
        "rank": rank,
        "place": str(rank),
        "name": f"Player {start_rank}",
        "title": "",
        "federation": "ITA",
        "rating": 2000 - start_rank,
        "points": points,
        "modified_points": points,
        "tiebreaks": {"BH": bh},
    }


def body(version: int, rows: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Three players (2 and 1 tied on everything) and round 2 in play."""
    return {
        "tournament": {"id": 1, "name": "T", "rounds": 5, "system": "swiss"},
        "version": version,
        "computed_at": "2026-11-22T00:00:00+00:00",
        "rules": "fide-2026",
        "tiebreaks": ["BH"],
        "tiebreak_names": {"BH": "Buchholz"},
        "rows": rows
        or [player_row(1, 1, 1, 0), player_row(2, 1, 1, 0), player_row(3, 3, 0, 1)],
        "rounds": {
            "current": 2,
            "closed": False,
            "boards": [
                {"board": 1, "white": 1, "black": 2, "result": None},
                {"board": 2, "white": 3, "black": 4, "result": None},
            ],
            "byes": [],
        },
    }
