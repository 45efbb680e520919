"""Pairing through an external JaVaFo-compatible engine (bbpPairings, JaVaFo...).

The round is handed over as a TRF file with ``XXR``, ``XXC``, ``XXA`` (virtual
points, C.04.5) and ``0000 - H`` in the round to pair for the players not to be
paired; the engine is run as
``COMMAND FILE -p OUTPUT`` and its answer read back in the same format this
package's own command line writes.
"""

from __future__ import annotations

import hashlib
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Collection
from dataclasses import replace
from pathlib import Path

from pairings.acceleration import Acceleration
from pairings.dutch import Board, NoLegalPairing, RoundPairing
from tiebreaks.model import Color, TournamentResults, Unplayed, UnplayedRound
from tiebreaks.trf import TRF16, trf_from_tournament, write_trf

TIMEOUT_SECONDS = 120


class EngineError(RuntimeError):
    """The external engine failed or answered something unreadable."""


def xxa_lines(acceleration: Acceleration) -> str:
    """One ``XXA NNNN pp.p pp.p ...`` line per player with virtual points."""
    return "".join(
        f"XXA {number:4d}" + "".join(f" {float(p):4.1f}" for p in points) + "\n"
        for number, points in sorted(acceleration.points.items())
    )


def request_trf(
    tournament: TournamentResults,
    round_number: int,
    absent: Collection[int],
    initial_colour: Color,
    acceleration: Acceleration | None = None,
) -> str:
    """The TRF16 (JaVaFo's TRF(x)) an external engine pairs ``round_number`` from."""
    marked = tuple(
        replace(
            p,
            rounds=tuple(p.rounds[: round_number - 1])
            + ((UnplayedRound(Unplayed.HPB),) if p.start_rank in absent else ()),
        )
        for p in tournament.players
    )
    text = write_trf(trf_from_tournament(replace(tournament, players=marked), version=TRF16))
    colour = "white1" if initial_colour is Color.WHITE else "black1"
    virtual = xxa_lines(acceleration) if acceleration else ""
    return text.rstrip("\n") + f"\nXXC {colour}\n" + virtual


def executable_digest(command: str) -> str:
    """The version of an external engine as ``sha256:<hex>`` of its program file (an
    engine's own version string is not read the same way by all of them), or
    "unknown" when the program is not found."""
    words = shlex.split(command)
    program = shutil.which(words[0]) if words else None
    if program is None:
        return "unknown"
    return "sha256:" + hashlib.sha256(Path(program).read_bytes()).hexdigest()


def parse_output(text: str, round_number: int) -> RoundPairing:
    lines = text.split()
    try:
        count = int(lines[0])
        numbers = [int(word) for word in lines[1 : 1 + 2 * count]]
    except (IndexError, ValueError) as error:
        raise EngineError(f"unreadable pairing output: {text[:200]!r}") from error
    if len(numbers) != 2 * count:
        raise EngineError(f"the output announces {count} pairs but lists fewer")
    boards = tuple(Board(numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2))
    return RoundPairing(round_number, boards)


def pair_with(
    command: str,
    tournament: TournamentResults,
    round_number: int,
    *,
    absent: Collection[int] = (),
    initial_colour: Color = Color.WHITE,
    acceleration: Acceleration | None = None,
) -> RoundPairing:
    with tempfile.TemporaryDirectory() as work:
        source, output = Path(work, "round.trf"), Path(work, "pairing.txt")
        source.write_text(
            request_trf(tournament, round_number, absent, initial_colour, acceleration)
        )
        try:
            result = subprocess.run(
                [*shlex.split(command), str(source), "-p", str(output)],
                capture_output=True,
                text=True,
                timeout=TIMEOUT_SECONDS,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            raise EngineError(f"cannot run {command!r}: {error}") from error
        if result.returncode == 1:
            raise NoLegalPairing(result.stderr.strip() or "the external engine found none")
        if result.returncode != 0 or not output.exists():
            raise EngineError(
                f"{command!r} exited with {result.returncode}: {result.stderr.strip()[:300]}"
            )
        return parse_output(output.read_text(), round_number)
