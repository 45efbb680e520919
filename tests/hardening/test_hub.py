"""The web process's channel-layer subscription: idle periods and dead spectators."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connections

from config.asgi import application
from live.consumers import StandingsConsumer
from live.hub import process_hub
from live.snapshots import store_snapshot
from tests.live.builders import make_tournament, record
from tournaments.store.queries import load_tournament

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


async def test_a_consumer_that_dies_leaves_the_hub(broker, monkeypatch) -> None:
    tid = await sync_to_async(make_tournament)(players=4)
    communicator = WebsocketCommunicator(application, f"/ws/tournaments/{tid}/standings/")
    assert (await communicator.connect(timeout=10))[0]
    await communicator.receive_json_from(timeout=10)
    assert process_hub().watching(tid)

    async def crash(*args: object) -> None:
        raise RuntimeError("a bug in the consumer")

    monkeypatch.setattr(StandingsConsumer, "_catch_up", crash)
    await communicator.send_json_to({"type": "resume", "version": 0})
    with pytest.raises(RuntimeError, match="a bug in the consumer"):
        await communicator.receive_from(timeout=10)
    assert not process_hub().watching(tid)
    assert not process_hub().tasks  # its last spectator gone, the hub stopped listening


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
