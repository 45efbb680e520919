"""Redis down or restarting: reads keep working, failures stay contained."""

from __future__ import annotations

import logging
import socket

import pytest
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from live import pending
from live.models import StandingsSnapshot
from live.snapshots import store_snapshot
from live.tasks import sweep_stale_standings
from tests.live.builders import make_tournament, record
from tournaments.store.queries import load_tournament


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def redis_down():
    """Settings pointing at a port where no Redis listens (connection refused)."""
    url = f"redis://127.0.0.1:{closed_port()}/0"
    cache = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    with override_settings(REDIS_URL=url, CACHES={"default": cache}):
        yield


@pytest.mark.django_db
def test_standings_get_serves_the_stored_snapshot_while_redis_is_down(redis_down) -> None:
    tid = make_tournament(players=4)
    stored = store_snapshot(load_tournament(tid))
    record(tid, 1, "1-0")  # behind: the GET tries to queue a recomputation
    response = APIClient().get(reverse("standings", args=[tid]))
    assert response.status_code == 200
    assert stored is not None
    assert response.json()["version"] == stored.version


@pytest.mark.django_db(transaction=True)
def test_a_failing_announcement_does_not_fail_the_stored_snapshot(monkeypatch, caplog) -> None:
    def unreachable(tournament_id: int, version: int) -> None:
        raise ConnectionError("channel layer down")

    monkeypatch.setattr("live.snapshots.announce", unreachable)
    tid = make_tournament(players=4)
    with caplog.at_level(logging.ERROR, logger="django.db.backends.base"):
        snapshot = store_snapshot(load_tournament(tid))
    assert snapshot is not None
    assert StandingsSnapshot.objects.filter(tournament_id=tid, version=snapshot.version).exists()
    assert "announce_snapshot" in caplog.text  # logged by name, not a crash in the logging


@pytest.mark.django_db
def test_the_sweep_queues_tournaments_whose_snapshot_is_behind(monkeypatch) -> None:
    behind, current, unseen = (make_tournament(players=4) for _ in range(3))
    store_snapshot(load_tournament(behind))
    store_snapshot(load_tournament(current))
    record(behind, 1, "1-0")
    queued: list[int] = []
    monkeypatch.setattr("live.tasks.schedule_recompute", queued.append)
    assert sorted(sweep_stale_standings()) == sorted(queued) == sorted([behind, unseen])


def test_a_pending_flag_blocks_new_requests_for_seconds_only(broker) -> None:
    """A worker killed holding the flag must not block recomputations for long."""
    assert pending.claim(424242)
    assert 0 < broker.ttl(cache.make_key(pending.flag_key(424242))) <= 5
