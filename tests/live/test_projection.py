"""The stored table built from a tournament's events."""

from __future__ import annotations

import json

import msgspec
import pytest
from django.utils import timezone

from live.projection import build_standings, crosstable_body
from live.wire import object_view
from tournaments.store import commands
from tournaments.store.queries import load_tournament

from .builders import make_tournament, organiser, record

pytestmark = pytest.mark.django_db


def body_of(tid: int) -> dict:
    """The table with named fields (``object_view``), as plain JSON values."""
    return msgspec.to_builtins(object_view(build_standings(load_tournament(tid), timezone.now())))


def row(body: dict, start_rank: int) -> dict:
    return next(r for r in body["rows"] if r["start_rank"] == start_rank)


def test_body_names_the_tournament_and_its_version() -> None:
    tid = make_tournament(players=4, rounds=5)
    last = record(tid, 1, "1-0")
    body = body_of(tid)
    assert body["tournament"] == {"id": tid, "name": "Live Open", "rounds": 5, "system": "swiss"}
    assert body["version"] == last
    assert body["tiebreaks"] == ["BH", "SB"]
    assert body["tiebreak_names"] == {"BH": "Buchholz", "SB": "Sonneborn-Berger"}


def crosstable_of(tid: int) -> dict[int, list]:
    return dict(crosstable_body(load_tournament(tid))["rows"])


def test_a_win_gives_the_winner_the_lead() -> None:
    tid = make_tournament(players=4)  # boards: 1 v 3, 2 v 4
    record(tid, 1, "1-0")
    winner = body_of(tid)["rows"][0]
    assert (winner["start_rank"], winner["rank"], winner["place"]) == (1, 1, "1")
    assert winner["points"] == 1


def test_a_stored_row_is_an_array_in_the_order_of_the_columns() -> None:
    tid = make_tournament(players=4)  # boards: 1 v 3, 2 v 4
    record(tid, 1, "1-0")
    table = build_standings(load_tournament(tid), timezone.now())
    assert table.columns == ["start_rank", "name", "title", "federation", "rating", "points",
                             "BH", "SB"]  # fmt: skip
    # 1 beat 3, who has no points: 1 point, BH 0 and SB 0.
    assert table.rows[0][:2] == [1, "Player 1"]
    assert table.rows[0][5:] == [1, 0, 0]


def test_the_body_carries_no_crosstable() -> None:
    tid = make_tournament(players=4)
    record(tid, 1, "1-0")
    assert all("crosstable" not in r for r in body_of(tid)["rows"])


def test_a_win_is_a_crosstable_entry_on_both_sides() -> None:
    tid = make_tournament(players=4)  # boards: 1 v 3, 2 v 4
    record(tid, 1, "1-0")
    crosstable = crosstable_of(tid)
    assert crosstable[1] == [[3, "w", "1"]]
    assert crosstable[3] == [[1, "b", "0"]]


def test_a_game_in_play_shows_its_opponent_without_result() -> None:
    tid = make_tournament(players=4)
    record(tid, 1, "1-0")
    assert crosstable_of(tid)[4] == [[2, "b", None]]


def test_crosstable_names_its_version_and_the_rounds_paired() -> None:
    tid = make_tournament(players=4, rounds=5)
    last = record(tid, 1, "1-0")
    body = crosstable_body(load_tournament(tid))
    assert (body["tournament"], body["version"], body["rounds"]) == (tid, last, 1)


def test_numbers_are_json_numbers() -> None:
    tid = make_tournament(players=4)
    record(tid, 1, "1/2-1/2")
    text = json.dumps(body_of(tid))
    drawn = row(json.loads(text), 1)
    assert drawn["points"] == 0.5
    assert isinstance(drawn["tiebreaks"]["SB"], int | float)


def test_current_round_lists_boards_with_results() -> None:
    tid = make_tournament(players=4)
    record(tid, 2, "0-1")
    assert body_of(tid)["rounds"] == {
        "current": 1,
        "closed": False,
        "boards": [
            {"board": 1, "white": 1, "black": 3, "result": None},
            {"board": 2, "white": 2, "black": 4, "result": "0-1"},
        ],
        "byes": [],
        "reported": [],
    }


def _aro_tournament(**settings: object) -> int:
    """Three rated players and one unrated (start rank 4), ARO in the list."""
    author = organiser()
    tid = commands.create_tournament(
        {"name": "Unrated", "rounds": 3, "tiebreaks": ["ARO"], **settings}, author=author
    ).tournament_id
    for n, rating in enumerate((2100, 2000, 1900, 0), start=1):
        commands.register_player(tid, {"name": f"Player {n}", "rating": rating}, author=author)
    return tid


def test_unrated_players_with_a_rating_tie_break_put_a_warning_in_the_body() -> None:
    warnings = body_of(_aro_tournament())["warnings"]
    assert len(warnings) == 1 and "start ranks 4" in warnings[0]


def test_a_rating_for_unrated_players_silences_the_warning() -> None:
    assert body_of(_aro_tournament(unrated_rating=1200))["warnings"] == []


def test_live_standings_during_round_1_are_those_of_a_one_round_event() -> None:
    # Ruling 3: 3's pairing-allocated bye (own score 1) is capped at the draw's points
    # times the rounds so far, .5 x 1 (16.4.2), not .5 x 5: BH(3) = .5, not 1.
    author = organiser()
    tid = commands.create_tournament(
        {"name": "Early", "rounds": 5, "tiebreaks": ["BH"]}, author=author
    ).tournament_id
    for n in (1, 2, 3):
        commands.register_player(tid, {"name": f"Player {n}", "rating": 2000 - n}, author=author)
    commands.record_pairing(tid, {"round": 1, "boards": [{"white": 1, "black": 2}], "byes": [3]})
    record(tid, 1, "1-0")
    assert row(body_of(tid), 3)["tiebreaks"]["BH"] == 0.5
