"""The web process's channel-layer subscription: idle periods and dead spectators."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.db import connections

from config.asgi import application
from live.broadcast import group_name
from live.hub import Hub
from live.snapshots import store_snapshot
from tests.live.builders import make_tournament, record
from tournaments.replay import load_tournament

pytestmark = pytest.mark.django_db(transaction=True)

IDLE_SECONDS = 12  # beyond redis-py's 5 s socket timeout and the old 5 s blocking pop


@pytest.fixture(autouse=True)
async def _close_database_connections() -> AsyncIterator[None]:
    yield
    await sync_to_async(connections.close_all)()


async def test_an_idle_spectator_stays_connected_and_gets_the_next_push(broker, caplog) -> None:
    tid = await sync_to_async(make_tournament)(players=4)
    communicator = WebsocketCommunicator(
        application,
        f"/ws/tournaments/{tid}/standings/",
        headers=[(b"origin", b"http://127.0.0.1")],
    )
    assert (await communicator.connect(timeout=10))[0]
    first = await communicator.receive_json_from(timeout=10)
    with caplog.at_level(logging.WARNING):
        assert await communicator.receive_nothing(timeout=IDLE_SECONDS, interval=1)
        seq = await sync_to_async(record)(tid, 1, "1-0")
        await sync_to_async(store_snapshot)(await sync_to_async(load_tournament)(tid))
        frame = await communicator.receive_json_from(timeout=10)
    assert frame["version"] == seq > first["version"]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    await communicator.disconnect()


class DeadSpectator:
    """A consumer whose socket is gone: every delivery fails."""

    async def deliver(self, version: int) -> None:
        raise ConnectionResetError("socket closed")


class LiveSpectator:
    def __init__(self) -> None:
        self.versions: list[int] = []

    async def deliver(self, version: int) -> None:
        self.versions.append(version)


async def test_a_spectator_that_fails_is_dropped_from_the_hub(broker) -> None:
    hub = Hub(get_channel_layer())
    dead, live = DeadSpectator(), LiveSpectator()
    await hub.join(1, dead)
    await hub.join(1, live)
    await hub.layer.group_send(group_name(1), {"type": "standings.update", "tournament": 1,
                                                "version": 7})  # fmt: skip
    for _ in range(50):
        if live.versions:
            break
        await asyncio.sleep(0.1)
    assert live.versions == [7]
    assert hub.spectators[1] == {live}
    await hub.leave(1, live)
    assert not hub.tasks


@pytest.mark.parametrize(
    ("headers", "accepted"),
    [
        ([(b"origin", b"http://127.0.0.1")], True),  # a page of ours
        ([], True),  # a program, not a browser: nothing cross-site
        ([(b"origin", b"http://evil.example")], False),  # another site's page
    ],
)
async def test_websocket_origins(broker, headers, accepted: bool) -> None:
    tid = await sync_to_async(make_tournament)(players=4)
    communicator = WebsocketCommunicator(
        application, f"/ws/tournaments/{tid}/standings/", headers=headers
    )
    assert (await communicator.connect(timeout=10))[0] is accepted
    await communicator.disconnect()
