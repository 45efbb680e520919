"""The spectators' websocket: ws/tournaments/<id>/standings/ (read-only).

Server -> client frames, each carrying the snapshot ``version`` (``live.wire``
describes the rows):
- ``{"type": "standings", "version": N, "pages": P, "total": T, ..., "columns",
  "ties", "rounds", "rows"}``: a full table (``live.wire.Standings``, the shape
  stored and served by the standings API), its first rows; then P - 1
  ``{"type": "standings.rows", "version": N, "offset": K, "rows": [...]}``
  frames with the rest, nothing in between;
- ``{"type": "standings.diff", "version": N, "base_version": M, "rows": [...],
  "order": [...], "ties_on": [...], "ties_off": [...], "boards": [...]}``: what
  changed since M (big tables only, ``live.diff``); a client not at M fetches the
  full table (GET /api/tournaments/<id>/standings/, one frame of the same shape);
- ``{"type": "error", "detail": "..."}``: the client's last frame was not understood.

Client -> server: ``{"type": "resume", "version": N}`` sends the full table if
a newer one exists, else nothing.  ``?version=N`` on the URL does the same on
connect; without it the latest table is sent on connect.  ``?follow=12,40``
(start ranks, at most ``live.wire.MAX_FOLLOWED``) adds those players' rows to
every full table's head frame (``"followed"``), so that a joining screen shows
the top of a big table and its own players at once.  An unknown tournament's
socket is closed with code 4404; a bad ``follow`` gets an error frame naming it,
then a close with code 4400, and so does a tournament whose event log cannot be
read (the error frame names the event).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from tournaments.store.queries import UnreadableLog, report_unreadable

from .broadcast import remember_serving_loop
from .frames import Frame, process_frame_cache
from .hub import process_hub
from .snapshots import parse_version
from .wire import parse_follow

UNKNOWN_TOURNAMENT = 4404
BAD_REQUEST = 4400
RESUME_HELP = 'the only message understood is {"type": "resume", "version": N}'


def _version(value: Any) -> int | None:
    """A client's version: a non-negative integer (``True`` is not one)."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return parse_version(value) if isinstance(value, str) else None


class StandingsConsumer(AsyncJsonWebsocketConsumer):
    # No channel of its own: announcements come through the process's hub, and a
    # channel per socket would need Redis to accept a connection (an alias
    # missing from CHANNEL_LAYERS gives the consumer no layer).
    channel_layer_alias = "no channel layer"
    tournament_id: int
    joined: bool = False
    version: int = 0  # the version this spectator has
    follow: tuple[int, ...] = ()  # start ranks whose rows the head frames carry

    async def connect(self) -> None:
        # A full table is several frames; an update must not land between them.
        self.sending = asyncio.Lock()
        remember_serving_loop()
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        # Join before reading the latest snapshot, so that none is missed in between.
        await process_hub().join(self.tournament_id, self)
        self.joined = True
        # Accepted before the table is read: daphne drops a handshake the application
        # has not accepted within 5 s, and the first table of a 9,999-player event can
        # take longer on a busy web process.  A close during the handshake would also
        # reach a browser as a bare failure (1006), and the page would keep reconnecting.
        await self.accept()
        try:
            latest = await process_frame_cache().latest(self.tournament_id)
        except UnreadableLog as exc:
            await sync_to_async(report_unreadable)(exc)
            await self._error(str(exc))
            await self.close(code=BAD_REQUEST)
            return
        if latest is None:
            await self.close(code=UNKNOWN_TOURNAMENT)
            return
        query = parse_qs(self.scope.get("query_string", b"").decode())
        assert latest.table is not None  # ProcessFrameCache.latest gives full tables
        try:
            teams = latest.table.tournament.kind == "team"
            self.follow = parse_follow(query.get("follow", []), latest.table.positions, teams=teams)
        except ValueError as exc:
            await self._error(str(exc))
            await self.close(code=BAD_REQUEST)
            return
        await self._catch_up(latest, _version(query.get("version", [""])[0]))

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            # A consumer that dies of an exception gets no disconnect(): without
            # this the hub would keep it, and fail on it, for every announcement.
            await self.disconnect(1011)

    async def disconnect(self, code: int) -> None:
        if self.joined:
            self.joined = False  # once, whether closed by the client or by an error
            await process_hub().leave(self.tournament_id, self)
            if not process_hub().watching(self.tournament_id):
                # Nobody here needs its tables any more; a process serving a
                # season of tournaments would otherwise keep every one's bodies.
                process_frame_cache().forget(self.tournament_id)

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        try:
            content = json.loads(text_data) if text_data is not None else None
        except (ValueError, RecursionError):  # not JSON, or nested too deeply to read
            content = None
        if not isinstance(content, dict):
            await self._error(f"frames must be JSON objects; {RESUME_HELP}")
        elif content.get("type") != "resume":
            await self._error(f"unknown type {content.get('type')!r}; {RESUME_HELP}")
        elif (client_version := _version(content.get("version"))) is None:
            await self._error("resume needs 'version', the non-negative integer last received")
        else:
            latest = await process_frame_cache().latest(self.tournament_id)
            if latest is not None:
                await self._catch_up(latest, client_version)

    async def deliver(self, version: int) -> None:
        """Snapshot ``version`` was stored (announced through ``live.hub``)."""
        if version <= self.version:
            return  # already sent (on connect or resume), or announced out of order
        frames = process_frame_cache()
        await self._send(await frames.update(self.tournament_id, self.version, version))

    async def _catch_up(self, latest: Frame, client_version: int | None) -> None:
        if client_version is not None:
            # What the client says it has is what the next diff must build on.
            self.version = min(client_version, latest.version)
        await self._send(latest)

    async def _send(self, frame: Frame) -> None:
        # Versions only go up, even when an announcement and a resume cross.
        if frame.version <= self.version:
            return
        self.version = frame.version
        async with self.sending:
            for text in frame.texts_for(self.follow):
                await self.send(text_data=text)

    async def _error(self, detail: str) -> None:
        await self.send_json({"type": "error", "detail": detail})
