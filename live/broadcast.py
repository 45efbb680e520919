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
import logging
import threading
import time

from channels.layers import BaseChannelLayer, InMemoryChannelLayer, get_channel_layer
from redis.exceptions import ConnectionError as RedisConnectionError

logger = logging.getLogger(__name__)

ANNOUNCE_TIMEOUT_SECONDS = 5

# The event loop serving websockets in this process, recorded by the consumer.
# With the in-memory layer (embedded demo) its queues belong to that loop, so
# a worker thread must hand its group_send over to it.
_serving_loop: asyncio.AbstractEventLoop | None = None
# Otherwise group sends from synchronous code (the Celery task, the feed's
# announcements after a commit) run on one long-lived loop, so that the channel
# layer's Redis connections, which belong to a loop, are reused instead of
# opened for every announcement.
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


# The feed's announcements not sent yet: tournament -> the last seq announced, and
# the tournaments whose announcements a sender is sending (one at a time each),
# with when it last took one.
_events_due: dict[int, int] = {}
_events_sending: dict[int, float] = {}
_events_lock = threading.Lock()
# A sender silent for longer has stalled (its loop stopped before running it, as
# the embedded demo's may): the next announcement starts another.  One send takes
# ANNOUNCE_TIMEOUT_SECONDS at most.
STALLED_SECONDS = 2 * ANNOUNCE_TIMEOUT_SECONDS


def announce_events(tournament_id: int, seq: int) -> None:
    """Tell the feed's streams of the tournament that events up to ``seq`` are stored.

    Called from synchronous code only, after the commit of a write, inside its
    request: the announcement is handed to the sending loop and the request does
    not wait for the channel layer.  A tournament has one send in flight at a
    time; the announcements made meanwhile are sent once, with the last seq
    (a stream reads every event after the last one it sent anyway).  A failed
    send is logged and lost, as a group send may be: the streams' safety read
    brings their events (``live.feed``).
    """
    now = time.monotonic()
    with _events_lock:
        _events_due[tournament_id] = max(seq, _events_due.get(tournament_id, 0))
        since = _events_sending.get(tournament_id)
        if since is not None and now - since < STALLED_SECONDS:
            return  # its sender takes this one too
        _events_sending[tournament_id] = now
    try:
        layer = get_channel_layer()
        assert layer is not None  # config.settings always sets CHANNEL_LAYERS
        asyncio.run_coroutine_threadsafe(_send_events(layer, tournament_id), _loop_for(layer))
    except BaseException:
        with _events_lock:
            _events_sending.pop(tournament_id, None)
        raise


async def _send_events(layer: BaseChannelLayer, tournament_id: int) -> None:
    """Send the tournament's due announcement, again while one is due."""
    group = events_group(tournament_id)
    while True:
        with _events_lock:
            seq = _events_due.pop(tournament_id, None)
            if seq is None:
                _events_sending.pop(tournament_id, None)
                return
            _events_sending[tournament_id] = time.monotonic()
        message = {"type": "events.appended", "tournament": tournament_id, "version": seq}
        try:
            send = _group_send_once(layer, group, message)
            await asyncio.wait_for(send, ANNOUNCE_TIMEOUT_SECONDS)
        except asyncio.CancelledError:
            with _events_lock:
                _events_sending.pop(tournament_id, None)
            raise
        except Exception:
            logger.exception("announcing the events of tournament %d failed", tournament_id)


async def _group_send_once(layer: BaseChannelLayer, group: str, message: dict[str, object]) -> None:
    try:
        await layer.group_send(group, message)
    except RedisConnectionError:
        # The first use of a pooled connection that Redis closed (it restarted)
        # fails; the pool has dropped it and a fresh one succeeds.
        await layer.group_send(group, message)


def _group_send(group: str, kind: str, tournament_id: int, version: int) -> None:
    layer = get_channel_layer()
    assert layer is not None  # config.settings always sets CHANNEL_LAYERS
    message = {"type": kind, "tournament": tournament_id, "version": version}
    send = _group_send_once(layer, group, message)
    asyncio.run_coroutine_threadsafe(send, _loop_for(layer)).result(ANNOUNCE_TIMEOUT_SECONDS)
