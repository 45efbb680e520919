"""Round-robin schedules for individual tournaments: the Berger tables of
:mod:`pairings.berger` within the sizes C.05 Annex 1 prints."""

from __future__ import annotations

from pairings import berger
from pairings.berger import BergerError, ScheduledRound, berger_rounds

MIN_PLAYERS = 3
MAX_PLAYERS = 16  # the largest table printed in C.05 Annex 1

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "BergerError", "berger_rounds", "round_robin_schedule"]


def round_robin_schedule(
    players: int, *, cycles: int = 1, swap_last_two: bool = False
) -> tuple[ScheduledRound, ...]:
    """The schedule for start ranks 1..players (3 to 16) over ``cycles`` (1 or 2)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BergerError(
            f"players: the Berger tables cover {MIN_PLAYERS} to {MAX_PLAYERS} players, "
            f"not {players}"
        )
    return berger.round_robin_schedule(players, cycles=cycles, swap_last_two=swap_last_two)
