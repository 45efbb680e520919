"""Where the worker's time goes when one result arrives, at 60, 2,000 and 9,999 players.

    DATABASE_URL=postgres://... REDIS_URL=redis://... .venv/bin/python bench/recompute_bench.py
    ... bench/recompute_bench.py --players 2000 --rounds 9 --results 5 --profile

Imports a synthetic Swiss (bench/synthetic.py) through the TRF import into the
database of DATABASE_URL (it stays there: use a bench database), lets the
standings task run once (the first fold of the whole log), then ``--results``
times appends one result correction in the last round and runs the task
(``live.tasks.recompute_standings``) in this process, as the worker does.  Each
step is then timed alone, in CPU seconds of this process (the database's own
work is not in them):

- fold: ``tournaments.store.queries.load_tournament``, the new event folded on the cached state;
- to_tiebreaks: the folded state as the engine's ``TournamentResults``;
- engine: ``tiebreaks.standings.compute_standings``;
- body: the stored table built around the standings (``live.projection.build_standings``
  minus the engine);
- json: the table encoded as stored (``live.wire.encode_json``);
- store: ``live.snapshots.store_snapshot`` minus the encoded table
  (``live.projection.standings_json``): the checks, the INSERT, the pruning.

The task also runs the engine's input, the engine and the table with the cycle
collector paused (``standings_json``), so it can take less than the steps' sum.
``team_recompute_bench.py`` times a team event's path with the same steps.

Target (issue #11): one result in round 11 of a 9,999-player event under 1 s of
worker CPU.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# DEBUG is off with DATABASE_URL set, so a key is required; a bench signs nothing
# that outlives it.
os.environ.setdefault("SECRET_KEY", "bench-only")

import django  # noqa: E402

django.setup()

from django.utils import timezone  # noqa: E402

from bench.synthetic import synthetic_swiss  # noqa: E402
from live.projection import build_standings, standings_json  # noqa: E402
from live.snapshots import store_snapshot  # noqa: E402
from live.tasks import recompute_standings  # noqa: E402
from live.wire import encode_json  # noqa: E402
from tiebreaks.standings import compute_standings  # noqa: E402
from tiebreaks.teams.standings import team_standings  # noqa: E402
from tiebreaks.trf import trf_from_tournament, write_trf  # noqa: E402
from tournaments.store import commands  # noqa: E402
from tournaments.store.queries import load_tournament  # noqa: E402
from tournaments.store.trf_import import import_trf  # noqa: E402

SIZES = ((60, 9), (2000, 9), (9999, 11))
TARGET_CPU = 1.0  # seconds per result at 9,999 players


def cpu(step: Callable[[], Any]) -> tuple[float, Any]:
    started = time.process_time()
    value = step()
    return time.process_time() - started, value


def correct_one(tid: int, n: int) -> None:
    """Flip the result of a board of the last round: one new event, like a result."""
    state = load_tournament(tid).state
    rnd = state.rounds[state.last_paired_round]
    board = next(b for b in rnd.boards[n % len(rnd.boards) :] if b.result in ("1-0", "0-1"))
    flipped = "0-1" if board.result == "1-0" else "1-0"
    commands.correct_result(
        tid, {"round": rnd.number, "board": board.number, "result": flipped, "reason": "bench"}
    )


def steps_alone(tid: int) -> dict[str, float]:
    """The task's steps, each timed alone, for one new event (a team event's engine
    is the team standings, on the folded state's ``TeamTournament``)."""
    fold, folded = cpu(partial(load_tournament, tid))
    run: Callable[[], object]
    if folded.is_team:
        to_tiebreaks, team_input = cpu(lambda: folded.team_results)
        run = partial(team_standings, team_input, folded.tiebreaks or None, folded.rules)
    else:
        to_tiebreaks, results = cpu(lambda: folded.results)
        run = partial(compute_standings, results, folded.tiebreaks or None, folded.rules)
    engine, _ = cpu(run)
    body, built = cpu(partial(build_standings, folded, timezone.now()))
    json, _ = cpu(partial(encode_json, built))
    encoded, _ = cpu(partial(standings_json, folded, timezone.now()))
    # store_snapshot encodes the table again (engine included), then stores it.
    store, _ = cpu(partial(store_snapshot, folded))
    return {
        "fold": fold,
        "to_tiebreaks": to_tiebreaks,
        "engine": engine,
        "body": body - engine,
        "json": json,
        "store": store - encoded,
    }


def time_results(
    tid: int, results: int, correct: Callable[[int, int], None], profile: bool
) -> dict[str, float]:
    """Medians in ms of the task and of its steps alone, over ``results`` new events;
    ``correct(tid, n)`` appends the n-th one.  The first fold of the whole log and the
    first snapshot come first, untimed."""
    recompute_standings(tid)
    steps: dict[str, list[float]] = {"task": []}
    profiler = cProfile.Profile() if profile else None
    for n in range(results):
        correct(tid, 2 * n)
        if profiler:
            profiler.enable()
        task, _ = cpu(partial(recompute_standings, tid))
        if profiler:
            profiler.disable()
        steps["task"].append(task)
        correct(tid, 2 * n + 1)
        for name, value in steps_alone(tid).items():
            steps.setdefault(name, []).append(value)
    if profiler:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    return {name: statistics.median(values) * 1000 for name, values in steps.items()}


def steps_line(median: dict[str, float], results: int) -> str:
    return (
        f"alone: fold {median['fold']:.0f}, to_tiebreaks {median['to_tiebreaks']:.0f}, "
        f"engine {median['engine']:.0f}, body {median['body']:.0f}, json "
        f"{median['json']:.0f}, store {median['store']:.0f} ms (medians of {results})"
    )


def measure(players: int, rounds: int, results: int, profile: bool) -> bool:
    text = write_trf(trf_from_tournament(synthetic_swiss(players, rounds)))
    tid = import_trf(text).id
    median = time_results(tid, results, correct_one, profile)
    verdict, meets = "", True
    if players == 9999:
        meets = median["task"] < TARGET_CPU * 1000
        verdict = f" ({'meets' if meets else 'MISSES'} the {TARGET_CPU * 1000:.0f} ms target)"
    print(
        f"{players} players x {rounds} rounds, one result: task {median['task']:.0f} ms CPU"
        f"{verdict}; {steps_line(median, results)}"
    )
    return meets


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--results", type=int, default=5)
    parser.add_argument("--profile", action="store_true", help="cProfile of the task runs")
    args = parser.parse_args()
    sizes = [(args.players, args.rounds)] if args.players else SIZES
    met = [measure(players, rounds, args.results, args.profile) for players, rounds in sizes]
    return 0 if all(met) else 1


if __name__ == "__main__":
    sys.exit(main())
