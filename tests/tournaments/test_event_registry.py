"""Every event kind is complete, and the boundary is the only reader of stored payloads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tournaments.domain import events
from tournaments.domain.events import EVENT_TYPES, EventKind, payload_lookup, upcast

ROOT = Path(__file__).resolve().parents[2]
APPS = ("config", "live", "tiebreaks", "tournaments")
# The kinds with their upcasters, and the store's reader of stored rows.
BOUNDARY = (
    ROOT / "tournaments" / "domain" / "events.py",
    ROOT / "tournaments" / "store" / "events.py",
)
# Reading a stored payload: the raw column in a query, the attribute, or upcasting it.
RAW_PAYLOAD = re.compile(r"payload__|\.payload\b|\bupcast\b")

KINDS = sorted(EVENT_TYPES)


def application_modules() -> list[Path]:
    return [
        path
        for app in APPS
        for path in sorted((ROOT / app).rglob("*.py"))
        if "migrations" not in path.parts
    ]


def test_no_module_outside_the_boundary_reads_stored_payloads() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in application_modules()
        if path not in BOUNDARY
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if RAW_PAYLOAD.search(line)
    ]
    assert offenders == []


def test_the_boundary_check_sees_a_raw_read() -> None:
    # The rule above would pass on an empty file list or a regex that never matches.
    assert len(application_modules()) > 20
    assert RAW_PAYLOAD.search("events.filter(payload__round=3)")
    assert RAW_PAYLOAD.search("name = event.payload['name']")


def test_every_kind_name_has_its_class() -> None:
    assert sorted(kind.value for kind in EventKind) == KINDS
    assert all(kind == EVENT_TYPES[kind].KIND for kind in KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_every_older_version_has_an_upcaster(kind: str) -> None:
    declared = EVENT_TYPES[kind]
    assert declared.VERSION >= 1
    assert set(declared.UPCASTERS) == set(range(1, declared.VERSION))


@pytest.mark.parametrize("kind", KINDS)
def test_every_stored_version_reads_as_the_current_event(kind: str) -> None:
    declared = EVENT_TYPES[kind]
    assert set(declared.EXAMPLES) == set(range(1, declared.VERSION + 1)), "one example a version"
    for version, stored in declared.EXAMPLES.items():
        current = upcast(kind, version, stored)
        event = events.decode(kind, version, stored)
        # The payload a new event of this content stores: the current shape, unchanged.
        assert event.to_payload() == current, version
        assert event.summary()


def test_a_payload_newer_than_the_code_is_refused() -> None:
    with pytest.raises(ValueError, match="newer than this code"):
        upcast("round.closed", 2, {"round": 1})


@pytest.mark.parametrize("field", events.QUERIED_FIELDS)
def test_queried_fields_keep_their_name_in_every_version(field: str) -> None:
    # A field that queries filter on (payload_lookup) must mean the same in every
    # stored version, or the query would miss old events: no upcaster may rename it.
    for declared in EVENT_TYPES.values():
        for version, stored in declared.EXAMPLES.items():
            current = upcast(declared.KIND, version, stored)
            assert (field in stored) == (field in current), (declared.KIND, version)
            if field in stored:
                assert stored[field] == current[field], (declared.KIND, version)


def test_only_declared_fields_can_be_queried() -> None:
    with pytest.raises(ValueError, match="not one that queries may read"):
        payload_lookup("reason")
