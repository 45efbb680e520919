"""Issue 22: the regulations' line-up order setting ("roster", "rating" with a
tolerance, "free"), stored with the settings and enforced by the line-up decision.

Team 1 of ``build_team_event`` is start ranks 1-5 rated 2390, 2380, 2370, 2360,
2350 (2400 - 10 x start rank), roster in that order; four boards."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tests.builders import build_team_event
from tournaments.domain.events import decode
from tournaments.store import queries

pytestmark = pytest.mark.django_db


def team_event(api: Any, organiser: Any, **settings: Any) -> int:
    tid = build_team_event(author=organiser, lined_up=False)
    if settings:
        url = reverse("tournaments:tournament-detail", args=[tid])
        response = api.client.patch(url, settings, format="json")
        assert response.status_code == 201, response.json()
    return tid


def line_up(api: Any, tid: int, players: list[int | None]) -> Any:
    return api.post("lineup-create", tid, body={"round": 1, "team": 1, "players": players})


def lineups(tid: int) -> Any:
    return queries.load_tournament(tid).state.lineups


def test_by_default_a_player_may_not_sit_ahead_of_a_roster_earlier_one(api, organiser):
    tid = team_event(api, organiser)
    response = line_up(api, tid, [2, 1, 3, 4])
    assert response.status_code == 400
    message = response.json()["players"][0]
    assert "player 2 (Player 1.2) may not sit ahead of player 1 (Player 1.1)" in message
    assert lineups(tid) == {}


def test_by_rating_a_player_may_sit_ahead_of_one_rated_at_most_the_tolerance_higher(api, organiser):
    tid = team_event(api, organiser, lineup_order="rating", lineup_tolerance=10)
    # player 1 (2390) is rated 10 above player 2 (2380): within the tolerance
    assert line_up(api, tid, [2, 1, 3, 4]).status_code == 201
    assert lineups(tid)[(1, 1)] == (2, 1, 3, 4)


def test_by_rating_one_rated_more_than_the_tolerance_higher_may_not_sit_behind(api, organiser):
    tid = team_event(api, organiser, lineup_order="rating", lineup_tolerance=10)
    # player 1 (2390) is rated 20 above player 3 (2370)
    response = line_up(api, tid, [3, 1, 2, 4])
    assert response.status_code == 400
    message = response.json()["players"][0]
    assert "player 3 (Player 1.3) may not sit ahead of player 1 (Player 1.1)" in message
    assert "more than 10 points" in message
    assert lineups(tid) == {}


def test_a_free_order_takes_the_roster_players_in_any_order(api, organiser):
    tid = team_event(api, organiser, lineup_order="free")
    assert line_up(api, tid, [5, 4, 3, 2]).status_code == 201
    assert lineups(tid)[(1, 1)] == (5, 4, 3, 2)


def test_the_setting_is_stored_with_the_settings(api, organiser):
    tid = team_event(api, organiser, lineup_order="rating", lineup_tolerance=50)
    settings = queries.load_tournament(tid).state.settings
    assert (settings.lineup_order, settings.lineup_tolerance) == ("rating", 50)


def test_a_tolerance_without_the_rating_order_is_refused_naming_it(api, organiser):
    tid = team_event(api, organiser)
    url = reverse("tournaments:tournament-detail", args=[tid])
    response = api.client.patch(url, {"lineup_tolerance": 50}, format="json")
    assert response.status_code == 400
    assert "lineup_tolerance" in response.json()
    assert queries.load_tournament(tid).state.settings.lineup_tolerance is None


def test_the_kind_of_event_cannot_change(api, organiser):
    tid = team_event(api, organiser)
    url = reverse("tournaments:tournament-detail", args=[tid])
    response = api.client.patch(url, {"kind": "individual"}, format="json")
    assert response.status_code == 400
    assert "kind" in response.json()


def test_an_event_stored_before_the_setting_reads_as_the_roster_order():
    old = {
        "name": "League",
        "rounds": 3,
        "system": "round robin",
        "rules": "fide-2026",
        "tiebreaks": ["EDE"],
        "scoring": {"win": "1", "draw": "1/2", "loss": "0"},
        "kind": "team",
        "boards": 4,
    }
    event = decode("tournament.created", 1, old)
    assert (event.lineup_order, event.lineup_tolerance) == ("roster", None)


def test_the_api_reads_the_setting_back(api, organiser):
    tid = team_event(api, organiser, lineup_order="rating", lineup_tolerance=25)
    body = api.client.get(reverse("tournaments:tournament-detail", args=[tid])).json()
    assert (body["lineup_order"], body["lineup_tolerance"]) == ("rating", 25)
