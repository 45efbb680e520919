"""The spectators' websocket over the Redis channel layer."""

from __future__ import annotations

from collections.abc import AsyncIterator
from unittest import mock

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.db import connections
from django.test import override_settings
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from live.routing import websocket_urlpatterns
from live.snapshots import store_snapshot
from tournaments.store.queries import load_tournament

from .builders import make_tournament, organiser, record
from .conftest import running_worker

pytestmark = pytest.mark.django_db(transaction=True)

application = URLRouter(websocket_urlpatterns)


def post_result(tid: int, board: int, result: str) -> int:
    """Through the API, as an organiser would; returns the stored event's seq."""
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=organiser())
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = client.post(
        reverse("tournaments:result-create", args=[tid]),
        {"round": 1, "board": board, "result": result},
        format="json",
    )
    assert response.status_code == 201, response.content
    return response.json()["seq"]


@pytest.fixture(autouse=True)
async def _close_database_connections() -> AsyncIterator[None]:
    """The consumer's queries run in asgiref's thread, whose persistent
    connection (CONN_MAX_AGE) would keep the test database from being dropped."""
    yield
    await sync_to_async(connections.close_all)()


@pytest.fixture
async def tournament(broker) -> int:
    tid = await sync_to_async(make_tournament)(players=4)
    await sync_to_async(record)(tid, 1, "1-0")
    return tid


async def next_frame_after_nothing(communicator: WebsocketCommunicator) -> dict:
    """Send a frame the consumer answers with an error, and return the first frame
    received: frames arrive in order, so the error comes first exactly when nothing
    was sent before it (instead of waiting a fixed time for nothing)."""
    await communicator.send_to(text_data='{"type": "probe"}')
    return await communicator.receive_json_from(timeout=5)


def is_probe_error(frame: dict) -> bool:
    return frame["type"] == "error" and "'probe'" in frame["detail"]


async def connected(path: str) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(application, path)
    connected, code = await communicator.connect()
    assert connected, code
    return communicator


@pytest.fixture
async def spectator(tournament: int) -> AsyncIterator[WebsocketCommunicator]:
    communicator = await connected(f"/ws/tournaments/{tournament}/standings/")
    yield communicator
    await communicator.disconnect()


async def current_version(tid: int) -> int:
    return (await sync_to_async(load_tournament)(tid)).version


def rows_of(frame: dict) -> dict[int, dict]:
    """A full frame's rows by start rank, as {column: value}."""
    return {values[0]: dict(zip(frame["columns"], values, strict=True)) for values in frame["rows"]}


async def test_connect_sends_the_latest_snapshot(spectator, tournament) -> None:
    frame = await spectator.receive_json_from(timeout=5)
    assert frame["type"] == "standings"
    assert frame["version"] == await current_version(tournament)
    assert (frame["pages"], frame["total"]) == (1, 4)
    assert frame["rows"][0][0] == 1
    assert rows_of(frame)[1]["points"] == 1


@pytest.mark.worker
async def test_a_posted_result_reaches_the_spectator(spectator, tournament) -> None:
    first = await spectator.receive_json_from(timeout=5)
    with running_worker():
        seq = await sync_to_async(post_result)(tournament, 2, "0-1")
        frame = await spectator.receive_json_from(timeout=15)
    assert frame["type"] == "standings"
    assert frame["version"] == seq > first["version"]
    assert rows_of(frame)[4]["points"] == 1
    assert frame["rounds"]["boards"][1] == [2, 2, 4, "0-1"]


async def test_resume_with_the_current_version_sends_nothing(spectator) -> None:
    frame = await spectator.receive_json_from(timeout=5)
    await spectator.send_json_to({"type": "resume", "version": frame["version"]})
    assert is_probe_error(await next_frame_after_nothing(spectator))


async def test_resume_with_an_older_version_sends_the_snapshot(spectator) -> None:
    frame = await spectator.receive_json_from(timeout=5)
    await spectator.send_json_to({"type": "resume", "version": frame["version"] - 3})
    again = await spectator.receive_json_from(timeout=5)
    assert again == frame


async def test_connecting_with_the_current_version_sends_nothing(tournament) -> None:
    version = await current_version(tournament)
    path = f"/ws/tournaments/{tournament}/standings/?version={version}"
    communicator = await connected(path)
    assert is_probe_error(await next_frame_after_nothing(communicator))
    await communicator.disconnect()


@pytest.mark.parametrize(
    "frame",
    [
        "not json",
        "[1, 2]",
        '{"type": "subscribe", "version": 3}',
        '{"type": "resume"}',
        '{"type": "resume", "version": -1}',
        '{"type": "resume", "version": true}',
        '{"type": "resume", "version": "\u00b2"}',
    ],
)
async def test_bad_frames_get_an_error_frame_and_nothing_else(spectator, frame: str) -> None:
    await spectator.receive_json_from(timeout=5)
    await spectator.send_to(text_data=frame)
    error = await spectator.receive_json_from(timeout=5)
    assert error["type"] == "error"
    assert error["detail"]
    assert is_probe_error(await next_frame_after_nothing(spectator))


async def test_unknown_tournament_is_closed_with_4404(broker) -> None:
    communicator = await connected("/ws/tournaments/987654/standings/")
    assert await communicator.receive_output(timeout=5) == {"type": "websocket.close", "code": 4404}


@override_settings(LIVE_DIFF_MIN_ROWS=4)
async def test_big_tables_get_diffs_against_the_spectators_version(spectator, tournament):
    first = await spectator.receive_json_from(timeout=5)
    seq = await sync_to_async(record)(tournament, 2, "1/2-1/2")
    await sync_to_async(store_snapshot)(await sync_to_async(load_tournament)(tournament))
    diff = await spectator.receive_json_from(timeout=5)
    assert diff["type"] == "standings.diff"
    assert (diff["version"], diff["base_version"]) == (seq, first["version"])
    changed = {values[0]: values[1] for values in diff["rows"]}  # start rank: points
    assert changed[2] == changed[4] == 0.5
    assert 1 not in changed
    assert diff["boards"] == [[2, 2, 4, "1/2-1/2"]]


async def test_spectators_of_one_process_share_one_group_membership(tournament, broker) -> None:
    path = f"/ws/tournaments/{tournament}/standings/"
    layer = get_channel_layer()
    assert layer is not None
    with (
        mock.patch.object(layer, "group_add", wraps=layer.group_add) as group_add,
        mock.patch.object(layer, "group_discard", wraps=layer.group_discard) as group_discard,
    ):
        first, second = await connected(path), await connected(path)
        assert group_add.await_count == 1
        await sync_to_async(record)(tournament, 2, "0-1")
        await sync_to_async(store_snapshot)(await sync_to_async(load_tournament)(tournament))
        for communicator in (first, second):
            await communicator.receive_json_from(timeout=5)  # on connect
            frame = await communicator.receive_json_from(timeout=5)
            assert rows_of(frame)[1]["points"] == 1
        await first.disconnect()
        assert group_discard.await_count == 0
        await second.disconnect()
        assert group_discard.await_count == 1


@override_settings(LIVE_FIRST_PAGE_ROWS=1, LIVE_PAGE_ROWS=2)
async def test_a_big_table_arrives_as_its_top_then_its_pages(tournament, broker):
    communicator = await connected(f"/ws/tournaments/{tournament}/standings/")
    head = await communicator.receive_json_from(timeout=5)
    pages = [await communicator.receive_json_from(timeout=5) for _ in range(head["pages"] - 1)]
    await communicator.disconnect()
    assert (head["pages"], head["total"]) == (3, 4)
    assert [(page["type"], page["offset"]) for page in pages] == [
        ("standings.rows", 1),
        ("standings.rows", 3),
    ]
    assert {page["version"] for page in pages} == {head["version"]}
    start_ranks = [row[0] for frame in (head, *pages) for row in frame["rows"]]
    assert sorted(start_ranks) == [1, 2, 3, 4]


# --------------------------------------------------------------------------- follow


@override_settings(LIVE_FIRST_PAGE_ROWS=1, LIVE_PAGE_ROWS=2)
async def test_the_first_frame_carries_the_top_and_the_followed_player(tournament, broker):
    communicator = await connected(f"/ws/tournaments/{tournament}/standings/?follow=4")
    head = await communicator.receive_json_from(timeout=5)
    pages = [await communicator.receive_json_from(timeout=5) for _ in range(head["pages"] - 1)]
    await communicator.disconnect()
    table = [row for frame in (head, *pages) for row in frame["rows"]]
    (followed,) = head["followed"]
    assert len(head["rows"]) == 1 and followed["row"][0] == 4
    assert table[followed["offset"]] == followed["row"]


@override_settings(LIVE_FIRST_PAGE_ROWS=1, LIVE_PAGE_ROWS=2)
async def test_a_follower_still_gets_every_page(tournament, broker):
    communicator = await connected(f"/ws/tournaments/{tournament}/standings/?follow=4,2")
    head = await communicator.receive_json_from(timeout=5)
    pages = [await communicator.receive_json_from(timeout=5) for _ in range(head["pages"] - 1)]
    await communicator.disconnect()
    assert [page["type"] for page in pages] == ["standings.rows", "standings.rows"]
    assert sorted(row[0] for frame in (head, *pages) for row in frame["rows"]) == [1, 2, 3, 4]


async def test_a_spectator_following_nobody_gets_no_followed_rows(spectator) -> None:
    assert "followed" not in await spectator.receive_json_from(timeout=5)


@override_settings(LIVE_DIFF_MIN_ROWS=100)
async def test_every_full_table_pushed_carries_the_followed_player(tournament, broker):
    communicator = await connected(f"/ws/tournaments/{tournament}/standings/?follow=3")
    await communicator.receive_json_from(timeout=5)
    await sync_to_async(record)(tournament, 2, "0-1")
    await sync_to_async(store_snapshot)(await sync_to_async(load_tournament)(tournament))
    pushed = await communicator.receive_json_from(timeout=5)
    await communicator.disconnect()
    assert [followed["row"][0] for followed in pushed["followed"]] == [3]


@pytest.mark.parametrize(
    ("query", "detail"),
    [
        ("follow=x", "follow: 'x' is not a start rank"),
        ("follow=0", "follow: start ranks begin at 1"),
        ("follow=2,9", "follow: no player with start rank 9"),
    ],
)
async def test_a_bad_follow_gets_an_error_naming_it_then_a_4400_close(
    tournament, broker, query: str, detail: str
) -> None:
    communicator = await connected(f"/ws/tournaments/{tournament}/standings/?{query}")
    error = await communicator.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["detail"].startswith(detail)
    assert await communicator.receive_output(timeout=5) == {"type": "websocket.close", "code": 4400}
