"""The frames sent to spectators: a cache, in this web process, of stored tables
and their encodings.

When a snapshot is announced, every spectator of the tournament in this
process needs the same frame: the first one to ask loads the stored table and
decodes it, the others wait for and share that result.  The cache only speeds
reads: every entry is keyed by the version it holds, the stored snapshots stay
the truth, and an entry missing or forgotten costs a load, never another frame.
A table that fits in one frame goes out as the stored bytes themselves
(``live.wire``); a bigger one as a head frame and pages of rows; tables of at
least ``LIVE_DIFF_MIN_ROWS`` players are pushed as diffs against the version
each spectator has (when that one is still cached here).
"""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field

import msgspec
from channels.db import database_sync_to_async
from django.conf import settings

from tournaments.store.queries import TournamentNotFound

from .diff import standings_diff
from .snapshots import ensure_snapshot, latest_version, snapshot_at
from .wire import FIRST_PAGE_ROWS, PAGE_ROWS, Standings, decode_standings, encode_json, full_frames

# Tables kept in memory per tournament: the bases of the diffs still useful.
_KEEP_TABLES = 4


# bench/live_latency.py, 200 spectators: with 60 players diffs gave p95 148 ms
# against 257 ms for full tables, with 2000 players 1.8 s against 5.2 s.  Only
# tables too small to matter go whole, sparing their clients the diff logic.
DEFAULT_DIFF_MIN_ROWS = 32


def diff_min_rows() -> int:
    return getattr(settings, "LIVE_DIFF_MIN_ROWS", DEFAULT_DIFF_MIN_ROWS)


def page_sizes() -> tuple[int, int]:
    """Rows of a full table's head frame and of each page after it."""
    return (
        getattr(settings, "LIVE_FIRST_PAGE_ROWS", FIRST_PAGE_ROWS),
        getattr(settings, "LIVE_PAGE_ROWS", PAGE_ROWS),
    )


@dataclass(frozen=True)
class Frame:
    """What takes a spectator to ``version``: one diff, or a full table's pages,
    sent in this order with nothing in between."""

    version: int
    texts: tuple[str, ...]
    table: Standings | None = None  # a full table's; None for a diff
    head: Standings | None = None  # its head frame (the table itself when one frame holds it)

    def texts_for(self, follow: tuple[int, ...]) -> tuple[str, ...]:
        """What to send a spectator following the players ``follow``: a full table's
        head frame gains their rows (``live.wire``); the pages after it are shared."""
        if not follow or self.table is None or self.head is None:
            return self.texts
        head = msgspec.structs.replace(self.head, followed=self.table.followed_rows(follow))
        return (encode_json(head), *self.texts[1:])


@dataclass
class _Tournament:
    tables: OrderedDict[int, Standings] = field(default_factory=OrderedDict)
    # (version, base) -> frames; base None: the full table; None: no diff possible
    frames: dict[tuple[int, int | None], Frame | None] = field(default_factory=dict)
    loading: dict[int, asyncio.Task[Standings]] = field(default_factory=dict)

    def remember(self, stored: str) -> Standings:
        table = decode_standings(stored)
        self.tables[table.version] = table
        self.tables.move_to_end(table.version)
        while len(self.tables) > _KEEP_TABLES:
            self.tables.popitem(last=False)
        self.frames = {key: frame for key, frame in self.frames.items() if key[0] in self.tables}
        first_page, _ = page_sizes()
        if len(table.rows) <= first_page:
            # The stored bytes are the one frame: nothing to encode.
            self.frames[table.version, None] = Frame(table.version, (stored,), table, table)
        return table


class ProcessFrameCache:
    """This process's cache, one per event loop: the tasks it shares belong to that loop."""

    def __init__(self) -> None:
        self._tournaments: dict[int, _Tournament] = {}

    async def latest(self, tournament_id: int) -> Frame | None:
        """The full frame of the latest snapshot; None for an unknown tournament."""
        version = await database_sync_to_async(latest_version)(tournament_id)
        if version is None:
            try:
                snapshot = await database_sync_to_async(ensure_snapshot)(tournament_id)
            except TournamentNotFound:
                return None
            self._get(tournament_id).remember(snapshot.body_json)
            version = snapshot.version
        return await self.full(tournament_id, version)

    def forget(self, tournament_id: int) -> None:
        self._tournaments.pop(tournament_id, None)

    async def full(self, tournament_id: int, version: int) -> Frame:
        table = await self._table(tournament_id, version)
        return self._full(self._get(tournament_id), table)

    async def update(self, tournament_id: int, base: int, version: int) -> Frame:
        """The frame taking a spectator from ``base`` to ``version``: a diff or a full table."""
        table = await self._table(tournament_id, version)
        entry = self._get(tournament_id)
        old = entry.tables.get(base)
        if old is not None and len(table.rows) >= diff_min_rows():
            key = (table.version, base)
            if key not in entry.frames:
                diff = standings_diff(old, table)
                texts = None if diff is None else (encode_json(diff),)
                entry.frames[key] = None if texts is None else Frame(table.version, texts)
            if (frame := entry.frames[key]) is not None:
                return frame
        return self._full(entry, table)

    def _get(self, tournament_id: int) -> _Tournament:
        return self._tournaments.setdefault(tournament_id, _Tournament())

    @staticmethod
    def _full(entry: _Tournament, table: Standings) -> Frame:
        key = (table.version, None)
        frame = entry.frames.get(key)
        if frame is None:
            head, *pages = full_frames(table, *page_sizes())
            texts = tuple(encode_json(f) for f in (head, *pages))
            assert isinstance(head, Standings)
            frame = entry.frames[key] = Frame(table.version, texts, table, head)
        return frame

    async def _table(self, tournament_id: int, version: int) -> Standings:
        """The table at ``version`` (or the latest, if that one was pruned), loaded once."""
        entry = self._get(tournament_id)
        if version in entry.tables:
            return entry.tables[version]
        task = entry.loading.get(version)
        if task is None:
            task = asyncio.ensure_future(self._load(tournament_id, version))
            entry.loading[version] = task
            task.add_done_callback(lambda _: entry.loading.pop(version, None))
        return await asyncio.shield(task)

    async def _load(self, tournament_id: int, version: int) -> Standings:
        snapshot = await database_sync_to_async(snapshot_at)(tournament_id, version)
        if snapshot is None:
            raise TournamentNotFound(tournament_id)
        return self._get(tournament_id).remember(snapshot.body_json)


_caches: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, ProcessFrameCache] = (
    weakref.WeakKeyDictionary()
)


def process_frame_cache() -> ProcessFrameCache:
    """This event loop's cache (daphne serves all websockets from one loop)."""
    loop = asyncio.get_running_loop()
    if loop not in _caches:
        _caches[loop] = ProcessFrameCache()
    return _caches[loop]
