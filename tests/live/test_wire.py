"""The stored table and its frames: compact rows, ties, pages (pure)."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

from live.wire import (
    MAX_FOLLOWED,
    Followed,
    decode_standings,
    encode_json,
    full_frames,
    object_view,
    parse_follow,
)

from .wire_builders import body, player_row, table_of


def frames(table_body: dict[str, Any], *page_sizes: int) -> list[dict[str, Any]]:
    """The frames of a table as a client decodes them."""
    return json.loads(encode_json(full_frames(table_of(table_body), *page_sizes)))


def test_rows_are_arrays_in_the_order_of_the_columns() -> None:
    (head,) = frames(body(7))
    columns = ["start_rank", "name", "title", "federation", "rating", "points", "BH"]
    assert head["columns"] == columns
    assert head["rows"][2] == [3, "Player 3", "", "ITA", 1997, 0, 1]


def test_the_socket_carries_no_crosstable_nor_modified_points() -> None:
    text = encode_json(full_frames(table_of(body(7))))
    assert "crosstable" not in text and "modified_points" not in text


def test_ties_are_the_positions_sharing_the_rank_above() -> None:
    (head,) = frames(body(7))
    assert head["ties"] == [1]


def test_boards_are_arrays() -> None:
    (head,) = frames(body(7))
    assert head["rounds"]["boards"] == [[1, 1, 2, None], [2, 3, 4, None]]


def test_head_starts_with_type_version_and_pages() -> None:
    (head,) = frames(body(7))
    assert list(head)[:3] == ["type", "version", "pages"]


def test_a_big_table_is_the_top_first_then_pages() -> None:
    rows = [player_row(n, n, 10 - n, 0) for n in range(1, 8)]
    pages = frames(body(7, rows), 2, 3)
    assert [len(frame["rows"]) for frame in pages] == [2, 3, 2]
    assert (pages[0]["pages"], pages[0]["total"]) == (3, 7)
    assert [(f["type"], f["version"], f["offset"]) for f in pages[1:]] == [
        ("standings.rows", 7, 2),
        ("standings.rows", 7, 5),
    ]
    assert [row[0] for frame in pages for row in frame["rows"]] == list(range(1, 8))


# --------------------------------------------------------------------------- follow


def test_follow_takes_start_ranks_separated_by_commas_or_repeated() -> None:
    assert parse_follow(["12,40", "7"], range(1, 41)) == (12, 40, 7)


def test_follow_keeps_a_repeated_start_rank_once_and_ignores_empty_items() -> None:
    assert parse_follow(["3,,3", ""], range(1, 41)) == (3,)


@pytest.mark.parametrize("value", ["x", "-1", "1.5", "²", "1234567", " 0x1"])
def test_follow_refuses_what_is_not_a_start_rank(value: str) -> None:
    with pytest.raises(ValueError, match="follow: .* is not a start rank"):
        parse_follow([value], range(1, 41))


def test_follow_refuses_start_rank_zero() -> None:
    with pytest.raises(ValueError, match="follow: start ranks begin at 1"):
        parse_follow(["0"], range(1, 41))


def test_follow_refuses_more_players_than_a_screen_follows() -> None:
    with pytest.raises(ValueError, match=f"at most {MAX_FOLLOWED} players"):
        parse_follow([",".join(str(n) for n in range(1, MAX_FOLLOWED + 2))], range(1, 41))


def test_follow_refuses_a_start_rank_no_player_has() -> None:
    with pytest.raises(ValueError, match="follow: no player with start rank 41"):
        parse_follow(["3,41"], range(1, 41))


def test_a_followed_player_comes_with_its_position_in_the_standings() -> None:
    table = table_of(body(7))
    assert table.followed_rows([3, 1]) == [
        Followed(offset=2, row=[3, "Player 3", "", "ITA", 1997, 0, 1]),
        Followed(offset=0, row=[1, "Player 1", "", "ITA", 1999, 1, 0]),
    ]


# --------------------------------------------------------------------------- one shape


def test_a_stored_table_is_a_full_table_in_one_frame() -> None:
    (head,) = frames(body(7))
    assert (head["type"], head["pages"], head["total"], len(head["rows"])) == ("standings", 1, 3, 3)


def test_a_table_decodes_as_it_was_encoded() -> None:
    table = table_of(body(7))
    assert decode_standings(encode_json(table)) == table


def test_another_shape_is_not_a_stored_table() -> None:
    with pytest.raises(msgspec.ValidationError):
        decode_standings(json.dumps({**body(7), "type": "standings"}))


def test_places_are_shared_by_tied_rows() -> None:
    # Hand-written: 1 alone, 2-3-4 tied (positions 2 and 3 share the rank above), 5 alone.
    rows = [player_row(1, 1, 3, 0), *(player_row(n, 2, 2, 0) for n in (2, 3, 4)),
            player_row(5, 5, 0, 0)]  # fmt: skip
    assert table_of(body(7, rows)).places() == [(1, "1"), (2, "2-4"), (2, "2-4"), (2, "2-4"),
                                                 (5, "5")]  # fmt: skip


def test_the_object_view_names_every_field_of_a_row() -> None:
    view = msgspec.to_builtins(object_view(table_of(body(7))))
    assert view["rows"][1] == {
        "rank": 1,
        "place": "1-2",
        "start_rank": 2,
        "name": "Player 2",
        "title": "",
        "federation": "ITA",
        "rating": 1998,
        "points": 1,
        "tiebreaks": {"BH": 0},
    }
    assert view["rounds"]["boards"][0] == {"board": 1, "white": 1, "black": 2, "result": None}
