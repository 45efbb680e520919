"""The Celery task that keeps each tournament's standings snapshot up to date."""

from __future__ import annotations

from celery import shared_task
from django.db import DatabaseError

from tournaments.store.queries import (
    TournamentNotFound,
    UnreadableLog,
    known_unreadable,
    list_tournaments,
    load_tournament,
    pairing_check,
    report_unreadable,
)

from . import pending
from .snapshots import latest_versions, store_snapshot


@shared_task(
    acks_late=True,
    ignore_result=True,
    autoretry_for=(DatabaseError,),
    max_retries=3,
    retry_backoff=True,  # 1, 2, 4 s: far below the broker's visibility timeout
)
def recompute_standings(tournament_id: int) -> int | None:
    """Fold the tournament's events and store their standings if they are new.

    Returns the version stored, or None when a snapshot at least as new exists.
    """
    # Cleared before reading the events: an event committed from here on
    # queues one more run, which will see it.
    pending.release(tournament_id)
    try:
        folded = load_tournament(tournament_id)
    except TournamentNotFound:
        return None
    except UnreadableLog as exc:
        report_unreadable(exc)  # once: the sweep stops queuing it
        return None
    snapshot = store_snapshot(folded)
    if snapshot is not None and folded.state.rounds:
        # After the standings are stored (an error here leaves them stored): a round
        # just paired gets its verdict before anyone opens its page; the verdicts
        # already cached make this one query.
        pairing_check(tournament_id)
    return snapshot.version if snapshot else None


def schedule_recompute(tournament_id: int) -> None:
    """Queue a recomputation unless one is already queued and not yet started."""
    if not pending.claim(tournament_id):
        return
    try:
        recompute_standings.delay(tournament_id)
    except Exception:
        pending.release(tournament_id)  # or no later event could queue one
        raise


@shared_task(ignore_result=True)
def sweep_stale_standings() -> list[int]:
    """Queue a recomputation for every tournament whose snapshot is behind its events.

    Run periodically (Celery beat): a task lost with a killed worker, or never
    queued while the broker was down, is healed without waiting for a reader or
    the next result.  Tournaments whose log cannot be folded are left out once
    reported (``unreadable``).  Returns the tournaments queued.
    """
    stored = latest_versions()
    behind = {t.id: t.version for t in list_tournaments() if t.version > stored.get(t.id, 0)}
    broken = known_unreadable(behind.items())
    stale = [tournament_id for tournament_id in behind if tournament_id not in broken]
    for tournament_id in stale:
        schedule_recompute(tournament_id)
    return stale


def on_event_appended(sender: object, tournament_id: int, seq: int, **kwargs: object) -> None:
    """``tournaments.store.signals.event_appended`` receiver: it is sent after the commit."""
    schedule_recompute(tournament_id)
