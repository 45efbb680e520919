"""Diffs between snapshot bodies (pure)."""

from __future__ import annotations

import copy

from live.diff import standings_diff


def body(version: int) -> dict:
    return {
        "tournament": {"id": 1, "name": "T", "rounds": 5, "system": "swiss"},
        "version": version,
        "computed_at": "2026-11-22T00:00:00+00:00",
        "rules": "fide-2026",
        "tiebreaks": ["BH"],
        "rows": [
            {"start_rank": 1, "rank": 1, "place": "1-2", "points": 1, "tiebreaks": {"BH": 0}},
            {"start_rank": 2, "rank": 1, "place": "1-2", "points": 1, "tiebreaks": {"BH": 0}},
            {"start_rank": 3, "rank": 3, "place": "3", "points": 0, "tiebreaks": {"BH": 1}},
        ],
        "rounds": {
            "current": 2,
            "closed": False,
            "boards": [
                {"board": 1, "white": 1, "black": 2, "result": None},
                {"board": 2, "white": 3, "black": 4, "result": None},
            ],
            "byes": [],
        },
    }


def test_diff_carries_only_changed_fields_of_changed_rows() -> None:
    old, new = body(7), body(9)
    new["rows"][0]["tiebreaks"] = {"BH": 1}
    new["rounds"]["boards"][0]["result"] = "1-0"
    assert standings_diff(old, new) == {
        "type": "standings.diff",
        "version": 9,
        "base_version": 7,
        "computed_at": new["computed_at"],
        "rows": [{"start_rank": 1, "tiebreaks": {"BH": 1}}],
        "boards": [{"board": 1, "white": 1, "black": 2, "result": "1-0"}],
        "closed": False,
    }


def test_moved_ranks_travel_as_one_ranking() -> None:
    old, new = body(7), body(9)
    first, second, third = new["rows"]
    first.update(points=2, rank=1, place="1")
    second.update(rank=2, place="2-3")
    third.update(points=1, rank=2, place="2-3")
    new["rows"] = [first, third, second]
    diff = standings_diff(old, new)
    assert diff["rows"] == [{"start_rank": 1, "points": 2}, {"start_rank": 3, "points": 1}]
    assert diff["ranking"] == [[1, "1", [1]], [2, "2-3", [3, 2]]]


def test_new_round_needs_a_full_snapshot() -> None:
    new = body(9)
    new["rounds"]["current"] = 3
    assert standings_diff(body(7), new) is None


def test_other_tiebreaks_need_a_full_snapshot() -> None:
    new = body(9)
    new["tiebreaks"] = ["SB"]
    assert standings_diff(body(7), new) is None


def test_new_player_needs_a_full_snapshot() -> None:
    new = body(9)
    new["rows"].append(copy.deepcopy(new["rows"][2]) | {"start_rank": 4})
    assert standings_diff(body(7), new) is None
