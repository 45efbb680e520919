"""GET /api/tournaments/<id>/board-prizes/ (issue 22): each board's players ranked for
the board prizes."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.builders import build_team_event, organiser, record_board
from tests.live.builders import make_tournament, moved_up
from tournaments.store import commands

pytestmark = pytest.mark.django_db


def board_prizes(tid: int, **query: Any) -> Any:
    return APIClient().get(reverse("board-prizes", args=[tid]), query)


def test_by_percentage_equal_shares_go_by_performance() -> None:
    # Board 1: 7 (2330) beats 4 (2360): 3160; 1 (2390) beats 10 (2300): 3100; both 100 %.
    tid = build_team_event(teams=4, boards=2)
    record_board(tid, 1, 1, "1-0")
    record_board(tid, 2, 1, "0-1")
    body = board_prizes(tid, order="percentage", min_games=1).json()
    first = body["boards"][0]["players"][0]
    assert [p["start_rank"] for p in body["boards"][0]["players"]] == [7, 1, 10, 4]
    assert first == {
        "rank": 1,
        "start_rank": 7,
        "name": "Player 3.1",
        "team": 3,
        "points": 1,
        "games": 1,
        "percentage": 100,
        "opponents_average": 2360,
        "performance": 3160,
    }


def test_a_player_below_the_minimum_has_no_rank() -> None:
    tid = build_team_event(teams=4, boards=2)
    record_board(tid, 1, 1, "1-0")
    body = board_prizes(tid).json()  # 3 rounds: at least 2 games
    assert body["min_games"] == 2 and body["boards"][0]["players"][0]["rank"] is None


def test_the_organisers_settings_are_the_default_and_a_query_overrides_them() -> None:
    tid = build_team_event(teams=4, boards=2)
    record_board(tid, 1, 1, "1-0")
    body = {"order": "percentage", "min_games": 1}
    commands.set_board_prizes(tid, body, author=organiser())
    shown = board_prizes(tid).json()
    assert (shown["order"], shown["min_games"]) == ("percentage", 1)
    assert shown["boards"][0]["players"][0]["rank"] == 1
    asked = board_prizes(tid, order="performance").json()
    assert (asked["order"], asked["min_games"]) == ("performance", 1)


def test_an_unknown_order_is_refused_naming_the_field() -> None:
    tid = build_team_event(teams=4, boards=2)
    response = board_prizes(tid, order="rating")
    assert response.status_code == 400 and response.json()[0].startswith("order:")


def test_an_individual_event_has_no_board_prizes() -> None:
    tid = make_tournament()
    assert board_prizes(tid).status_code == 404


def test_the_openapi_schema_documents_the_query() -> None:
    schema = APIClient().get(reverse("schema"), {"format": "json"}).json()
    operation = schema["paths"]["/api/tournaments/{tournament_id}/board-prizes/"]["get"]
    query = {p["name"] for p in operation["parameters"] if p["in"] == "query"}
    assert query == {"order", "min_games", "assignment"}


def boards_of(body: Any, start_rank: int) -> list[tuple[int, int]]:
    """(board, games) of each line of the player."""
    return [
        (b["board"], p["games"])
        for b in body["boards"]
        for p in b["players"]
        if p["start_rank"] == start_rank
    ]


def test_a_player_who_moved_boards_has_a_line_on_each_by_default() -> None:
    assert boards_of(board_prizes(moved_up()).json(), 2) == [(1, 1), (2, 1)]


def test_most_played_lists_a_player_once_with_all_their_games() -> None:
    # One game on each board: the lower one, board 2.
    body = board_prizes(moved_up(), assignment="most_played").json()
    assert (body["assignment"], boards_of(body, 2)) == ("most_played", [(2, 2)])


def test_the_organisers_assignment_is_the_default() -> None:
    tid = moved_up()
    body = {"order": "performance", "assignment": "most_played"}
    commands.set_board_prizes(tid, body, author=organiser())
    assert boards_of(board_prizes(tid).json(), 2) == [(2, 2)]


def test_an_unknown_assignment_is_refused_naming_the_field() -> None:
    response = board_prizes(build_team_event(teams=4, boards=2), assignment="first_board")
    assert response.status_code == 400 and response.json()[0].startswith("assignment:")


def test_the_organisers_rating_cap_counts_in_the_performance() -> None:
    # Board 1: 1 (2390) beats 10 (2300); capped at 50: 2340 + 800.
    tid = build_team_event(teams=4, boards=2)
    record_board(tid, 1, 1, "1-0")
    settings = {"order": "performance", "min_games": 1, "rating_cap": 50}
    commands.set_board_prizes(tid, settings, author=organiser())
    body = board_prizes(tid).json()
    first = body["boards"][0]["players"][0]
    assert (body["rating_cap"], first["start_rank"], first["performance"]) == (50, 1, 3140)


def test_a_minimum_in_percent_of_the_rounds_is_answered_in_games() -> None:
    # 3 rounds: 34 % is 1.02, 1 game.
    tid = build_team_event(teams=4, boards=2)
    settings = {"order": "performance", "min_games": 34, "minimum_unit": "percent"}
    commands.set_board_prizes(tid, settings, author=organiser())
    assert board_prizes(tid).json()["min_games"] == 1


def test_the_organisers_tiebreaks_are_answered() -> None:
    tid = build_team_event(teams=4, boards=2)
    settings = {"order": "performance", "tiebreaks": ["mutual", "games"]}
    commands.set_board_prizes(tid, settings, author=organiser())
    assert board_prizes(tid).json()["tiebreaks"] == ["mutual", "games"]
