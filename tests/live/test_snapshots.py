"""Storing snapshots: only newer ones, never overwriting, pruned to a few."""

from __future__ import annotations

from unittest import mock

import pytest

from live.models import StandingsSnapshot
from live.snapshots import KEEP_SNAPSHOTS, ensure_snapshot, store_snapshot
from tournaments.store.queries import load_tournament

from .builders import make_tournament, record


def stored_now(tid: int) -> StandingsSnapshot:
    """The snapshot of the tournament as it is now (none newer is stored)."""
    snapshot = store_snapshot(load_tournament(tid))
    assert snapshot is not None
    return snapshot


pytestmark = pytest.mark.django_db


def versions(tid: int) -> list[int]:
    return list(
        StandingsSnapshot.objects.filter(tournament_id=tid).values_list("version", flat=True)
    )


def test_a_stale_computation_cannot_overwrite_a_newer_snapshot() -> None:
    tid = make_tournament(players=4)
    stale = load_tournament(tid)  # the state a slow task read before the result came in
    last = record(tid, 1, "1-0")
    assert stored_now(tid).version == last
    assert store_snapshot(stale) is None
    latest = StandingsSnapshot.objects.get(tournament_id=tid)
    assert (latest.version, latest.standings.rows[0][5]) == (last, 1)  # column 5: points


def test_the_same_version_is_stored_once() -> None:
    tid = make_tournament(players=4)
    folded = load_tournament(tid)
    assert store_snapshot(folded) is not None
    assert store_snapshot(folded) is None
    assert versions(tid) == [folded.version]


def test_only_the_latest_snapshots_are_kept() -> None:
    tid = make_tournament(players=14)
    stored = []
    for board in range(1, 8):
        stored.append(record(tid, board, "1-0"))
        store_snapshot(load_tournament(tid))
    assert versions(tid) == stored[::-1][:KEEP_SNAPSHOTS]


def test_announced_only_after_commit(django_capture_on_commit_callbacks) -> None:
    tid = make_tournament(players=4)
    with mock.patch("live.snapshots.announce") as announce:
        with django_capture_on_commit_callbacks(execute=True):
            snapshot = stored_now(tid)
            announce.assert_not_called()  # still inside the transaction
        announce.assert_called_once_with(tid, snapshot.version)  # and once it commits


def test_ensure_computes_the_first_snapshot() -> None:
    tid = make_tournament(players=4)
    assert versions(tid) == []
    assert ensure_snapshot(tid).version == load_tournament(tid).version


def test_a_snapshot_records_where_the_tournament_stands() -> None:
    tid = make_tournament(players=4)
    record(tid, 1, "1-0")
    in_play = stored_now(tid)
    record(tid, 2, "0-1")
    finished = stored_now(tid)
    assert (in_play.current_round, in_play.finished, in_play.players) == (1, False, 4)
    assert (finished.current_round, finished.finished, finished.players) == (1, True, 4)
