"""The standings read model: the one shape of a tournament's table, for every reader.

The worker builds a ``Standings`` once per version (``live.projection``) and
stores it encoded; the standings API sends those very bytes, a web process
decodes them once (``live.frames``) and pushes them to its spectators, and the
page has one decoder for them whichever way they came.  A table is what the
standings and round screens show, as compact arrays (the crosstable and player
cards are fetched over HTTP when opened), each row in the order of ``columns``:

    [start_rank, name, title, federation, rating, points, tie-break values...]

in standings order.  Ranks and places are not stored: ``ties`` lists the 0-based
positions whose row shares the rank of the row above, from which a reader
derives them (``Standings.places``: a rank is the first position of its tied
group, the place is "first-last" when the group has several rows, C.07 ties as
``tiebreaks.ranking`` places them).  Boards are ``[board, white, black, result]``.

A stored table is a full table in one frame (``"pages": 1``).  On the websocket
a big one goes as a head frame with the first ``FIRST_PAGE_ROWS`` rows (a
joining client shows its first screenful at once) and ``pages - 1``
``standings.rows`` frames of ``PAGE_ROWS`` rows each, all at the same version
(settings ``LIVE_FIRST_PAGE_ROWS`` and ``LIVE_PAGE_ROWS`` change them, for tests).

A spectator who follows players (``?follow=`` start ranks, ``parse_follow``) gets
their rows in the head frame too, wherever they stand: ``"followed": [{"offset":
K, "row": [...]}]``, K their 0-based position in standings order, so that a
screen shows the top and its own players before the pages come.

``object_view`` is the same table with named fields (rows and boards as objects,
rank and place spelled out), for API clients that prefer them.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from functools import cached_property
from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

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
_SCORES = len(IDENTITY_COLUMNS)  # a row's points and tie-breaks start here

Row = list[Any]  # in the order of ``columns``
Values = tuple[Any, ...]
BoardValues = tuple[int, int, int, str | None]  # board, white, black, result


class TournamentInfo(msgspec.Struct, omit_defaults=True):
    id: int
    name: str
    rounds: int
    system: str
    # Left out for an individual event.  "team": each row is a team ([number, name,
    # short name, federation or club, None, match points, game points, tie-breaks...])
    # and each board of ``rounds`` a match ([match, white team, black team, the game
    # points so far as "2½-1½", None before a board has finished]).
    kind: str = "individual"


class CurrentRound(msgspec.Struct, omit_defaults=True):
    """The last paired round; players are start ranks (their names are in the rows)."""

    current: int  # 0: nothing paired yet
    closed: bool
    boards: list[BoardValues]
    byes: list[int]
    # Boards whose players reported a result the organiser has not confirmed yet
    # (issue 21): shown as "reported", never as the result.  In a team event the
    # matches with such a board (issue 22).
    reported: list[int] = msgspec.field(default_factory=list)


class Followed(msgspec.Struct):
    offset: int  # the row's 0-based position in standings order
    row: Row


class Standings(msgspec.Struct, kw_only=True, tag="standings", tag_field="type", dict=True):
    """A full table at ``version``: as stored, as the standings API sends it, and as
    the websocket's head frame (with pages > 1: its first rows, the rest in pages)."""

    # Type (the tag), version and pages first: a client (or the bench) reads them
    # from the first bytes.
    version: int
    pages: int = 1
    total: int
    tournament: TournamentInfo
    computed_at: str
    rules: str
    tiebreaks: list[str]
    tiebreak_names: dict[str, str]  # full names, for the tooltips
    # e.g. unrated players with a rating-based tie-break (C.07 10): shown under the table.
    warnings: list[str]
    columns: list[str]
    ties: list[int]
    rounds: CurrentRound
    rows: list[Row]  # the head frame's first rows when pages > 1
    followed: list[Followed] | UnsetType = UNSET  # head frames only

    @cached_property
    def order(self) -> tuple[int, ...]:
        """Start ranks in standings order."""
        return tuple(row[0] for row in self.rows)

    @cached_property
    def identity(self) -> dict[int, Values]:
        """Start rank -> ``IDENTITY_COLUMNS`` values."""
        return {row[0]: tuple(row[:_SCORES]) for row in self.rows}

    @cached_property
    def scores(self) -> dict[int, Values]:
        """Start rank -> (points, *tie-break values)."""
        return {row[0]: tuple(row[_SCORES:]) for row in self.rows}

    @cached_property
    def tied(self) -> frozenset[int]:
        """The start ranks whose row shares the rank of the row above (``ties`` by who)."""
        return frozenset(self.order[i] for i in self.ties)

    @cached_property
    def positions(self) -> dict[int, int]:
        """Start rank -> 0-based position in standings order."""
        return {start_rank: i for i, start_rank in enumerate(self.order)}

    def places(self) -> list[tuple[int, str]]:
        """(rank, place) of each row in standings order, from ``ties``."""
        tied = set(self.ties)
        placed: list[tuple[int, str]] = []
        first = 0
        for end in range(1, len(self.rows) + 1):
            if end < len(self.rows) and end in tied:
                continue
            place = str(first + 1) if end - first == 1 else f"{first + 1}-{end}"
            placed.extend([(first + 1, place)] * (end - first))
            first = end
        return placed

    def followed_rows(self, start_ranks: Iterable[int]) -> list[Followed]:
        """The head frame's ``followed`` part: each player's position and row."""
        return [
            Followed(self.positions[start_rank], self.rows[self.positions[start_rank]])
            for start_rank in start_ranks
            if start_rank in self.positions
        ]


class StandingsRows(msgspec.Struct, tag="standings.rows", tag_field="type"):
    """One page of a full table after its head frame."""

    version: int
    offset: int  # the 0-based position of the first row
    rows: list[Row]


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Standings)


def encode_json(value: object) -> str:
    """Compact JSON, for everything live sends or stores: a table, a frame, a crosstable."""
    return _encoder.encode(value).decode()


def decode_standings(text: str | bytes) -> Standings:
    """A stored table; raises ``msgspec.ValidationError`` for another shape."""
    return _decoder.decode(text)


def score_columns(tiebreaks: Iterable[str]) -> list[str]:
    return [*IDENTITY_COLUMNS, "points", *tiebreaks]


def full_frames(
    table: Standings, first_page: int = FIRST_PAGE_ROWS, page: int = PAGE_ROWS
) -> list[Standings | StandingsRows]:
    """The head frame with ``first_page`` rows, then ``standings.rows`` frames of
    ``page`` rows with the rest of the table (a small table is its one frame)."""
    rows = table.rows
    starts = [0, *range(first_page, len(rows), page)]
    if len(starts) == 1:
        return [table]
    ends = [*starts[1:], len(rows)]
    head = msgspec.structs.replace(table, pages=len(starts), rows=rows[: ends[0]])
    return [
        head,
        *(
            StandingsRows(table.version, start, rows[start:end])
            for start, end in zip(starts[1:], ends[1:], strict=True)
        ),
    ]


def parse_follow(
    values: Iterable[str], players: Container[int], *, teams: bool = False
) -> tuple[int, ...]:
    """The start ranks a spectator follows, from ``follow`` query values such as
    ``"12"`` or ``"12,40"`` (empty items are ignored, repeats kept once), each one
    of ``players``; in a team event (``teams``) the teams' pairing numbers.

    Raises ValueError with a message naming the parameter.
    """
    noun, number = ("team", "pairing number") if teams else ("player", "start rank")
    start_ranks: dict[int, None] = {}  # ordered, without repeats
    for value in values:
        for item in value.split(","):
            item = item.strip()
            if not item:
                continue
            if not (item.isascii() and item.isdigit()) or len(item) > _MAX_START_RANK_DIGITS:
                raise ValueError(f"follow: {item[:20]!r} is not a {number} (a positive integer)")
            start_rank = int(item)
            if start_rank == 0:
                raise ValueError(f"follow: {number}s begin at 1")
            if start_rank not in players:
                raise ValueError(f"follow: no {noun} with {number} {start_rank}")
            start_ranks[start_rank] = None
            if len(start_ranks) > MAX_FOLLOWED:
                raise ValueError(f"follow: at most {MAX_FOLLOWED} {noun}s")
    return tuple(start_ranks)


class PlayerRow(msgspec.Struct):
    """A row of ``object_view``."""

    rank: int
    place: str  # "2", or "2-4" when shared
    start_rank: int
    name: str
    title: str
    federation: str
    rating: int | None  # None: unrated
    points: float
    tiebreaks: dict[str, float | None]  # by code, as in ``tiebreaks``


class BoardObject(msgspec.Struct):
    board: int
    white: int
    black: int
    result: str | None  # None while in play


class RoundObjects(msgspec.Struct):
    current: int
    closed: bool
    boards: list[BoardObject]
    byes: list[int]
    reported: list[int]


class StandingsObjects(msgspec.Struct, kw_only=True):
    """A table with named fields (``object_view``)."""

    version: int
    tournament: TournamentInfo
    computed_at: str
    rules: str
    tiebreaks: list[str]
    tiebreak_names: dict[str, str]
    warnings: list[str]
    rows: list[PlayerRow]
    rounds: RoundObjects


def object_view(table: Standings) -> StandingsObjects:
    """``table`` with named fields: rows and boards as objects, ranks and places
    spelled out."""
    codes = table.tiebreaks
    rounds = table.rounds
    return StandingsObjects(
        version=table.version,
        tournament=table.tournament,
        computed_at=table.computed_at,
        rules=table.rules,
        tiebreaks=codes,
        tiebreak_names=table.tiebreak_names,
        warnings=table.warnings,
        rows=[
            _player_row(row, rank, place, codes)
            for row, (rank, place) in zip(table.rows, table.places(), strict=True)
        ],
        rounds=RoundObjects(
            current=rounds.current,
            closed=rounds.closed,
            boards=[BoardObject(*board) for board in rounds.boards],
            byes=rounds.byes,
            reported=rounds.reported,
        ),
    )


def _player_row(row: Row, rank: int, place: str, codes: list[str]) -> PlayerRow:
    start_rank, name, title, federation, rating, points, *values = row
    return PlayerRow(
        rank=rank,
        place=place,
        start_rank=start_rank,
        name=name,
        title=title,
        federation=federation,
        rating=rating,
        points=points,
        tiebreaks=dict(zip(codes, values, strict=True)),
    )
