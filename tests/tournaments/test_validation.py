"""Every refused command answers 400 naming the field, and stores nothing."""

from __future__ import annotations

import pytest

from tournaments.store import commands

from .builders import make_tournament, stored


@pytest.fixture
def tid(organiser) -> int:
    """4 players, 3 rounds, round 1 paired as 1-2 and 3-4."""
    return make_tournament(organiser, players=4, rounds=3, pairings=[[(1, 2), (3, 4)]])


def refused(api, tid, name, *args, body, field):
    before = stored(tid)
    response = api.post(name, tid, *args, body=body)
    assert response.status_code == 400, response.json()
    assert field in response.json(), response.json()
    assert stored(tid) == before
    return response.json()[field][0]


def test_an_unknown_player_is_refused(api, tid):
    message = refused(
        api, tid, "withdrawal-create", body={"start_rank": 9, "from_round": 2}, field="start_rank"
    )
    assert "9" in message


def test_a_pairing_with_an_unknown_player_names_the_board(api, tid):
    body = {"round": 2, "boards": [{"white": 1, "black": 3}, {"white": 2, "black": 9}]}
    refused(api, tid, "round-list", body=body, field="boards.1.black")


def test_a_player_twice_in_a_round_is_refused(api, tid):
    body = {"round": 2, "boards": [{"white": 1, "black": 3}, {"white": 2, "black": 1}]}
    message = refused(api, tid, "round-list", body=body, field="boards.1.black")
    assert "twice" in message


def test_a_round_out_of_range_is_refused(api, tid):
    body = {"round": 4, "boards": [{"white": 1, "black": 3}]}
    message = refused(api, tid, "round-list", body=body, field="round")
    assert "3 rounds" in message


def test_a_result_for_an_unpaired_board_is_refused(api, tid):
    body = {"round": 1, "board": 3, "result": "1-0"}
    refused(api, tid, "result-create", body=body, field="board")


def test_a_result_for_an_unpaired_round_is_refused(api, tid):
    body = {"round": 2, "board": 1, "result": "1-0"}
    refused(api, tid, "result-create", body=body, field="round")


def test_a_second_result_for_a_board_asks_for_a_correction(api, organiser, tid):
    commands.record_result(tid, {"round": 1, "board": 1, "result": "1-0"}, author=organiser)
    body = {"round": 1, "board": 1, "result": "0-1"}
    message = refused(api, tid, "result-create", body=body, field="result")
    assert "correction" in message


def test_pairing_a_withdrawn_player_is_refused(api, organiser, tid):
    commands.withdraw_player(tid, {"start_rank": 4, "from_round": 2}, author=organiser)
    body = {"round": 2, "boards": [{"white": 1, "black": 3}, {"white": 4, "black": 2}]}
    message = refused(api, tid, "round-list", body=body, field="boards.1.white")
    assert "withdrew" in message


def test_a_malformed_board_is_refused(api, tid):
    body = {"round": 2, "boards": [{"white": "one", "black": 3}]}
    refused(api, tid, "round-list", body=body, field="boards.0.white")


def test_a_body_that_is_not_an_object_is_refused(api, tid):
    refused(api, tid, "player-list", body=["Anna"], field="non_field_errors")


def test_an_unknown_result_is_refused(api, tid):
    body = {"round": 1, "board": 1, "result": "2-0"}
    refused(api, tid, "result-create", body=body, field="result")


def test_a_round_already_paired_is_refused(api, tid):
    body = {"round": 1, "boards": [{"white": 1, "black": 3}]}
    message = refused(api, tid, "round-list", body=body, field="round")
    assert "already paired" in message


def test_a_correction_needs_a_reason(api, organiser, tid):
    commands.record_result(tid, {"round": 1, "board": 1, "result": "1-0"}, author=organiser)
    body = {"round": 1, "board": 1, "result": "0-1", "reason": "  "}
    refused(api, tid, "correction-create", body=body, field="reason")


def test_a_correction_of_a_superseded_result_is_refused(api, organiser, tid):
    first = commands.record_result(tid, {"round": 1, "board": 1, "result": "1-0"}, author=organiser)
    commands.correct_result(
        tid, {"round": 1, "board": 1, "result": "0-1", "reason": "swapped"}, author=organiser
    )
    body = {"round": 1, "board": 1, "result": "1/2-1/2", "reason": "x", "supersedes": first.seq}
    refused(api, tid, "correction-create", body=body, field="supersedes")


def test_a_bye_for_a_paired_round_is_refused(api, tid):
    body = {"start_rank": 1, "round": 1, "points": "half"}
    refused(api, tid, "bye-list", body=body, field="round")


def test_closing_a_round_with_a_board_still_playing_is_refused(api, organiser, tid):
    commands.record_result(tid, {"round": 1, "board": 1, "result": "1-0"}, author=organiser)
    message = refused(api, tid, "round-close", 1, body={}, field="round")
    assert "2" in message


def test_a_duplicate_start_rank_is_refused(api, tid):
    refused(api, tid, "player-list", body={"name": "Zed", "start_rank": 2}, field="start_rank")


def test_a_malformed_expected_seq_is_refused(api, tid):
    body = {"name": "Zed", "expected_seq": "latest"}
    refused(api, tid, "player-list", body=body, field="expected_seq")


def test_an_unknown_tie_break_is_refused_at_creation(api):
    response = api.post(
        "tournament-list", body={"name": "X", "rounds": 5, "tiebreaks": ["BH", "NOPE"]}
    )
    assert response.status_code == 400
    assert "NOPE" in response.json()["tiebreaks"][0]


def test_a_command_for_an_unknown_tournament_is_404(api):
    response = api.post("player-list", 999999, body={"name": "Zed"})
    assert response.status_code == 404


def test_points_with_a_huge_exponent_are_refused_at_once(api):
    # Fraction("1e999999999") would compute a billion-digit number first.
    body = {"name": "X", "rounds": 5, "scoring": {"win": "1e999999999"}}
    response = api.post("tournament-list", body=body)
    assert response.status_code == 400
    assert "scoring.win" in response.json()


def test_a_start_rank_beyond_trf_is_refused(api, tid):
    refused(api, tid, "player-list", body={"name": "Zed", "start_rank": 10000}, field="start_rank")


def test_a_tournament_id_beyond_the_database_is_404(api):
    response = api.client.post("/api/tournaments/99999999999999999999/players/", {"name": "Zed"})
    assert response.status_code == 404
