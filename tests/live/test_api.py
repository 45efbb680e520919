"""GET /api/tournaments/<id>/standings/: latest snapshot, ETag = version, 304s."""

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


def test_if_none_match_with_the_current_version_is_not_modified() -> None:
    tid = make_tournament(players=4)
    etag = get(tid)["ETag"]
    response = get(tid, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response["ETag"] == etag


def test_if_none_match_with_an_older_version_gets_the_table() -> None:
    tid = make_tournament(players=4)
    get(tid)
    last = record(tid, 1, "1-0")
    store_snapshot(load_tournament(tid))
    response = get(tid, HTTP_IF_NONE_MATCH=f'"{last - 1}"')
    assert response.status_code == 200
    assert response.json()["version"] == last


def test_version_parameter() -> None:
    tid = make_tournament(players=4)
    version = get(tid).json()["version"]
    assert get(tid, params={"version": version}).status_code == 304
    assert get(tid, params={"version": version - 1}).status_code == 200


def test_bad_version_parameter_names_the_field() -> None:
    tid = make_tournament(players=4)
    response = get(tid, params={"version": "latest"})
    assert response.status_code == 400
    assert "version" in response.json()


def test_unknown_tournament_is_404() -> None:
    response = get(987654)
    assert response.status_code == 404
    assert "987654" in response.json()["detail"]


def test_an_entity_tag_of_other_digits_gets_the_table() -> None:
    tid = make_tournament(players=4)
    response = get(tid, HTTP_IF_NONE_MATCH='"²"')
    assert response.status_code == 200


def test_if_none_match_any_is_not_modified() -> None:
    tid = make_tournament(players=4)
    assert get(tid, HTTP_IF_NONE_MATCH="*").status_code == 304


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
