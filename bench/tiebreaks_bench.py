"""Read a big TRF and compute full standings: our engine against tiebreak-core.

    .venv/bin/python bench/tiebreaks_bench.py [--players 9999] [--rounds 11] [--seed 2026]
                                             [--rules fide-2026] [--repeat 3] [--profile]

Builds a synthetic Swiss (bench/synthetic.py: about 3 % unplayed rounds), writes it as
TRF with our writer to a temporary file, then times reading it and computing the
standings with BH/C1, BH, SB, PS, DE, WIN, BPG, ARO, and tiebreak-core's computation
of the same tie-breaks on the same data.  Times are the best of ``--repeat`` runs, as
wall clock and as this process's CPU time; the targets are checked on CPU time, which
other work on a shared machine disturbs far less than the wall clock;
peak memory is what the step allocates on top of what is already live (tracemalloc,
in a separate run because tracing slows Python down).  Targets are printed next to
the figures, never asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.synthetic import synthetic_swiss, unplayed_share  # noqa: E402
from tests.tiebreaks.tiebreak_core_adapter import (  # noqa: E402
    EDITIONS,
    core_standings,
    to_tiebreak_core,
    values_of,
)
from tiebreaks.standings import compute_standings  # noqa: E402
from tiebreaks.trf import read_trf, trf_from_tournament, write_trf  # noqa: E402

CODES = ("BH/C1", "BH", "SB", "PS", "DE", "WIN", "BPG", "ARO")
STANDINGS_TARGET_S = 0.5
READ_RATIO_TARGET = 3.0
CORE_RATIO_TARGET = 5.0


@dataclass(frozen=True)
class Measure:
    seconds: float  # wall clock
    cpu_seconds: float  # this process only: what the targets are checked on
    peak_mib: float
    result: Any


def measure(step: Callable[[], Any], repeat: int) -> Measure:
    best_wall = best_cpu = float("inf")
    for _ in range(repeat):
        gc.collect()
        wall, cpu = time.perf_counter(), time.process_time()
        step()
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
    gc.collect()
    tracemalloc.start()
    result = step()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return Measure(best_wall, best_cpu, peak / 2**20, result)


def _row(label: str, m: Measure | None, seconds: float | None = None, target: str = "") -> str:
    if m is None:
        return f"{label:<28}{seconds:10.3f}"
    return f"{label:<28}{m.seconds:10.3f}{m.cpu_seconds:10.3f}{m.peak_mib:12.1f}   {target}"


def _disagreements(ours, theirs: dict[int, dict[str, Fraction]]) -> Counter[str]:
    """Values that differ from tiebreak-core's, per code.  Expected: ARO of players
    without any game, undefined for us (None) and 0 for it (see
    tests/tiebreaks/test_against_tiebreak_core.py for every known departure)."""
    return Counter(
        code
        for row in ours.rows
        for code, value in theirs[row.player.start_rank].items()
        if row.tiebreaks[code] != value
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=9999)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rules", choices=sorted(EDITIONS), default="fide-2026")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per step (best kept)")
    parser.add_argument("--profile", action="store_true", help="cProfile our standings")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 9999:
        parser.error("--players: TRF16 start ranks have four digits, so 2..9999")
    if args.rounds < 1 or args.repeat < 1:
        parser.error("--rounds and --repeat: at least 1")

    start = time.perf_counter()
    tournament = synthetic_swiss(args.players, args.rounds, args.seed)
    generated = time.perf_counter() - start
    start = time.perf_counter()
    text = write_trf(trf_from_tournament(tournament, CODES))
    written = time.perf_counter() - start

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "synthetic.trf"
        path.write_text(text, encoding="utf-8")
        read = measure(lambda: read_trf(path), args.repeat)
    read_tournament = read.result.tournament
    ours = measure(lambda: compute_standings(read_tournament, CODES, rules=args.rules), args.repeat)
    start = time.perf_counter()
    players = to_tiebreak_core(read_tournament)
    converted = time.perf_counter() - start
    theirs = measure(
        lambda: core_standings(players, CODES, read_tournament.rounds, args.rules), args.repeat
    )
    their_values = values_of(theirs.result, CODES)

    print(
        f"{args.players} players x {args.rounds} rounds, seed {args.seed}, rules {args.rules}; "
        f"{unplayed_share(tournament):.1%} unplayed rounds; TRF {len(text) / 2**20:.1f} MiB; "
        f"read back identical: {read_tournament == tournament}"
    )
    print(f"tie-breaks: {', '.join(CODES)}; best of {args.repeat} runs\n")
    print(f"{'step':<28}{'wall (s)':>10}{'cpu (s)':>10}{'peak (MiB)':>12}   target")
    print(_row("generate (synthetic)", None, generated))
    print(_row("write TRF (ours)", None, written))
    print(_row("read TRF (ours)", read))
    print(
        _row(
            "standings (ours)",
            ours,
            target=f"< {STANDINGS_TARGET_S} s, <= {READ_RATIO_TARGET:g}x read",
        )
    )
    print(_row("tiebreak-core input", None, converted))
    print(_row("standings (tiebreak-core)", theirs, target=f">= {CORE_RATIO_TARGET:g}x ours"))
    read_ratio = ours.cpu_seconds / read.cpu_seconds
    core_ratio = theirs.cpu_seconds / ours.cpu_seconds
    verdict = {True: "met", False: "MISSED"}
    print(
        f"\nstandings / read        = {read_ratio:6.2f}  "
        f"(target <= {READ_RATIO_TARGET:g}: {verdict[read_ratio <= READ_RATIO_TARGET]})"
    )
    print(
        f"tiebreak-core / ours    = {core_ratio:6.2f}  "
        f"(target >= {CORE_RATIO_TARGET:g}: {verdict[core_ratio >= CORE_RATIO_TARGET]})"
    )
    met = ours.cpu_seconds < STANDINGS_TARGET_S
    print(
        f"standings cpu time      = {ours.cpu_seconds:6.3f}s "
        f"(target < {STANDINGS_TARGET_S}: {verdict[met]})"
    )
    differing = _disagreements(ours.result, their_values)
    print(
        f"values differing from tiebreak-core: {sum(differing.values())} "
        f"of {sum(map(len, their_values.values()))} {dict(differing)} "
        "(DE is a ranking stage there: not compared)"
    )

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        compute_standings(read_tournament, CODES, rules=args.rules)
        profiler.disable()
        print()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
