"""The per-process cache of committed folds: a shortcut that never changes an answer."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import transaction

from tournaments.models import Event
from tournaments.store import commands, state_cache
from tournaments.store.events import fold

from .builders import make_tournament


@pytest.fixture(autouse=True)
def empty_cache():
    state_cache.forget_all()
    yield
    state_cache.forget_all()


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run the on-commit callbacks of what happens inside, as a real commit would."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def full_fold(tid: int):
    return fold(Event.objects.filter(tournament_id=tid).order_by("seq"))


def test_after_a_commit_only_the_newer_events_are_folded(organiser, committed, monkeypatch):
    with committed():
        tid = make_tournament(organiser, players=4, pairings=[[(1, 2), (3, 4)]])
    folded: list[int] = []
    real_fold = state_cache.fold

    def counting_fold(events, start=None):
        folded.append(len(events))
        return real_fold(events, start=start)

    monkeypatch.setattr(state_cache, "fold", counting_fold)
    with committed():
        commands.record_result(tid, {"round": 1, "board": 1, "result": "1-0"}, author=organiser)
    state = state_cache.current_state(tid)

    assert folded == [0]  # the append checked the cached state; the read resumed from it
    assert state == full_fold(tid)
    assert state.rounds[1].board(1).result == "1-0"


def test_a_rolled_back_append_is_not_remembered(organiser, committed):
    with committed():
        tid = make_tournament(organiser, players=4)
    with committed(), pytest.raises(RuntimeError), transaction.atomic():
        commands.register_player(tid, {"name": "Ghost"}, author=organiser)
        raise RuntimeError("rolled back")
    with committed():
        commands.register_player(tid, {"name": "Real"}, author=organiser)

    state = state_cache.current_state(tid)
    assert state.players[5].name == "Real"
    assert state == full_fold(tid)


def test_an_entry_whose_last_event_is_not_stored_is_ignored(organiser):
    tid = make_tournament(organiser, players=2)
    elsewhere = make_tournament(organiser, players=5)
    impostor = state_cache._Entry(full_fold(elsewhere), (0, datetime(2000, 1, 1, tzinfo=UTC)))
    state_cache._store(tid, impostor)

    assert state_cache.current_state(tid) == full_fold(tid)


def rewind_cache(tid: int, to: tuple) -> None:
    """Make the cache hold an older state, as when another process appended since."""
    state_cache.forget_all()
    state_cache._store(tid, state_cache._Entry(*to))


def test_a_command_the_cache_allows_is_checked_again_when_another_process_appended(
    organiser, committed
):
    with committed():
        tid = make_tournament(organiser, players=4, pairings=[[(1, 2), (3, 4)]])
    before = state_cache.cached_state(tid)
    with committed():
        commands.record_result(tid, {"round": 1, "board": 1, "result": "1-0"}, author=organiser)
    rewind_cache(tid, before)

    with pytest.raises(commands.CommandError, match="already has 1-0"):
        commands.record_result(tid, {"round": 1, "board": 1, "result": "0-1"}, author=organiser)
    assert Event.objects.filter(tournament_id=tid, kind="result.recorded").count() == 1


def test_a_command_the_cache_refuses_is_accepted_by_the_latest_state(organiser, committed):
    with committed():
        tid = make_tournament(organiser, players=4)
    before = state_cache.cached_state(tid)
    with committed():
        pairing = {"round": 1, "boards": [{"white": 1, "black": 2}]}
        commands.pair_round(tid, pairing, author=organiser)
    rewind_cache(tid, before)

    event = commands.record_result(tid, {"round": 1, "board": 1, "result": "1-0"})
    assert event.seq == full_fold(tid).version


def test_with_the_latest_state_cached_the_locked_append_reads_no_event(
    organiser, committed, monkeypatch
):
    with committed():
        tid = make_tournament(organiser, players=4, pairings=[[(1, 2), (3, 4)]])

    def unexpected(tournament_id: int) -> None:
        raise AssertionError("the events were read under the lock")

    monkeypatch.setattr(commands, "current_state", unexpected)
    event = commands.record_result(tid, {"round": 1, "board": 2, "result": "0-1"})
    stored = Event.objects.get(pk=event.pk)
    assert (stored.seq, stored.kind) == (7, "result.recorded")  # 4 players, a pairing
    assert stored.payload == {"round": 1, "board": 2, "result": "0-1"}


def test_the_next_command_appends_on_an_append_not_committed_yet_without_reading(
    organiser, committed, monkeypatch
):
    with committed():
        tid = make_tournament(organiser, players=4, pairings=[[(1, 2), (3, 4)]])
    commands.record_result(tid, {"round": 1, "board": 1, "result": "1-0"})  # not committed

    def unexpected(tournament_id: int) -> None:
        raise AssertionError("the events were read under the lock")

    monkeypatch.setattr(commands, "current_state", unexpected)
    event = commands.record_result(tid, {"round": 1, "board": 2, "result": "0-1"})
    assert event.seq == 8


def test_a_rolled_back_append_proposed_to_the_next_command_does_not_refuse_it(organiser, committed):
    with committed():
        tid = make_tournament(organiser, players=4, pairings=[[(1, 2), (3, 4)]])
    with pytest.raises(RuntimeError), transaction.atomic():
        commands.record_result(tid, {"round": 1, "board": 1, "result": "1-0"})
        raise RuntimeError("rolled back")

    event = commands.record_result(tid, {"round": 1, "board": 1, "result": "0-1"})
    assert (event.seq, event.payload["result"]) == (7, "0-1")
    assert full_fold(tid).rounds[1].board(1).result == "0-1"
