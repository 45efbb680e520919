"""Telling spectators that a new snapshot exists.

The group message is tiny (tournament and version): each web process
receives it once (``live.hub``), loads the snapshot once and sends the same
encoded frame to all its spectators (``live.frames``), instead of the channel
layer carrying one copy of a large table per spectator.
"""

from __future__ import annotations

import asyncio
import threading

from channels.layers import BaseChannelLayer, InMemoryChannelLayer, get_channel_layer
from redis.exceptions import ConnectionError as RedisConnectionError

ANNOUNCE_TIMEOUT_SECONDS = 5

# The event loop serving websockets in this process, recorded by the consumer.
# With the in-memory layer (embedded demo) its queues belong to that loop, so
# a worker thread must hand its group_send over to it.
_serving_loop: asyncio.AbstractEventLoop | None = None
# Otherwise group sends from synchronous code (the Celery task) run on one
# long-lived loop, so that the channel layer's Redis connections, which belong
# to a loop, are reused instead of opened for every announcement.
_sending_loop: asyncio.AbstractEventLoop | None = None
_sending_loop_lock = threading.Lock()


def group_name(tournament_id: int) -> str:
    return f"standings-{tournament_id}"


def remember_serving_loop() -> None:
    global _serving_loop
    _serving_loop = asyncio.get_running_loop()


def _loop_for(layer: BaseChannelLayer) -> asyncio.AbstractEventLoop:
    global _sending_loop
    serving = _serving_loop
    if isinstance(layer, InMemoryChannelLayer) and serving is not None and serving.is_running():
        return serving
    with _sending_loop_lock:
        if _sending_loop is None:
            _sending_loop = asyncio.new_event_loop()
            threading.Thread(
                target=_sending_loop.run_forever, name="standings-announcer", daemon=True
            ).start()
        return _sending_loop


def announce(tournament_id: int, version: int) -> None:
    """Tell every spectator of the tournament that snapshot ``version`` is stored.

    Called from synchronous code only (after a commit).
    """
    layer = get_channel_layer()
    assert layer is not None  # config.settings always sets CHANNEL_LAYERS
    message = {"type": "standings.update", "tournament": tournament_id, "version": version}
    loop = _loop_for(layer)
    try:
        _send(layer, loop, tournament_id, message)
    except RedisConnectionError:
        # The first use of a pooled connection that Redis closed (it restarted)
        # fails; the pool has dropped it and a fresh one succeeds.
        _send(layer, loop, tournament_id, message)


def _send(
    layer: BaseChannelLayer,
    loop: asyncio.AbstractEventLoop,
    tournament_id: int,
    message: dict[str, object],
) -> None:
    send = layer.group_send(group_name(tournament_id), message)
    asyncio.run_coroutine_threadsafe(send, loop).result(ANNOUNCE_TIMEOUT_SECONDS)
