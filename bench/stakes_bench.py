"""The last-round calculator on big opens: stakes of every player before the final round.

    .venv/bin/python bench/stakes_bench.py [--players 300,2000] [--rounds 9] [--seed 2026]
                                           [--repeat 3] [--profile]

For each size, a synthetic Swiss (bench/synthetic.py) has its last round's games
turned back into games without a result, and ``tiebreaks.stakes.stakes`` computes,
for every player and each result of their game, the best and worst place and the
reach of every prize of an open's prize list (10 general places, three rating bands,
women, seniors and juniors; one prize per player, so the leavers' bound is on).  The
time is the best of ``--repeat`` runs in this process's CPU time.  Targets (issue
#21): 300 players < 2 s, 2,000 players < 10 s; exits 1 when one is missed.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.synthetic import open_last_round, synthetic_swiss  # noqa: E402
from tiebreaks.prizes import parse_prize_list  # noqa: E402
from tiebreaks.stakes import Reach, stakes  # noqa: E402

TARGETS_S = {300: 2.0, 2000: 10.0}


def open_prize_list() -> dict:
    def band(name: str, category: dict, *amounts: int) -> list[dict]:
        return [
            {"name": f"{name} {k}", "amount": str(a), "place": k, "category": category}
            for k, a in enumerate(amounts, 1)
        ]

    general = [
        {"name": f"{k}", "amount": str(a), "place": k}
        for k, a in enumerate((3000, 2000, 1500, 1000, 800, 600, 500, 400, 300, 200), 1)
    ]
    return {
        "sharing": "hort",
        "prizes": general
        + band("U2000", {"rating_max": 1999}, 300, 200, 100)
        + band("U1800", {"rating_max": 1799}, 300, 200, 100)
        + band("U1600", {"rating_max": 1599}, 300, 200, 100)
        + band("Women", {"sex": "w"}, 250, 150)
        + band("Seniors", {"born_before": 1961}, 200, 100)
        + band("Juniors", {"born_after": 2007}, 200, 100),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="300,2000", help="comma-separated sizes")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="cProfile the largest size")
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.players.split(",")]
    definition = parse_prize_list(open_prize_list())
    print(f"prize list: {len(definition.prizes)} prizes in {len(definition.lists())} lists")
    print(
        f"{'players':>8}{'open games':>12}{'reported':>10}{'certain':>9}{'cpu (s)':>10}"
        f"{'wall (s)':>10}   target"
    )
    missed = False
    event = None
    for size in sizes:
        event = open_last_round(synthetic_swiss(size, args.rounds, args.seed))
        cpus, walls = [], []
        for _ in range(args.repeat):
            gc.collect()
            wall, cpu = time.perf_counter(), time.process_time()
            result = stakes(event, definition)
            cpus.append(time.process_time() - cpu)
            walls.append(time.perf_counter() - wall)
        certain = sum(
            1
            for player in result.players
            if any(p.reach is Reach.CERTAIN for p in player.outcomes[-1].prizes)
        )
        target = TARGETS_S.get(size)
        met = target is None or min(cpus) < target
        missed |= not met
        verdict = "" if target is None else f"< {target:g} s: {'met' if met else 'MISSED'}"
        print(
            f"{size:>8}{len(result.open_games):>12}{len(result.players):>10}{certain:>9}"
            f"{min(cpus):>10.3f}{min(walls):>10.3f}   {verdict}"
        )
    print(
        "reported: players who can still reach a prize; certain: of them, those sure of "
        "one even after a loss"
    )
    if args.profile and event is not None:
        profiler = cProfile.Profile()
        profiler.enable()
        stakes(event, definition)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
