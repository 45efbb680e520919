"""Differential check of the Dutch engine against another JaVaFo-compatible engine.

    .venv/bin/python bench/pairing_diff.py /path/to/bbpPairings.exe [--tournaments 50]
        [--players 9-60] [--rounds 5-11] [--seed 1] [--min-rounds N]
        [--forfeit-rate N] [--retired-rate N] [--half-point-bye-rate N]
        [--draw-percentage P] [--generator theirs|ours]

The other engine generates random tournaments with its own random tournament
generator (``--dutch -g CONFIG -o FILE -s SEED``), pairing every round itself;
then ``python -m pairings FILE -c`` pairs every round again here.  The rates go
into the generator's configuration as its keys (``ForfeitRate`` and the others,
"one in N"; unset, the generator's defaults).  Prints each round that differs and
a summary; exits 1 when any round differs or fewer than ``--min-rounds`` rounds
were checked, 2 when the other engine produced nothing.  ``--generator ours`` turns
it round: ``python -m pairings -g`` generates (the same keys) and the other engine's
checker (``--dutch FILE -c``) checks every round; a seed whose tournament has no
legal pairing is skipped.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

# Options -> the keys of the endorsed engines' generator configuration.
_RATES = {
    "--forfeit-rate": "ForfeitRate",
    "--retired-rate": "RetiredRate",
    "--half-point-bye-rate": "HalfPointByeRate",
    "--draw-percentage": "DrawPercentage",
}


def _range(text: str) -> tuple[int, int]:
    low, _, high = text.partition("-")
    return int(low), int(high or low)


def _theirs_checked_here(engine: str, config: Path, seed: str, work: str) -> list[str] | None:
    """The other engine generates, ``python -m pairings -c`` checks: the lines of the
    rounds that differ, None when nothing was generated."""
    raw = Path(work, "t.raw")
    raw.unlink(missing_ok=True)
    subprocess.run(
        [engine, "--dutch", "-g", str(config), "-o", str(raw), "-s", seed],
        capture_output=True,
        check=False,
    )
    if not raw.exists():
        return None
    trf = Path(work, "t.trf")
    # The generator ends its lines with a lone carriage return.
    trf.write_text(raw.read_text().replace("\r\n", "\n").replace("\r", "\n"))
    result = subprocess.run(
        [sys.executable, "-m", "pairings", str(trf), "-c"],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode not in (0, 1) or result.stderr:
        return [f"engine failed: {result.stderr.strip()}"]
    return [line for line in result.stdout.splitlines() if line.startswith("round")]


def _ours_checked_there(engine: str, config: Path, seed: str, work: str) -> list[str] | None:
    """``python -m pairings -g`` generates, the other engine's checker (``-c``) checks:
    a line per round it flags, None when no legal pairing let the file be made."""
    trf = Path(work, "t.trf")
    made = subprocess.run(
        [sys.executable, "-m", "pairings", "-g", str(config), "-o", str(trf), "-s", seed],
        capture_output=True,
        check=False,
    )
    if made.returncode:
        return None
    result = subprocess.run(
        [engine, "--dutch", str(trf), "-c"], capture_output=True, text=True, check=False
    )
    flagged, current = [], ""
    for line in result.stdout.splitlines():
        if "Round #" in line:
            current = line.rsplit("#", 1)[1]
        elif "Checker pairings" in line or "No valid pairing" in line:
            flagged.append(f"round {current}: flagged by the other engine's checker")
    return flagged


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("engine")
    parser.add_argument("--tournaments", type=int, default=50)
    parser.add_argument("--players", type=_range, default=(9, 60))
    parser.add_argument("--rounds", type=_range, default=(5, 11))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-rounds", type=int, default=0, help="fewer checked: exit 1")
    parser.add_argument(
        "--generator",
        choices=("theirs", "ours"),
        default="theirs",
        help="ours: python -m pairings -g generates and the other engine checks",
    )
    for option, key in _RATES.items():
        parser.add_argument(option, dest=key, type=float, metavar="N", help=f"the {key} key")
    args = parser.parse_args()
    given = {key: getattr(args, key) for key in _RATES.values()}
    rates = "".join(f"{key}={value:g}\n" for key, value in given.items() if value is not None)
    rng = random.Random(args.seed)
    checked = differing_rounds = differing = rounds = 0
    with tempfile.TemporaryDirectory() as work:
        for _ in range(args.tournaments):
            players = rng.randint(*args.players)
            rounds_number = rng.randint(*args.rounds)
            config = Path(work, "config.txt")
            config.write_text(f"PlayersNumber={players}\nRoundsNumber={rounds_number}\n{rates}")
            seed = str(rng.randrange(1, 2**31))
            check = _ours_checked_there if args.generator == "ours" else _theirs_checked_here
            lines = check(args.engine, config, seed, work)
            if lines is None:
                continue
            checked += 1
            rounds += rounds_number
            if lines:
                differing += 1
                differing_rounds += len(lines)
                print(f"seed {seed} ({players} players, {rounds_number} rounds):")
                for line in lines:
                    print("   ", line)
    print(
        f"{checked} tournaments, {rounds} rounds: {differing_rounds} rounds differ "
        f"in {differing} tournaments"
    )
    if not checked:
        return 2
    if rounds < args.min_rounds:
        print(f"target missed: {rounds} rounds checked, at least {args.min_rounds} asked for")
        return 1
    return 1 if differing_rounds else 0


if __name__ == "__main__":
    sys.exit(main())
