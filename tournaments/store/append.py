"""The one way events are stored.

``append(tournament_id, expected_seq, events)`` inserts the events at
``expected_seq + 1, + 2, ...``; the unique ``(tournament, seq)`` constraint is the
concurrency guard: when another writer stored ``expected_seq + 1`` first, the
INSERT waits for its commit, fails, and ``append`` raises ``SeqTaken`` having
stored nothing.

``decide_and_append`` is how a command runs: in one transaction it reads the
tournament's state (``state_cache.current_state``: the cache only shortens the
read, it is checked against the stored events), lets the decision make the events
from that state, and appends them after that state's last seq.  When another
writer won, it reads the newer state and decides again, a bounded number of
times.  A refused decision (CommandError, Conflict) stores nothing.

Writers of one tournament first queue on its row (``SELECT ... FOR UPDATE``), so
that in a burst each decides once instead of all deciding and all but one
deciding again (eight organisers' commands in one process then ran into the
retry bound).  The queue is only that: what keeps two events from one seq is the
constraint, whoever appends (a bulk import's ``append`` does not queue).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from functools import partial

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, connection, transaction

from tournaments.domain.errors import Conflict, TournamentNotFound
from tournaments.domain.events import DomainEvent
from tournaments.domain.state import TournamentState, fold
from tournaments.models import Event, Tournament

from .events import payload_json
from .signals import event_appended
from .state_cache import current_state, remember

logger = logging.getLogger(__name__)
# At DEBUG, one line per committed command: its attempts and how long its
# transaction took (bench/burst_bench.py turns it on and reads it).
timing_logger = logging.getLogger(f"{__name__}.timing")

# Attempts of a command when other writers keep winning: each lost attempt means
# another event was stored meanwhile, so this bounds a burst, not a livelock.
MAX_ATTEMPTS = 8
# Rows per INSERT statement: big enough to make the round trips negligible.
_BATCH_ROWS = 2000
# More events than this go by COPY (a TRF import); fewer by INSERT, which gives
# the API the stored events' primary keys.
_COPY_ABOVE = 500
# The constraints a concurrent writer can trip: its event took the seq, or its
# retried request stored the idempotency key.
_RACE_CONSTRAINTS = frozenset({"unique_event_seq", "unique_event_idempotency_key"})


class SeqTaken(Exception):
    """Another writer stored the seq (or the idempotency key) first: nothing was stored."""


def append(
    tournament_id: int,
    expected_seq: int,
    events: Sequence[DomainEvent],
    *,
    author: AbstractBaseUser | None = None,
    idempotency_key: str = "",
) -> list[Event]:
    """Store ``events`` after seq ``expected_seq`` (the last seq this transaction
    read), the idempotency key on the last; SeqTaken if another writer was first.
    Receivers of ``event_appended`` hear of them once the transaction commits.

    Runs inside the caller's transaction (``transaction.atomic``), which SeqTaken
    must end: the failed INSERT leaves it unusable (a savepoint here would cost
    two more round trips for every command).
    """
    if not events:
        return []
    rows = [
        Event(
            tournament_id=tournament_id,
            seq=expected_seq + n,
            kind=event.KIND,
            schema_version=event.VERSION,
            payload=event.to_payload(),
            author=author,
            idempotency_key=idempotency_key if n == len(events) else "",
        )
        for n, event in enumerate(events, start=1)
    ]
    try:
        if connection.vendor == "postgresql" and len(rows) > _COPY_ABOVE:
            _copy(rows)
        else:
            Event.objects.bulk_create(rows, batch_size=_BATCH_ROWS)
    except IntegrityError as exc:
        if _constraint(exc) not in _RACE_CONSTRAINTS:
            raise
        raise SeqTaken(str(exc)) from exc
    last = rows[-1].seq
    transaction.on_commit(lambda: _announce(tournament_id, last))
    return rows


def decide_and_append(
    tournament_id: int,
    decide: Callable[[TournamentState], Sequence[DomainEvent]],
    *,
    author: AbstractBaseUser | None = None,
    expected_seq: int | None = None,
    idempotency_key: str = "",
    replayed: Callable[[Event], Event] = lambda event: event,
    then: Callable[[], object] | None = None,
) -> list[Event]:
    """The events ``decide`` makes of the tournament's current state, appended.

    ``expected_seq``: the seq the client saw; another answers Conflict.  An
    ``idempotency_key`` already stored on the tournament answers
    ``replayed(that event)`` and stores nothing.  ``then`` runs after the append,
    in the same transaction (the memberships of the organiser commands).
    """
    for attempt in range(1, MAX_ATTEMPTS + 1):
        began = time.perf_counter()
        try:
            with transaction.atomic():
                _queue(tournament_id)
                queued = time.perf_counter()
                if idempotency_key:
                    earlier = Event.objects.filter(
                        tournament_id=tournament_id, idempotency_key=idempotency_key
                    ).first()
                    if earlier is not None:
                        return [replayed(earlier)]
                state = current_state(tournament_id)
                if expected_seq is not None and expected_seq != state.version:
                    raise Conflict(state.version, expected_seq)
                events = decide(state)
                stored = append(
                    tournament_id,
                    state.version,
                    events,
                    author=author,
                    idempotency_key=idempotency_key,
                )
                if then is not None:
                    then()
                _remember_after(state, events, stored)
                if timing_logger.isEnabledFor(logging.DEBUG):
                    timing = partial(_log_timing, tournament_id, attempt, began, queued)
                    transaction.on_commit(timing)
                return stored
        except SeqTaken:
            logger.info(
                "tournament %d: another writer was first (attempt %d)", tournament_id, attempt
            )
    last = Event.objects.filter(tournament_id=tournament_id).order_by("-seq").first()
    raise Conflict(last.seq if last else 0)


def _queue(tournament_id: int) -> None:
    """Wait for the tournament's earlier writers to commit (see the module's doc)."""
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id)
    if not tournament.values_list("pk", flat=True):
        raise TournamentNotFound(tournament_id)


def _remember_after(
    state: TournamentState, events: Sequence[DomainEvent], stored: list[Event]
) -> None:
    """Cache the state after the append, once committed: the next command of this
    process then reads only the events after it."""
    if not stored:
        return
    last = stored[-1]
    if last.pk is None:  # stored by COPY, which returns no primary keys
        last = Event.objects.get(tournament_id=last.tournament_id, seq=last.seq)
    after = fold(((row.seq, event) for row, event in zip(stored, events, strict=True)), state)
    remember(last.tournament_id, after, last)


def _constraint(exc: IntegrityError) -> str | None:
    """The name of the constraint ``exc`` broke, when the driver says (PostgreSQL)."""
    diag = getattr(exc.__cause__, "diag", None)
    return getattr(diag, "constraint_name", None) or (
        # SQLite names the columns instead.
        "unique_event_seq" if "tournaments_event.seq" in str(exc) else None
    )


def _copy(rows: list[Event]) -> None:
    """Insert ``rows`` with one COPY: several times faster than INSERTs of 60,000
    rows, whose parameters psycopg adapts one by one."""
    columns = (
        "tournament_id, seq, kind, schema_version, payload, author_id, created_at, idempotency_key"
    )
    with (
        connection.cursor() as cursor,
        cursor.copy(f"COPY {Event._meta.db_table} ({columns}) FROM STDIN") as copy,
    ):
        for e in rows:
            copy.write_row(
                (e.tournament_id, e.seq, e.kind, e.schema_version, payload_json(e))
                + (e.author_id, e.created_at, e.idempotency_key)
            )


def _log_timing(tournament_id: int, attempts: int, began: float, queued: float) -> None:
    # Registered after the append, before the commit: runs right after the commit.
    timing_logger.debug(
        "tournament %d appended after %d attempt(s), queued %.3f ms, then %.3f ms to commit",
        tournament_id,
        attempts,
        (queued - began) * 1e3,
        (time.perf_counter() - queued) * 1e3,
    )


def _announce(tournament_id: int, seq: int) -> None:
    # The event is stored; a failing receiver (say, a broker down) must not turn
    # the organiser's successful write into an error.
    for receiver, result in event_appended.send_robust(
        sender=Event, tournament_id=tournament_id, seq=seq
    ):
        if isinstance(result, Exception):
            logger.error("event_appended receiver %r failed", receiver, exc_info=result)
