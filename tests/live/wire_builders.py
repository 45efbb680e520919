"""Tables for the pure tests of the wire form and the diffs.

Rows are written as objects with their rank (``player_row``), as a reader of the
standings thinks of them; ``table_of`` turns such a body into the stored shape
(``live.wire.Standings``): rows as arrays, ranks as ``ties``.
"""

from __future__ import annotations

from typing import Any

from live.wire import CurrentRound, Standings, TournamentInfo, score_columns


def player_row(start_rank: int, rank: int, points: float, bh: float) -> dict[str, Any]:
    return {
        "start_rank": start_rank,
        "rank": rank,
        "name": f"Player {start_rank}",
        "title": "",
        "federation": "ITA",
        "rating": 2000 - start_rank,
        "points": points,
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
        "warnings": [],
        "rows": rows or [player_row(1, 1, 1, 0), player_row(2, 1, 1, 0), player_row(3, 3, 0, 1)],
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


def table_of(body: dict[str, Any]) -> Standings:
    codes = body["tiebreaks"]
    rows = body["rows"]
    rounds = body["rounds"]
    return Standings(
        version=body["version"],
        total=len(rows),
        tournament=TournamentInfo(**body["tournament"]),
        computed_at=body["computed_at"],
        rules=body["rules"],
        tiebreaks=codes,
        tiebreak_names=body["tiebreak_names"],
        warnings=body["warnings"],
        columns=score_columns(codes),
        ties=[i for i in range(1, len(rows)) if rows[i]["rank"] == rows[i - 1]["rank"]],
        rounds=CurrentRound(
            current=rounds["current"],
            closed=rounds["closed"],
            boards=[(b["board"], b["white"], b["black"], b["result"]) for b in rounds["boards"]],
            byes=rounds["byes"],
            reported=rounds.get("reported", []),
        ),
        rows=[
            [
                *(row[key] for key in ("start_rank", "name", "title", "federation", "rating")),
                row["points"],
                *(row["tiebreaks"][code] for code in codes),
            ]
            for row in rows
        ],
    )
