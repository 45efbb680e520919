"""The organiser's amendments through the API: settings, player edits, pairing
numbers, bye cancellations, reinstatements, cancelled rounds; each refusal names
its field and stores nothing; only the tournament's organisers may."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.builders import record
from tournaments.store import commands, queries

from .builders import Api, make_tournament, stored

pytestmark = pytest.mark.django_db


def call(api: Api, method: str, name: str, *args: Any, body: Any = None) -> Any:
    url = reverse(f"tournaments:{name}", args=args)
    return getattr(api.client, method)(url, body, format="json")


def state(tid: int):
    return queries.load_tournament(tid).state


def names_by_rank(tid: int) -> list[str]:
    return [p.name for _, p in sorted(state(tid).players.items())]


def rated(organiser, ratings: list[tuple[str, int, str]]) -> int:
    """A tournament of players registered in the order given (name, rating, title)."""
    tid = make_tournament(organiser, players=0, rounds=5)
    for name, rating, title in ratings:
        body = {"name": name, "rating": rating, "title": title}
        commands.register_player(tid, body, author=organiser)
    return tid


ARRIVALS = [("Club", 2355, ""), ("Late Gm", 2612, "GM"), ("Im", 2402, "IM"), ("Fm", 2402, "FM")]


# --- registration gives ids ---------------------------------------------------------


def test_registration_answers_the_players_id_and_takes_sex_birth_date_and_club(api, organiser):
    tid = make_tournament(organiser, players=2)
    body = {"name": "Rossi, Anna", "sex": "w", "birth_date": "1990-05-31", "club": "Roma"}
    response = api.post("player-list", tid, body=body)
    assert response.status_code == 201
    assert response.json()["payload"]["player_id"] == 3
    player = api.get("player-detail", tid, 3).json()
    assert (player["sex"], player["birth_date"], player["club"]) == ("w", "1990-05-31", "Roma")


def test_a_registration_may_not_choose_its_player_id(api, organiser):
    tid = make_tournament(organiser, players=2)
    response = api.post("player-list", tid, body={"name": "X", "player_id": 1})
    assert response.status_code == 400
    assert "player_id" in response.json()
    assert stored(tid) == 3  # the creation and two registrations


@pytest.mark.parametrize("birth_date", ["31.05.1990", "1990-02-30", "1890"])
def test_a_birth_date_in_another_form_is_refused(api, organiser, birth_date):
    tid = make_tournament(organiser, players=0)
    response = api.post("player-list", tid, body={"name": "X", "birth_date": birth_date})
    assert response.status_code == 400 and "birth_date" in response.json()


# --- pairing numbers ----------------------------------------------------------------


def test_ranking_by_the_fide_method_gives_c04_2_pairing_numbers(api, organiser):
    tid = rated(organiser, ARRIVALS)
    response = api.post("player-rank", tid, body={"method": "fide"})
    assert response.status_code == 201
    # 2612 GM first; 2402 IM before 2402 FM (title); then 2355.
    assert names_by_rank(tid) == ["Late Gm", "Im", "Fm", "Club"]
    assert response.json()["payload"] == {"order": [2, 3, 4, 1]}


def test_ranking_in_a_given_order_keeps_each_players_id(api, organiser):
    tid = rated(organiser, ARRIVALS)
    assert api.post("player-rank", tid, body={"order": [4, 1, 3, 2]}).status_code == 201
    assert names_by_rank(tid) == ["Fm", "Club", "Im", "Late Gm"]
    assert api.get("player-detail", tid, 2).json()["start_rank"] == 4


def test_a_requested_bye_follows_its_player_to_the_new_pairing_number(api, organiser):
    tid = rated(organiser, ARRIVALS)
    commands.request_bye(tid, {"start_rank": 1, "round": 2, "points": "half"})
    api.post("player-rank", tid, body={"method": "fide"})
    # Club (id 1) is now pairing number 4.
    assert dict(state(tid).requested_byes[2]) == {4: "half"}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"order": [1, 2, 3]}, "order"),  # player 4 missing
        ({"order": [1, 2, 3, 3]}, "order.3"),
        ({"order": [1, 2, 3, 9]}, "order.3"),
        ({"order": [1, 2, 3, 4]}, "order"),  # the order they have
        ({"method": "elo"}, "method"),
        ({}, "method"),
        ({"method": "fide", "order": [1, 2, 3, 4]}, "method"),
    ],
)
def test_a_bad_ranking_is_refused_naming_the_field(api, organiser, body, field):
    tid = rated(organiser, ARRIVALS)
    before = stored(tid)
    response = api.post("player-rank", tid, body=body)
    assert response.status_code == 400
    assert field in response.json()
    assert stored(tid) == before


def test_pairing_numbers_are_fixed_once_round_one_is_paired(api, organiser):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3), (2, 4)]])
    response = api.post("player-rank", tid, body={"method": "fide"})
    assert response.status_code == 400
    assert "round 1 is paired" in response.json()["method"][0]


# --- player edits -------------------------------------------------------------------


def test_an_edit_stores_only_the_fields_that_change(api, organiser):
    tid = rated(organiser, ARRIVALS)
    response = call(api, "patch", "player-detail", tid, 1, body={"rating": 2360, "name": "Club"})
    assert response.status_code == 201
    assert response.json()["payload"] == {"player_id": 1, "changes": {"rating": 2360}}
    assert state(tid).players[1].rating == 2360


def test_an_edit_after_round_one_keeps_the_pairing_number(api, organiser):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3), (2, 4)]])
    call(api, "patch", "player-detail", tid, 3, body={"federation": "ITA"})
    assert state(tid).players[3].federation == "ITA"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"rating": 5000}, "changes.rating"),
        ({"title": "XM"}, "changes.title"),
        ({"rating": 2355}, "changes.rating"),  # nothing changes
        ({"fide_id": "777"}, "changes.fide_id"),  # player 2 has it
        ({}, "changes"),
    ],
)
def test_a_bad_edit_is_refused_naming_the_field(api, organiser, body, field):
    tid = rated(organiser, ARRIVALS)
    call(api, "patch", "player-detail", tid, 2, body={"fide_id": "777"})
    before = stored(tid)
    response = call(api, "patch", "player-detail", tid, 1, body=body)
    assert response.status_code == 400, response.json()
    assert field in response.json()
    assert stored(tid) == before


def test_an_edit_of_an_unknown_player_names_the_player_id(api, organiser):
    tid = rated(organiser, ARRIVALS)
    response = call(api, "patch", "player-detail", tid, 99, body={"rating": 1})
    assert response.status_code == 400 and "player_id" in response.json()
    assert api.get("player-detail", tid, 99).status_code == 404


# --- byes ---------------------------------------------------------------------------


def test_a_requested_bye_is_cancelled_by_round_and_player_id(api, organiser):
    tid = make_tournament(organiser, players=4)
    commands.request_bye(tid, {"start_rank": 2, "round": 1, "points": "half"})
    response = call(api, "delete", "bye-detail", tid, 1, 2)
    assert response.status_code == 201
    assert response.json()["kind"] == "bye.cancelled"
    assert not state(tid).requested_byes[1]


def test_a_bye_not_requested_or_of_a_paired_round_is_not_cancelled(api, organiser):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3)]])
    before = stored(tid)
    response = call(api, "delete", "bye-detail", tid, 2, 1)
    assert response.status_code == 400
    assert "no bye requested in round 2" in response.json()["round"][0]
    response = call(api, "delete", "bye-detail", tid, 1, 2)
    assert "round 1 is already paired" in response.json()["round"][0]
    assert stored(tid) == before


# --- withdrawals undone -------------------------------------------------------------


def test_a_withdrawal_is_undone_from_the_next_round_to_pair(api, organiser):
    tid = make_tournament(organiser, players=4, rounds=5, pairings=[[(1, 3), (2, 4)]])
    commands.withdraw_player(tid, {"start_rank": 4, "from_round": 2})
    commands.record_pairing(tid, {"round": 2, "boards": [{"white": 3, "black": 1}], "byes": [2]})
    response = api.post("reinstatement-create", tid, body={"player_id": 4})
    assert response.status_code == 201
    assert response.json()["payload"] == {"player_id": 4, "from_round": 3}
    assert state(tid).players[4].withdrawn_from is None


@pytest.mark.parametrize(("body", "field"), [({"player_id": 1}, "player_id"), ({}, "player_id")])
def test_a_player_not_withdrawn_cannot_be_reinstated(api, organiser, body, field):
    tid = make_tournament(organiser, players=4)
    before = stored(tid)
    response = api.post("reinstatement-create", tid, body=body)
    assert response.status_code == 400 and field in response.json()
    assert stored(tid) == before


def test_a_reinstatement_into_a_paired_round_is_refused_naming_the_first_possible(api, organiser):
    tid = make_tournament(organiser, players=4, rounds=5, pairings=[[(1, 3), (2, 4)]])
    commands.withdraw_player(tid, {"start_rank": 4, "from_round": 2})
    commands.record_pairing(tid, {"round": 2, "boards": [{"white": 3, "black": 1}], "byes": [2]})
    response = api.post("reinstatement-create", tid, body={"player_id": 4, "from_round": 2})
    assert response.status_code == 400
    assert response.json()["from_round"][0] == (
        "round 2 is already paired: Player 4 can play again from round 3"
    )


# --- cancelled rounds ---------------------------------------------------------------


def test_a_round_without_results_is_cancelled_and_paired_again(api, organiser):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3), (2, 4)]])
    response = api.post("round-unpair", tid, 1, body={})
    assert response.status_code == 201
    assert state(tid).rounds == {}
    again = api.post(
        "round-list",
        tid,
        body={"round": 1, "boards": [{"white": 3, "black": 1}, {"white": 4, "black": 2}]},
    )
    assert again.status_code == 201


def test_a_round_with_a_result_or_not_the_last_is_not_cancelled(api, organiser):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3), (2, 4)]])
    record(tid, 2, "1-0")
    before = stored(tid)
    response = api.post("round-unpair", tid, 1, body={})
    assert response.status_code == 400
    assert response.json()["round"][0] == (
        "board 2 of round 1 already has a result: correct results instead"
    )
    assert api.post("round-unpair", tid, 2, body={}).json()["round"][0] == "round 2 is not paired"
    assert stored(tid) == before


# --- settings -----------------------------------------------------------------------


def test_settings_change_by_patch_and_the_event_holds_what_changed(api, organiser):
    tid = make_tournament(organiser, players=4)
    body = {"name": "Renamed Open", "rounds": 7, "details": {"place": "Bologna"}}
    response = call(api, "patch", "tournament-detail", tid, body=body)
    assert response.status_code == 201, response.json()
    assert response.json()["payload"]["changes"] == body
    settings = state(tid).settings
    assert (settings.name, settings.rounds, settings.details["place"]) == (
        "Renamed Open",
        7,
        "Bologna",
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"system": "round robin"}, "system"),
        ({"rules": "fide-2023"}, "rules"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": 1}, "rounds"),  # two rounds are paired
        ({"tiebreaks": ["XYZ"]}, "tiebreaks"),
        ({"colour": "white"}, "colour"),
        ({"name": "Test Open"}, "non_field_errors"),  # its name already
    ],
)
def test_a_setting_the_stored_rounds_forbid_is_refused_with_the_reason(api, organiser, body, field):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3), (2, 4)], [(3, 2), (4, 1)]])
    before = stored(tid)
    response = call(api, "patch", "tournament-detail", tid, body=body)
    assert response.status_code == 400, response.json()
    assert field in response.json()
    assert stored(tid) == before


def test_the_system_may_change_before_round_one(api, organiser):
    tid = make_tournament(organiser, players=4)
    response = call(api, "patch", "tournament-detail", tid, body={"system": "round robin"})
    assert response.status_code == 201
    assert state(tid).settings.system.value == "round robin"


# --- who may ------------------------------------------------------------------------

WRITES = [
    ("patch", "tournament-detail", (), {"name": "Mine"}),
    ("patch", "player-detail", (1,), {"rating": 2000}),
    ("post", "player-rank", (), {"method": "fide"}),
    ("delete", "bye-detail", (1, 1), None),
    ("post", "reinstatement-create", (), {"player_id": 1}),
    ("post", "round-unpair", (1,), {}),
]


@pytest.mark.parametrize(("method", "name", "args", "body"), WRITES)
def test_anonymous_users_may_not_amend(organiser, method, name, args, body):
    tid = make_tournament(organiser, players=4)
    assert call(Api(), method, name, tid, *args, body=body).status_code == 401
    assert stored(tid) == 5


@pytest.mark.parametrize(("method", "name", "args", "body"), WRITES)
def test_another_organiser_may_not_amend(make_api, organiser, method, name, args, body):
    tid = make_tournament(organiser, players=4)
    assert call(make_api("mallory"), method, name, tid, *args, body=body).status_code == 403
    assert stored(tid) == 5


@pytest.mark.parametrize(("method", "name", "args", "body"), WRITES)
def test_a_signed_in_organiser_without_the_csrf_token_may_not_amend(
    organiser, method, name, args, body
):
    tid = make_tournament(organiser, players=4)
    session = Api()
    session.client = APIClient(enforce_csrf_checks=True)
    session.client.force_login(organiser)
    response = call(session, method, name, tid, *args, body=body)
    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]
    assert stored(tid) == 5
