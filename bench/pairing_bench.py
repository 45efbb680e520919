"""Pairing one round of a generated Swiss: 100, 300, 1,000 and 2,000 players,
round 5 of 9 (rounds 1-4 paired by the engine, results drawn from a seed).

    .venv/bin/python bench/pairing_bench.py [--sizes 100,300,1000,2000]

Prints the time to pair round 5 per size against its target (under 1 s for 300
players, under 30 s for 2,000); exits 1 when a target is missed or a round cannot
be paired.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairings import NoLegalPairing, pair_round  # noqa: E402
from tests.pairings.builders import entrants, with_round  # noqa: E402

TARGETS = {300: 1.0, 2000: 30.0}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="100,300,1000,2000")
    args = parser.parse_args()
    failed = False
    for size in (int(s) for s in args.sizes.split(",")):
        rng = random.Random(size)
        tournament = entrants(size, 9)
        try:
            for number in range(1, 5):
                tournament = with_round(tournament, pair_round(tournament, number), rng)
            start = time.perf_counter()
            pairing = pair_round(tournament, 5)
            elapsed = time.perf_counter() - start
        except NoLegalPairing as error:
            print(f"{size:5d} players: no pairing: {error}")
            failed = True
            continue
        target = TARGETS.get(size)
        verdict = "" if target is None else ("  ok" if elapsed < target else "  MISSED")
        failed |= target is not None and elapsed >= target
        limit = f" (target {target:.0f} s)" if target else ""
        print(
            f"{size:5d} players: round 5 in {elapsed:7.2f} s{limit}, "
            f"{len(pairing.boards)} boards{verdict}",
            flush=True,
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
