"""Conditional GETs of /api/tournaments/<id>/standings/ and /crosstable/: the ETag is
the tournament's version, and a client that has it gets 304 instead of the body."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from live.snapshots import store_snapshot
from tournaments.store.queries import load_tournament

from .builders import make_tournament, record

pytestmark = pytest.mark.django_db

Get = Callable[..., Any]


@pytest.fixture(params=["standings", "crosstable"])
def get(request: pytest.FixtureRequest) -> Get:
    def get(tid: int, **extra: Any) -> Any:
        params = extra.pop("params", {})
        return APIClient().get(reverse(request.param, args=[tid]), params, **extra)

    return get


def test_if_none_match_with_the_current_version_is_not_modified(get: Get) -> None:
    tid = make_tournament(players=4)
    etag = get(tid)["ETag"]
    response = get(tid, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response["ETag"] == etag


def test_if_none_match_with_an_older_version_gets_the_body(get: Get) -> None:
    tid = make_tournament(players=4)
    get(tid)
    last = record(tid, 1, "1-0")
    store_snapshot(load_tournament(tid))  # as the worker would
    response = get(tid, HTTP_IF_NONE_MATCH=f'"{last - 1}"')
    assert response.status_code == 200
    assert response.json()["version"] == last


def test_version_parameter(get: Get) -> None:
    tid = make_tournament(players=4)
    version = get(tid).json()["version"]
    assert get(tid, params={"version": version}).status_code == 304
    assert get(tid, params={"version": version - 1}).status_code == 200


def test_bad_version_parameter_names_the_field(get: Get) -> None:
    response = get(make_tournament(players=4), params={"version": "latest"})
    assert response.status_code == 400
    assert "version" in response.json()


def test_unknown_tournament_is_404(get: Get) -> None:
    response = get(987654)
    assert response.status_code == 404
    assert "987654" in response.json()["detail"]


def test_an_entity_tag_of_other_digits_gets_the_body(get: Get) -> None:
    tid = make_tournament(players=4)
    assert get(tid, HTTP_IF_NONE_MATCH='"²"').status_code == 200


def test_if_none_match_any_is_not_modified(get: Get) -> None:
    tid = make_tournament(players=4)
    assert get(tid, HTTP_IF_NONE_MATCH="*").status_code == 304
