"""A round robin's whole schedule as one command: every round from the FIDE Berger
tables (``berger``), paired under the tournament's lock, all rounds or none."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from tiebreaks.model import System
from tournaments.domain.berger import BergerError, round_robin_schedule
from tournaments.domain.errors import CommandError
from tournaments.domain.state import TournamentState
from tournaments.models import Event

from .commands import Batch, in_one_transaction, pair_round


def schedule_round_robin(
    tournament_id: int,
    *,
    swap_last_two: bool = False,
    author: AbstractBaseUser | None = None,
    expected_seq: int | None = None,
) -> list[Event]:
    """Pair every round of a round robin; returns the round.paired events in order.

    Checked against the tournament as it is under the lock: a player registered
    while the request was on its way is scheduled too (or the schedule refused).
    """

    def pair_every_round(batch: Batch) -> list[Event]:
        for payload in planned_rounds(batch.state, swap_last_two=swap_last_two):
            batch.append(pair_round, payload)
        return batch.events

    return in_one_transaction(
        tournament_id, pair_every_round, author=author, expected_seq=expected_seq
    )


def planned_rounds(state: TournamentState, *, swap_last_two: bool) -> list[dict]:
    """The round.paired payloads of the whole schedule, or CommandError."""
    system = state.settings.system
    if system is System.SWISS:
        raise CommandError(
            "system", "A Swiss is paired round by round: POST each round to rounds/."
        )
    if state.rounds:
        raise CommandError("rounds", "Rounds are already paired.")
    # Berger numbers are the players in start-rank order.
    ranks = sorted(state.players)
    cycles = 2 if system is System.DOUBLE_ROUND_ROBIN else 1
    try:
        schedule = round_robin_schedule(len(ranks), cycles=cycles, swap_last_two=swap_last_two)
    except BergerError as exc:
        field, _, message = str(exc).partition(": ")
        raise CommandError(field, message) from exc
    if len(schedule) != state.settings.rounds:
        raise CommandError(
            "rounds",
            f"{len(ranks)} players need {len(schedule)} rounds; "
            f"the tournament has {state.settings.rounds}.",
        )
    # The resting player of an odd field is left unpaired: C.07 ignores the
    # round-robin bye, which a pairing-allocated bye would score.
    return [
        {
            "round": scheduled.number,
            "boards": [
                {"white": ranks[white - 1], "black": ranks[black - 1]}
                for white, black in scheduled.boards
            ],
            "byes": [],
        }
        for scheduled in schedule
    ]
