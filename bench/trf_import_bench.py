"""Time a TRF import (POST /api/tournaments/import/, manage.py import_trf) of a big Swiss.

    DATABASE_URL=postgres://... .venv/bin/python bench/trf_import_bench.py [--players 300]
                                                                          [--rounds 9]

Writes a synthetic Swiss (bench/synthetic.py) as TRF, imports it into the database
of DATABASE_URL inside a transaction that is rolled back afterwards (nothing stays
stored), and prints the events appended and the wall-clock time.  The figure to
watch: a 300-player, 9-round open should import in seconds, not minutes.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.db import transaction  # noqa: E402

from bench.synthetic import synthetic_swiss  # noqa: E402
from tiebreaks.trf import trf_from_tournament, write_trf  # noqa: E402
from tournaments.store.trf_import import import_trf  # noqa: E402


class _RolledBack(Exception):
    pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    text = write_trf(trf_from_tournament(synthetic_swiss(args.players, args.rounds)))
    started = time.perf_counter()
    try:
        with transaction.atomic():
            imported = import_trf(text)
            elapsed = time.perf_counter() - started
            raise _RolledBack
    except _RolledBack:
        pass
    print(
        f"import of {args.players} players x {args.rounds} rounds: {imported.events} events "
        f"in {elapsed:.2f} s ({1000 * elapsed / imported.events:.2f} ms per event)"
    )


if __name__ == "__main__":
    main()
