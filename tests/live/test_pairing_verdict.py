"""Each round's pairing verdict is computed by a task of its own, queued by the
standings task when a verdict is missing: neither the standings nor a request
waits for the engine, and the round page only reads it
(``live.tasks.compute_pairing_verdicts``)."""

from __future__ import annotations

import time
from unittest import mock

import pytest

from live import tasks
from tests.builders import build_tournament
from tournaments.domain import pairing_origin
from tournaments.store import pairing_check
from tournaments.store.queries import pairing_verdict

from .builders import make_tournament

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
    with (
        mock.patch.object(tasks.compute_pairing_verdicts, "delay") as queued,
        django_capture_on_commit_callbacks(execute=True),
    ):
        tasks.recompute_standings.run(tid)
    queued.assert_called_once_with(tid)
    no_engine.assert_not_called()


def test_while_the_verdicts_are_queued_a_standings_run_queues_no_more(
    db, django_capture_on_commit_callbacks
) -> None:
    tid = make_tournament(players=4)
    with (
        mock.patch.object(tasks.compute_pairing_verdicts, "delay") as queued,
        django_capture_on_commit_callbacks(execute=True),
    ):
        tasks.recompute_standings.run(tid)
        tasks.schedule_verdicts(tid)
    queued.assert_called_once_with(tid)


def test_with_every_verdict_there_nothing_is_queued(db, django_capture_on_commit_callbacks) -> None:
    tid = make_tournament(players=4)
    tasks.compute_pairing_verdicts.run(tid)
    with (
        mock.patch.object(tasks.compute_pairing_verdicts, "delay") as queued,
        django_capture_on_commit_callbacks(execute=True),
    ):
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
