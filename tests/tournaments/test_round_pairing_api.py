"""POST /api/tournaments/ID/rounds/pair/: the next round paired by the Dutch engine."""

from __future__ import annotations

import sys

from django.urls import reverse

from tests.builders import record
from tournaments.models import Event
from tournaments.store import commands

from .builders import make_tournament, stored


def preview_url(tid: int) -> str:
    return reverse("tournaments:round-pair", args=[tid]) + "?preview=1"


def pairing_of(answer: dict) -> dict:
    return {key: answer[key] for key in ("round", "boards", "byes")}


def test_preview_answers_the_boards_and_stores_nothing(api, organiser):
    tid = make_tournament(organiser, players=5)
    before = stored(tid)
    response = api.client.post(preview_url(tid), {}, format="json")
    assert response.status_code == 200, response.json()
    assert pairing_of(response.json()) == {
        "round": 1,
        "boards": [{"white": 1, "black": 3}, {"white": 4, "black": 2}],
        "byes": [5],
    }
    # Publishing it with this seq stores it unless something was stored meanwhile.
    assert response.json()["expected_seq"] == before
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
    assert response.json()["round"][0] == "round 1: boards 1 and 2 have no result"
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
    assert pairing_of(response.json()) == {
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


# --- publishing a preview: round and expected_seq -------------------------------------


def test_publishing_with_the_previews_seq_stores_that_pairing(api, organiser):
    tid = make_tournament(organiser, players=5)
    preview = api.client.post(preview_url(tid), {}, format="json").json()
    body = {"round": 1, "expected_seq": preview["expected_seq"]}
    response = api.post("round-pair", tid, body=body)
    assert response.status_code == 201
    assert response.json()["payload"]["boards"] == [
        {"board": 1, "white": 1, "black": 3},
        {"board": 2, "white": 4, "black": 2},
    ]


def test_the_preview_names_each_side_with_rating_points_and_colours(api, organiser):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3), (4, 2)]])
    record(tid, 1, "1-0")
    record(tid, 2, "0-1")
    board = api.client.post(preview_url(tid), {}, format="json").json()["preview"]["boards"][0]
    # Round 2 by the Dutch system: the two winners (1 and 2) meet on board 1.
    assert {board["white"]["name"], board["black"]["name"]} == {"Player 1", "Player 2"}
    assert board["white"]["points"] == board["black"]["points"] == "1"
    assert {board["white"]["colours"], board["black"]["colours"]} == {"w", "b"}


def test_a_stale_preview_is_refused_with_the_current_preview_and_what_arrived(api, organiser):
    # The two-tab scenario: a withdrawal arrives between the preview and the publish.
    tid = make_tournament(organiser, players=5)
    preview = api.client.post(preview_url(tid), {}, format="json").json()
    commands.withdraw_player(tid, {"start_rank": 5, "from_round": 1}, author=organiser)
    before = stored(tid)
    body = {"round": 1, "expected_seq": preview["expected_seq"]}
    response = api.post("round-pair", tid, body=body)
    assert response.status_code == 409
    answer = response.json()
    assert answer["current_seq"] == before
    assert answer["since"] == [f"#{before} player 5 withdrawn from round 1"]
    # Four players left: two boards, no bye, player 5 nowhere.
    assert answer["preview"]["byes"] == []
    seated = {n for b in answer["preview"]["boards"] for n in (b["white"], b["black"])}
    assert seated == {1, 2, 3, 4}
    assert answer["preview"]["expected_seq"] == before
    assert stored(tid) == before


def test_publishing_a_round_already_paired_says_so(api, organiser):
    tid = make_tournament(organiser, players=4)
    assert api.post("round-pair", tid, body={"round": 1}).status_code == 201
    before = stored(tid)
    response = api.post("round-pair", tid, body={"round": 1})
    assert response.status_code == 400
    assert response.json()["round"] == ["round 1 is already paired"]
    assert stored(tid) == before


def test_boards_edited_by_hand_are_previewed_with_the_rules_they_break(api, organiser):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3), (4, 2)]])
    record(tid, 1, "1-0")
    record(tid, 2, "0-1")
    repeat = {"boards": [{"white": 3, "black": 1}, {"white": 2, "black": 4}]}
    preview = api.client.post(preview_url(tid), repeat, format="json").json()
    assert preview["preview"]["warnings"][0] == (
        "board 1: 3 and 1 already played each other in round 1 (C1)"
    )
    refused = api.post("round-pair", tid, body={"round": 2, **repeat})
    assert refused.status_code == 400 and "boards.0" in refused.json()
    confirmed = api.post("round-pair", tid, body={"round": 2, **repeat, "confirm_repeats": True})
    assert confirmed.status_code == 201
    assert confirmed.json()["payload"]["boards"][0] == {"board": 1, "white": 3, "black": 1}


def test_a_second_publish_from_the_same_preview_says_the_round_is_already_paired(api, organiser):
    tid = make_tournament(organiser, players=4)
    preview = api.client.post(preview_url(tid), {}, format="json").json()
    body = {"round": 1, "expected_seq": preview["expected_seq"]}
    assert api.post("round-pair", tid, body=body).status_code == 201
    again = api.post("round-pair", tid, body=body)
    assert again.status_code == 400
    assert again.json()["round"] == ["round 1 is already paired"]
