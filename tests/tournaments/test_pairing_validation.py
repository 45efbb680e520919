"""A Swiss round from the organiser's pairing program: coverage and repeat checks."""

from __future__ import annotations

import pytest

from tournaments import commands
from tournaments.pairing_rules import check_round

from .builders import make_tournament, stored


def _pair(api, tid, number, boards, byes=(), **extra):
    body = {
        "round": number,
        "boards": [{"white": w, "black": b} for w, b in boards],
        "byes": list(byes),
        **extra,
    }
    return api.post("round-list", tid, body=body)


@pytest.fixture
def swiss(organiser):
    """Four players; round 1 played: 1-3, 2-4."""
    tid = make_tournament(organiser, players=4, rounds=3, pairings=[[(1, 3), (2, 4)]])
    for board in (1, 2):
        commands.record_result(tid, {"round": 1, "board": board, "result": "1-0"})
    return tid


def test_a_repeated_pairing_is_refused_without_confirmation(api, swiss):
    before = stored(swiss)
    response = _pair(api, swiss, 2, [(3, 1), (4, 2)])
    assert response.status_code == 400
    message = response.json()["boards.0"][0]
    assert "players 3 and 1 already played each other in round 1" in message
    assert '"confirm_repeats": true' in message
    assert stored(swiss) == before


def test_a_repeated_pairing_is_accepted_when_confirmed(api, swiss):
    response = _pair(api, swiss, 2, [(3, 1), (4, 2)], confirm_repeats=True)
    assert response.status_code == 201, response.json()
    assert response.json()["payload"]["boards"][0] == {"board": 1, "white": 3, "black": 1}


def test_a_new_pairing_needs_no_confirmation(api, swiss):
    assert _pair(api, swiss, 2, [(1, 2), (3, 4)]).status_code == 201


def test_an_active_player_left_out_is_refused(api, swiss):
    response = _pair(api, swiss, 2, [(1, 2)], byes=[3])
    assert response.status_code == 400
    assert response.json()["boards"] == ["player 4 neither paired nor given a bye"]


def test_players_with_a_requested_bye_or_withdrawn_need_no_board(api, swiss):
    commands.request_bye(swiss, {"start_rank": 4, "round": 2, "points": "half"})
    commands.withdraw_player(swiss, {"start_rank": 3, "from_round": 2})
    assert _pair(api, swiss, 2, [(2, 1)]).status_code == 201


def test_a_player_paired_twice_is_refused(api, swiss):
    response = _pair(api, swiss, 2, [(1, 2), (3, 4)], byes=[2])
    assert response.status_code == 400
    assert "player 2 appears twice in round 2" in response.json()["byes.0"][0]


def test_confirm_repeats_must_be_a_boolean(api, swiss):
    response = _pair(api, swiss, 2, [(1, 2), (3, 4)], confirm_repeats="yes")
    assert response.status_code == 400
    assert "confirm_repeats" in response.json()


def test_check_round_names_the_first_round_the_pair_met():
    check_round([(1, 2)], [], active={1, 2}, previous_meetings={})
    with pytest.raises(commands.CommandError, match="already played each other in round 2"):
        check_round([(2, 1)], [], active={1, 2}, previous_meetings={frozenset((1, 2)): 2})


def test_forfeits_do_not_count_as_meetings(api, organiser):
    tid = make_tournament(organiser, players=2, rounds=2, pairings=[[(1, 2)]])
    commands.record_result(tid, {"round": 1, "board": 1, "result": "+/-"})
    assert _pair(api, tid, 2, [(2, 1)]).status_code == 201
