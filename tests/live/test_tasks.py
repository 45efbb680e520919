"""Recomputation through a real Celery worker on Redis, and its coalescing."""

from __future__ import annotations

import time
from unittest import mock

import pytest

from live import pending
from live.models import StandingsSnapshot
from live.tasks import recompute_standings
from tournaments.replay import load_tournament

from .builders import make_tournament, record
from .conftest import running_worker

pytestmark = pytest.mark.worker

QUEUE = "celery"  # Celery's default queue: a Redis list


def latest_version(tid: int) -> int | None:
    snapshot = StandingsSnapshot.objects.filter(tournament_id=tid).first()
    return snapshot.version if snapshot else None


def wait_for_version(tid: int, version: int, timeout: float = 20) -> int | None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if latest_version(tid) == version:
            break
        time.sleep(0.05)
    return latest_version(tid)


def test_burst_converges_on_the_last_event_in_fewer_runs(broker, transactional_db) -> None:
    tid = make_tournament(players=60)
    broker.delete(QUEUE)
    pending.release(tid)
    with running_worker() as runs:
        results = [record(tid, board, "1-0" if board % 3 else "1/2-1/2") for board in range(1, 31)]
        assert wait_for_version(tid, results[-1]) == results[-1]
        time.sleep(0.5)  # a coalesced run still queued would show up now
    assert latest_version(tid) == results[-1]
    assert 1 <= runs.count(tid) < len(results)


def test_burst_before_the_worker_starts_is_one_message_and_one_run(broker, transactional_db):
    tid = make_tournament(players=20)
    last = 0
    for board in range(1, 11):
        last = record(tid, board, "0-1")
    # 31 events (tournament, players, pairing, results), a single message queued.
    assert broker.llen(QUEUE) == 1
    with running_worker() as runs:
        assert wait_for_version(tid, last) == last
        time.sleep(0.3)
    assert runs.count(tid) == 1


def test_result_landing_mid_computation_queues_exactly_one_more_run(broker, transactional_db):
    tid = make_tournament(players=4)  # its events queued one run and raised the flag
    assert broker.llen(QUEUE) == 1
    broker.delete(QUEUE)  # as a worker taking the message does
    real_load = load_tournament
    landed = []

    def load_then_result_lands(tournament_id: int):
        folded = real_load(tournament_id)
        landed.append(record(tid, 1, "1-0"))  # commits while this run computes
        record(tid, 2, "0-1")  # and another: coalesced with the first
        return folded

    with mock.patch("live.tasks.load_tournament", load_then_result_lands):
        stored = recompute_standings.run(tid)
    assert stored == landed[0] - 1
    assert broker.llen(QUEUE) == 1
