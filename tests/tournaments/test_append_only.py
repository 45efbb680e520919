"""Stored events can be neither changed nor deleted: not by the ORM, not by SQL."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction

from tournaments.models import AppendOnlyError, Event

from .builders import make_tournament, needs_postgresql


@pytest.fixture
def event(organiser) -> Event:
    tid = make_tournament(organiser, players=1)
    return Event.objects.get(tournament_id=tid, seq=2)


@needs_postgresql
def test_a_raw_sql_update_of_an_event_fails(event):
    with (
        pytest.raises(IntegrityError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE tournaments_event SET payload = '{}' WHERE id = %s", [event.pk])
    assert Event.objects.get(pk=event.pk).payload == event.payload


@needs_postgresql
def test_a_raw_sql_delete_of_an_event_fails(event):
    with (
        pytest.raises(IntegrityError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("DELETE FROM tournaments_event WHERE id = %s", [event.pk])
    assert Event.objects.filter(pk=event.pk).exists()


def test_saving_a_stored_event_is_refused(event):
    event.payload = {"name": "Someone else"}
    with pytest.raises(AppendOnlyError):
        event.save()


def test_deleting_an_event_is_refused(event):
    with pytest.raises(AppendOnlyError):
        event.delete()
    assert Event.objects.filter(pk=event.pk).exists()


def test_queryset_update_is_refused(event):
    with pytest.raises(AppendOnlyError):
        Event.objects.filter(pk=event.pk).update(kind="round.closed")


def test_queryset_delete_is_refused(event):
    with pytest.raises(AppendOnlyError):
        Event.objects.all().delete()
    assert Event.objects.filter(pk=event.pk).exists()
