"""The Celery tasks that keep each tournament's standings snapshot and its rounds'
pairing verdicts up to date."""

from __future__ import annotations

from celery import Task, shared_task
from django.db import DatabaseError, transaction

from tournaments.store.queries import (
    TournamentNotFound,
    UnreadableLog,
    known_unreadable,
    list_tournaments,
    load_tournament,
    pairing_check,
    report_unreadable,
    verdicts_missing,
)

from . import pending
from .pending import FLAG_TTL_SECONDS, VERDICTS_TTL_SECONDS
from .snapshots import latest_versions, store_snapshot

VERDICTS = "verdicts"  # the verdicts' flag (live.pending)


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
        # just paired gets its verdict soon, from a task of its own (the engine takes
        # seconds, and the next standings must not wait for it); one query and one
        # cache read when every verdict is there.
        schedule_verdicts(tournament_id)
    return snapshot.version if snapshot else None


@shared_task(
    acks_late=True,
    ignore_result=True,
    autoretry_for=(DatabaseError,),
    max_retries=3,
    retry_backoff=True,
)
def compute_pairing_verdicts(tournament_id: int) -> None:
    """Compute and cache the verdict of every paired round that has none.

    Idempotent: a verdict is cached under its round.paired event, so a second run
    finds it and runs no engine, and two runs at once store the same value under
    the same key.
    """
    try:
        pairing_check(tournament_id)
    except (TournamentNotFound, UnreadableLog):
        return  # the standings task reports an unreadable log
    finally:
        pending.release(tournament_id, VERDICTS)
    # A round paired while this ran found the flag up and queued nothing.
    schedule_verdicts(tournament_id)


def schedule_verdicts(tournament_id: int) -> None:
    """After the current transaction commits, queue ``compute_pairing_verdicts``
    when a paired round has no verdict and no such task is queued or running."""
    if verdicts_missing(tournament_id):
        queue_verdicts(tournament_id)


def queue_verdicts(tournament_id: int) -> None:
    """After the current transaction commits, queue ``compute_pairing_verdicts``
    unless such a task is queued or running (the verdicts' flag)."""

    # Robust: with the broker down, the standings stay stored and a reader still gets
    # "pending" (the error is logged); the next standings run or reader queues it.
    # A function of its own: Django logs a robust callback's failure by its __qualname__.
    def queue_them() -> None:
        _queue(compute_pairing_verdicts, tournament_id, VERDICTS, VERDICTS_TTL_SECONDS)

    transaction.on_commit(queue_them, robust=True)


def schedule_recompute(tournament_id: int) -> None:
    """Queue a recomputation unless one is already queued and not yet started."""
    _queue(recompute_standings, tournament_id)


def _queue(
    task: Task, tournament_id: int, what: str = "pending", ttl: float = FLAG_TTL_SECONDS
) -> None:
    """Queue ``task`` unless the tournament's ``what`` flag is up (it is raised)."""
    if not pending.claim(tournament_id, what, ttl):
        return
    try:
        task.delay(tournament_id)
    except Exception:
        pending.release(tournament_id, what)  # or no later event could queue one
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


def on_verdicts_wanted(sender: object, tournament_id: int, **kwargs: object) -> None:
    """``tournaments.store.signals.verdicts_wanted`` receiver: the pairing check found
    a verdict missing; the endpoint serves "pending" and the task computes it."""
    queue_verdicts(tournament_id)


def on_event_appended(sender: object, tournament_id: int, seq: int, **kwargs: object) -> None:
    """``tournaments.store.signals.event_appended`` receiver: it is sent after the commit."""
    schedule_recompute(tournament_id)
