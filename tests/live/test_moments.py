"""Standings, crosstable and round pages at any moment of the log (?as_of=, ?round=)."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from live.snapshots import ensure_snapshot
from tournaments.store import commands

from .builders import make_tournament, organiser, record

pytestmark = pytest.mark.django_db


def standings(tid: int, **query: str):
    return APIClient().get(reverse("standings", args=[tid]), query)


def comparable(body: dict) -> tuple:
    """What two tournaments with the same events share (not their ids or times)."""
    return body["columns"], body["rows"], body["ties"], body["rounds"]


def test_as_of_equals_the_standings_of_the_events_up_to_that_seq() -> None:
    tid = make_tournament(players=4)  # round 1: 1 v 3, 2 v 4
    moment = record(tid, 1, "1-0")
    record(tid, 2, "0-1")
    # The same tournament stopped at that event: its present standings.
    twin = make_tournament(players=4)
    record(twin, 1, "1-0")
    past = standings(tid, as_of=str(moment)).json()
    assert comparable(past) == comparable(json.loads(ensure_snapshot(twin).body_json))
    assert past["version"] == moment
    # By hand: only 1 has won by then.
    points = past["columns"].index("points")
    assert [(r[0], r[points]) for r in past["rows"]][0] == (1, 1)


def test_round_n_is_the_log_before_round_n_plus_1_was_paired() -> None:
    tid = make_tournament(players=4, rounds=2)
    record(tid, 1, "1-0")
    after_one = record(tid, 2, "1/2-1/2")
    author = organiser()
    commands.record_pairing(tid, {"round": 2, "boards": [{"white": 1, "black": 2}]}, author=author)
    record(tid, 1, "0-1", round_number=2)
    assert standings(tid, round="1").json()["version"] == after_one


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"as_of": "0"}, "as_of"),
        ({"as_of": "abc"}, "as_of"),
        ({"as_of": "999"}, "as_of"),
        ({"round": "2"}, "round"),
        ({"as_of": "2", "round": "1"}, "as_of"),
    ],
)
def test_a_moment_that_is_not_one_is_400_naming_the_field(query, field) -> None:
    tid = make_tournament(players=4)
    response = standings(tid, **query)
    assert response.status_code == 400
    assert list(response.json()) == [field]


def test_the_crosstable_page_as_of_a_seq_shows_the_results_then() -> None:
    tid = make_tournament(players=4)
    moment = record(tid, 1, "1-0")
    record(tid, 2, "0-1")
    url = reverse("live:crosstable", args=[tid])
    then = Client().get(url, {"as_of": str(moment)}).content.decode()
    now = Client().get(url).content.decode()
    assert f"after event #{moment}" in then
    # Board 2 (2 v 4) had no result then: both players' cells show the game on.
    assert then.count("…") == 2
    assert now.count("…") == 0


def test_the_round_page_refuses_a_bad_moment() -> None:
    tid = make_tournament(players=4)
    response = Client().get(reverse("live:round", args=[tid, 1]), {"as_of": "x"})
    assert response.status_code == 400
    assert response.content.decode().startswith("as_of:")
