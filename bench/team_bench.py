"""Team standings recomputed after one board result, for a league and an Olympiad.

    .venv/bin/python bench/team_bench.py [--repeat 5] [--seed 2026] [--rules fide-2026]

Builds two synthetic team Swisses (seeded): 40 teams x 6 boards x 11 rounds and an
Olympiad, 200 teams x 4 boards x 11 rounds.  Rounds are paired by match points, top
down, avoiding rematches where the next team allows it; an odd team out gets the
PAB; about 2 % of matches are forfeited and 3 % of boards left empty.  Each run
changes one board result of the last round (as a result coming in does), builds the
new ``TeamTournament`` and computes the standings with the Olympiad's list plus the
Buchholz and Sonneborn-Berger forms on both scores.  The best CPU time of ``--repeat``
runs is compared with the target: 50 ms for the league, 500 ms for the Olympiad.
Then the team Swiss (C.04.6) pairs rounds 2, 6 and 11 of the Olympiad (200 teams,
played as the synthetic generator played them before): each pairing under 5 s CPU.
Prints the figures; exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.team_synthetic import random_match  # noqa: E402
from pairings.team_swiss import pair_team_round  # noqa: E402
from tiebreaks.model import Player, Unplayed  # noqa: E402
from tiebreaks.teams.model import (  # noqa: E402
    BoardResult,
    Team,
    TeamBye,
    TeamRound,
    TeamTournament,
)
from tiebreaks.teams.standings import team_standings  # noqa: E402

CODES = (
    "EDE",
    "EMGSB/C1",
    "BH:MP/C1",
    "MPvGP",
    "BH:GP",
    "EGGSB",
    "SSSC",
    "PS",
    "WIN",
    "TBR",
)
CASES = (("league", 40, 6, 11, 0.050), ("olympiad", 200, 4, 11, 0.500))
PAIRING_ROUNDS, PAIRING_TARGET = (2, 6, 11), 5.0
_RESULTS = (BoardResult.WHITE_WINS, BoardResult.DRAW, BoardResult.BLACK_WINS)


def synthetic(count: int, boards: int, rounds: int, seed: int) -> TeamTournament:
    rng = random.Random(seed)
    # Start ranks 1, 2, ... team after team: a TRF's 4-digit field holds them all.
    size = boards + 1
    teams = tuple(
        Team(n, f"Team {n}", tuple((n - 1) * size + b for b in range(1, size + 1)))
        for n in range(1, count + 1)
    )
    players = tuple(Player(rank, f"P{rank}") for t in teams for rank in t.roster)
    schedule: list[TeamRound] = []
    met: set[frozenset[int]] = set()
    for number in range(1, rounds + 1):
        partial = TeamTournament(teams, boards, rounds, tuple(schedule), players)
        score = {
            team: sum(r.match_points for r in rows) for team, rows in partial.results().items()
        }
        waiting = sorted(score, key=lambda t: (-score[t], t))
        byes = []
        if len(waiting) % 2:
            byes.append(TeamBye(waiting.pop(), Unplayed.PAB))
        matches = []
        while waiting:
            first = waiting.pop(0)
            other = next((t for t in waiting if frozenset((first, t)) not in met), waiting[0])
            waiting.remove(other)
            met.add(frozenset((first, other)))
            white, black = (first, other) if rng.random() < 0.5 else (other, first)
            matches.append(
                random_match(
                    rng,
                    teams[white - 1],
                    teams[black - 1],
                    boards,
                    forfeits=0.02,
                    empty_boards=0.03,
                )
            )
        schedule.append(TeamRound(number, tuple(matches), tuple(byes)))
    return TeamTournament(teams, boards, rounds, tuple(schedule), players)


def one_result_changed(tournament: TeamTournament, flip: int) -> TeamTournament:
    """The tournament after a board result of the last round's first played match."""
    last = tournament.schedule[-1]
    index = next(i for i, m in enumerate(last.matches) if m.boards)
    match = last.matches[index]
    at = next(i for i, g in enumerate(match.boards) if g.white and g.black)
    game = replace(match.boards[at], result=_RESULTS[flip % 3])
    changed = replace(match, boards=(*match.boards[:at], game, *match.boards[at + 1 :]))
    matches = (*last.matches[:index], changed, *last.matches[index + 1 :])
    schedule = (*tournament.schedule[:-1], replace(last, matches=matches))
    return replace(tournament, schedule=schedule)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rules", default="fide-2026")
    args = parser.parse_args(argv)
    missed = False
    print(f"{'case':<10}{'teams':>6}{'boards':>7}{'rounds':>7}{'best CPU ms':>13}{'target ms':>11}")
    for label, count, boards, rounds, target in CASES:
        base = synthetic(count, boards, rounds, args.seed)
        cpus = []
        for run in range(args.repeat):
            start = time.process_time()
            team_standings(one_result_changed(base, run), CODES, args.rules)
            cpus.append(time.process_time() - start)
        best = min(cpus)
        ok = best <= target
        missed |= not ok
        print(
            f"{label:<10}{count:>6}{boards:>7}{rounds:>7}{best * 1000:>13.1f}"
            f"{target * 1000:>11.0f}  {'ok' if ok else 'MISSED'}"
        )
    olympiad = synthetic(200, 4, 11, args.seed)
    for number in PAIRING_ROUNDS:
        played = replace(olympiad, schedule=olympiad.schedule[: number - 1])
        start = time.process_time()
        pairing = pair_team_round(played, number)
        cpu = time.process_time() - start
        ok = cpu <= PAIRING_TARGET
        missed |= not ok
        print(
            f"team Swiss pairing, 200 teams, round {number}: {cpu:.2f} s CPU "
            f"({len(pairing.matches)} matches; target {PAIRING_TARGET:.0f} s)"
            f"  {'ok' if ok else 'MISSED'}"
        )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
