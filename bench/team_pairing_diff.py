"""Differential check of the team Swiss (C.04.6) against another engine's team mode.

    .venv/bin/python bench/team_pairing_diff.py /path/to/bbpPairings.exe [--tournaments 30]
        [--teams 6-40] [--boards 4] [--rounds 5-9] [--seed 1] [--baku]

Plays random team Swisses (seeded): each round is written as a TRF26 team file
(``tiebreaks.teams.trf``), paired here (``pairings.team_swiss``) and by the other
engine (``ENGINE --team FILE -p OUT``, Sharly-Chess's bbpPairings fork), the two
compared, and the round played on with this engine's pairing and random board
results.  A round agrees when both give the same matches with the same colours and
the same bye; "same pairs" when only colours differ.  ``--baku``: Baku acceleration,
given to both engines as the TRF26 250 records ``pairings.team_acceleration`` writes.
Prints each round that differs (with whose opponent has the closer score for the
first team, down the standings, paired differently) and a summary; exits 1 when any
round differs, 2 when the other engine answers nothing.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.team_synthetic import random_match  # noqa: E402
from pairings.team_acceleration import records, team_baku  # noqa: E402
from pairings.team_swiss import (  # noqa: E402
    NoLegalPairing,
    TeamState,
    pair_team_round,
    rules_from_code,
    team_states,
)
from tiebreaks.model import Player, Unplayed  # noqa: E402
from tiebreaks.teams.model import (  # noqa: E402
    Team,
    TeamBye,
    TeamRound,
    TeamTournament,
)
from tiebreaks.teams.trf import team_trf_text  # noqa: E402


def _range(text: str) -> tuple[int, int]:
    low, _, high = text.partition("-")
    return int(low), int(high or low)


def _player(team: int, board: int, boards: int) -> int:
    # Start ranks 1..N without a gap: the other engine's reader wants every number.
    return (team - 1) * boards + board


def _theirs(engine: str, path: Path) -> tuple[set[tuple[int, int]], int | None] | None:
    out = path.with_suffix(".out")
    done = subprocess.run(
        [engine, "--team", str(path), "-p", str(out)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0 or not out.exists():
        return None
    pairs, bye = set(), None
    for line in out.read_text().split("\n")[1:]:
        if line.strip():
            white, black = map(int, line.split())
            if black == 0:
                bye = white
            else:
                pairs.add((white, black))
    return pairs, bye


def _closer(
    states: dict[int, TeamState],
    mine: tuple[set[tuple[int, int]], int | None],
    theirs: tuple[set[tuple[int, int]], int | None],
) -> str:
    """Whose opponent has the closer score for the first team, down the standings,
    that the two pair differently: "ours", "theirs" or "same" ("bye" when one of them
    gives that team the bye)."""

    def opponents(pairing: tuple[set[tuple[int, int]], int | None]) -> dict[int, int]:
        found = {a: b for pair in pairing[0] for a, b in (pair, pair[::-1])}
        return found | ({pairing[1]: 0} if pairing[1] else {})

    ours, other = opponents(mine), opponents(theirs)
    for team in sorted(states, key=lambda t: (-states[t].score, t)):
        if ours.get(team) != other.get(team):
            if not ours.get(team) or not other.get(team):
                return "bye"
            gap = [abs(states[team].score - states[o[team]].score) for o in (ours, other)]
            return "ours" if gap[0] < gap[1] else "theirs" if gap[0] > gap[1] else "same"
    return "same"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("engine")
    parser.add_argument("--tournaments", type=int, default=30)
    parser.add_argument("--teams", type=_range, default=(6, 40))
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--rounds", type=_range, default=(5, 9))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", metavar="DIR", help="keep the files there")
    parser.add_argument("--baku", action="store_true", help="Baku acceleration (250 records)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    total = agree = same_pairs = answered = 0
    closer: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as temporary:
        work = args.keep or temporary
        for index in range(args.tournaments):
            count, rounds = rng.randint(*args.teams), rng.randint(*args.rounds)
            teams = tuple(
                Team(
                    n,
                    f"Team {n}",
                    tuple(_player(n, b, args.boards) for b in range(1, args.boards + 1)),
                )
                for n in range(1, count + 1)
            )
            players = tuple(Player(r, f"P{r}") for t in teams for r in t.roster)
            t = TeamTournament(teams, args.boards, rounds, (), players)
            acceleration = team_baku(t) if args.baku else None
            extra = "".join(f"{line}\n" for line in records(acceleration)) if acceleration else ""
            for number in range(1, rounds + 1):
                path = Path(work, f"t{index}r{number}.trf")
                # 152: the initial colour (this engine's default, White), which the
                # other engine wants before round 1.
                text = team_trf_text(t).replace("\n192 ", f"\n152 W\n{extra}192 ", 1)
                path.write_text(text)
                try:
                    ours = pair_team_round(t, number, acceleration=acceleration)
                except NoLegalPairing:
                    ours = None
                theirs = _theirs(args.engine, path)
                total += 1
                answered += theirs is not None
                mine = (set(ours.matches), ours.bye) if ours else None
                if mine == theirs:
                    agree += 1
                elif (
                    mine
                    and theirs
                    and {frozenset(p) for p in mine[0]} == {frozenset(p) for p in theirs[0]}
                    and mine[1] == theirs[1]
                ):
                    same_pairs += 1
                    print(f"tournament {index} ({count} teams) round {number}: colours differ")
                else:
                    side = "none"
                    if mine and theirs:
                        rules = rules_from_code(t.system_code, t.primary)
                        states = team_states(t, number, rules, acceleration)
                        side = _closer(states, mine, theirs)
                    closer[side] += 1
                    print(
                        f"tournament {index} ({count} teams) round {number}: "
                        f"ours {sorted(mine[0]) if mine else None} bye {mine and mine[1]}; "
                        f"theirs {sorted(theirs[0]) if theirs else None} "
                        f"bye {theirs and theirs[1]}; closer: {side}"
                    )
                if ours is None:
                    break
                matches = tuple(
                    random_match(rng, t.team(w), t.team(b), args.boards) for w, b in ours.matches
                )
                byes = (TeamBye(ours.bye, Unplayed.PAB),) if ours.bye else ()
                t = replace(t, schedule=(*t.schedule, TeamRound(number, matches, byes)))
    print(
        f"{total} rounds: {agree} agree, {same_pairs} same pairs with other colours, "
        f"{total - agree - same_pairs} differ; the other engine answered {answered}"
    )
    print(
        "first team paired differently, the closer opponent's score: "
        + ", ".join(f"{side} {n}" for side, n in sorted(closer.items()))
    )
    if not answered:
        return 2
    return 0 if agree == total else 1


if __name__ == "__main__":
    sys.exit(main())
