"""Round-robin schedules for individual tournaments: the Berger tables of
:mod:`pairings.berger` within the sizes C.05 Annex 1 prints."""

from __future__ import annotations

from pairings import berger
from pairings.berger import BergerError, ScheduledRound, berger_rounds

from .errors import msg

MIN_PLAYERS = 3
MAX_PLAYERS = 16  # the largest table printed in C.05 Annex 1

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "BergerError", "berger_rounds", "round_robin_schedule"]


def round_robin_schedule(
    players: int, *, cycles: int = 1, swap_last_two: bool = False
) -> tuple[ScheduledRound, ...]:
    """The schedule for start ranks 1..players (3 to 16) over ``cycles`` (1 or 2)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BergerError(
            "players",
            msg(
                "the Berger tables cover %(minimum)s to %(maximum)s players, not %(players)s",
                minimum=MIN_PLAYERS,
                maximum=MAX_PLAYERS,
                players=players,
            ),
        )
    return berger.round_robin_schedule(players, cycles=cycles, swap_last_two=swap_last_two)
