"""Standings, crosstable and round pages at any moment of the log (?as_of=, ?round=)."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from live.snapshots import ensure_snapshot
from live.spectator_content import standings_order
from live.templatetags.crosstable_format import points as points_text
from tests.builders import build_team_event, record_board
from tournaments.store import commands
from tournaments.store.queries import load_tournament

from .builders import make_tournament, organiser, record

pytestmark = pytest.mark.django_db


def standings(tid: int, **query: str):
    return APIClient().get(reverse("standings", args=[tid]), query)


def comparable(body: dict) -> tuple:
    """What two tournaments with the same events share (not their ids or times)."""
    return body["columns"], body["rows"], body["ties"], body["rounds"]


def two_results_and_a_twin() -> tuple[int, int, int]:
    """(tournament, the seq of its first of two results, a twin tournament whose log
    stops at that result: its present standings are the expected ones)."""
    tid = make_tournament(players=4)  # round 1: 1 v 3, 2 v 4
    moment = record(tid, 1, "1-0")
    record(tid, 2, "0-1")
    twin = make_tournament(players=4)
    record(twin, 1, "1-0")
    return tid, moment, twin


def test_as_of_equals_the_standings_of_the_events_up_to_that_seq() -> None:
    tid, moment, twin = two_results_and_a_twin()
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


def test_a_moment_that_is_not_one_is_told_in_the_language_asked() -> None:
    tid = make_tournament(players=4)
    url = reverse("standings", args=[tid])
    response = APIClient().get(url, {"as_of": "abc"}, headers={"accept-language": "de"})
    assert response.status_code == 400
    assert response.json() == {"as_of": ["erwartet wird eine ganze Zahl ab 1, nicht 'abc'"]}


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


def frozen_rows(html: str) -> list[tuple[str, str, str]]:
    """(place, name, points) of each row of the frozen live page's table."""
    rows = re.findall(
        r'<td class="place">([^<]*)</td><td class="name">([^<]*)</td><td class="pts">([^<]*)</td>',
        html,
    )
    return [(place, name, points) for place, name, points in rows]


def test_the_live_page_as_of_a_seq_shows_the_standings_of_the_events_up_to_it() -> None:
    tid, moment, twin = two_results_and_a_twin()
    names = {p.start_rank: p.name for p in load_tournament(twin).state.players.values()}
    expected = [
        (standing.place, names[rank], points_text(standing.points))
        for rank, standing in standings_order(ensure_snapshot(twin).standings)
    ]
    url = reverse("live:spectator", args=[tid])
    page = Client().get(url, {"as_of": str(moment)}).content.decode()
    assert frozen_rows(page) == expected
    assert f"(event #{moment})" in page


def test_the_live_page_as_of_a_moment_opens_no_socket() -> None:
    tid = make_tournament(players=4)
    moment = record(tid, 1, "1-0")
    page = Client().get(reverse("live:spectator", args=[tid]), {"as_of": str(moment)})
    html = page.content.decode()
    assert "data-ws" not in html
    assert "/ws/" not in html
    assert "spectator.js" not in html


def test_the_live_page_as_of_a_moment_links_back_to_the_live_page() -> None:
    tid = make_tournament(players=4)
    moment = record(tid, 1, "1-0")
    url = reverse("live:spectator", args=[tid])
    html = Client().get(url, {"as_of": str(moment)}).content.decode()
    assert f'class="back-to-live" href="{url}"' in html


def test_the_live_page_after_round_n_names_the_round() -> None:
    tid = make_tournament(players=4, rounds=2)
    record(tid, 1, "1-0")
    after_one = record(tid, 2, "1/2-1/2")
    commands.record_pairing(
        tid, {"round": 2, "boards": [{"white": 1, "black": 2}]}, author=organiser()
    )
    html = Client().get(reverse("live:spectator", args=[tid]), {"round": "1"}).content.decode()
    assert f"Standings as of round 1 (event #{after_one})" in html


@pytest.mark.parametrize(
    ("query", "field"),
    [({"as_of": "abc"}, "as_of"), ({"as_of": "999"}, "as_of"), ({"round": "2"}, "round")],
)
def test_the_live_page_refuses_a_moment_that_is_not_one_naming_the_field(query, field) -> None:
    tid = make_tournament(players=4)
    response = Client().get(reverse("live:spectator", args=[tid]), query)
    assert response.status_code == 400
    assert response.content.decode().startswith(f"{field}:")


def test_a_team_events_live_page_as_of_a_seq_ranks_its_teams() -> None:
    tid = build_team_event(teams=4, boards=2)
    moment = record_board(tid, 1, 1, "1-0")
    html = Client().get(reverse("live:spectator", args=[tid]), {"as_of": str(moment)})
    names = [name for _, name, _ in frozen_rows(html.content.decode())]
    assert sorted(names) == ["Club 1", "Club 2", "Club 3", "Club 4"]
