"""The one way events are stored.

``append(tournament_id, expected_seq, events)`` inserts the events at
``expected_seq + 1, + 2, ...``; the unique ``(tournament, seq)`` constraint is the
concurrency guard: when another writer stored ``expected_seq + 1`` first, the
INSERT fails (after waiting for that writer's commit) and ``append`` raises
``SeqTaken`` having stored nothing.

``decide_and_append`` is how a command runs: the decision makes the events from a
state of the tournament, and they are appended after that state's last seq, in one
transaction (``_attempt``).  The state is this process's cached one when it has one
(``state_cache``): a decision on it is final only once verified against the
stored events, either by the append itself (its INSERT at the next seq succeeds
only if that state's last event is still the tournament's last) or, when the
decision refuses the command, by reading the events after it and deciding again.
When another writer won, the command reads the stored events and decides again,
a bounded number of times.  A refusal stores nothing; no outcome depends on the
cache being fresh.

The writers of one tournament in this process take turns (``_turn``), so that in
a burst each decides once, on the state the one before it cached, instead of
all deciding on the same state and all but one deciding again.  Taking turns is
only that: what keeps two events from one seq is the constraint, whoever appends.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from functools import partial
from typing import cast

from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction

from tournaments.domain.errors import Conflict
from tournaments.domain.events import DomainEvent
from tournaments.domain.state import TournamentState, fold
from tournaments.models import Event

from .events import payload_json
from .signals import event_appended
from .state_cache import cached_state, current_state, remember

logger = logging.getLogger(__name__)
# At DEBUG, one line per committed command: its attempts, how long it waited for its
# turn and how long the turn took (bench/burst_bench.py turns it on and reads it).
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
    author: User | None = None,
    idempotency_key: str = "",
    last_event_id: int | None = None,
    announce: bool = True,
) -> list[Event]:
    """Store ``events`` after seq ``expected_seq``, the idempotency key on the last;
    SeqTaken if another writer was first.

    ``expected_seq`` is the last seq of the state the events were decided on: read
    in this transaction, or, with ``last_event_id``, a state from the cache, whose
    last event must then still be the one stored at ``expected_seq`` (checked by
    the INSERT itself).  Receivers of ``event_appended`` hear of the events once
    the transaction commits (``announce``; ``decide_and_append`` announces itself).

    Runs in the caller's transaction, if any, which SeqTaken must end: the failed
    INSERT leaves it unusable (a savepoint here would cost two more round trips for
    every command).
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
        if last_event_id is not None:
            if not _insert_after(rows, last_event_id):
                raise SeqTaken(f"event {last_event_id} is not seq {expected_seq}")
        elif connection.vendor == "postgresql" and len(rows) > _COPY_ABOVE:
            _copy(rows)
        else:
            Event.objects.bulk_create(rows, batch_size=_BATCH_ROWS)
    except IntegrityError as exc:
        if _constraint(exc) not in _RACE_CONSTRAINTS:
            raise
        raise SeqTaken(str(exc)) from exc
    if announce:
        transaction.on_commit(partial(_announce, tournament_id, rows[-1].seq))
    return rows


def decide_and_append(
    tournament_id: int,
    decide: Callable[[TournamentState], Sequence[DomainEvent]],
    *,
    author: User | None = None,
    expected_seq: int | None = None,
    idempotency_key: str = "",
    replayed: Callable[[Event], Event] = lambda event: event,
    then: Callable[[], object] | None = None,
) -> list[Event]:
    """The events ``decide`` makes of the tournament's latest state, appended.

    ``expected_seq``: the seq the client saw; another answers Conflict.  An
    ``idempotency_key`` already stored on the tournament answers
    ``replayed(that event)`` and stores nothing.  ``then`` runs after the append,
    in the same transaction (the memberships of the organiser commands).
    """
    began = time.perf_counter()
    with _turn(tournament_id):
        turn = time.perf_counter()
        for attempt in range(1, MAX_ATTEMPTS + 1):
            try:
                with _attempt(more_writes=then is not None):
                    if idempotency_key:
                        earlier = Event.objects.filter(
                            tournament_id=tournament_id, idempotency_key=idempotency_key
                        ).first()
                        if earlier is not None:
                            return [replayed(earlier)]
                    cached = _starting_point(tournament_id, attempt)
                    state, events = _decided(tournament_id, cached, decide, expected_seq)
                    stored = append(
                        tournament_id,
                        state.last_seq,
                        events,
                        author=author,
                        idempotency_key=idempotency_key,
                        last_event_id=cached[1] if cached and cached[0] is state else None,
                        announce=False,
                    )
                    if then is not None:
                        then()
                    _remember_after(state, events, stored)
                break
            except SeqTaken:
                logger.info(
                    "tournament %d: another writer was first (attempt %d)", tournament_id, attempt
                )
        else:
            last = Event.objects.filter(tournament_id=tournament_id).order_by("-seq").first()
            raise Conflict(last.seq if last else 0)
        turn_ended = time.perf_counter()
    # Announced after this writer's turn, the next one's decision being what
    # spectators wait for; on_commit: now, or when an enclosing transaction commits.
    if stored:
        transaction.on_commit(partial(_announce, tournament_id, stored[-1].seq))
    if timing_logger.isEnabledFor(logging.DEBUG):
        timing = (began, turn, turn_ended)
        transaction.on_commit(partial(_log_timing, tournament_id, attempt, *timing))
    return stored


def _starting_point(tournament_id: int, attempt: int) -> tuple[TournamentState, int] | None:
    """The cached state to decide on, and its last event's id; None: read the events.
    Only a first attempt starts from the cache (a lost race means it is behind), and
    only on PostgreSQL, whose INSERT checks it (``_insert_after``: SQLite's CAST
    reads a timestamp as a number)."""
    if attempt > 1 or connection.vendor != "postgresql":
        return None
    return cached_state(tournament_id)


def _attempt(*, more_writes: bool) -> AbstractContextManager[object]:
    """The transaction of one attempt.  When its only write is the append's one
    INSERT statement, that statement is the transaction: no BEGIN and COMMIT round
    trips, which the writers after it would wait for in turn.  With more to write
    (``then``), or inside the caller's transaction (a savepoint, so that a lost race
    can be tried again), an atomic block."""
    if more_writes or connection.in_atomic_block:
        return transaction.atomic()
    return nullcontext()


def _decided(
    tournament_id: int,
    cached: tuple[TournamentState, int] | None,
    decide: Callable[[TournamentState], Sequence[DomainEvent]],
    expected_seq: int | None,
) -> tuple[TournamentState, Sequence[DomainEvent]]:
    """The state decided on and the events decided; a refusal on the cached state is
    decided again on the stored events, which may allow the command."""

    def on(state: TournamentState) -> Sequence[DomainEvent]:
        if expected_seq is not None and expected_seq != state.last_seq:
            raise Conflict(state.last_seq, expected_seq)
        return decide(state)

    if cached is not None:
        try:
            return cached[0], on(cached[0])
        except (ValueError, Conflict):  # CommandError, TrfError, Conflict: refusals
            pass
    state = current_state(tournament_id)
    return state, on(state)


# Turns are taken per tournament among a fixed number of locks: no lock per
# tournament to keep or drop.
_TURNS = tuple(threading.Lock() for _ in range(64))
# A writer never waits longer for its turn: a turn only saves work, and a writer
# appending twice within one enclosing transaction must not wait for itself.
_TURN_TIMEOUT = 2.0


@contextmanager
def _turn(tournament_id: int) -> Iterator[None]:
    """This process's writers of one tournament, one at a time (see the module's doc)."""
    lock = _TURNS[tournament_id % len(_TURNS)]
    got = lock.acquire(timeout=_TURN_TIMEOUT)
    try:
        yield
    finally:
        if got:
            lock.release()


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


def _insert_after(rows: list[Event], last_event_id: int) -> bool:
    """INSERT ``rows`` if event ``last_event_id`` is stored at the seq before the
    first: True, with the rows stored, or False with nothing stored.  One statement,
    so that a command decided on a cached state costs no read."""
    fields = [f for f in Event._meta.concrete_fields if not f.primary_key]
    quote = connection.ops.quote_name
    table = quote(Event._meta.db_table)
    # A concrete field always has a column (the stubs allow None for the others).
    column = {f.name: quote(cast(str, f.column)) for f in Event._meta.concrete_fields}
    # Typed, so that a column of NULLs (no author) is not read as text.
    values = ", ".join(f"CAST(%s AS {f.db_type(connection)})" for f in fields)
    sql = (
        f"INSERT INTO {table} ({', '.join(column[f.name] for f in fields)}) "
        f"SELECT * FROM ({' UNION ALL '.join([f'SELECT {values}'] * len(rows))}) AS new "
        f"WHERE EXISTS (SELECT 1 FROM {table} WHERE {column['id']} = %s "
        f"AND {column['tournament']} = %s AND {column['seq']} = %s) "
        f"RETURNING {column['seq']}, {column['id']}"
    )
    params = [
        f.get_db_prep_save(getattr(row, f.attname), connection) for row in rows for f in fields
    ]
    first = rows[0]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, last_event_id, first.tournament_id, first.seq - 1])
        ids = dict(cursor.fetchall())
    if not ids:
        return False
    for row in rows:
        row.pk = ids[row.seq]
        row._state.adding, row._state.db = False, connection.alias
    return True


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


def _log_timing(
    tournament_id: int, attempts: int, began: float, turn: float, turn_ended: float
) -> None:
    timing_logger.debug(
        "tournament %d appended after %d attempt(s), queued %.3f ms, then %.3f ms to commit",
        tournament_id,
        attempts,
        (turn - began) * 1e3,
        (turn_ended - turn) * 1e3,
    )


def _announce(tournament_id: int, seq: int) -> None:
    # The event is stored; a failing receiver (say, a broker down) must not turn
    # the organiser's successful write into an error.
    for receiver, result in event_appended.send_robust(
        sender=Event, tournament_id=tournament_id, seq=seq
    ):
        if isinstance(result, Exception):
            logger.error("event_appended receiver %r failed", receiver, exc_info=result)
