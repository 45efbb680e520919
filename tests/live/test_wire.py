"""Snapshot bodies in wire form: compact rows, ties, pages (pure)."""

from __future__ import annotations

import json

from live.wire import full_frames, table_of

from .wire_builders import body, player_row


def test_rows_are_arrays_in_the_order_of_the_columns() -> None:
    (head,) = full_frames(table_of(body(7)))
    columns = ["start_rank", "name", "title", "federation", "rating", "points", "BH"]
    assert head["columns"] == columns
    assert head["rows"][2] == [3, "Player 3", "", "ITA", 1997, 0, 1]


def test_the_socket_carries_no_crosstable_nor_modified_points() -> None:
    text = json.dumps(full_frames(table_of(body(7))))
    assert "crosstable" not in text and "modified_points" not in text


def test_ties_are_the_positions_sharing_the_rank_above() -> None:
    (head,) = full_frames(table_of(body(7)))
    assert head["ties"] == [1]


def test_boards_are_arrays() -> None:
    (head,) = full_frames(table_of(body(7)))
    assert head["rounds"]["boards"] == [[1, 1, 2, None], [2, 3, 4, None]]


def test_head_starts_with_type_version_and_pages() -> None:
    (head,) = full_frames(table_of(body(7)))
    assert list(head)[:3] == ["type", "version", "pages"]


def test_a_big_table_is_the_top_first_then_pages() -> None:
    rows = [player_row(n, n, 10 - n, 0) for n in range(1, 8)]
    frames = full_frames(table_of(body(7, rows)), first_page=2, page=3)
    assert [len(frame["rows"]) for frame in frames] == [2, 3, 2]
    assert (frames[0]["pages"], frames[0]["total"]) == (3, 7)
    assert [(f["type"], f["version"], f["offset"]) for f in frames[1:]] == [
        ("standings.rows", 7, 2),
        ("standings.rows", 7, 5),
    ]
    assert [row[0] for frame in frames for row in frame["rows"]] == list(range(1, 8))
