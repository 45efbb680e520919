"""The one boundary where stored events become domain events.

``domain_event(stored)`` reads a stored row as its kind's typed event
(``tournaments.domain.events``), through the kind's upcasters whatever version
it was written at; ``payload_of(stored)`` is that event's payload at the current
version (what the API shows).  Nothing outside this module and the kinds'
upcasters reads a stored payload or queries ``payload__...``
(``test_event_registry`` keeps it so); ``payload_lookup`` names a current field
for the few queries that filter on one.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from tournaments.domain import state as domain_state
from tournaments.domain.events import (
    QUERIED_FIELDS,
    DomainEvent,
    EventKind,
    Payload,
    decode,
    payload_lookup,
    upcast,
)
from tournaments.domain.state import FoldError, TournamentState

__all__ = [
    "QUERIED_FIELDS",
    "EventKind",
    "StoredEvent",
    "domain_event",
    "fold",
    "payload_json",
    "payload_lookup",
    "payload_of",
    "summarise",
]


class StoredEvent(Protocol):
    """What the boundary reads from a stored event (``tournaments.models.Event`` fits)."""

    seq: int
    kind: str
    schema_version: int
    payload: Mapping[str, Any]


def domain_event(stored: StoredEvent) -> DomainEvent:
    """A stored event as its kind's typed event, at the current version."""
    return decode(stored.kind, stored.schema_version, stored.payload)


def payload_of(stored: StoredEvent) -> Payload:
    """The payload of a stored event at its kind's current version."""
    return upcast(stored.kind, stored.schema_version, stored.payload)


def summarise(stored: StoredEvent) -> str:
    """One line describing a stored event, for the admin's event log."""
    return domain_event(stored).summary()


def payload_json(stored: StoredEvent) -> str:
    """A new event's payload as the JSON text the event table stores (a bulk COPY)."""
    return json.dumps(stored.payload, ensure_ascii=False)


def fold(events: Iterable[StoredEvent], start: TournamentState | None = None) -> TournamentState:
    """The state after the stored ``events`` in seq order: from tournament.created
    on, or continuing ``start`` with the events that follow it; FoldError naming the
    first event that does not fit."""
    folder = domain_state.OpenFold(start)
    for stored in events:
        try:
            folder.apply(stored.seq, domain_event(stored))
        except FoldError:
            raise
        except (LookupError, TypeError, ValueError, AttributeError, AssertionError) as exc:
            # A stored row the commands would not have written (an unknown kind, a
            # payload that does not fit the state): the log cannot be read past it.
            raise FoldError(f"event {stored.seq} ({stored.kind}): {exc!r}", stored.seq) from exc
    return folder.state()
