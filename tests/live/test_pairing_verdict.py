"""The standings task also computes each round's pairing verdict once the round is
paired, so the round page only reads it (``live.tasks.recompute_standings``)."""

from __future__ import annotations

from unittest import mock

from live import tasks
from tests.builders import build_tournament
from tournaments.store import pairing_check
from tournaments.store.queries import pairing_verdict

from .builders import make_tournament


def test_the_standings_task_leaves_the_page_nothing_to_compute(db) -> None:
    # Round 1 as stored: 1-3, 2-4.  The engine gives 4 White on board 2 (5.2.5:
    # 1 has the initial colour White, 2 the other, and so 4 has White against 2).
    tid = make_tournament(players=4)
    tasks.recompute_standings.run(tid)
    with mock.patch.object(pairing_check, "check_round", side_effect=AssertionError):
        verdict = pairing_verdict(tid, 1)
    assert verdict.startswith(
        "pairing re-derived from the event log: differs: 2-4 (the engine: 4-2)"
    )


def test_before_any_pairing_the_standings_task_checks_nothing(db) -> None:
    tid = build_tournament(players=4)
    with mock.patch.object(tasks, "pairing_check") as check:
        tasks.recompute_standings.run(tid)
    check.assert_not_called()
