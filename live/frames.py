"""The frames sent to spectators, loaded and encoded once per web process.

When a snapshot is announced, every spectator of the tournament in this
process needs the same frame: the first one to ask loads the snapshot from
the database and encodes it, the others wait for and share that result.
Tables of at least ``LIVE_DIFF_MIN_ROWS`` players are pushed as diffs against
the version each spectator has (when it still is in memory).
"""

from __future__ import annotations

import asyncio
import json
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from tournaments.store.queries import TournamentNotFound

from .diff import standings_diff
from .snapshots import ensure_snapshot, latest_version, snapshot_at

# Bodies kept in memory per tournament: the bases of the diffs still useful.
_KEEP_BODIES = 4


# bench/live_latency.py, 200 spectators: with 60 players diffs gave p95 148 ms
# against 257 ms for full tables, with 2000 players 1.8 s against 5.2 s.  Only
# tables too small to matter go whole, sparing their clients the diff logic.
DEFAULT_DIFF_MIN_ROWS = 32


def diff_min_rows() -> int:
    return getattr(settings, "LIVE_DIFF_MIN_ROWS", DEFAULT_DIFF_MIN_ROWS)


def encode(frame: dict[str, Any]) -> str:
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


def full_frame(body: dict[str, Any]) -> dict[str, Any]:
    # Type and version first: PostgreSQL's jsonb does not keep the body's key order,
    # and a client can read these two from the frame's first bytes.
    return {"type": "standings", "version": body["version"], **body}


@dataclass(frozen=True)
class Frame:
    version: int
    text: str


@dataclass
class _Tournament:
    bodies: OrderedDict[int, dict[str, Any]] = field(default_factory=OrderedDict)
    # (version, base) -> encoded frame; base None: the full table; text None: no diff possible
    texts: dict[tuple[int, int | None], str | None] = field(default_factory=dict)
    loading: dict[int, asyncio.Task[dict[str, Any]]] = field(default_factory=dict)

    def remember(self, body: dict[str, Any]) -> None:
        self.bodies[body["version"]] = body
        self.bodies.move_to_end(body["version"])
        while len(self.bodies) > _KEEP_BODIES:
            self.bodies.popitem(last=False)
        self.texts = {key: text for key, text in self.texts.items() if key[0] in self.bodies}


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
        body = await self._body(tournament_id, version)
        return self._full(self._get(tournament_id), body)

    async def update(self, tournament_id: int, base: int, version: int) -> Frame:
        """The frame taking a spectator from ``base`` to ``version``: a diff or a full table."""
        body = await self._body(tournament_id, version)
        entry = self._get(tournament_id)
        old = entry.bodies.get(base)
        if old is not None and len(body["rows"]) >= diff_min_rows():
            key = (body["version"], base)
            if key not in entry.texts:
                diff = standings_diff(old, body)
                entry.texts[key] = None if diff is None else encode(diff)
            if (text := entry.texts[key]) is not None:
                return Frame(body["version"], text)
        return self._full(entry, body)

    def _get(self, tournament_id: int) -> _Tournament:
        return self._tournaments.setdefault(tournament_id, _Tournament())

    @staticmethod
    def _full(entry: _Tournament, body: dict[str, Any]) -> Frame:
        key = (body["version"], None)
        if entry.texts.get(key) is None:
            entry.texts[key] = encode(full_frame(body))
        return Frame(body["version"], entry.texts[key])

    async def _body(self, tournament_id: int, version: int) -> dict[str, Any]:
        """The body at ``version`` (or the latest, if that one was pruned), loaded once."""
        entry = self._get(tournament_id)
        if version in entry.bodies:
            return entry.bodies[version]
        task = entry.loading.get(version)
        if task is None:
            task = asyncio.ensure_future(self._load(tournament_id, version))
            entry.loading[version] = task
            task.add_done_callback(lambda _: entry.loading.pop(version, None))
        return await asyncio.shield(task)

    async def _load(self, tournament_id: int, version: int) -> dict[str, Any]:
        snapshot = await database_sync_to_async(snapshot_at)(tournament_id, version)
        if snapshot is None:
            raise TournamentNotFound(tournament_id)
        self._get(tournament_id).remember(snapshot.body)
        return snapshot.body


_caches: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, FrameCache] = (
    weakref.WeakKeyDictionary()
)


def frame_cache() -> FrameCache:
    """This event loop's cache (daphne serves all websockets from one loop)."""
    loop = asyncio.get_running_loop()
    if loop not in _caches:
        _caches[loop] = FrameCache()
    return _caches[loop]
