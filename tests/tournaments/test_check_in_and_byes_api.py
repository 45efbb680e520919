"""Issue 18's leftovers through the API: check-in before a round, late entries with
byes for the rounds missed, the C.04.2 half-point-bye limits and the initial colour;
each refusal names its field and stores nothing."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from django.urls import reverse

from tests.builders import record
from tiebreaks.model import Color, Unplayed, UnplayedRound
from tournaments.store import commands, queries
from tournaments.store.trf_import import export_trf, import_trf

from .builders import Api, make_tournament, stored

pytestmark = pytest.mark.django_db


def state(tid: int) -> Any:
    return queries.load_tournament(tid).state


def with_settings(organiser: Any, players: int = 4, rounds: int = 3, **settings: Any) -> int:
    tid = commands.create_tournament(
        {"name": "Open", "rounds": rounds, **settings}, author=organiser
    ).tournament_id
    for n in range(1, players + 1):
        commands.register_player(tid, {"name": f"P{n}", "rating": 2500 - n}, author=organiser)
    return tid


def pair(api: Api, tid: int) -> Any:
    return api.post("round-pair", tid, body={})


# --- check-in -----------------------------------------------------------------------


def test_a_check_in_stores_the_players_checked_in_for_the_round(api, organiser):
    tid = with_settings(organiser, check_in=True)
    response = api.post("check-in-create", tid, body={"round": 1, "player_ids": [1, 3]})
    assert response.status_code == 201
    assert response.json()["kind"] == "players.checked_in"
    assert state(tid).checked_in[1] == {1, 3}


def test_a_check_in_stores_only_the_players_not_checked_in_yet(api, organiser):
    tid = with_settings(organiser, check_in=True)
    api.post("check-in-create", tid, body={"round": 1, "player_ids": [1]})
    response = api.post("check-in-create", tid, body={"round": 1, "player_ids": [1, 2]})
    assert response.json()["payload"]["player_ids"] == [2]


def test_a_check_in_changing_nothing_is_refused(api, organiser):
    tid = with_settings(organiser, check_in=True)
    api.post("check-in-create", tid, body={"round": 1, "player_ids": [1]})
    before = stored(tid)
    response = api.post("check-in-create", tid, body={"round": 1, "player_ids": [1]})
    assert response.status_code == 400 and "player_ids" in response.json()
    assert stored(tid) == before


def test_present_false_takes_a_check_in_back(api, organiser):
    tid = with_settings(organiser, check_in=True)
    api.post("check-in-create", tid, body={"round": 1, "player_ids": [1, 2]})
    api.post("check-in-create", tid, body={"round": 1, "player_ids": [2], "present": False})
    assert state(tid).checked_in[1] == {1}


def test_a_check_in_for_a_paired_round_is_refused(api, organiser):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3), (2, 4)]])
    response = api.post("check-in-create", tid, body={"round": 1, "player_ids": [1]})
    assert response.status_code == 400 and "already paired" in response.json()["round"][0]


def test_a_check_in_of_an_unknown_player_names_the_entry(api, organiser):
    tid = with_settings(organiser, check_in=True)
    response = api.post("check-in-create", tid, body={"round": 1, "player_ids": [1, 99]})
    assert response.status_code == 400 and "player_ids.1" in response.json()


def test_a_withdrawn_player_cannot_be_checked_in(api, organiser):
    tid = with_settings(organiser, check_in=True)
    commands.withdraw_player(tid, {"start_rank": 2, "from_round": 1}, author=organiser)
    response = api.post("check-in-create", tid, body={"round": 1, "player_ids": [2]})
    assert response.status_code == 400 and "player_ids.0" in response.json()


def test_another_organiser_may_not_check_players_in(make_api, organiser):
    tid = with_settings(organiser, check_in=True)
    response = make_api("mallory").post(
        "check-in-create", tid, body={"round": 1, "player_ids": [1]}
    )
    assert response.status_code == 403


def test_anonymous_may_not_check_players_in(make_api, organiser):
    tid = with_settings(organiser, check_in=True)
    response = make_api(None).post("check-in-create", tid, body={"round": 1, "player_ids": [1]})
    assert response.status_code in (401, 403)


def test_with_check_in_only_the_players_checked_in_are_paired(api, organiser):
    tid = with_settings(organiser, players=6, check_in=True)
    api.post("check-in-create", tid, body={"round": 1, "player_ids": [1, 2, 3, 4]})
    assert pair(api, tid).status_code == 201
    folded = state(tid)
    assert folded.rounds[1].paired_players == {1, 2, 3, 4}
    assert folded.round_entry(1, 5) == UnplayedRound(Unplayed.ABSENT)


def test_without_the_setting_a_check_in_changes_no_pairing(api, organiser):
    tid = with_settings(organiser, players=6)
    api.post("check-in-create", tid, body={"round": 1, "player_ids": [1, 2]})
    pair(api, tid)
    assert state(tid).rounds[1].paired_players == {1, 2, 3, 4, 5, 6}


def test_with_check_in_and_nobody_checked_in_pairing_is_refused(api, organiser):
    tid = with_settings(organiser, check_in=True)
    response = pair(api, tid)
    assert response.status_code == 400 and "nobody is checked in" in response.json()["round"][0]
    assert state(tid).rounds == {}


def test_the_check_in_setting_can_be_switched_on_later(api, organiser):
    tid = with_settings(organiser)
    url = reverse("tournaments:tournament-detail", args=[tid])
    response = api.client.patch(url, {"check_in": True}, format="json")
    assert response.status_code == 201
    assert state(tid).settings.check_in is True


# --- late entry ---------------------------------------------------------------------


def test_a_late_entry_gets_zero_point_byes_for_the_rounds_paired(api, organiser):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3), (2, 4)]])
    response = api.post("player-list", tid, body={"name": "Late"})
    assert response.status_code == 201
    assert response.json()["payload"]["first_round"] == 2
    assert state(tid).round_entry(1, 5) == UnplayedRound(Unplayed.ZPB)


def test_a_late_entry_may_get_half_point_byes_instead(api, organiser):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3), (2, 4)]])
    api.post("player-list", tid, body={"name": "Late", "missed_rounds": "half"})
    late = next(p for p in queries.load_tournament(tid).results.players if p.start_rank == 5)
    assert late.rounds == (UnplayedRound(Unplayed.HPB),)
    assert queries.load_tournament(tid).results.scoring.points(late.rounds[0]) == Fraction(1, 2)


def test_a_late_entry_is_paired_from_the_next_round(api, organiser):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3), (2, 4)]])
    api.post("player-list", tid, body={"name": "Late"})
    for board, result in ((1, "1-0"), (2, "0-1")):
        record(tid, board, result)
    assert pair(api, tid).status_code == 201
    assert 5 in state(tid).rounds[2].paired_players


def test_a_registration_before_round_1_is_no_late_entry(api, organiser):
    tid = make_tournament(organiser, players=2)
    response = api.post("player-list", tid, body={"name": "X", "missed_rounds": "half"})
    assert "first_round" not in response.json()["payload"]
    assert state(tid).requested_byes == {}


def test_a_registration_once_every_round_is_paired_is_refused(api, organiser):
    tid = make_tournament(organiser, players=2, rounds=1, pairings=[[(1, 2)]])
    response = api.post("player-list", tid, body={"name": "Too late"})
    assert response.status_code == 400 and "too late" in response.json()["name"][0]


def test_a_late_entrys_byes_are_exported_and_imported_back(organiser):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3), (2, 4)]])
    commands.register_player(tid, {"name": "Late", "missed_rounds": "half"}, author=organiser)
    imported = import_trf(export_trf(tid), author=organiser)
    assert state(imported.id).round_entry(1, 5) == UnplayedRound(Unplayed.HPB)


# --- half-point-bye limits (C.04.2) -------------------------------------------------


def bye(api: Api, tid: int, rank: int, number: int, points: str = "half") -> Any:
    return api.post("bye-list", tid, body={"start_rank": rank, "round": number, "points": points})


def test_a_half_point_bye_beyond_the_limit_is_refused_naming_points(api, organiser):
    tid = with_settings(organiser, rounds=5, max_half_byes=1)
    assert bye(api, tid, 1, 1).status_code == 201
    before = stored(tid)
    response = bye(api, tid, 1, 2)
    assert response.status_code == 400
    assert "allows 1 (max_half_byes)" in response.json()["points"][0]
    assert stored(tid) == before


def test_the_limit_counts_each_player_on_their_own(api, organiser):
    tid = with_settings(organiser, rounds=5, max_half_byes=1)
    bye(api, tid, 1, 1)
    assert bye(api, tid, 2, 1).status_code == 201


def test_a_half_point_bye_in_a_closed_round_is_refused_naming_round(api, organiser):
    tid = with_settings(organiser, rounds=5, no_half_byes_in=[5, 4])
    response = bye(api, tid, 1, 4)
    assert response.status_code == 400
    assert "no_half_byes_in: 4, 5" in response.json()["round"][0]


def test_a_zero_point_bye_in_a_closed_round_is_accepted(api, organiser):
    tid = with_settings(organiser, rounds=5, no_half_byes_in=[5])
    assert bye(api, tid, 1, 5, points="zero").status_code == 201


def test_a_late_entrys_half_point_byes_do_not_count_against_the_limit(api, organiser):
    tid = make_tournament(organiser, players=4, rounds=5, pairings=[[(1, 3), (2, 4)]])
    commands.change_settings(tid, {"changes": {"max_half_byes": 1}}, author=organiser)
    commands.register_player(tid, {"name": "Late", "missed_rounds": "half"}, author=organiser)
    assert bye(api, tid, 5, 3).status_code == 201


def test_a_closed_round_after_the_last_round_is_refused(api, organiser):
    response = api.post(
        "tournament-list", body={"name": "Open", "rounds": 5, "no_half_byes_in": [6]}
    )
    assert response.status_code == 400 and "no_half_byes_in" in response.json()


# --- the initial colour (C.04.3, TRF XXC) -------------------------------------------


def top_players_colour(tid: int) -> Color:
    board = state(tid).rounds[1].board_of(1)
    return Color.WHITE if board.white == 1 else Color.BLACK


@pytest.mark.parametrize(("setting", "colour"), [("white1", Color.WHITE), ("black1", Color.BLACK)])
def test_round_1_gives_the_top_player_the_initial_colour_set(api, organiser, setting, colour):
    tid = with_settings(organiser, initial_colour=setting)
    assert pair(api, tid).status_code == 201
    assert top_players_colour(tid) is colour


def test_the_pairing_records_the_initial_colour_it_used(api, organiser):
    tid = with_settings(organiser, initial_colour="black1")
    pair(api, tid)
    (event,) = queries.tournament_events(tid).filter(kind="round.paired")
    assert queries.payload_of(event)["origin"]["initial_colour"] == "black1"


def test_an_initial_colour_other_than_white1_or_black1_is_refused(api, organiser):
    response = api.post(
        "tournament-list", body={"name": "Open", "rounds": 5, "initial_colour": "red"}
    )
    assert response.status_code == 400 and "initial_colour" in response.json()


def test_the_initial_colour_is_written_as_xxc_and_read_back(organiser):
    tid = with_settings(organiser, initial_colour="black1")
    trf = export_trf(tid)
    assert "XXC black1\n" in trf
    assert state(import_trf(trf, author=organiser).id).settings.initial_colour == "black1"


def test_an_xxc_record_without_a_colour_imports_without_one(organiser):
    tid = with_settings(organiser)
    trf = export_trf(tid).replace("### Crosstable rules", "XXC rtg\n### Crosstable rules")
    assert state(import_trf(trf, author=organiser).id).settings.initial_colour == ""


def test_the_tournament_shows_its_pairing_settings(api, organiser):
    tid = with_settings(
        organiser, initial_colour="black1", check_in=True, max_half_byes=2, no_half_byes_in=[3]
    )
    shown = api.get("tournament-detail", tid).json()
    keys = ("initial_colour", "check_in", "max_half_byes", "no_half_byes_in")
    assert [shown[k] for k in keys] == ["black1", True, 2, [3]]


def test_a_late_entry_shows_the_first_round_it_can_play(api, organiser):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3), (2, 4)]])
    api.post("player-list", tid, body={"name": "Late"})
    assert api.get("player-detail", tid, 5).json()["first_round"] == 2
