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

A command's append may also start from a state *proposed* by the append before
it, not committed yet (``propose``); its INSERT stores nothing unless that
proposal's last event is stored (``commands._append_after``).

Dropping the cache changes nothing but speed.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime

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
    last_event: Fingerprint  # the event at state.version


_entries: OrderedDict[int, _Entry] = OrderedDict()
# The state after an append of this process not committed yet: a guess, used only
# by the next command's append, which stores its event only if this guess's last
# event is stored (``commands._append_after``); never to answer a read.  Without
# it, a command that waited for the lock found the cache one event behind, the
# committer's thread not having run its on-commit callbacks yet.
_proposed: OrderedDict[int, _Entry] = OrderedDict()
_lock = threading.Lock()


def _fingerprint(event: Event) -> Fingerprint:
    return (event.pk, event.created_at)


def cached_state(tournament_id: int) -> tuple[TournamentState, Fingerprint] | None:
    """The newest state remembered or proposed for the tournament, and its last
    event, read without the database: it may be behind (another process appended),
    or ahead (a proposal rolled back)."""
    with _lock:
        entries = [e for e in (_entries.get(tournament_id), _proposed.get(tournament_id)) if e]
    if not entries:
        return None
    entry = max(entries, key=lambda e: e.state.version)
    return entry.state, entry.last_event


def propose(tournament_id: int, state: TournamentState, last_event: Event) -> None:
    """Offer ``state`` (which ends with ``last_event``, not committed yet) to the
    tournament's next command; see ``cached_state``."""
    with _lock:
        _proposed[tournament_id] = _Entry(state, _fingerprint(last_event))
        _proposed.move_to_end(tournament_id)
        while len(_proposed) > MAX_ENTRIES:
            _proposed.popitem(last=False)


def current_state(tournament_id: int) -> TournamentState:
    """The state after every event visible to this transaction; ``UnreadableLog``
    when the stored events cannot be folded."""
    events = Event.objects.filter(tournament_id=tournament_id).order_by("seq")
    with _lock:
        entry = _entries.get(tournament_id)
    if entry is not None:
        tail = list(events.filter(seq__gte=entry.state.version))
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


def remember(tournament_id: int, state: TournamentState, last_event: Event) -> None:
    """Cache ``state`` (which ends with ``last_event``) once the transaction commits."""
    entry = _Entry(state, _fingerprint(last_event))
    transaction.on_commit(lambda: _store(tournament_id, entry))


def _store(tournament_id: int, entry: _Entry) -> None:
    with _lock:
        current = _entries.get(tournament_id)
        if current is None or current.state.version <= entry.state.version:
            _entries[tournament_id] = entry
        _entries.move_to_end(tournament_id)
        while len(_entries) > MAX_ENTRIES:
            _entries.popitem(last=False)


def forget_all() -> None:
    """Empty the cache (tests that rebuild the database use it)."""
    with _lock:
        _entries.clear()
        _proposed.clear()
