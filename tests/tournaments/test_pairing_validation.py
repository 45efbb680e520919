"""A Swiss round from the organiser's pairing program: coverage and repeat checks."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest
from django.urls import reverse

from tournaments.domain import pairing_origin
from tournaments.domain.pairing_rules import check_round
from tournaments.models import Event
from tournaments.store import commands, queries

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


# --------------------------------------------------------------------------- a round as a TRF

BASE = Path(__file__).resolve().parent.parent / "data" / "broken_import" / "valid_base.trf"
ROUND_3 = 111  # 0-based index of round 3's cell in a 001 record (column 112)


def _with_round_3(cells: dict[int, str]) -> str:
    """valid_base.trf with round 3 of each player replaced (an 8-character cell or "")."""
    lines = []
    for line in BASE.read_text().splitlines():
        if line[:3] == "001":
            line = (line[:ROUND_3] + cells[int(line[4:8])]).rstrip()
        lines.append(line)
    return "\n".join(lines) + "\n"


# valid_base.trf's own round 3, results not known yet: 1-2, 5-3, and 4's half-point bye.
NEXT_ROUND = {1: "   2 w  ", 2: "   1 b  ", 3: "   5 b  ", 4: "0000 - H", 5: "   3 w  "}


@pytest.fixture
def two_rounds_played(api):
    text = _with_round_3(dict.fromkeys(range(1, 6), ""))
    response = api.client.post(
        reverse("tournaments:tournament-import"), text, content_type="text/plain"
    )
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def _post_round(api, tid, text, query=""):
    url = reverse("tournaments:round-import-trf", args=[tid]) + query
    return api.client.post(url, text, content_type="text/plain")


def test_the_next_round_is_paired_from_the_tournament_so_far_plus_that_round(
    api, two_rounds_played
):
    response = _post_round(api, two_rounds_played, _with_round_3(NEXT_ROUND))
    assert response.status_code == 201, response.json()
    state = queries.load_tournament(two_rounds_played).state
    assert [(b.white, b.black) for b in state.rounds[3].boards] == [(1, 2), (5, 3)]
    assert state.requested_bye(3, 4) == "half"


def test_a_trf_round_is_stored_without_running_the_engine(api, two_rounds_played):
    # The round's verdict (the engine's pairing against the file's) comes later,
    # from its own task (live.tasks.compute_pairing_verdicts).
    with mock.patch.object(pairing_origin, "check_pairing", side_effect=AssertionError):
        response = _post_round(api, two_rounds_played, _with_round_3(NEXT_ROUND))
    assert response.status_code == 201, response.json()
    paired = Event.objects.get(
        tournament_id=two_rounds_played, kind="round.paired", payload__round=3
    )
    assert paired.payload["origin"]["by_hand"] is True


def test_a_file_that_rewrites_an_earlier_round_is_refused(api, two_rounds_played):
    # Round 2, 3-1 becomes 1-3: both records agree, but not with what is stored.
    text = (
        _with_round_3(NEXT_ROUND)
        .replace("4 w 1     3 b 1", "4 w 1     3 w 1")
        .replace("0000 - U     1 w 0", "0000 - U     1 b 0")
    )
    before = stored(two_rounds_played)
    response = _post_round(api, two_rounds_played, text)
    assert response.status_code == 400
    body = response.json()
    assert (body["line"], body["column"]) == (8, 102)  # Alpha's round 2, the first line read
    assert "round 2: the file has player 1 against 3 with White" in body["detail"]
    assert stored(two_rounds_played) == before


def test_a_result_in_the_round_being_paired_is_refused(api, two_rounds_played):
    response = _post_round(api, two_rounds_played, _with_round_3({**NEXT_ROUND, 1: "   2 w 1"}))
    assert response.status_code == 400
    assert (response.json()["line"], response.json()["column"]) == (8, 119)


REPEAT = {1: "   4 w  ", 4: "   1 b  ", 2: "   3 w  ", 3: "   2 b  ", 5: "0000 - H"}


def test_a_repeat_in_a_trf_round_needs_confirmation(api, two_rounds_played):
    before = stored(two_rounds_played)
    refused = _post_round(api, two_rounds_played, _with_round_3(REPEAT))
    assert refused.status_code == 400
    assert "players 1 and 4 already played each other in round 1" in refused.json()["detail"]
    assert refused.json()["line"] == 8
    assert stored(two_rounds_played) == before
    confirmed = _post_round(
        api, two_rounds_played, _with_round_3(REPEAT), query="?confirm_repeats=true"
    )
    assert confirmed.status_code == 201, confirmed.json()


def test_a_trf_rounds_confirm_repeats_must_be_a_boolean(api, two_rounds_played):
    before = stored(two_rounds_played)
    response = _post_round(
        api, two_rounds_played, _with_round_3(REPEAT), query="?confirm_repeats=yes"
    )
    assert response.status_code == 400
    assert "confirm_repeats" in response.json()
    assert stored(two_rounds_played) == before


def test_a_round_without_boards_is_refused_while_players_have_no_bye(api, swiss):
    before = stored(swiss)
    response = _pair(api, swiss, 2, [])
    assert response.status_code == 400
    assert response.json()["boards"] == [
        "A round needs at least one board: players 1, 2, 3, 4 not withdrawn and "
        "without a requested bye."
    ]
    assert stored(swiss) == before


def test_a_round_robin_round_without_boards_is_refused(api, organiser):
    tid = commands.create_tournament(
        {"name": "Club RR", "rounds": 3, "system": "round robin"}, author=organiser
    ).tournament_id
    for n in (1, 2, 3, 4):
        commands.register_player(tid, {"name": f"Player {n}"}, author=organiser)
    response = _pair(api, tid, 1, [])
    assert response.status_code == 400
    assert response.json()["boards"][0].startswith("A round needs at least one board")


def test_a_round_without_boards_is_accepted_when_everybody_has_a_requested_bye(api, swiss):
    for rank in (1, 2, 3, 4):
        commands.request_bye(swiss, {"start_rank": rank, "round": 2, "points": "half"})
    response = _pair(api, swiss, 2, [])
    assert response.status_code == 201, response.json()
    assert queries.load_tournament(swiss).state.rounds[2].boards == ()
