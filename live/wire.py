"""The standings as the websocket carries them: what a screen shows, as compact arrays.

A snapshot body (``live.projection``) has one object per player with named
fields; at 9,999 players that is megabytes, above daphne's 1 MiB message limit.
The socket carries only what the standings and round screens read (the
crosstable and player cards are fetched over HTTP when opened), each row as
an array in the order of ``columns``:

    [start_rank, name, title, federation, rating, points, tie-break values...]

in standings order.  Ranks and places are not sent: ``ties`` lists the 0-based
positions whose row shares the rank of the row above, from which a client
derives them (a rank is the first position of its tied group, the place is
"first-last" when the group has several rows, C.07 ties as ``tiebreaks.ranking``
places them).  Boards are ``[board, white, black, result]``.

A full table goes as one head frame with the first ``FIRST_PAGE_ROWS`` rows (a
joining client shows its first screenful at once) and ``pages - 1``
``standings.rows`` frames of ``PAGE_ROWS`` rows each, all at the same version
(settings ``LIVE_FIRST_PAGE_ROWS`` and ``LIVE_PAGE_ROWS`` change them, for tests).

A spectator who follows players (``?follow=`` start ranks, ``parse_follow``) gets
their rows in the head frame too, wherever they stand: ``"followed": [{"offset":
K, "row": [...]}]``, K their 0-based position in standings order, so that a
screen shows the top and its own players before the pages come.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

FIRST_PAGE_ROWS = 100
# 2,000 rows of a big Swiss are about 150 KB: far below daphne's 1 MiB limit.
PAGE_ROWS = 2000

# Players one spectator may follow: a handful for a club, a team, a family.
MAX_FOLLOWED = 20
# Bounds what int() is given (a TRF's start ranks have at most four digits);
# whether the player exists is checked after.
_MAX_START_RANK_DIGITS = 6

# The fields that identify a player; a change in them calls for a full table.
IDENTITY_COLUMNS = ("start_rank", "name", "title", "federation", "rating")

Values = tuple[Any, ...]


@dataclass(frozen=True)
class Table:
    """One snapshot body in wire form."""

    version: int
    head: dict[str, Any]  # tournament, computed_at, rules, tiebreaks, tiebreak_names, warnings
    rounds: dict[str, Any]  # current, closed, boards (as arrays), byes
    order: tuple[int, ...]  # start ranks in standings order
    ties: tuple[int, ...]
    identity: dict[int, Values]  # start rank -> IDENTITY_COLUMNS values
    scores: dict[int, Values]  # start rank -> (points, *tie-break values)

    @property
    def columns(self) -> list[str]:
        return [*IDENTITY_COLUMNS, "points", *self.head["tiebreaks"]]

    def row(self, start_rank: int) -> list[Any]:
        return [*self.identity[start_rank], *self.scores[start_rank]]

    @cached_property
    def tied(self) -> frozenset[int]:
        """The start ranks whose row shares the rank of the row above (``ties`` by who)."""
        return frozenset(self.order[i] for i in self.ties)

    @cached_property
    def positions(self) -> dict[int, int]:
        """Start rank -> 0-based position in standings order (built on first use)."""
        return {start_rank: i for i, start_rank in enumerate(self.order)}

    def followed(self, start_ranks: Iterable[int]) -> list[dict[str, Any]]:
        """The head frame's ``followed`` part: each player's position and row."""
        return [
            {"offset": self.positions[start_rank], "row": self.row(start_rank)}
            for start_rank in start_ranks
            if start_rank in self.positions
        ]


def parse_follow(values: Iterable[str], players: Container[int]) -> tuple[int, ...]:
    """The start ranks a spectator follows, from ``follow`` query values such as
    ``"12"`` or ``"12,40"`` (empty items are ignored, repeats kept once), each one
    of ``players``.

    Raises ValueError with a message naming the parameter.
    """
    start_ranks: dict[int, None] = {}  # ordered, without repeats
    for value in values:
        for item in value.split(","):
            item = item.strip()
            if not item:
                continue
            if not (item.isascii() and item.isdigit()) or len(item) > _MAX_START_RANK_DIGITS:
                raise ValueError(f"follow: {item[:20]!r} is not a start rank (a positive integer)")
            start_rank = int(item)
            if start_rank == 0:
                raise ValueError("follow: start ranks begin at 1")
            if start_rank not in players:
                raise ValueError(f"follow: no player with start rank {start_rank}")
            start_ranks[start_rank] = None
            if len(start_ranks) > MAX_FOLLOWED:
                raise ValueError(f"follow: at most {MAX_FOLLOWED} players")
    return tuple(start_ranks)


def table_of(body: dict[str, Any]) -> Table:
    codes = body["tiebreaks"]
    rows = body["rows"]
    rounds = body["rounds"]
    return Table(
        version=body["version"],
        head={
            **{
                key: body[key]
                for key in ("tournament", "computed_at", "rules", "tiebreaks", "tiebreak_names")
            },
            # Tables stored before the standings carried warnings have none.
            "warnings": body.get("warnings", []),
        },
        rounds={
            "current": rounds["current"],
            "closed": rounds["closed"],
            "boards": [board_values(board) for board in rounds["boards"]],
            "byes": rounds["byes"],
        },
        order=tuple(row["start_rank"] for row in rows),
        ties=tuple(i for i in range(1, len(rows)) if rows[i]["rank"] == rows[i - 1]["rank"]),
        identity={row["start_rank"]: tuple(row[key] for key in IDENTITY_COLUMNS) for row in rows},
        scores={
            row["start_rank"]: (row["points"], *(row["tiebreaks"][code] for code in codes))
            for row in rows
        },
    )


def board_values(board: dict[str, Any]) -> list[Any]:
    return [board["board"], board["white"], board["black"], board["result"]]


def full_frames(
    table: Table, first_page: int = FIRST_PAGE_ROWS, page: int = PAGE_ROWS
) -> list[dict[str, Any]]:
    """The head frame with ``first_page`` rows, then ``standings.rows`` frames of
    ``page`` rows with the rest of the table."""
    rows = [table.row(start_rank) for start_rank in table.order]
    starts = [0, *range(first_page, len(rows), page)]
    ends = [*starts[1:], len(rows)]
    # Type, version and pages first: a client (or the bench) reads them from the first bytes.
    head = {
        "type": "standings",
        "version": table.version,
        "pages": len(starts),
        "total": len(rows),
        **table.head,
        "columns": table.columns,
        "ties": list(table.ties),
        "rounds": table.rounds,
        "rows": rows[: ends[0]],
    }
    return [head] + [
        {
            "type": "standings.rows",
            "version": table.version,
            "offset": start,
            "rows": rows[start:end],
        }
        for start, end in zip(starts[1:], ends[1:], strict=True)
    ]
