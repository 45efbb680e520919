"""The prize list through the API: stored as events, read back spelled out, refused
naming the field, written by the tournament's organisers only."""

from __future__ import annotations

from rest_framework.test import APIClient

from tournaments.store.queries import load_tournament

from .builders import Api, make_tournament, stored

PRIZES = {
    "sharing": "equal",
    "prizes": [
        {"name": "1st", "amount": "100", "place": 1},
        {"name": "Best U1800", "amount": 50, "place": 1, "category": {"rating_max": 1799}},
    ],
}
# PRIZES with every default spelled out and amounts to the cent (docs/prizes.md).
SPELLED_OUT = {
    "sharing": "equal",
    "hort_share": "0.5",
    "one_prize_per_player": True,
    "precedence": "general_first",
    "rounding": "distribute",
    "prizes": [
        {"name": "1st", "place": 1, "amount": "100.00", "unclaimed": "lapse"},
        {
            "name": "Best U1800",
            "place": 1,
            "amount": "50.00",
            "category": {"rating_max": 1799},
            "unclaimed": "lapse",
        },
    ],
}


def test_a_prize_list_put_is_read_back_spelled_out(api, organiser):
    tid = make_tournament(organiser)
    response = api.put("prize-list", tid, body=PRIZES)
    assert response.status_code == 201, response.json()
    assert response.json()["kind"] == "prizes.set"
    assert Api().get("prize-list", tid).json() == SPELLED_OUT


def test_a_later_prize_list_replaces_the_earlier(api, organiser):
    tid = make_tournament(organiser)
    api.put("prize-list", tid, body=PRIZES)
    api.put("prize-list", tid, body={"prizes": [{"name": "Cup", "place": 1}]})
    names = [p["name"] for p in api.get("prize-list", tid).json()["prizes"]]
    assert names == ["Cup"]
    assert load_tournament(tid).state.prize_list_seq == stored(tid)


def test_no_prize_list_yet_is_404(api, organiser):
    tid = make_tournament(organiser)
    response = Api().get("prize-list", tid)
    assert response.status_code == 404
    assert "no prize list" in response.json()["detail"]


def test_a_wrong_field_is_named_and_nothing_is_stored(api, organiser):
    tid = make_tournament(organiser)
    before = stored(tid)
    body = {"prizes": [{"name": "1st", "place": 1, "category": {"rating_max": "1800"}}]}
    response = api.put("prize-list", tid, body=body)
    assert response.status_code == 400
    assert list(response.json()) == ["prizes[0].category.rating_max"]
    assert "whole number" in response.json()["prizes[0].category.rating_max"][0]
    assert stored(tid) == before


def test_a_body_that_is_no_object_is_refused(api, organiser):
    tid = make_tournament(organiser)
    response = api.put("prize-list", tid, body=[1, 2])
    assert response.status_code == 400
    assert stored(tid) == 5


def test_the_same_list_again_is_refused(api, organiser):
    tid = make_tournament(organiser)
    api.put("prize-list", tid, body=PRIZES)
    response = api.put("prize-list", tid, body=SPELLED_OUT)
    assert response.status_code == 400
    assert list(response.json()) == ["prizes"]


def test_anonymous_users_cannot_set_the_prize_list(organiser):
    tid = make_tournament(organiser)
    assert Api().put("prize-list", tid, body=PRIZES).status_code == 401
    assert stored(tid) == 5


def test_another_tournaments_organiser_cannot_set_it(make_api, organiser):
    tid = make_tournament(organiser)
    assert make_api("someone-else").put("prize-list", tid, body=PRIZES).status_code == 403
    assert stored(tid) == 5


def test_a_session_without_csrf_token_cannot_set_it(organiser):
    tid = make_tournament(organiser)
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(organiser)
    response = client.put(f"/api/tournaments/{tid}/prizes/", PRIZES, format="json")
    assert response.status_code == 403
    assert stored(tid) == 5
