"""Telling spectators that a new snapshot exists, and the public feed's streams
that new events are stored.

The group message is tiny (tournament and version): each web process
receives it once (``live.hub``), loads the snapshot once and sends the same
encoded frame to all its spectators (``live.frames``), instead of the channel
layer carrying one copy of a large table per spectator.  The feed's streams
(``live.feed``) hear of each append the same way, on a group of their own, and
read the new events from the log.
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
    """The group told of the tournament's new snapshots."""
    return f"standings-{tournament_id}"


def events_group(tournament_id: int) -> str:
    """The group told of the tournament's new events (their last seq as the version)."""
    return f"events-{tournament_id}"


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
    _group_send(group_name(tournament_id), "standings.update", tournament_id, version)


def announce_events(tournament_id: int, seq: int) -> None:
    """Tell the feed's streams of the tournament that events up to ``seq`` are stored.

    Called from synchronous code only (after the commit).
    """
    _group_send(events_group(tournament_id), "events.appended", tournament_id, seq)


def _group_send(group: str, kind: str, tournament_id: int, version: int) -> None:
    layer = get_channel_layer()
    assert layer is not None  # config.settings always sets CHANNEL_LAYERS
    message = {"type": kind, "tournament": tournament_id, "version": version}
    loop = _loop_for(layer)
    try:
        _send(layer, loop, group, message)
    except RedisConnectionError:
        # The first use of a pooled connection that Redis closed (it restarted)
        # fails; the pool has dropped it and a fresh one succeeds.
        _send(layer, loop, group, message)


def _send(
    layer: BaseChannelLayer,
    loop: asyncio.AbstractEventLoop,
    group: str,
    message: dict[str, object],
) -> None:
    send = layer.group_send(group, message)
    asyncio.run_coroutine_threadsafe(send, loop).result(ANNOUNCE_TIMEOUT_SECONDS)
