"""A frame as one spectator gets it: the shared encoding, plus its followed players."""

from __future__ import annotations

import json

from live.frames import Frame
from live.wire import Standings, encode_json, full_frames

from .wire_builders import body, player_row, table_of


def full_table(first_page: int) -> Frame:
    rows = [player_row(n, n, 10 - n, 0) for n in range(1, 6)]
    table = table_of(body(7, rows))
    head, *pages = full_frames(table, first_page, 2)
    assert isinstance(head, Standings)
    return Frame(7, tuple(encode_json(f) for f in (head, *pages)), table, head)


def test_a_head_frame_carries_the_followed_rows_after_its_own() -> None:
    head = json.loads(full_table(first_page=2).texts_for((5,))[0])
    assert [row[0] for row in head["rows"]] == [1, 2]
    assert head["followed"] == [{"offset": 4, "row": [5, "Player 5", "", "ITA", 1995, 5, 0]}]


def test_following_leaves_the_pages_after_the_head_as_they_are() -> None:
    frame = full_table(first_page=2)
    assert frame.texts_for((5,))[1:] == frame.texts[1:]


def test_a_spectator_following_nobody_gets_the_shared_texts() -> None:
    frame = full_table(first_page=2)
    assert frame.texts_for(()) == frame.texts


def test_a_head_frame_with_followed_rows_keeps_the_shared_part_as_it_was() -> None:
    frame = full_table(first_page=2)
    head = json.loads(frame.texts_for((5,))[0])
    del head["followed"]
    assert head == json.loads(frame.texts[0])


def test_a_diff_carries_no_followed_rows() -> None:
    diff = Frame(8, ('{"type":"standings.diff","version":8}',))
    assert diff.texts_for((5,)) == diff.texts
