"""GET /api/tournaments/<id>/standings/: the latest snapshot (conditional GETs: test_etags)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from live.snapshots import ensure_snapshot, store_snapshot
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
    assert body["rows"][0][body["columns"].index("points")] == 1


def test_the_table_is_the_stored_one_as_the_websocket_sends_it() -> None:
    tid = make_tournament(players=4)
    response = get(tid)
    stored = ensure_snapshot(tid)
    assert response.content.decode() == stored.body_json
    assert (response.json()["type"], response.json()["pages"]) == ("standings", 1)


def test_the_object_view_names_rank_place_and_points() -> None:
    tid = make_tournament(players=4)  # boards: 1 v 3, 2 v 4
    record(tid, 1, "1-0")
    response = get(tid, params={"view": "objects"})
    assert response.status_code == 200
    rows = [(r["start_rank"], r["rank"], r["place"], r["points"]) for r in response.json()["rows"]]
    # 1 won; 3 lost to 1 (BH 1) and is second; 2 and 4 (in play, BH 0) share places 3-4.
    assert rows == [(1, 1, "1", 1), (3, 2, "2", 0), (2, 3, "3-4", 0), (4, 3, "3-4", 0)]


def test_an_unknown_view_names_the_field() -> None:
    tid = make_tournament(players=4)
    response = get(tid, params={"view": "tables"})
    assert response.status_code == 400
    assert "view" in response.json()


def test_the_object_view_answers_304_like_the_rows() -> None:
    tid = make_tournament(players=4)
    etag = get(tid)["ETag"]
    assert get(tid, params={"view": "objects"}, HTTP_IF_NONE_MATCH=etag).status_code == 304


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


def test_the_openapi_schema_documents_both_views() -> None:
    schema = APIClient().get(reverse("schema"), {"format": "json"}).json()
    operation = schema["paths"]["/api/tournaments/{tournament_id}/standings/"]["get"]
    (view,) = (p for p in operation["parameters"] if p["name"] == "view")
    assert view["schema"]["enum"] == ["objects", "rows"]
    shapes = operation["responses"]["200"]["content"]["application/json"]["schema"]["oneOf"]
    assert [shape["title"] for shape in shapes] == ["Standings", "StandingsObjects"]
    assert "columns" in shapes[0]["properties"] and "place" in str(shapes[1])
