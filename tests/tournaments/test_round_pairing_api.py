"""POST /api/tournaments/ID/rounds/pair/: the next round paired by the Dutch engine."""

from __future__ import annotations

import sys

from django.urls import reverse

from tournaments.models import Event
from tournaments.store import commands

from .builders import make_tournament, stored


def preview_url(tid: int) -> str:
    return reverse("tournaments:round-pair", args=[tid]) + "?preview=1"


def test_preview_answers_the_boards_and_stores_nothing(api, organiser):
    tid = make_tournament(organiser, players=5)
    before = stored(tid)
    response = api.client.post(preview_url(tid), {}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json() == {
        "round": 1,
        "boards": [{"white": 1, "black": 3}, {"white": 4, "black": 2}],
        "byes": [5],
    }
    assert stored(tid) == before


def test_pairing_appends_the_round_paired_event(api, organiser):
    tid = make_tournament(organiser, players=4)
    response = api.post("round-pair", tid, body={})
    assert response.status_code == 201, response.json()
    event = Event.objects.get(tournament_id=tid, seq=response.json()["seq"])
    assert event.kind == "round.paired"
    assert event.payload["boards"] == [
        {"board": 1, "white": 1, "black": 3},
        {"board": 2, "white": 4, "black": 2},
    ]


def test_requested_byes_and_withdrawals_are_left_out(api, organiser):
    tid = make_tournament(organiser, players=6)
    commands.request_bye(tid, {"start_rank": 1, "round": 1, "points": "half"}, author=organiser)
    commands.withdraw_player(tid, {"start_rank": 6, "from_round": 1}, author=organiser)
    response = api.post("round-pair", tid, body={})
    assert response.status_code == 201, response.json()
    seated = {n for b in response.json()["payload"]["boards"] for n in (b["white"], b["black"])}
    assert seated == {2, 3, 4, 5}


def test_the_previous_round_needs_every_result(api, organiser):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3), (4, 2)]])
    before = stored(tid)
    response = api.post("round-pair", tid, body={})
    assert response.status_code == 400
    assert "round 1 still has boards without a result" in response.json()["round"][0]
    assert stored(tid) == before


def test_second_round_pairs_the_winners(api, organiser):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3), (4, 2)]])
    for board in (1, 2):
        commands.record_result(tid, {"round": 1, "board": board, "result": "1-0"}, author=organiser)
    response = api.post("round-pair", tid, body={})
    assert response.status_code == 201, response.json()
    boards = [(b["white"], b["black"]) for b in response.json()["payload"]["boards"]]
    # White won both boards: winners 1 and 4 meet, and so do losers 3 and 2.
    assert {frozenset(b) for b in boards} == {frozenset((1, 4)), frozenset((2, 3))}


def test_stale_expected_seq_is_a_conflict(api, organiser):
    tid = make_tournament(organiser, players=4)
    response = api.post("round-pair", tid, body={"expected_seq": 1})
    assert response.status_code == 409
    assert response.json()["current_seq"] == stored(tid)


def test_a_retry_with_the_same_key_stores_nothing_new(api, organiser):
    tid = make_tournament(organiser, players=4)
    first = api.post("round-pair", tid, body={}, key="pair-1")
    again = api.post("round-pair", tid, body={}, key="pair-1")
    assert first.status_code == again.status_code == 201
    assert again.json()["seq"] == first.json()["seq"]
    assert Event.objects.filter(tournament_id=tid, kind="round.paired").count() == 1


def test_spectators_cannot_pair(make_api, organiser):
    tid = make_tournament(organiser, players=4)
    assert make_api(None).post("round-pair", tid, body={}).status_code == 401


def test_an_external_engine_pairs_through_the_same_files(api, organiser, settings):
    # Our own command line is a JaVaFo-compatible engine: the TRF handed over and
    # the answer read back must give the built-in engine's pairing.
    settings.PAIRING_ENGINE = f"{sys.executable} -m pairings"
    tid = make_tournament(organiser, players=5)
    commands.request_bye(tid, {"start_rank": 2, "round": 1, "points": "half"}, author=organiser)
    response = api.client.post(preview_url(tid), {}, format="json")
    assert response.json() == {
        "round": 1,
        "boards": [{"white": 1, "black": 4}, {"white": 5, "black": 3}],
        "byes": [],
    }


def _baku_open(organiser) -> int:
    body = {"name": "Accelerated Open", "rounds": 5, "acceleration": "baku"}
    tid = commands.create_tournament(body, author=organiser).tournament_id
    for n in range(1, 9):
        commands.register_player(tid, {"name": f"Player {n}"}, author=organiser)
    return tid


def test_a_baku_tournament_pairs_round_one_with_virtual_points(api, organiser):
    # GA = 1-4 with one virtual point (C.04.5.1): 1-3, 4-2 above 5-7, 8-6.
    response = api.client.post(preview_url(_baku_open(organiser)), {}, format="json")
    assert response.status_code == 200, response.json()
    assert [(b["white"], b["black"]) for b in response.json()["boards"]] == [
        (1, 3),
        (4, 2),
        (5, 7),
        (8, 6),
    ]


def test_the_tournament_api_shows_the_acceleration(api, organiser):
    tid = _baku_open(organiser)
    detail = api.client.get(reverse("tournaments:tournament-detail", args=[tid])).json()
    assert detail["acceleration"] == "baku"


def test_baku_with_three_one_zero_scoring_is_refused(api):
    scoring = {"win": "3", "draw": "1", "loss": "0", "forfeit_win": "3", "pab": "3"}
    response = api.client.post(
        reverse("tournaments:tournament-list"),
        {"name": "Open", "rounds": 5, "acceleration": "baku", "scoring": scoring},
        format="json",
    )
    assert response.status_code == 400
    assert "standard" in response.json()["acceleration"][0]


def test_acceleration_of_a_round_robin_is_refused(api):
    response = api.client.post(
        reverse("tournaments:tournament-list"),
        {"name": "Open", "rounds": 5, "acceleration": "baku", "system": "round robin"},
        format="json",
    )
    assert response.status_code == 400
    assert "Swiss only" in response.json()["acceleration"][0]


def test_an_unknown_acceleration_is_refused(api):
    response = api.client.post(
        reverse("tournaments:tournament-list"),
        {"name": "Open", "rounds": 5, "acceleration": "fast"},
        format="json",
    )
    assert response.status_code == 400
    assert "acceleration" in response.json()
