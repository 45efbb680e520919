"""What a round given by hand costs at the size of a big open: 2,000 players, round 5
of 9 (rounds 1-4 generated as ``pairing_bench`` does), the pairing command (the
request of ``POST .../rounds/`` or a TRF round), the standings run after it, and
the round's pairing verdict.

    DATABASE_URL=postgres://... REDIS_URL=redis://... .venv/bin/python bench/verdict_bench.py
    ... bench/verdict_bench.py --players 300

Imports rounds 1-4 through the TRF import into the database of DATABASE_URL (it
stays there: use a bench database), caches stand-ins of their verdicts and computes
the standings (untimed), then stores round 5 as an organiser's program gives it and times, in
CPU seconds of this process (the database's own work is not in them; the wall
clock on a shared machine mostly measures the neighbours):

- the pairing command: what the request waits for;
- ``live.tasks.recompute_standings`` right after it: what the next standings wait for;
- the verdict of round 5 (``tournaments.store.queries.pairing_check``): what the
  verdicts' task (``live.tasks.compute_pairing_verdicts``) runs, on its own queue.

The standings run queues the verdicts' task on the broker of REDIS_URL; nothing
consumes it here.  Targets: the command under 1 s, the standings run under 1 s.
Exits 1 when one is missed.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "bench-only")  # a bench signs nothing that outlives it

import django  # noqa: E402

django.setup()

from django.core.cache import cache  # noqa: E402

from bench.pairing_bench import quick_round  # noqa: E402
from bench.synthetic import entrants, with_round  # noqa: E402
from live.tasks import recompute_standings  # noqa: E402
from tiebreaks.trf import trf_from_tournament, write_trf  # noqa: E402
from tournaments.domain.pairing_origin import RoundVerdict  # noqa: E402
from tournaments.models import Event  # noqa: E402
from tournaments.store import commands  # noqa: E402
from tournaments.store import pairing_check as pairing_check_module  # noqa: E402
from tournaments.store.queries import pairing_check  # noqa: E402
from tournaments.store.trf_import import import_trf  # noqa: E402

TARGETS = {"pairing command": 1.0, "standings after it": 1.0}


def timed(step: Callable[[], Any]) -> tuple[Any, float, float]:
    start, cpu = time.perf_counter(), time.process_time()
    result = step()
    return result, time.process_time() - cpu, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(args.players)
    # Ratings the TRF can hold (entrants' go below zero past 260 players).
    tournament = entrants(args.players, 9)
    players = tuple(replace(p, rating=2700 - p.start_rank // 2) for p in tournament.players)
    tournament = replace(tournament, players=players)
    for number in range(1, 5):
        tournament = with_round(tournament, quick_round(tournament, number), rng)
    tid = import_trf(write_trf(trf_from_tournament(tournament))).id
    # Rounds 1-4 as in a running event, their verdicts cached long ago (a stand-in:
    # the engine on round 1 of 2,000 players alone takes minutes of CPU).
    cache.set_many(
        {
            pairing_check_module._key(tid, seq, stamp): RoundVerdict(number, seq, "seeded", True)
            for seq, stamp, number in Event.objects.filter(
                tournament_id=tid, kind="round.paired"
            ).values_list("seq", "created_at", "payload__round")
        }
    )
    recompute_standings(tid)
    given = quick_round(tournament, 5)  # not the Dutch pairing: "edited by hand"
    body = {
        "round": 5,
        "boards": [{"white": b.white, "black": b.black} for b in given.boards if b.black],
        "byes": [b.white for b in given.boards if not b.black],
    }
    steps = {
        "pairing command": lambda: commands.pair_round_checked(confirm_repeats=True)(tid, body),
        "standings after it": lambda: recompute_standings(tid),
        "verdict of the round": lambda: pairing_check(tid, rounds=[5]),
    }
    failed = False
    for name, step in steps.items():
        _, cpu, wall = timed(step)
        target = TARGETS.get(name)
        ok = target is None or cpu < target
        failed |= not ok
        against = f", target {target:.0f} s {'ok' if ok else 'MISSED'}" if target else ""
        print(
            f"{args.players} players, {name}: {cpu:.2f} s CPU ({wall:.2f} s wall){against}",
            flush=True,
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
