"""One channel-layer subscription per web process, fanned out to its spectators.

If every spectator joined the tournament's group, the channel layer would
carry one copy of each announcement per spectator, and Channels would hop to
a thread (to close stale database connections) for each one delivered: with
200 spectators that was most of the web process's CPU in
bench/live_latency.py.  Instead each process (event loop) joins a tournament's
group once, with its own channel, and hands each announcement to its local
spectators.  It runs only while it has spectators.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from typing import Protocol

from channels.layers import BaseChannelLayer, get_channel_layer

from .broadcast import group_name

logger = logging.getLogger(__name__)

# Memberships are renewed well within the channel layer's group expiry, so a
# hall screen left connected for a whole day keeps receiving.
REFRESH_SECONDS = 600


class Spectator(Protocol):
    async def deliver(self, version: int) -> None: ...


class Hub:
    def __init__(self, layer: BaseChannelLayer) -> None:
        self.layer = layer
        self.channel: str | None = None
        self.spectators: dict[int, set[Spectator]] = {}
        self.tasks: list[asyncio.Task[None]] = []

    async def join(self, tournament_id: int, spectator: Spectator) -> None:
        if self.channel is None:
            self.channel = await self.layer.new_channel()
        members = self.spectators.setdefault(tournament_id, set())
        members.add(spectator)
        if len(members) == 1:
            await self.layer.group_add(group_name(tournament_id), self.channel)
        if not self.tasks:
            self.tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._renew())]

    async def leave(self, tournament_id: int, spectator: Spectator) -> None:
        members = self.spectators.get(tournament_id, set())
        members.discard(spectator)
        if members or self.channel is None:
            return
        self.spectators.pop(tournament_id, None)
        await self.layer.group_discard(group_name(tournament_id), self.channel)
        if not self.spectators:
            # Detached before awaiting them: a spectator joining meanwhile must
            # see no tasks and start new ones, not be left with the cancelled ones.
            tasks, self.tasks = self.tasks, []
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    def watching(self, tournament_id: int) -> bool:
        return bool(self.spectators.get(tournament_id))

    async def _listen(self) -> None:
        assert self.channel is not None
        while True:
            try:
                message = await self.layer.receive(self.channel)
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.exception("standings hub: receiving failed; retrying in a second")
                await asyncio.sleep(1)
                continue
            for spectator in list(self.spectators.get(message.get("tournament"), ())):
                try:
                    await spectator.deliver(message["version"])
                except Exception:
                    logger.exception("standings hub: a spectator could not be updated")

    async def _renew(self) -> None:
        assert self.channel is not None
        while True:
            await asyncio.sleep(REFRESH_SECONDS)
            try:
                for tournament_id in list(self.spectators):
                    await self.layer.group_add(group_name(tournament_id), self.channel)
            except Exception:
                # Raised out of the loop it would end the renewals for good, and
                # memberships would lapse at the group expiry.
                logger.exception("standings hub: renewing group memberships failed")


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def hub() -> Hub:
    """This event loop's hub (daphne serves all websockets from one loop)."""
    loop = asyncio.get_running_loop()
    if loop not in _hubs:
        _hubs[loop] = Hub(get_channel_layer())
    return _hubs[loop]
