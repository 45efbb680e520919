"""Diffs between tables in wire form (pure)."""

from __future__ import annotations

from live.diff import order_runs, standings_diff

from .wire_builders import body, player_row, table_of


def test_diff_carries_only_the_scores_of_changed_rows_and_changed_boards() -> None:
    old, new = body(7), body(9)
    new["rows"][0]["tiebreaks"] = {"BH": 1}
    new["rounds"]["boards"][0]["result"] = "1-0"
    assert standings_diff(table_of(old), table_of(new)) == {
        "type": "standings.diff",
        "version": 9,
        "base_version": 7,
        "computed_at": new["computed_at"],
        "rows": [[1, 1, 1]],
        "boards": [(1, 1, 2, "1-0")],
        "closed": False,
    }


def test_moved_rows_travel_as_runs_over_the_old_order() -> None:
    new = body(9, [player_row(1, 1, 2, 0), player_row(3, 2, 1, 1), player_row(2, 2, 1, 1)])
    diff = standings_diff(table_of(body(7)), table_of(new))
    assert sorted(diff["rows"]) == [[1, 2, 0], [2, 1, 1], [3, 1, 1]]
    assert diff["order"] == [1, 3, 2]
    # Start rank 2 shared the rank of the row above before (1) and still does (3).
    assert not {"ties_on", "ties_off"} & diff.keys()


def test_a_row_moving_past_tied_rows_changes_only_the_ties_at_its_ends() -> None:
    # Old: 1 alone, then 2, 3, 4 tied, then 5.  Start rank 5 wins past them all and
    # shares first place with 1: the tied block 2-3-4 shifts one place down (its
    # positions change), yet by start rank only 5 is newly tied with the row above.
    old = body(7, [player_row(1, 1, 2, 0), *(player_row(n, 2, 1, 0) for n in (2, 3, 4)),
                   player_row(5, 5, 0, 0)])  # fmt: skip
    new = body(9, [player_row(1, 1, 2, 0), player_row(5, 1, 2, 0),
                   *(player_row(n, 3, 1, 0) for n in (2, 3, 4))])  # fmt: skip
    diff = standings_diff(table_of(old), table_of(new))
    assert diff["ties_on"] == [5]
    assert "ties_off" not in diff


def test_a_group_split_by_a_result_sends_the_row_no_longer_tied() -> None:
    old = body(7)  # 1 and 2 share first place
    new = body(9, [player_row(2, 1, 2, 0), player_row(1, 2, 1, 0), player_row(3, 3, 0, 1)])
    diff = standings_diff(table_of(old), table_of(new))
    assert "ties_on" not in diff
    assert diff["ties_off"] == [2]


def test_one_player_lifted_over_a_block_is_three_runs() -> None:
    old = list(range(1, 1001))
    new = [*old[:100], 900, *old[100:899], *old[900:]]
    assert order_runs(old, new) == [[0, 100], 900, [100, 899], [900, 1000]]


def test_an_unchanged_order_is_not_sent() -> None:
    new = body(9)
    new["rounds"]["closed"] = True
    diff = standings_diff(table_of(body(7)), table_of(new))
    assert not {"order", "ties_on", "ties_off"} & diff.keys()
    assert diff["closed"] is True


def test_new_round_needs_a_full_table() -> None:
    new = body(9)
    new["rounds"]["current"] = 3
    assert standings_diff(table_of(body(7)), table_of(new)) is None


def test_other_tiebreaks_need_a_full_table() -> None:
    new = body(9)
    new["tiebreaks"] = ["SB"]
    for row in new["rows"]:
        row["tiebreaks"] = {"SB": 0}
    assert standings_diff(table_of(body(7)), table_of(new)) is None


def test_new_player_needs_a_full_table() -> None:
    new = body(9)
    new["rows"].append(player_row(4, 4, 0, 0))
    assert standings_diff(table_of(body(7)), table_of(new)) is None


def test_a_changed_name_needs_a_full_table() -> None:
    new = body(9)
    new["rows"][2]["name"] = "Someone Else"
    assert standings_diff(table_of(body(7)), table_of(new)) is None


def test_a_diff_carries_the_reported_boards_when_they_change() -> None:
    new = body(9)
    new["rounds"]["reported"] = [1]
    assert standings_diff(table_of(body(7)), table_of(new))["reported"] == [1]
