"""A tournament whose stored events cannot be folded (a gap in seq left before the
database refused gaps) answers a clear error naming the event, and is logged once."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.core.cache import cache
from django.db import connection, connections, transaction
from django.urls import reverse

from config.asgi import application
from live.tasks import recompute_standings, sweep_stale_standings
from tests.live.builders import make_tournament
from tournaments.models import Event

from .stack import Stack, wait_for

GAP = 1000


def insert_gap(tid: int) -> None:
    """Event seq 1000 after 6, as a database migrated before the trigger refused it
    could hold (a superuser's session skips the triggers for it)."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL session_replication_role = replica")
        cursor.execute(
            "INSERT INTO tournaments_event"
            " (tournament_id, seq, kind, schema_version, payload, created_at, idempotency_key)"
            " VALUES (%s, %s, 'round.closed', 1, '{\"round\": 1}', now(), '')",
            [tid, GAP],
        )
        cursor.execute("SET LOCAL session_replication_role = origin")


@pytest.fixture
def broken(db: None) -> Iterator[int]:
    cache.clear()  # what an earlier run reported
    tid = make_tournament(players=4)  # events 1 to 6: created, 4 players, round 1 paired
    insert_gap(tid)
    yield tid
    cache.clear()


def reports(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if f"event seq {GAP}" in r.getMessage()]


def test_the_detail_names_the_event_that_cannot_be_read(organiser_api, broken: int) -> None:
    response = organiser_api.get(reverse("tournaments:tournament-detail", args=[broken]))
    assert response.status_code == 409
    assert response.json()["seq"] == GAP
    assert (
        f"cannot be read at event seq {GAP} (event seq {GAP} follows 6)"
        in response.json()["detail"]
    )


def test_a_result_is_refused_and_nothing_stored(organiser_api, broken: int) -> None:
    url = reverse("tournaments:result-create", args=[broken])
    response = organiser_api.post(url, {"round": 1, "board": 1, "result": "1-0"}, format="json")
    assert response.status_code == 409
    assert response.json()["seq"] == GAP
    assert Event.objects.filter(tournament_id=broken).count() == 7


def test_the_public_page_says_what_is_wrong(organiser_api, broken: int) -> None:
    response = organiser_api.get(reverse("live:crosstable", args=[broken]))
    assert response.status_code == 409
    assert f"event seq {GAP}" in response.content.decode()


@pytest.mark.django_db(transaction=True)
async def test_a_spectators_socket_gets_an_error_naming_the_event_then_a_close(broker) -> None:
    await sync_to_async(cache.clear)()
    tid = await sync_to_async(make_tournament)(players=4)
    await sync_to_async(insert_gap)(tid)
    communicator = WebsocketCommunicator(application, f"/ws/tournaments/{tid}/standings/")
    try:
        assert (await communicator.connect(timeout=5))[0]
        error = await communicator.receive_json_from(timeout=10)
        assert error["type"] == "error" and f"event seq {GAP}" in error["detail"]
        closed = await communicator.receive_output(timeout=5)
        assert closed == {"type": "websocket.close", "code": 4400}
    finally:
        await sync_to_async(connections.close_all)()


def test_requests_log_it_once_without_a_traceback(organiser_api, broken: int, caplog) -> None:
    url = reverse("tournaments:tournament-detail", args=[broken])
    with caplog.at_level(logging.INFO):
        for _ in range(3):
            organiser_api.get(url)
    assert len(reports(caplog)) == 1
    assert reports(caplog)[0].exc_info is None


def test_the_recomputation_logs_it_once_and_stores_nothing(broken: int, caplog) -> None:
    with caplog.at_level(logging.INFO):
        assert recompute_standings(broken) is None
        assert recompute_standings(broken) is None
    assert len(reports(caplog)) == 1


def test_the_sweep_stops_queuing_it_once_reported(broken: int, monkeypatch) -> None:
    healthy = make_tournament(players=4)
    queued: list[int] = []
    monkeypatch.setattr("live.tasks.schedule_recompute", queued.append)
    assert sorted(sweep_stale_standings()) == sorted([broken, healthy])
    recompute_standings(broken)
    recompute_standings(healthy)
    queued.clear()
    assert sweep_stale_standings() == queued == []


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_beat_sweep_logs_it_once_without_a_traceback(stack: Stack) -> None:
    stack.start_redis()
    stack.start_worker()  # beat sweeps every 2 s (STANDINGS_SWEEP_SECONDS)
    tid = make_tournament(players=4)
    insert_gap(tid)
    log = stack.tmp / "worker1.log"
    wait_for(lambda: f"event seq {GAP}" in log.read_text(), 20, "the broken log reported")
    time.sleep(8)  # four more sweeps
    text = log.read_text()
    assert text.count(f"cannot be read at event seq {GAP}") == 1
    assert "Traceback" not in text
