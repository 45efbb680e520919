"""Old payload versions are read through upcasters; stored rows stay as they were."""

from __future__ import annotations

import pytest

from tournaments.domain import events
from tournaments.domain.events import upcast
from tournaments.models import Event
from tournaments.store.queries import load_tournament

from .builders import Api, make_tournament


def test_a_v1_player_has_no_fide_id():
    v1 = {"start_rank": 3, "name": "Old Timer", "rating": 1900, "title": "", "federation": ""}
    assert upcast("player.registered", 1, v1) == {**v1, "fide_id": "", "player_id": 3}


V2 = {"start_rank": 4, "name": "A", "rating": 0, "title": "", "federation": "", "fide_id": "12345"}


def test_a_v2_players_id_is_the_start_rank_it_registered_with():
    assert upcast("player.registered", 2, V2) == {**V2, "player_id": 4}


def test_a_current_payload_is_unchanged():
    v3 = {**V2, "player_id": 9, "sex": "w", "birth_date": "1990", "club": "Roma"}
    assert upcast("player.registered", 3, v3) == v3


def test_board_prize_settings_stored_before_the_assignment_count_every_board():
    stored = {"order": "percentage", "min_games": 5}
    assert events.decode("team.board_prizes_set", 1, stored).assignment == "every_board"


def test_board_prize_settings_stored_before_the_regulations_options_have_none() -> None:
    stored = {"order": "percentage", "min_games": 5, "assignment": "most_played"}
    event = events.decode("team.board_prizes_set", 1, stored)
    assert isinstance(event, events.BoardPrizesSet)
    assert (event.rating_cap, event.unrated_rating, event.tiebreaks, event.minimum_unit) == (
        None,
        None,
        None,
        "games",
    )


def test_the_board_prize_summary_gives_a_minimum_in_percent_as_percent() -> None:
    stored = {"order": "performance", "min_games": 70, "minimum_unit": "percent"}
    summary = events.decode("team.board_prizes_set", 1, stored).summary()
    assert summary.startswith("board prizes by performance, at least 70% of the rounds")


def test_a_version_newer_than_the_code_is_an_error():
    with pytest.raises(ValueError, match="newer"):
        upcast("round.closed", 2, {"round": 1})


def test_a_stored_v1_event_folds_and_is_served_at_the_current_version(organiser):
    tid = make_tournament(organiser, players=1)
    v1 = {"start_rank": 2, "name": "Old Timer", "rating": 1900, "title": "", "federation": ""}
    Event(tournament_id=tid, seq=3, kind="player.registered", schema_version=1, payload=v1).save()

    player = load_tournament(tid).state.players[2]
    assert (player.fide_id, player.player_id) == ("", 2)
    served = Api().get("event-list", tid).json()["results"][-1]
    payload = served["payload"]
    assert (served["schema_version"], payload["fide_id"], payload["player_id"]) == (3, "", 2)
    assert Event.objects.get(tournament_id=tid, seq=3).payload == v1
