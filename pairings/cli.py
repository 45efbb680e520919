"""The JaVaFo command-line interface shared by FIDE-endorsed pairing engines, and the
endorsement kit (checker, generator) with ``verify``.

    python -m pairings FILE.trf -p [OUTPUT]   pair the next round
    python -m pairings -c FILE.trf            check every round of the file
    python -m pairings -g CONFIG -o OUT.trf -s SEED [--trf16]
                                              a random tournament paired by the engine
    python -m pairings verify FILE.trf        re-derive every round, a verdict each
    --baku                                    with Baku acceleration (C.04.5.1)
    python -m pairings --team FILE.trf -p [OUTPUT]   pair a team Swiss (C.04.6)
                                              (--baku: with Baku acceleration)

``-p`` writes the number of pairs, then ``white black`` per board in board order
(black 0 for the pairing-allocated bye) to OUTPUT or standard output.  ``-c`` prints
each round that differs: its boards, the engine's, and the first criterion that
tells the two apart.  ``verify`` prints every round: "as the engine pairs" or
"differs: <boards>".  ``-g`` reads the generator's configuration
(``pairings.generator``).  Exit codes: 0 done, 1 no legal pairing (or ``-c``/``verify``
found rounds that differ), 2 bad input, with a line saying what is wrong.
Virtual points can also come from the file (``XXA`` lines or TRF26 ``250`` records,
which must agree when a file has both, ``192 FIDE_DUTCH_BAKU``; for teams ``250``
records, ``192 FIDE_TEAM..._BAKU``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from functools import partial

from pairings.acceleration import Acceleration, AccelerationError
from pairings.dutch import NoLegalPairing, RoundPairing, pair_round
from pairings.generator import ConfigError, generated_trf, read_config
from pairings.team_swiss import NoLegalPairing as TeamNoLegalPairing
from pairings.team_swiss import (
    TeamPairingRequest,
    format_team_pairing,
    pair_team_round,
    team_pairing_request,
)
from pairings.trf_input import PairingRequest, acceleration, initial_colour, pairing_request
from pairings.verify import NotASwiss, verify_rounds
from tiebreaks.errors import TrfError
from tiebreaks.teams.model import TeamError
from tiebreaks.teams.trf import read_team_trf
from tiebreaks.trf import TrfFile, read_trf


def format_pairing(pairing: RoundPairing) -> str:
    lines = [str(len(pairing.boards))]
    lines += [f"{board.white} {board.black}" for board in pairing.boards]
    return "\n".join(lines) + "\n"


def _check(trf: TrfFile, virtual: Acceleration | None, *, every_round: bool) -> int:
    """Re-derive every round of the file; print those that differ (with the first
    criterion telling the two apart), or every round's verdict."""
    checks = verify_rounds(trf.tournament, initial_colour=initial_colour(trf), acceleration=virtual)
    for check in checks:
        if every_round:
            print(f"round {check.round}: {check.verdict()}")
        elif not check.identical:
            why = f"; first criterion: {check.criterion}" if check.criterion else ""
            print(f"round {check.round}: {check.verdict()}{why}")
    return 0 if all(check.identical for check in checks) else 1


def _generate(args: argparse.Namespace) -> int:
    try:
        with open(args.g) as source:
            config = read_config(source.read())
    except ConfigError as error:
        print(f"error: {args.g}: {error}", file=sys.stderr)
        return 2
    try:
        text = generated_trf(config, args.s, trf16=args.trf16)
    except NoLegalPairing as error:
        print(f"no legal pairing with seed {args.s}: {error}", file=sys.stderr)
        return 1
    _write(args.o, text)
    return 0


def _write(target: str, text: str) -> None:
    if target == "-":
        sys.stdout.write(text)
    else:
        with open(target, "w") as out:
            out.write(text)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m pairings", description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="a TRF16/TRF26 file")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("-p", nargs="?", const="-", metavar="OUTPUT", help="pair the next round")
    action.add_argument("-c", action="store_true", help="check every round of the file")
    action.add_argument("-g", metavar="CONFIG", help="generate a random tournament")
    parser.add_argument("-o", metavar="OUT", help="-g: the TRF file to write")
    parser.add_argument("-s", type=int, metavar="SEED", help="-g: the random seed")
    parser.add_argument("--trf16", action="store_true", help="-g: write TRF16, not TRF26")
    parser.add_argument(
        "--baku", action="store_true", help="Baku acceleration: virtual points to GA (C.04.5.1)"
    )
    parser.add_argument(
        "--team",
        action="store_true",
        help="a TRF26 team file (310 records): pair its next round by C.04.6",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    verify = arguments[:1] == ["verify"]
    parser = _parser()
    if verify:
        parser.prog += " verify"
        arguments = [*arguments[1:], "-c"]
    args = parser.parse_args(arguments)
    if args.g is not None:
        if args.o is None or args.s is None or args.file is not None or args.team:
            parser.error("-g CONFIG needs -o OUT.trf and -s SEED, and no input file")
        try:
            return _generate(args)
        except OSError as error:
            print(f"error: {error.filename}: {error.strerror}", file=sys.stderr)
            return 2
    if args.file is None:
        parser.error("a TRF file is needed")
    if args.team and args.c:
        print("error: --team pairs the next round (-p); -c is for individuals", file=sys.stderr)
        return 2
    try:
        if args.team:
            team_request = team_pairing_request(read_team_trf(args.file), args.baku)
            if team_request.round > team_request.tournament.rounds:
                raise TeamError(f"all {team_request.tournament.rounds} rounds are paired")
            round_number, pair = team_request.round, partial(_pair_teams, team_request)
        else:
            trf = read_trf(args.file)
            if args.c:
                return _check(trf, acceleration(trf, args.baku), every_round=verify)
            request = pairing_request(trf, args.baku)
            round_number, pair = request.round, partial(_pair_players, request)
    except (TrfError, AccelerationError, TeamError, NotASwiss) as error:
        print(f"error: {args.file}: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"error: {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        text = pair()
    except (NoLegalPairing, TeamNoLegalPairing) as error:
        print(f"no legal pairing for round {round_number}: {error}", file=sys.stderr)
        return 1
    _write(args.p, text)
    return 0


def _pair_players(request: PairingRequest) -> str:
    return format_pairing(
        pair_round(
            request.tournament,
            request.round,
            absent=request.absent,
            initial_colour=request.initial_colour,
            acceleration=request.acceleration,
        )
    )


def _pair_teams(request: TeamPairingRequest) -> str:
    return format_team_pairing(
        pair_team_round(
            request.tournament,
            request.round,
            rules=request.rules,
            absent=request.absent,
            initial_colour=request.initial_colour,
            acceleration=request.acceleration,
        )
    )
