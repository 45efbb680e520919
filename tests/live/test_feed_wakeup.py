"""An open feed stream is woken by the announcement of each append (the Redis
channel layer), reads the log only then, and a reconnection resumes without a gap."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.test import Client
from django.urls import reverse

from live import feed
from tournaments.store import commands

from .builders import make_tournament, organiser, record

pytestmark = pytest.mark.django_db(transaction=True)

CREATED_AND_PAIRED = 6  # tournament.created, four registrations, round 1's pairing


@pytest.fixture(autouse=True)
async def _close_database_connections() -> AsyncIterator[None]:
    # The stream's reads run in asgiref's thread; its connection must not outlive
    # the test database.
    yield
    await sync_to_async(connections.close_all)()


@pytest.fixture
def long_streams(settings) -> None:
    # Neither the end of a stream nor its safety read comes within a test.
    settings.FEED_STREAM_SECONDS = 120
    settings.FEED_SAFETY_READ_SECONDS = 120


@pytest.fixture
def reads(monkeypatch) -> list[int]:
    """The resume points of the stream's reads of the log."""
    seen: list[int] = []
    real: Callable[..., Any] = feed.public_events

    def counted(tournament_id: int, after: int, limit: int) -> Any:
        seen.append(after)
        return real(tournament_id, after, limit)

    monkeypatch.setattr(feed, "public_events", counted)
    return seen


async def open_feed(tid: int, **headers: str) -> AsyncIterator[bytes]:
    response = await sync_to_async(Client().get)(reverse("feed", args=[tid]), **headers)
    assert response.status_code == 200
    return response.streaming_content


async def next_ids(stream: AsyncIterator[bytes], count: int) -> list[int]:
    """The SSE ids of the next ``count`` events on the stream (5 s at most)."""
    ids: list[int] = []
    while len(ids) < count:
        chunk = (await asyncio.wait_for(anext(stream), 5)).decode()
        for block in chunk.split("\n\n"):
            fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
            if "id" in fields:
                json.loads(fields["data"])  # each message's data is a whole event
                ids.append(int(fields["id"]))
    return ids


def correct_board_one(tid: int) -> None:
    correction = {"round": 1, "board": 1, "result": "0-1", "reason": "slip"}
    commands.correct_result(tid, correction, author=organiser())


async def test_a_new_event_wakes_an_open_stream_that_does_not_read_while_idle(
    broker, long_streams, reads
) -> None:
    tid = await sync_to_async(make_tournament)(players=4)
    stream = await open_feed(tid)
    assert await next_ids(stream, CREATED_AND_PAIRED) == list(range(1, 7))
    await asyncio.sleep(1.5)  # idle: a poll every second would read the log again
    assert reads == [0]
    seq = await sync_to_async(record)(tid, 1, "1-0")
    assert await next_ids(stream, 1) == [seq]
    assert reads == [0, CREATED_AND_PAIRED]  # one read, when woken
    await stream.aclose()


async def test_a_reconnection_after_an_open_stream_resumes_without_a_gap(
    broker, long_streams, reads
) -> None:
    tid = await sync_to_async(make_tournament)(players=4)
    stream = await open_feed(tid)
    first = await next_ids(stream, CREATED_AND_PAIRED)
    await sync_to_async(record)(tid, 1, "1-0")
    first += await next_ids(stream, 1)
    await stream.aclose()  # the client goes away; a result and a correction meanwhile
    await sync_to_async(record)(tid, 2, "0-1")
    await sync_to_async(correct_board_one)(tid)
    stream = await open_feed(tid, HTTP_LAST_EVENT_ID=str(first[-1]))
    second = await next_ids(stream, 2)
    await stream.aclose()
    assert first + second == list(range(1, 10))
