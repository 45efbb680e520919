"""Live tests run against the real PostgreSQL and Redis (DATABASE_URL, REDIS_URL)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import redis
from celery.contrib.testing.worker import start_worker
from celery.signals import task_postrun
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.test import Client

from config.celery import app as celery_app
from live import moments
from tests.builders import organiser

# What earlier tests may have left in Redis: queued recomputations and verdicts, the
# cache's keys (pending flags), channel-layer groups and messages.  Nothing else is
# touched.
LEFTOVERS = ("celery", "verdicts", "crosstable:*", "asgi*")


@pytest.fixture(autouse=True)
def _no_moments_of_earlier_tests() -> None:
    """The moments kept per tournament id and seq are of the earlier tests' events
    when the database gave the ids again."""
    moments.forget_all()


@pytest.fixture
def broker() -> redis.Redis:
    """The Redis database of the broker and the channel layer, without leftovers."""
    if not settings.REDIS_URL or connection.vendor != "postgresql":
        pytest.fail("these tests need DATABASE_URL (PostgreSQL) and REDIS_URL set")
    client = redis.Redis.from_url(settings.REDIS_URL)
    for pattern in LEFTOVERS:
        for key in client.scan_iter(pattern):
            client.delete(key)
    return client


class Runs:
    """Recomputations the worker finished, by tournament id."""

    def __init__(self) -> None:
        self.done: list[int] = []
        self.lock = threading.Condition()

    def count(self, tournament_id: int) -> int:
        with self.lock:
            return self.done.count(tournament_id)

    def finished(self, tournament_id: int) -> None:
        with self.lock:
            self.done.append(tournament_id)
            self.lock.notify_all()

    def wait_for(self, tournament_id: int, runs: int, timeout: float = 20) -> int:
        """Block until ``runs`` recomputations of the tournament have finished (or
        ``timeout`` passed); returns how many have."""
        with self.lock:
            self.lock.wait_for(lambda: self.done.count(tournament_id) >= runs, timeout)
            return self.done.count(tournament_id)


@contextmanager
def running_worker() -> Iterator[Runs]:
    """A real Celery worker (solo pool, in a thread) consuming the Redis broker."""
    runs = Runs()

    def finished(sender=None, args=(), **kwargs) -> None:
        # The worker thread's connection must not outlive the test database.
        connection.close()
        if sender is not None and sender.name == "live.tasks.recompute_standings":
            runs.finished(args[0])

    task_postrun.connect(finished, weak=False)
    try:
        with start_worker(
            celery_app,
            pool="solo",
            perform_ping_check=False,
            loglevel="WARNING",
            queues=list(settings.TASK_QUEUES),
        ):
            yield runs
    finally:
        task_postrun.disconnect(finished)


@pytest.fixture
def worker(transactional_db: None, broker: redis.Redis) -> Iterator[Runs]:
    with running_worker() as runs:
        yield runs


@pytest.fixture
def empty_cache() -> Iterator[None]:
    """No count of the private links' throttle (kept in the cache) from another test."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def organiser_client(db: None) -> Client:
    """A browser signed in as the tournaments' organiser (``tests.builders.organiser``)."""
    signed_in = Client()
    signed_in.force_login(organiser())
    return signed_in
