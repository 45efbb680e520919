"""The JaVaFo command-line interface shared by FIDE-endorsed pairing engines.

    python -m pairings FILE.trf -p [OUTPUT]   pair the next round
    python -m pairings FILE.trf -c            check every round of the file
    --baku                                    with Baku acceleration (C.04.5.1)
    python -m pairings --team FILE.trf -p [OUTPUT]   pair a team Swiss (C.04.6)

``-p`` writes the number of pairs, then ``white black`` per board in board order
(black 0 for the pairing-allocated bye) to OUTPUT or standard output.  Exit codes:
0 paired, 1 no legal pairing (or ``-c`` found rounds that differ), 2 bad input.
Virtual points can also come from the file (``XXA`` lines, ``192 FIDE_DUTCH_BAKU``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from functools import partial

from pairings.acceleration import Acceleration, AccelerationError
from pairings.dutch import NoLegalPairing, RoundPairing, pair_round
from pairings.team_swiss import NoLegalPairing as TeamNoLegalPairing
from pairings.team_swiss import (
    TeamPairingRequest,
    format_team_pairing,
    pair_team_round,
    team_pairing_request,
)
from pairings.trf_input import (
    PairingRequest,
    acceleration,
    initial_colour,
    not_paired_in,
    pairing_request,
    rounds_played,
)
from tiebreaks.errors import TrfError
from tiebreaks.model import Game, Unplayed, UnplayedRound
from tiebreaks.teams.model import TeamError
from tiebreaks.teams.trf import read_team_trf
from tiebreaks.trf import read_trf


def format_pairing(pairing: RoundPairing) -> str:
    lines = [str(len(pairing.boards))]
    lines += [f"{board.white} {board.black}" for board in pairing.boards]
    return "\n".join(lines) + "\n"


def _played_pairs(trf, round_number: int) -> set[tuple[int, int]]:
    """The round as the file has it: (white, black) per board, (player, 0) for the bye."""
    pairs: set[tuple[int, int]] = set()
    for player in trf.tournament.players:
        entry = player.round(round_number)
        if isinstance(entry, Game | UnplayedRound) and entry.opponent:
            if (
                entry.color is not None
                and entry.color.value == "w"
                or entry.color is None
                and player.start_rank < entry.opponent
            ):
                pairs.add((player.start_rank, entry.opponent))
        elif isinstance(entry, UnplayedRound) and entry.kind is Unplayed.PAB:
            pairs.add((player.start_rank, 0))
    return pairs


def _check(trf, virtual: Acceleration | None) -> int:
    """Pair every round of the file again and print those that come out differently."""
    colour = initial_colour(trf)
    differ = 0
    for number in range(1, rounds_played(trf.tournament) + 1):
        absent = not_paired_in(trf.tournament, number)
        try:
            ours = {
                (b.white, b.black)
                for b in pair_round(
                    trf.tournament,
                    number,
                    absent=absent,
                    initial_colour=colour,
                    acceleration=virtual,
                ).boards
            }
        except NoLegalPairing:
            ours = set()
        theirs = _played_pairs(trf, number)
        if ours != theirs:
            differ += 1
            print(f"round {number}: file {sorted(theirs - ours)} engine {sorted(ours - theirs)}")
    return 1 if differ else 0


def _write(target: str, text: str) -> None:
    if target == "-":
        sys.stdout.write(text)
    else:
        with open(target, "w") as out:
            out.write(text)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pairings", description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a TRF16/TRF26 file")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("-p", nargs="?", const="-", metavar="OUTPUT", help="pair the next round")
    action.add_argument("-c", action="store_true", help="check every round of the file")
    parser.add_argument(
        "--baku", action="store_true", help="Baku acceleration: virtual points to GA (C.04.5.1)"
    )
    parser.add_argument(
        "--team",
        action="store_true",
        help="a TRF26 team file (310 records): pair its next round by C.04.6",
    )
    args = parser.parse_args(argv)
    if args.team and (args.c or args.baku):
        print(
            "error: --team pairs the next round (-p); -c and --baku are for individuals",
            file=sys.stderr,
        )
        return 2
    try:
        if args.team:
            request = team_pairing_request(read_team_trf(args.file))
            if request.round > request.tournament.rounds:
                raise TeamError(f"all {request.tournament.rounds} rounds are paired")
            pair = partial(_pair_teams, request)
        else:
            trf = read_trf(args.file)
            if args.c:
                return _check(trf, acceleration(trf, args.baku))
            request = pairing_request(trf, args.baku)
            pair = partial(_pair_players, request)
    except (TrfError, AccelerationError, TeamError) as error:
        print(f"error: {args.file}: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"error: {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        text = pair()
    except (NoLegalPairing, TeamNoLegalPairing) as error:
        print(f"no legal pairing for round {request.round}: {error}", file=sys.stderr)
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
        )
    )
