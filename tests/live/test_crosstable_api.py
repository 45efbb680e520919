"""GET /api/tournaments/<id>/crosstable/: every player's rounds (conditional GETs: test_etags)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from .builders import make_tournament, record

pytestmark = pytest.mark.django_db


def get(tid: int, **extra):
    params = extra.pop("params", {})
    return APIClient().get(reverse("crosstable", args=[tid]), params, **extra)


def test_crosstable_lists_each_players_rounds_by_start_rank() -> None:
    tid = make_tournament(players=4)  # boards: 1 v 3, 2 v 4
    last = record(tid, 2, "0-1")
    response = get(tid)
    assert response.status_code == 200
    assert response["ETag"] == f'"{last}"'
    assert response.json() == {
        "tournament": tid,
        "version": last,
        "rounds": 1,
        "rows": [
            [1, [[3, "w", None]]],
            [2, [[4, "w", "0"]]],
            [3, [[1, "b", None]]],
            [4, [[2, "b", "1"]]],
        ],
    }


def test_a_new_result_is_in_the_next_crosstable() -> None:
    tid = make_tournament(players=4)
    get(tid)
    last = record(tid, 1, "1-0")
    body = get(tid).json()
    assert body["version"] == last
    assert body["rows"][0] == [1, [[3, "w", "1"]]]
