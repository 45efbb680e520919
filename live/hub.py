"""One channel-layer subscription per web process, fanned out to its spectators
(of the standings, or of the public feed: a hub per kind of group).

If every spectator joined the tournament's group, Channels would hop to a
thread (to close stale database connections) for each announcement delivered
to each of them: with 200 spectators that would be most of the web process's CPU
in bench/live_latency.py.  Instead each process (event loop) joins a tournament's
group once, with its own channel, and hands each announcement to its local
spectators.  It runs only while it has spectators.

The channel layer is channels_redis' pub/sub layer: one Redis subscription per
process, re-established by redis-py itself after Redis restarts.  Subscribing
is best effort: while Redis is down spectators still connect and get the
stored table, and the hub keeps retrying the subscriptions it could not make.
Announcements published during an outage are lost (group sends are at most
once anyway); the next one brings every spectator up to date.  The hub holds
no standings, only who listens here: what a spectator is sent is read from the
stored snapshots (through ``live.frames``' cache).  A consumer
leaves when its socket closes, or when it dies of an error.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Callable
from typing import Protocol

from channels.layers import BaseChannelLayer, get_channel_layer

from .broadcast import group_name

logger = logging.getLogger(__name__)

# How often subscriptions that failed (Redis down) are tried again.
RETRY_SECONDS = 1.0


class Spectator(Protocol):
    async def deliver(self, version: int) -> None: ...


class ProcessHub:
    def __init__(self, layer: BaseChannelLayer, group: Callable[[int], str]) -> None:
        self.layer = layer
        self.group = group  # a tournament's group name
        self.channel: str | None = None
        self.spectators: dict[int, set[Spectator]] = {}
        # Tournaments with spectators here whose group this process has not joined.
        self.unsubscribed: set[int] = set()
        self.tasks: list[asyncio.Task[None]] = []

    async def join(self, tournament_id: int, spectator: Spectator) -> None:
        """Deliver the tournament's announcements to ``spectator``; never raises."""
        members = self.spectators.setdefault(tournament_id, set())
        members.add(spectator)
        if len(members) == 1:
            self.unsubscribed.add(tournament_id)
            await self._subscribe()
        if not self.tasks:
            self.tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._retry())]

    async def leave(self, tournament_id: int, spectator: Spectator) -> None:
        members = self.spectators.get(tournament_id, set())
        members.discard(spectator)
        if members:
            return
        self.spectators.pop(tournament_id, None)
        self.unsubscribed.discard(tournament_id)
        if self.channel is not None:
            with contextlib.suppress(Exception):  # unsubscribing is best effort too
                await self.layer.group_discard(self.group(tournament_id), self.channel)
        if not self.spectators:
            # Detached before awaiting them: a spectator joining meanwhile must
            # see no tasks and start new ones, not be left with the cancelled ones.
            tasks, self.tasks = self.tasks, []
            # Cancelling the receive drops the channel from the pub/sub layer.
            self.channel = None
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    def watching(self, tournament_id: int) -> bool:
        return bool(self.spectators.get(tournament_id))

    async def _subscribe(self) -> None:
        """Join the groups not joined yet; what fails is retried by ``_retry``."""
        try:
            if self.channel is None:
                self.channel = await self.layer.new_channel()
            for tournament_id in list(self.unsubscribed):
                await self.layer.group_add(self.group(tournament_id), self.channel)
                self.unsubscribed.discard(tournament_id)
        except Exception as exc:
            logger.warning("hub: subscribing failed (%s); retrying", exc)

    async def _listen(self) -> None:
        while self.channel is None:
            await asyncio.sleep(RETRY_SECONDS)
        channel = self.channel
        while True:
            # Only live.broadcast's announcements are sent to these groups.
            message = await self.layer.receive(channel)
            for spectator in list(self.spectators.get(message["tournament"], ())):
                try:
                    await spectator.deliver(message["version"])
                except Exception:
                    # Kept: its next announcement or resume catches it up.  A
                    # consumer that dies leaves by itself (StandingsConsumer.__call__).
                    logger.exception("hub: a spectator could not be updated")

    async def _retry(self) -> None:
        while True:
            await asyncio.sleep(RETRY_SECONDS)
            if self.unsubscribed or self.channel is None:
                await self._subscribe()


_hubs: weakref.WeakKeyDictionary[
    asyncio.AbstractEventLoop, dict[Callable[[int], str], ProcessHub]
] = weakref.WeakKeyDictionary()


def process_hub(group: Callable[[int], str] = group_name) -> ProcessHub:
    """This event loop's hub of ``group`` (daphne serves all websockets and
    streams from one loop)."""
    hubs = _hubs.setdefault(asyncio.get_running_loop(), {})
    if group not in hubs:
        layer = get_channel_layer()
        assert layer is not None  # config.settings always sets CHANNEL_LAYERS
        hubs[group] = ProcessHub(layer, group)
    return hubs[group]
