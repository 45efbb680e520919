"""Telling spectators that a new snapshot exists.

The group message is tiny (tournament and version): each web process
receives it once (``live.hub``), loads the snapshot once and sends the same
encoded frame to all its spectators (``live.frames``), instead of the channel
layer carrying one copy of a large table per spectator.
"""

from __future__ import annotations

import asyncio

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

# The event loop serving websockets in this process, recorded by the consumer.
# Only used with the in-memory layer (embedded demo): its queues belong to that
# loop, so a worker thread must hand its group_send over to it.
_serving_loop: asyncio.AbstractEventLoop | None = None


def group_name(tournament_id: int) -> str:
    return f"standings-{tournament_id}"


def remember_serving_loop() -> None:
    global _serving_loop
    _serving_loop = asyncio.get_running_loop()


def announce(tournament_id: int, version: int) -> None:
    """Tell every spectator of the tournament that snapshot ``version`` is stored."""
    layer = get_channel_layer()
    group = group_name(tournament_id)
    message = {"type": "standings.update", "tournament": tournament_id, "version": version}
    loop = _serving_loop
    if isinstance(layer, InMemoryChannelLayer) and loop is not None and loop.is_running():
        asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop).result(5)
    else:
        async_to_sync(layer.group_send)(group, message)
