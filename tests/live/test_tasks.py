"""Recomputation through a real Celery worker on Redis, and its coalescing."""

from __future__ import annotations

import threading
from unittest import mock

import pytest

from live import pending
from live.models import StandingsSnapshot
from live.tasks import recompute_standings
from tournaments.store.queries import load_tournament

from .builders import make_tournament, record
from .conftest import running_worker

pytestmark = pytest.mark.worker

QUEUE = "celery"  # Celery's default queue: a Redis list


def latest_version(tid: int) -> int | None:
    snapshot = StandingsSnapshot.objects.filter(tournament_id=tid).first()
    return snapshot.version if snapshot else None


def test_burst_during_a_run_is_coalesced_into_one_more_run(broker, transactional_db) -> None:
    tid = make_tournament(players=60)
    broker.delete(QUEUE)
    pending.release(tid)
    computing, burst_done = threading.Event(), threading.Event()
    real_load = load_tournament

    def load_after_the_burst(tournament_id: int):
        if not computing.is_set():  # the first run waits until the whole burst is stored
            computing.set()
            assert burst_done.wait(20)
        return real_load(tournament_id)

    with mock.patch("live.tasks.load_tournament", load_after_the_burst), running_worker() as runs:
        results = [record(tid, 1, "1-0")]
        assert computing.wait(20)
        results += [record(tid, board, "1-0" if board % 3 else "1/2-1/2") for board in range(2, 31)]
        burst_done.set()
        # The first run, then one for the 29 results stored while it computed.
        assert runs.wait_for(tid, 2) == 2
    assert broker.llen(QUEUE) == 0  # nothing else queued
    assert runs.count(tid) == 2
    assert latest_version(tid) == results[-1]


def test_burst_before_the_worker_starts_is_one_message_and_one_run(broker, transactional_db):
    tid = make_tournament(players=20)
    last = 0
    for board in range(1, 11):
        last = record(tid, board, "0-1")
    # 31 events (tournament, players, pairing, results), a single message queued.
    assert broker.llen(QUEUE) == 1
    with running_worker() as runs:
        assert runs.wait_for(tid, 1) == 1
    assert broker.llen(QUEUE) == 0
    assert runs.count(tid) == 1
    assert latest_version(tid) == last


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
