"""The event registry is complete, and it is the only reader of stored payloads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rest_framework import serializers

from tournaments.store import events
from tournaments.store.events import REGISTRY, EventKind, payload_lookup, upcast
from tournaments.store.schemas import validate

ROOT = Path(__file__).resolve().parents[2]
APPS = ("config", "live", "tiebreaks", "tournaments")
BOUNDARY = ROOT / "tournaments" / "store" / "events.py"
# Reading a stored payload: the raw column in a query, the attribute, or upcasting it.
RAW_PAYLOAD = re.compile(r"payload__|\.payload\b|\bupcast\b")

KINDS = sorted(REGISTRY)


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
        if path != BOUNDARY
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if RAW_PAYLOAD.search(line)
    ]
    assert offenders == []


def test_the_boundary_check_sees_a_raw_read() -> None:
    # The rule above would pass on an empty file list or a regex that never matches.
    assert len(application_modules()) > 20
    assert RAW_PAYLOAD.search("events.filter(payload__round=3)")
    assert RAW_PAYLOAD.search("name = event.payload['name']")


def test_every_kind_has_a_name_in_code() -> None:
    assert sorted(kind.value for kind in EventKind) == KINDS
    assert EventKind.ROUND_PAIRED == "round.paired"


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_has_schema_fold_and_summary(kind: str) -> None:
    declared = REGISTRY[kind]
    assert issubclass(declared.schema, serializers.Serializer)
    assert callable(declared.fold) and callable(declared.summary)
    assert declared.version >= 1


@pytest.mark.parametrize("kind", KINDS)
def test_every_older_version_has_an_upcaster(kind: str) -> None:
    declared = REGISTRY[kind]
    assert set(declared.upcasters) == set(range(1, declared.version))


@pytest.mark.parametrize("kind", KINDS)
def test_every_stored_version_upcasts_to_a_valid_current_payload(kind: str) -> None:
    declared = REGISTRY[kind]
    assert set(declared.examples) == set(range(1, declared.version + 1)), "one example a version"
    for version, stored in declared.examples.items():
        current = upcast(kind, version, stored)
        # What the current schema accepts and keeps as is: the shape new events have.
        assert validate(declared.schema, current) == current, version
        assert declared.summary(current)


def test_a_kind_cannot_be_declared_twice() -> None:
    declared = REGISTRY["round.closed"]
    with pytest.raises(ValueError, match="declared twice"):
        events.declare(
            "round.closed",
            schema=declared.schema,
            fold=declared.fold,
            summary=declared.summary,
            examples=declared.examples,
        )


@pytest.mark.parametrize("field", events.QUERIED_FIELDS)
def test_queried_fields_keep_their_name_in_every_version(field: str) -> None:
    # A field that queries filter on (payload_lookup) must mean the same in every
    # stored version, or the query would miss old events: no upcaster may rename it.
    for declared in REGISTRY.values():
        for version, stored in declared.examples.items():
            current = upcast(declared.kind, version, stored)
            assert (field in stored) == (field in current), (declared.kind, version)
            if field in stored:
                assert stored[field] == current[field], (declared.kind, version)


def test_only_declared_fields_can_be_queried() -> None:
    with pytest.raises(ValueError, match="not one that queries may read"):
        payload_lookup("reason")
