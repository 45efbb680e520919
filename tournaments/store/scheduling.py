"""A round robin's whole schedule as one command: every round from the FIDE Berger
tables (``decisions.decide_schedule``), all rounds stored or none."""

from __future__ import annotations

from django.contrib.auth.models import User

from tournaments.domain.decisions import decide_schedule
from tournaments.models import Event

from .append import decide_and_append


def schedule_round_robin(
    tournament_id: int,
    *,
    swap_last_two: bool = False,
    author: User | None = None,
    expected_seq: int | None = None,
) -> list[Event]:
    """Pair every round of a round robin; returns the round.paired events in order.

    Decided on the tournament as it is when stored: a player registered while the
    request was on its way is scheduled too (or the schedule refused).
    """
    return decide_and_append(
        tournament_id,
        lambda state: decide_schedule(state, {"swap_last_two": swap_last_two}),
        author=author,
        expected_seq=expected_seq,
    )
