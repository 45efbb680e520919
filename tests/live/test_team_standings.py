"""A team event's standings in the live read model (issue 22): rows are teams with
match points as the points and game points next; the round's boards are its matches."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from live.projection import GAME_POINTS
from live.snapshots import ensure_snapshot
from live.tasks import recompute_standings
from tests.builders import build_team_event, organiser, record_board
from tournaments.store.trf_import import import_trf

pytestmark = pytest.mark.django_db


def table(tid: int) -> dict:
    response = APIClient().get(reverse("standings", args=[tid]))
    assert response.status_code == 200
    return response.json()


def test_the_team_table_has_match_and_game_points() -> None:
    tid = build_team_event(teams=4, boards=2)  # round 1: 1-4, 2-3
    # Match 1: team 1 White on board 1 wins it, board 2 (team 4 White) drawn:
    # team 1 1½-½, 2 MP; team 4 0 MP, ½ GP.
    record_board(tid, 1, 1, "1-0")
    record_board(tid, 1, 2, "1/2-1/2")
    body = table(tid)
    assert body["tournament"]["kind"] == "team"
    assert body["columns"][:7] == [
        "start_rank", "name", "title", "federation", "rating", "points", GAME_POINTS,
    ]  # fmt: skip
    rows = {row[0]: row for row in body["rows"]}
    assert (rows[1][1], rows[1][5], rows[1][6]) == ("Club 1", 2, 1.5)
    assert (rows[4][5], rows[4][6]) == (0, 0.5)
    assert body["rows"][0][0] == 1
    assert body["tiebreaks"] == [GAME_POINTS, "EDE", "MPvGP", "EMGSB", "KS"]


def test_the_current_round_lists_the_matches_with_their_score_so_far() -> None:
    tid = build_team_event(teams=4, boards=2)
    record_board(tid, 2, 1, "0-1")  # match 2 is 2-3: team 3 wins board 1
    rounds = table(tid)["rounds"]
    assert rounds["current"] == 1
    assert rounds["boards"] == [[1, 1, 4, None], [2, 2, 3, "0-1"]]


def test_the_worker_task_stores_the_table_after_a_board_result() -> None:
    tid = build_team_event(teams=4, boards=2)
    first = ensure_snapshot(tid).version
    record_board(tid, 1, 1, "1-0")
    seq = record_board(tid, 1, 2, "1-0")  # team 4 White on board 2: 1-1
    assert recompute_standings(tid) == seq > first  # the task, run here
    rows = {row[0]: row for row in table(tid)["rows"]}
    # A match counts once every board has finished: a drawn match, 1 MP and 1 GP each.
    assert (rows[1][5], rows[1][6], rows[4][5], rows[4][6]) == (1, 1, 1, 1)


def test_the_live_page_of_a_team_event_names_the_team_tiebreaks() -> None:
    tid = build_team_event(teams=4, boards=2)
    response = Client().get(reverse("live:spectator", args=[tid]))
    assert response.status_code == 200
    # A team round robin's codes (the team engine's default), after the game points
    # column, named by live.tiebreak_names.
    names = response.context["tiebreak_names"]
    assert set(names) == {"GP", "EDE", "MPvGP", "EMGSB", "KS"}
    assert names["EDE"] == "Extended Direct Encounter"


def test_a_team_event_with_game_points_first_is_ranked_by_them_live() -> None:
    # Four teams after three rounds: by game points 4, 1, 2, 3; by match points 4, 2, 1, 3.
    text = (Path(__file__).resolve().parent.parent / "data" / "team_game_points.trf").read_text()
    tid = import_trf(text, author=organiser()).id
    assert [row[0] for row in table(tid)["rows"]] == [4, 1, 2, 3]
