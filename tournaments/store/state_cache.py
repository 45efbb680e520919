"""A tournament's current state: its events folded, resuming from the last
committed fold this process made.

Every append and every standings recompute needs the current state; folding a
300-player Swiss's whole log each time costs far more than the new events do.
This per-process cache is only a shortcut, never a source of truth:

* a state is remembered only once the transaction that read or wrote its
  events commits (``transaction.on_commit``), so a rolled-back append never
  leaks into it;
* an entry is used only while the event it ended with is still the row stored
  at that seq (same primary key and timestamp), and then only the events after
  it are read and folded on top.

A command may start from ``cached_state`` without reading: its outcome is final
only once that state is verified against the stored events (``append``).

Dropping the cache changes nothing but speed.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from django.db import transaction

from tournaments.domain.errors import TournamentNotFound, UnreadableLog
from tournaments.domain.state import FoldError, TournamentState
from tournaments.models import Event

from .events import fold

MAX_ENTRIES = 64

Fingerprint = tuple[int, datetime]


@dataclass(frozen=True)
class _Entry:
    state: TournamentState
    last_event: Fingerprint  # the event at state.last_seq


_entries: OrderedDict[int, _Entry] = OrderedDict()
_lock = threading.Lock()


def _fingerprint(event: Event) -> Fingerprint:
    return (event.pk, event.created_at)


def cached_state(tournament_id: int) -> tuple[TournamentState, int] | None:
    """The newest state this process committed or read for the tournament and the
    id of its last event, without the database: another process may have appended
    since (``append`` checks it)."""
    with _lock:
        entry = _entries.get(tournament_id)
    return (entry.state, entry.last_event[0]) if entry is not None else None


def current_state(tournament_id: int) -> TournamentState:
    """The state after every event visible to this transaction; ``UnreadableLog``
    when the stored events cannot be folded."""
    events = Event.objects.filter(tournament_id=tournament_id).order_by("seq")
    with _lock:
        entry = _entries.get(tournament_id)
    if entry is not None:
        tail = list(events.filter(seq__gte=entry.state.last_seq))
        if tail and _fingerprint(tail[0]) == entry.last_event:
            state = _fold(tournament_id, tail[1:], start=entry.state)
            remember(tournament_id, state, tail[-1])
            return state
    log = list(events)
    if not log:
        raise TournamentNotFound(tournament_id)
    state = _fold(tournament_id, log)
    remember(tournament_id, state, log[-1])
    return state


def _fold(
    tournament_id: int, events: list[Event], start: TournamentState | None = None
) -> TournamentState:
    """``fold``, with a log that cannot be folded an ``UnreadableLog``."""
    try:
        return fold(events, start=start)
    except FoldError as exc:
        raise UnreadableLog(tournament_id, exc.seq, events[-1].seq, str(exc)) from exc


def state_at(tournament_id: int, seq: int) -> TournamentState:
    """The state after the events up to ``seq`` (a prefix of the log; at or past the
    last event, the current state).  The states of a prefix never change (events are
    immutable), so they are kept by the fingerprint of the event they end with."""
    last = Event.objects.filter(tournament_id=tournament_id, seq__lte=seq).order_by("-seq").first()
    if last is None:
        raise TournamentNotFound(tournament_id)
    if not Event.objects.filter(tournament_id=tournament_id, seq__gt=seq).exists():
        return current_state(tournament_id)
    return _prefix_state(tournament_id, seq, _fingerprint(last))


@lru_cache(maxsize=MAX_ENTRIES)
def _prefix_state(tournament_id: int, seq: int, last_event: Fingerprint) -> TournamentState:
    """Keyed by ``last_event`` too: a test database reused ids for new events."""
    events = Event.objects.filter(tournament_id=tournament_id, seq__lte=seq).order_by("seq")
    return _fold(tournament_id, list(events))


def remember(tournament_id: int, state: TournamentState, last_event: Event) -> None:
    """Cache ``state`` (which ends with ``last_event``) once the transaction commits."""
    entry = _Entry(state, _fingerprint(last_event))
    transaction.on_commit(lambda: _store(tournament_id, entry))


def _store(tournament_id: int, entry: _Entry) -> None:
    with _lock:
        current = _entries.get(tournament_id)
        if current is None or current.state.last_seq <= entry.state.last_seq:
            _entries[tournament_id] = entry
        _entries.move_to_end(tournament_id)
        while len(_entries) > MAX_ENTRIES:
            _entries.popitem(last=False)


def forget_all() -> None:
    """Empty the cache (tests that rebuild the database use it)."""
    with _lock:
        _entries.clear()
    _prefix_state.cache_clear()
