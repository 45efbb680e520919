"""What the pairing check costs at the size of a big open: 2,000 players, round 5
of 9 (rounds 1-4 generated as ``pairing_bench`` does).

    .venv/bin/python bench/pairing_check_bench.py [--players 2000]

Times, in CPU seconds (the wall clock on a shared machine mostly measures the
neighbours):

- the input digest a ``round.paired`` event records (the pairing request TRF and
  its SHA-256): added to every pairing command; target under 1 s;
- one round's verdict when the boards are the engine's (one engine run) and when an
  organiser exchanged the colours of board 1 (the engine, then the first criterion
  telling the two apart): done once per round by the standings task, then read
  from the cache; target under 30 s, as for pairing the round.

Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.pairing_bench import quick_round  # noqa: E402
from bench.synthetic import entrants, with_round  # noqa: E402
from pairings import Board, pair_round  # noqa: E402
from pairings.external import request_trf  # noqa: E402
from pairings.verify import check_pairing  # noqa: E402
from tiebreaks.model import Color  # noqa: E402

TARGETS = {"input digest": 1.0, "verdict, as the engine pairs": 30.0, "verdict, edited": 30.0}


def timed(step: Callable[[], Any]) -> tuple[Any, float, float]:
    start, cpu = time.perf_counter(), time.process_time()
    result = step()
    return result, time.process_time() - cpu, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(args.players)
    tournament = entrants(args.players, 9)
    for number in range(1, 5):
        tournament = with_round(tournament, quick_round(tournament, number), rng)
    engine = frozenset(pair_round(tournament, 5).boards)
    first = min(engine, key=lambda b: (b.black == 0, b.white))
    edited = (engine - {first}) | {Board(first.black, first.white)}

    def verdict(boards: frozenset[Board]) -> Callable[[], Any]:
        return lambda: check_pairing(
            tournament, 5, lambda _derived: boards, absent=(), initial_colour=Color.WHITE
        )

    steps = {
        "input digest": lambda: hashlib.sha256(
            request_trf(tournament, 5, (), Color.WHITE).encode()
        ).hexdigest(),
        "verdict, as the engine pairs": verdict(engine),
        "verdict, edited": verdict(edited),
    }
    failed = False
    for name, step in steps.items():
        result, cpu, wall = timed(step)
        ok = cpu < TARGETS[name]
        failed |= not ok
        said = f" -> {result.verdict()[:60]}" if hasattr(result, "verdict") else ""
        print(
            f"{args.players} players, {name}: {cpu:.2f} s CPU ({wall:.2f} s wall), "
            f"target {TARGETS[name]:.0f} s {'ok' if ok else 'MISSED'}{said}",
            flush=True,
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
