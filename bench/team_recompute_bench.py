"""Where the worker's time goes when one board result arrives in a team event.

    DATABASE_URL=postgres://... REDIS_URL=redis://... .venv/bin/python bench/team_recompute_bench.py
    ... bench/team_recompute_bench.py --team olympiad --results 5 --profile

The team twin of ``recompute_bench.py``, with its steps and their timing: a seeded
synthetic team Swiss (``team_bench.synthetic``, with ``team_bench``'s tie-breaks) is
written as a TRF26 team file and imported by the TRF import the web import calls
(``tournaments.store.trf_import.import_trf``) into the database of DATABASE_URL (it
stays there: use a bench database).  The standings task runs once, then
``--results`` times one board result of the last round is corrected and
``live.tasks.recompute_standings`` runs in this process, as the worker does; each
step is then timed alone, in CPU seconds of this process (fold, to_tiebreaks: the
folded state as a ``TeamTournament``, engine: ``team_standings``, body, json, store).

The stored table is checked after the runs: one row per team, at the version of the
last correction.  Then the Olympiad's round 11 is paired by the command of the
web's "pair next round" (``commands.pair_next_team_round``) on the same event
imported with 10 rounds played.

Targets (issue #22), on the median task CPU: league (40 teams x 6 boards x 11
rounds) < 50 ms, Olympiad (200 x 4 x 11) < 500 ms; the pairing of 200 teams < 5 s
CPU.  Exits 1 when a target is missed or a stored table or a pairing is wrong.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.recompute_bench import cpu, steps_line, time_results  # noqa: E402  (sets Django up)
from bench.team_bench import CODES, synthetic  # noqa: E402
from live.snapshots import latest_snapshot  # noqa: E402
from live.wire import decode_standings  # noqa: E402
from tiebreaks.teams.model import TeamTournament  # noqa: E402
from tiebreaks.teams.trf import team_trf_text  # noqa: E402
from tournaments.store import commands  # noqa: E402
from tournaments.store.queries import last_seq, load_tournament  # noqa: E402
from tournaments.store.trf_import import import_trf  # noqa: E402

# name -> (teams, boards, rounds, target ms per result): issue #22.
CASES = {"league": (40, 6, 11, 50.0), "olympiad": (200, 4, 11, 500.0)}
PAIRING_TARGET = 5.0  # seconds of CPU, 200 teams
FLIPPED = {"1-0": "0-1", "0-1": "1-0"}


def imported(tournament: TeamTournament) -> tuple[int, float, float]:
    """The event's id, and the import's wall clock and CPU seconds."""
    wall = time.perf_counter()
    seconds, created = cpu(partial(import_trf, team_trf_text(tournament, CODES)))
    return created.id, time.perf_counter() - wall, seconds


def correct_board(tid: int, n: int) -> None:
    """Flip a decided board of the last round: one new event, like a result."""
    state = load_tournament(tid).state
    rnd = state.team_rounds[max(state.team_rounds)]
    decided = [
        (match.number, board, result)
        for match in rnd.matches
        for board, (result, _) in sorted(match.results.items())
        if result in FLIPPED
    ]
    match, board, result = decided[n % len(decided)]
    commands.correct_board_result(
        tid,
        {
            "round": rnd.number,
            "match": match,
            "board": board,
            "result": FLIPPED[result],
            "reason": "bench",
        },
    )


def table_problem(tid: int, teams: int) -> str | None:
    """What is wrong with the stored table, if anything."""
    snapshot = latest_snapshot(tid)
    if snapshot is None:
        return "no table stored"
    table = decode_standings(snapshot.body_json)
    if snapshot.version != last_seq(tid):
        return f"the table is at version {snapshot.version}, the log at {last_seq(tid)}"
    numbers = sorted(row[0] for row in table.rows)
    if table.total != teams or numbers != list(range(1, teams + 1)):
        return f"{len(numbers)} rows (total {table.total}) for {teams} teams"
    return None


def measure(name: str, results: int, seed: int, profile: bool) -> bool:
    teams, boards, rounds, target = CASES[name]
    tid, wall, seconds = imported(synthetic(teams, boards, rounds, seed))
    median = time_results(tid, results, correct_board, profile)
    problem = table_problem(tid, teams)
    meets = median["task"] < target and problem is None
    verdict = "meets" if median["task"] < target else "MISSES"
    print(
        f"{name}, {teams} teams x {boards} boards x {rounds} rounds (import {wall:.1f} s, "
        f"{seconds:.1f} s CPU), one board result: task {median['task']:.0f} ms CPU "
        f"({verdict} the {target:.0f} ms target); {steps_line(median, results)}"
    )
    if problem:
        print(f"{name}: WRONG stored table: {problem}")
    return meets


def measure_pairing(seed: int) -> bool:
    olympiad = synthetic(200, 4, 11, seed)
    tid, _, _ = imported(replace(olympiad, schedule=olympiad.schedule[:10]))
    wall = time.perf_counter()
    seconds, _ = cpu(partial(commands.pair_next_team_round, tid, {"round": 11}))
    wall = time.perf_counter() - wall
    rnd = load_tournament(tid).state.team_rounds.get(11)
    paired = len(rnd.teams) if rnd else 0
    meets = seconds < PAIRING_TARGET and paired == 200
    print(
        f"team Swiss pairing of round 11, 200 teams, by the command: {seconds:.2f} s CPU, "
        f"{wall:.2f} s wall ({'meets' if seconds < PAIRING_TARGET else 'MISSES'} the "
        f"{PAIRING_TARGET:.0f} s target); {paired} teams paired"
    )
    if paired != 200:
        print("pairing: WRONG: not every team is in round 11")
    return meets


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--team", choices=sorted(CASES), help="one case (default: both)")
    parser.add_argument("--results", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--profile", action="store_true", help="cProfile of the task runs")
    parser.add_argument("--no-pairing", action="store_true", help="skip the pairing")
    args = parser.parse_args(argv)
    if args.results < 1:
        parser.error("--results: at least 1")
    names = [args.team] if args.team else list(CASES)
    met = [measure(name, args.results, args.seed, args.profile) for name in names]
    if not args.no_pairing:
        met.append(measure_pairing(args.seed))
    return 0 if all(met) else 1


if __name__ == "__main__":
    sys.exit(main())
