"""The frames sent to spectators, loaded and encoded once per web process.

When a snapshot is announced, every spectator of the tournament in this
process needs the same frame: the first one to ask loads the snapshot from
the database and encodes it, the others wait for and share that result.
Tables go in wire form (``live.wire``): a full table is a head frame and pages
of rows; tables of at least ``LIVE_DIFF_MIN_ROWS`` players are pushed as diffs
against the version each spectator has (when it still is in memory).
"""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from tournaments.store.queries import TournamentNotFound

from .diff import standings_diff
from .projection import encode_json
from .snapshots import ensure_snapshot, latest_version, snapshot_at
from .wire import FIRST_PAGE_ROWS, PAGE_ROWS, Table, full_frames, table_of

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
    table: Table | None = None  # a full table's; None for a diff

    def texts_for(self, follow: tuple[int, ...]) -> tuple[str, ...]:
        """What to send a spectator following the players ``follow``: a full table's
        head frame gains their rows (``live.wire``).  The shared encoding is reused,
        not redone per spectator: the head is a JSON object, so its closing brace
        makes way for one more key."""
        if not follow or self.table is None:
            return self.texts
        head, *pages = self.texts
        followed = encode_json(self.table.followed(follow))
        return (f'{head[:-1]},"followed":{followed}}}', *pages)


@dataclass
class _Tournament:
    tables: OrderedDict[int, Table] = field(default_factory=OrderedDict)
    # (version, base) -> encoded frames; base None: the full table; None: no diff possible
    texts: dict[tuple[int, int | None], tuple[str, ...] | None] = field(default_factory=dict)
    loading: dict[int, asyncio.Task[Table]] = field(default_factory=dict)

    def remember(self, body: dict[str, Any]) -> Table:
        table = table_of(body)
        self.tables[table.version] = table
        self.tables.move_to_end(table.version)
        while len(self.tables) > _KEEP_TABLES:
            self.tables.popitem(last=False)
        self.texts = {key: text for key, text in self.texts.items() if key[0] in self.tables}
        return table


class FrameCache:
    """One per event loop: the tasks it shares belong to that loop."""

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
            self._get(tournament_id).remember(snapshot.body)
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
        if old is not None and len(table.order) >= diff_min_rows():
            key = (table.version, base)
            if key not in entry.texts:
                diff = standings_diff(old, table)
                entry.texts[key] = None if diff is None else (encode_json(diff),)
            if (texts := entry.texts[key]) is not None:
                return Frame(table.version, texts)
        return self._full(entry, table)

    def _get(self, tournament_id: int) -> _Tournament:
        return self._tournaments.setdefault(tournament_id, _Tournament())

    @staticmethod
    def _full(entry: _Tournament, table: Table) -> Frame:
        key = (table.version, None)
        texts = entry.texts.get(key)
        if texts is None:
            frames = full_frames(table, *page_sizes())
            texts = entry.texts[key] = tuple(encode_json(frame) for frame in frames)
        return Frame(table.version, texts, table)

    async def _table(self, tournament_id: int, version: int) -> Table:
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

    async def _load(self, tournament_id: int, version: int) -> Table:
        snapshot = await database_sync_to_async(snapshot_at)(tournament_id, version)
        if snapshot is None:
            raise TournamentNotFound(tournament_id)
        return self._get(tournament_id).remember(snapshot.body)


_caches: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, FrameCache] = (
    weakref.WeakKeyDictionary()
)


def frame_cache() -> FrameCache:
    """This event loop's cache (daphne serves all websockets from one loop)."""
    loop = asyncio.get_running_loop()
    if loop not in _caches:
        _caches[loop] = FrameCache()
    return _caches[loop]
