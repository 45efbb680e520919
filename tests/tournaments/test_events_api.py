"""The event log endpoint: oldest first, paginated, filtered by round, kind and since."""

from __future__ import annotations

import pytest

from tournaments.store import commands

from .builders import Api, make_tournament


@pytest.fixture
def tid(organiser) -> int:
    tid = make_tournament(organiser, players=4, pairings=[[(1, 2), (3, 4)]])  # seqs 1-6
    commands.record_result(tid, {"round": 1, "board": 1, "result": "1-0"}, author=organiser)
    commands.record_result(tid, {"round": 1, "board": 2, "result": "0-1"}, author=organiser)
    return tid


def seqs(response) -> list[int]:
    assert response.status_code == 200, response.json()
    return [event["seq"] for event in response.json()["results"]]


def test_the_log_lists_every_event_in_order(tid):
    response = Api().get("event-list", tid)
    assert seqs(response) == list(range(1, 9))
    assert response.json()["results"][0]["kind"] == "tournament.created"
    assert response.json()["results"][0]["author"] == "organiser"


def test_filter_by_kind(tid):
    assert seqs(Api().get("event-list", tid, kind="result.recorded")) == [7, 8]


def test_filter_by_round(tid):
    assert seqs(Api().get("event-list", tid, round=1)) == [6, 7, 8]


def test_filter_since_a_seq(tid):
    assert seqs(Api().get("event-list", tid, since=6)) == [7, 8]


def test_the_log_is_paginated(tid):
    response = Api().get("event-list", tid, page=2)
    assert response.status_code == 404  # 8 events fit on the first page of 100
    assert Api().get("event-list", tid).json()["count"] == 8


@pytest.mark.parametrize(("param", "value"), [("round", "x"), ("kind", "nope"), ("since", "-1")])
def test_a_bad_filter_names_the_parameter(tid, param, value):
    response = Api().get("event-list", tid, **{param: value})
    assert response.status_code == 400
    assert param in response.json()


def test_the_log_of_an_unknown_tournament_is_404(db):
    assert Api().get("event-list", 999999).status_code == 404
