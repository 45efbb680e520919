"""How long folding a tournament's event log takes (every append and every
standings recompute folds the whole log).  Prints figures; asserts nothing.

    .venv/bin/python bench/fold_bench.py [PLAYERS] [ROUNDS]
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tiebreaks.model import Scoring
from tournaments.domain.events import schema_version
from tournaments.store.events import fold


@dataclass
class Stored:
    seq: int
    kind: str
    payload: Mapping[str, Any]
    schema_version: int


def synthetic_log(players: int, rounds: int) -> list[Stored]:
    """A Swiss-shaped log: every round pairs i with i + players/2 (rotating) and
    records a result per board.  Plausible pairings are not needed to time a fold."""
    facts: list[tuple[str, dict[str, Any]]] = [
        (
            "tournament.created",
            {
                "name": "Bench Open",
                "rounds": rounds,
                "system": "swiss",
                "rules": "fide-2026",
                "tiebreaks": [],
                "scoring": Scoring().as_texts(),
            },
        )
    ]
    for rank in range(1, players + 1):
        facts.append(
            (
                "player.registered",
                {
                    "start_rank": rank,
                    "name": f"P{rank}",
                    "rating": 0,
                    "title": "",
                    "federation": "",
                    "fide_id": "",
                },
            )
        )
    half = players // 2
    for number in range(1, rounds + 1):
        boards = [
            {"board": i + 1, "white": i + 1, "black": half + (i + number) % half + 1}
            for i in range(half)
        ]
        facts.append(("round.paired", {"round": number, "boards": boards, "byes": []}))
        for board in boards:
            facts.append(
                ("result.recorded", {"round": number, "board": board["board"], "result": "1-0"})
            )
    return [Stored(i, k, p, schema_version(k)) for i, (k, p) in enumerate(facts, start=1)]


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    log = synthetic_log(players, rounds)
    runs = 5
    start = time.perf_counter()
    for _ in range(runs):
        state = fold(log)
    folded = (time.perf_counter() - start) / runs
    start = time.perf_counter()
    for _ in range(runs):
        state.to_tiebreaks()
    converted = (time.perf_counter() - start) / runs
    print(f"{players} players, {rounds} rounds, {len(log)} events")
    print(f"  fold:          {folded * 1000:8.1f} ms")
    print(f"  to_tiebreaks:  {converted * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
