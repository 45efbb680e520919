"""Time TRF imports (POST /api/tournaments/import/, manage.py import_trf) of big Swisses.

    DATABASE_URL=postgres://... .venv/bin/python bench/trf_import_bench.py
    DATABASE_URL=postgres://... .venv/bin/python bench/trf_import_bench.py --players 300 --rounds 9

Without --players it imports the two sizes of issue #11: 2,000 players x 9 rounds
(target < 3 s) and 9,999 x 11 (target < 20 s).  Each file is a synthetic Swiss
(bench/synthetic.py) written as TRF, imported into the database of DATABASE_URL
inside a transaction that is rolled back afterwards (nothing stays stored).
Prints the events appended, the wall-clock time and this process's CPU time
(the database's own work is in the wall clock only), and the target; exits 1
when a target is missed.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# DEBUG is off with DATABASE_URL set, so a key is required; a bench signs nothing
# that outlives it.
os.environ.setdefault("SECRET_KEY", "bench-only")

import django  # noqa: E402

django.setup()

from django.db import transaction  # noqa: E402

from bench.synthetic import synthetic_swiss  # noqa: E402
from tiebreaks.trf import trf_from_tournament, write_trf  # noqa: E402
from tournaments.store.trf_import import ImportedTournament, import_trf  # noqa: E402

# (players, rounds) -> seconds: issue #11.
TARGETS = {(2000, 9): 3.0, (9999, 11): 20.0}


class _RolledBack(Exception):
    pass


def timed_import(players: int, rounds: int) -> tuple[ImportedTournament, float, float]:
    text = write_trf(trf_from_tournament(synthetic_swiss(players, rounds)))
    started, cpu = time.perf_counter(), time.process_time()
    try:
        with transaction.atomic():
            imported = import_trf(text)
            elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
            raise _RolledBack
    except _RolledBack:
        pass
    return imported, elapsed, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    sizes = [(args.players, args.rounds)] if args.players else list(TARGETS)
    missed = 0
    for players, rounds in sizes:
        imported, elapsed, cpu = timed_import(players, rounds)
        target = TARGETS.get((players, rounds))
        verdict = (
            f"{'meets' if elapsed < target else 'MISSES'} the {target:.0f} s target"
            if target
            else "no target for this size"
        )
        print(
            f"import of {players} players x {rounds} rounds: {imported.events} events "
            f"in {elapsed:.2f} s wall, {cpu:.2f} s CPU "
            f"({1000 * elapsed / imported.events:.3f} ms per event; {verdict})"
        )
        missed += target is not None and elapsed >= target
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
