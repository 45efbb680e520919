"""Pairing one round of a generated Swiss: 100, 300, 1,000 and 2,000 players,
round 5 of 9.  Rounds 1-4 are generated quickly (each score group paired in order
with the first player not met yet, colours alternating, results drawn from a seed);
the Dutch engine pairs round 5, which is timed.

    .venv/bin/python bench/pairing_bench.py [--sizes 100,300,1000,2000]

Prints the time to pair round 5 per size against its target (under 1 s for 300
players, under 30 s for 2,000), checked on CPU time (on a shared machine the wall
clock mostly measures the neighbours); exits 1 when a target is missed or a round
cannot be paired.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.synthetic import entrants, with_round  # noqa: E402
from pairings import Board, NoLegalPairing, RoundPairing, pair_round  # noqa: E402
from tiebreaks.model import Color, Game, TournamentResults  # noqa: E402

TARGETS = {300: 1.0, 2000: 30.0}


def quick_round(tournament: TournamentResults, number: int) -> RoundPairing:
    """A plausible Swiss round (not the Dutch one): by score, each player with the
    first player below not met yet, White to whoever had Black last."""
    points = {
        p.start_rank: sum(tournament.scoring.points(r) for r in p.rounds)
        for p in tournament.players
    }
    met = {
        p.start_rank: {r.opponent for r in p.rounds if isinstance(r, Game)}
        for p in tournament.players
    }
    last = {
        p.start_rank: next((r.color for r in reversed(p.rounds) if isinstance(r, Game)), None)
        for p in tournament.players
    }
    order = sorted(points, key=lambda n: (-points[n], n))
    free, boards = list(order), []
    while len(free) > 1:
        first = free.pop(0)
        second = next((n for n in free if n not in met[first]), free[0])
        free.remove(second)
        white, black = (second, first) if last[first] is Color.WHITE else (first, second)
        boards.append(Board(white, black))
    boards += [Board(n, 0) for n in free]
    return RoundPairing(number, tuple(boards))


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
                tournament = with_round(tournament, quick_round(tournament, number), rng)
            start, cpu = time.perf_counter(), time.process_time()
            pairing = pair_round(tournament, 5)
            wall, elapsed = time.perf_counter() - start, time.process_time() - cpu
        except NoLegalPairing as error:
            print(f"{size:5d} players: no pairing: {error}")
            failed = True
            continue
        target = TARGETS.get(size)
        verdict = "" if target is None else ("  ok" if elapsed < target else "  MISSED")
        failed |= target is not None and elapsed >= target
        limit = f" (target {target:.0f} s)" if target else ""
        print(
            f"{size:5d} players: round 5 in {elapsed:7.2f} s CPU ({wall:.2f} s wall){limit}, "
            f"{len(pairing.boards)} boards{verdict}",
            flush=True,
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
