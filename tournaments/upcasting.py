"""Schema versions of event payloads, and the upcasters that read old ones.

Stored events are never rewritten.  When a payload's shape changes, its kind's
version goes up and an upcaster turns a stored payload of version N into
version N + 1; readers chain them up to the current version.  Pure Python.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]

CURRENT_VERSIONS: Mapping[str, int] = {
    "tournament.created": 1,
    "player.registered": 2,
    "player.withdrawn": 1,
    "bye.requested": 1,
    "round.paired": 1,
    "result.recorded": 1,
    "result.corrected": 1,
    "round.closed": 1,
}

# (kind, version it reads) -> upcaster producing version + 1.
UPCASTERS: dict[tuple[str, int], Upcaster] = {}


def upcaster(kind: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
    def register(func: Upcaster) -> Upcaster:
        UPCASTERS[(kind, from_version)] = func
        return func

    return register


@upcaster("player.registered", 1)
def _player_registered_add_fide_id(payload: Payload) -> Payload:
    """v1 had no FIDE id: such players have none on record."""
    return {**payload, "fide_id": ""}


def upcast(kind: str, version: int, payload: Mapping[str, Any]) -> Payload:
    """The payload of a stored event brought up to its kind's current version."""
    current = CURRENT_VERSIONS[kind]
    if version > current:
        raise ValueError(f"{kind} schema version {version} is newer than this code ({current})")
    result = dict(payload)
    for from_version in range(version, current):
        try:
            step = UPCASTERS[(kind, from_version)]
        except KeyError:
            raise ValueError(f"no upcaster for {kind} v{from_version}") from None
        result = step(result)
    return result
