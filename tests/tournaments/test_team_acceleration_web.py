"""Baku acceleration of a team Swiss through the API: the setting, the accelerated
pairing, the standings without the virtual points, the TRF 250 records."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from tiebreaks.teams.standings import team_standings
from tournaments.store.queries import load_tournament

from .builders import Api, stored
from .test_team_api import team_event
from .test_team_trf_web import exported, imported

# 8 teams, 5 rounds: 3 accelerated, GA = 1-4 with 2 virtual MP in rounds 1-2, 1 in round 3.
BAKU: dict[str, Any] = {"system": "swiss", "rounds": 5, "acceleration": "baku"}
RECORDS = ["250  2.0  0.0 001 002 0001 0004", "250  1.0  0.0 003 003 0001 0004"]


def _pair(api: Api, tid: int) -> list[tuple[int, int]]:
    assert api.post("team-round-pair", tid, body={}).status_code == 201
    return [(m["white"], m["black"]) for m in api.get("team-round-list", tid).json()[-1]["matches"]]


def _patch(api: Api, tid: int, body: dict[str, Any]) -> Any:
    url = reverse("tournaments:tournament-detail", args=[tid])
    return api.client.patch(url, body, format="json")


def test_round_one_pairs_ga_and_gb_each_within_itself(api: Api) -> None:
    # Scoregroups {1-4} (2 virtual MP) and {5-8}: top half against bottom half, the
    # smaller TPN White when odd (4.3.1).  Unaccelerated: 1-5, 6-2, 3-7, 8-4.
    assert _pair(api, team_event(api, 8, **BAKU)) == [(1, 3), (4, 2), (5, 7), (8, 6)]


def test_the_team_event_shows_its_acceleration(api: Api) -> None:
    assert api.get("tournament-detail", team_event(api, 2, **BAKU)).json()["acceleration"] == "baku"


def test_baku_with_three_one_zero_match_points_is_refused(api: Api) -> None:
    body = {"name": "L", "kind": "team", "boards": 4, **BAKU}
    body["match_points"] = {"win": 3, "draw": 1, "loss": 0}
    response = api.post("tournament-list", body=body)
    assert response.status_code == 400
    assert "standard match points" in response.json()["acceleration"][0]


def test_baku_for_a_team_round_robin_is_refused(api: Api) -> None:
    body = {"name": "L", "kind": "team", "boards": 4, **BAKU, "system": "round robin"}
    response = api.post("tournament-list", body=body)
    assert response.status_code == 400
    assert "Swiss only" in response.json()["acceleration"][0]


def test_the_setting_changed_before_round_one_accelerates_it(api: Api) -> None:
    tid = team_event(api, 8, system="swiss", rounds=5)
    assert _patch(api, tid, {"acceleration": "baku"}).status_code == 201
    assert _pair(api, tid)[0] == (1, 3)


def test_the_setting_cannot_change_once_round_one_is_paired(api: Api) -> None:
    tid = team_event(api, 8, **BAKU)
    _pair(api, tid)
    before = stored(tid)
    response = _patch(api, tid, {"acceleration": None})
    assert response.status_code == 400 and "acceleration" in response.json()
    assert stored(tid) == before


def _forfeit_round(api: Api, tid: int, number: int, matches: int) -> None:
    """Every match won by its first-named team (a forfeit: no line-ups needed)."""
    for match in range(1, matches + 1):
        body = {"round": number, "match": match, "result": "+/-"}
        assert api.post("match-forfeit-create", tid, body=body).status_code == 201


def test_standings_ignore_the_virtual_points(api: Api) -> None:
    # Round 1: 1 beat 3, 4 beat 2, 5 beat 7, 8 beat 6.  GA's losers 2 and 3 have no MP.
    tid = team_event(api, 8, **BAKU)
    _pair(api, tid)
    _forfeit_round(api, tid, 1, 4)
    rows = team_standings(load_tournament(tid).state.to_team_tournament()).rows
    points = {row.team.number: row.match_points for row in rows}
    assert [points[t] for t in range(1, 9)] == [2, 0, 0, 2, 2, 0, 0, 2]


def test_round_two_pairs_ga_losers_with_gb_winners(api: Api) -> None:
    # Pairing scores after round 1: 1 and 4 2 + 2; 2 and 3 0 + 2, 5 and 8 2 + 0; 6 and
    # 7 0.  {1, 4}; {2, 3, 5, 8}: tops 2 and 3 against 5 and 8; {6, 7}.  (Forfeited
    # matches are not played: they do not stop a rematch.)  Unaccelerated the round-1
    # winners 1, 4, 5, 8 would form the top scoregroup.
    tid = team_event(api, 8, **BAKU)
    _pair(api, tid)
    _forfeit_round(api, tid, 1, 4)
    pairs = {frozenset(pair) for pair in _pair(api, tid)}
    assert pairs == {frozenset(p) for p in ((1, 4), (2, 5), (3, 8), (6, 7))}


def test_the_export_writes_the_virtual_points_as_250_records(api: Api) -> None:
    text = exported(api, team_event(api, 8, **BAKU))
    assert [line for line in text.splitlines() if line.startswith("250")] == RECORDS


def test_an_exported_baku_event_imports_with_its_acceleration(api: Api) -> None:
    text = exported(api, team_event(api, 8, **BAKU))
    response = imported(api, text)
    assert response.status_code == 201, response.json()
    tid = response.json()["id"]
    assert load_tournament(tid).state.settings.acceleration == "baku"
    assert exported(api, tid) == text


def test_an_event_exported_after_round_one_imports_with_its_acceleration(api: Api) -> None:
    # GA is then counted from round 1's matches: the same 250 records.
    tid = team_event(api, 8, **BAKU)
    _pair(api, tid)
    _forfeit_round(api, tid, 1, 4)
    response = imported(api, exported(api, tid))
    assert response.status_code == 201, response.json()
    assert load_tournament(response.json()["id"]).state.settings.acceleration == "baku"


def test_250_records_other_than_baku_are_refused_naming_the_line(api: Api) -> None:
    text = exported(api, team_event(api, 8, **BAKU)).replace(RECORDS[1], RECORDS[1][:-4] + "0005")
    response = imported(api, text)
    assert response.status_code == 400
    assert "other than the Baku method" in str(response.json())
