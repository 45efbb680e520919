"""Tournaments played out with the engine itself, results drawn from a seed."""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import replace

from bench.synthetic import entrants, with_round
from pairings import NoLegalPairing, RoundPairing, pair_round
from pairings.acceleration import baku
from tiebreaks.model import (
    Color,
    Game,
    Outcome,
    Round,
    TournamentResults,
    Unplayed,
    UnplayedRound,
)

_MIRROR = {Outcome.WIN: Outcome.LOSS, Outcome.DRAW: Outcome.DRAW, Outcome.LOSS: Outcome.WIN}


def played_out(
    count: int,
    rounds: int,
    upto: int,
    seed: int,
    absent_rate: float = 0.0,
    accelerated: bool = False,
) -> tuple[list[tuple[TournamentResults, int, frozenset[int], RoundPairing]], TournamentResults]:
    """Rounds 1..upto paired by the engine (with Baku acceleration when
    ``accelerated``), stopping early if no legal pairing is left: (tournament
    before, round, absent, pairing) per round, and the tournament after the last
    round."""
    rng = random.Random(seed)
    tournament = entrants(count, rounds)
    played = []
    for number in range(1, upto + 1):
        absent = frozenset(p.start_rank for p in tournament.players if rng.random() < absent_rate)
        try:
            acceleration = baku(tournament, absent) if accelerated else None
            pairing = pair_round(tournament, number, absent=absent, acceleration=acceleration)
        except NoLegalPairing:
            break
        played.append((tournament, number, absent, pairing))
        tournament = with_round(tournament, pairing, rng, absent)
    return played, tournament


_SCORES = {"1-0": Outcome.WIN, "1/2": Outcome.DRAW, "0-1": Outcome.LOSS}
_FORFEITS = {
    "+/-": (Unplayed.FORFEIT_WIN, Unplayed.FORFEIT_LOSS),
    "-/+": (Unplayed.FORFEIT_LOSS, Unplayed.FORFEIT_WIN),
}


def history(count: int, rounds: int, *played: list[tuple[int, int, str]]) -> TournamentResults:
    """``count`` entrants after the rounds ``played``: per round, ``(white, black,
    result)`` boards, result "1-0", "1/2", "0-1" or a forfeit "+/-", "-/+"; black 0
    is the pairing-allocated bye, or with result "H" a requested half-point bye; a
    player on no board was absent (no points)."""
    tournament = entrants(count, rounds)
    for boards in played:
        entries: dict[int, Round] = {}
        for white, black, result in boards:
            if black == 0:
                entries[white] = UnplayedRound(Unplayed.HPB if result == "H" else Unplayed.PAB)
                continue
            if result in _FORFEITS:
                white_kind, black_kind = _FORFEITS[result]
                entries[white] = UnplayedRound(white_kind, black, Color.WHITE)
                entries[black] = UnplayedRound(black_kind, white, Color.BLACK)
                continue
            outcome = _SCORES[result]
            entries[white] = Game(black, outcome, Color.WHITE)
            entries[black] = Game(white, _MIRROR[outcome], Color.BLACK)
        players = tuple(
            replace(
                p, rounds=(*p.rounds, entries.get(p.start_rank, UnplayedRound(Unplayed.ABSENT)))
            )
            for p in tournament.players
        )
        tournament = replace(tournament, players=players)
    return tournament


def run_pairings_cli(*args: object) -> subprocess.CompletedProcess[str]:
    """``python -m pairings ARGS`` in a process of its own, its output captured."""
    return subprocess.run(
        [sys.executable, "-m", "pairings", *map(str, args)],
        capture_output=True,
        text=True,
        check=False,
    )
