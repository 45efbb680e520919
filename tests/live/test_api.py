"""GET /api/tournaments/<id>/standings/: the latest snapshot (conditional GETs: test_etags)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from live.snapshots import store_snapshot
from tournaments.store.queries import load_tournament

from .builders import make_tournament, record

pytestmark = pytest.mark.django_db


def get(tid: int, **extra):
    params = extra.pop("params", {})
    return APIClient().get(reverse("standings", args=[tid]), params, **extra)


def test_first_request_computes_the_snapshot() -> None:
    tid = make_tournament(players=4)
    last = record(tid, 1, "1-0")
    response = get(tid)
    assert response.status_code == 200
    assert response["ETag"] == f'"{last}"'
    body = response.json()
    assert body["version"] == last
    assert body["rows"][0]["points"] == 1


def test_latest_snapshot_is_served() -> None:
    tid = make_tournament(players=4)
    get(tid)
    last = record(tid, 2, "0-1")
    store_snapshot(load_tournament(tid))
    assert get(tid).json()["version"] == last


def test_a_snapshot_behind_the_events_queues_a_recomputation(monkeypatch) -> None:
    tid = make_tournament(players=4)
    get(tid)
    # The test transaction never commits, so this event queued nothing: as if its
    # task message had been lost.
    record(tid, 1, "1-0")
    queued: list[int] = []
    monkeypatch.setattr("live.api.schedule_recompute", queued.append)
    get(tid)
    assert queued == [tid]


def test_an_up_to_date_snapshot_queues_nothing(monkeypatch) -> None:
    tid = make_tournament(players=4)
    get(tid)
    queued: list[int] = []
    monkeypatch.setattr("live.api.schedule_recompute", queued.append)
    get(tid)
    assert queued == []
