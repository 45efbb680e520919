"""Each round's pairing verdict is computed by a task of its own, queued by the
standings task when a verdict is missing: neither the standings nor a request
waits for the engine, and the round page only reads it
(``live.tasks.compute_pairing_verdicts``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from unittest import mock

import pytest
import redis
from django.test import Client
from django.urls import reverse

from live import tasks
from tests.builders import build_tournament
from tournaments.domain import pairing_origin
from tournaments.store import pairing_check
from tournaments.store.queries import pairing_verdict

from .builders import make_tournament
from .conftest import running_worker

# Round 1 as make_tournament stores it: 1-3, 2-4.  The engine gives 4 White on
# board 2 (5.2.5: 1 has the initial colour White, 2 the other, so 4 has White v 2).
DIFFERS = "pairing re-derived from the event log: differs: 2-4 (the engine: 4-2)"

# The flags and the verdicts are in the cache (Redis), which outlives a test's
# database: the broker fixture empties it.
pytestmark = pytest.mark.usefixtures("broker")


@pytest.fixture
def no_engine():
    """The pairing engine's check refuses to run."""
    with mock.patch.object(pairing_origin, "check_pairing", side_effect=AssertionError) as check:
        yield check


@contextmanager
def _verdicts_queued(capture_on_commit: Callable) -> Iterator[mock.MagicMock]:
    """``compute_pairing_verdicts.delay`` mocked, the on-commit callbacks registered
    inside run as the block ends (as after a request's or a task's commit)."""
    with (
        mock.patch.object(tasks.compute_pairing_verdicts, "delay") as queued,
        capture_on_commit(execute=True),
    ):
        yield queued


def _pairing_check(tid: int) -> list[dict]:
    """The rounds of GET .../pairing-check/, as an anonymous reader gets them."""
    response = Client().get(reverse("tournaments:pairing-check", args=[tid]))
    assert response.status_code == 200, response.content
    return response.json()["rounds"]


def test_the_pairing_check_answers_pending_without_running_the_engine(
    db, no_engine, django_capture_on_commit_callbacks
) -> None:
    tid = make_tournament(players=4)
    with _verdicts_queued(django_capture_on_commit_callbacks):
        (pending,) = _pairing_check(tid)
    assert (pending["round"], pending["status"], pending["verdict"]) == (1, "pending", None)
    no_engine.assert_not_called()


def test_with_the_broker_down_the_pairing_check_still_answers_pending(
    db, django_capture_on_commit_callbacks
) -> None:
    tid = make_tournament(players=4)
    with _verdicts_queued(django_capture_on_commit_callbacks) as queued:
        queued.side_effect = OSError("broker down")
        assert _pairing_check(tid)[0]["status"] == "pending"
    queued.assert_called_once_with(tid)


def test_the_pairing_check_serves_a_cached_verdict(db) -> None:
    tid = make_tournament(players=4)
    tasks.compute_pairing_verdicts.run(tid)
    with mock.patch.object(pairing_check, "check_round", side_effect=AssertionError):
        (checked,) = _pairing_check(tid)
    assert checked["status"] == "checked"
    assert checked["verdict"].startswith("differs: 2-4 (the engine: 4-2)")


def test_the_verdict_task_leaves_the_page_nothing_to_compute(db) -> None:
    tid = make_tournament(players=4)
    tasks.compute_pairing_verdicts.run(tid)
    with mock.patch.object(pairing_check, "check_round", side_effect=AssertionError):
        assert pairing_verdict(tid, 1).startswith(DIFFERS)


def test_the_page_says_the_check_is_under_way_until_the_verdict_is_there(db, no_engine) -> None:
    tid = make_tournament(players=4)
    assert pairing_verdict(tid, 1) == "pairing check under way"
    no_engine.assert_not_called()


def test_the_standings_task_queues_the_verdicts_without_computing_them(
    db, no_engine, django_capture_on_commit_callbacks
) -> None:
    tid = make_tournament(players=4)
    with _verdicts_queued(django_capture_on_commit_callbacks) as queued:
        tasks.recompute_standings.run(tid)
    queued.assert_called_once_with(tid)
    no_engine.assert_not_called()


@pytest.mark.parametrize(
    "askers",
    [
        pytest.param((_pairing_check, _pairing_check), id="two readers of the pairing check"),
        pytest.param((tasks.recompute_standings.run, tasks.schedule_verdicts), id="standings"),
    ],
)
def test_while_the_verdicts_are_queued_no_one_queues_more(
    db, django_capture_on_commit_callbacks, askers: tuple[Callable, Callable]
) -> None:
    tid = make_tournament(players=4)
    with _verdicts_queued(django_capture_on_commit_callbacks) as queued:
        for ask in askers:
            ask(tid)
    queued.assert_called_once_with(tid)


def test_with_every_verdict_there_nothing_is_queued(db, django_capture_on_commit_callbacks) -> None:
    tid = make_tournament(players=4)
    tasks.compute_pairing_verdicts.run(tid)
    with _verdicts_queued(django_capture_on_commit_callbacks) as queued:
        tasks.recompute_standings.run(tid)
    queued.assert_not_called()


def test_a_second_verdict_task_runs_no_engine_and_changes_nothing(db) -> None:
    tid = make_tournament(players=4)
    tasks.compute_pairing_verdicts.run(tid)
    with mock.patch.object(pairing_check, "check_round", side_effect=AssertionError):
        tasks.compute_pairing_verdicts.run(tid)
        assert [v.round for v in pairing_check.pairing_check(tid, compute=False)] == [1]
        assert pairing_verdict(tid, 1).startswith(DIFFERS)


def test_before_any_pairing_the_standings_task_queues_nothing(db) -> None:
    tid = build_tournament(players=4)
    with mock.patch.object(tasks, "schedule_verdicts") as schedule:
        tasks.recompute_standings.run(tid)
    schedule.assert_not_called()


@pytest.mark.worker
def test_a_running_worker_gives_a_round_just_paired_its_verdict(worker) -> None:
    # The pairing's commit queues the standings, whose run queues the verdicts on
    # their own queue, which the worker serves too.
    tid = make_tournament(players=4)
    deadline = time.monotonic() + 30
    while pairing_verdict(tid, 1) == "pairing check under way" and time.monotonic() < deadline:
        time.sleep(0.2)
    assert pairing_verdict(tid, 1).startswith(DIFFERS)


@pytest.mark.worker
def test_a_pending_pairing_check_has_its_verdict_once_a_worker_runs_the_task(
    transactional_db, broker: redis.Redis
) -> None:
    # The pairing's commit queued the standings (whose run would queue the verdicts
    # too): dropped, so that only the request queues the verdicts' task.
    tid = make_tournament(players=4)
    broker.delete("celery")
    assert _pairing_check(tid)[0]["status"] == "pending"
    with running_worker():
        deadline = time.monotonic() + 30
        while _pairing_check(tid)[0]["status"] == "pending" and time.monotonic() < deadline:
            time.sleep(0.2)
    assert _pairing_check(tid)[0]["verdict"].startswith("differs: 2-4 (the engine: 4-2)")
