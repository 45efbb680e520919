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

    # The append was decided on the cached state (its INSERT checked it); the read
    # after it resumed from the state the append cached.
    assert folded == [0]
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
    tid = make_tournament(organiser, players=5)  # seqs 1-6
    # Another history up to seq 3, so that the events read after it are not none.
    elsewhere = commands.create_tournament({"name": "Elsewhere", "rounds": 3}).tournament_id
    for name in ("Ada", "Bo"):
        commands.register_player(elsewhere, {"name": name})
    impostor = state_cache._Entry(full_fold(elsewhere), (0, datetime(2000, 1, 1, tzinfo=UTC)))
    state_cache._store(tid, impostor)

    assert state_cache.current_state(tid) == full_fold(tid)


def cached(tid: int):
    return state_cache._entries[tid]


def rewind_cache(tid: int, to) -> None:
    """Make the cache hold an older state, as when another process appended since."""
    state_cache.forget_all()
    state_cache._store(tid, to)


def test_a_stale_cache_never_decides_a_command_the_stored_events_refuse(organiser, committed):
    with committed():
        tid = make_tournament(organiser, players=4, pairings=[[(1, 2), (3, 4)]])
    before = cached(tid)
    with committed():
        commands.record_result(tid, {"round": 1, "board": 1, "result": "1-0"}, author=organiser)
    rewind_cache(tid, before)

    with pytest.raises(commands.CommandError, match="already has 1-0"):
        commands.record_result(tid, {"round": 1, "board": 1, "result": "0-1"}, author=organiser)
    assert Event.objects.filter(tournament_id=tid, kind="result.recorded").count() == 1


def test_a_stale_cache_never_refuses_a_command_the_stored_events_allow(organiser, committed):
    with committed():
        tid = make_tournament(organiser, players=4)
    before = cached(tid)
    with committed():
        pairing = {"round": 1, "boards": [{"white": 1, "black": 2}]}
        commands.record_pairing(tid, pairing, author=organiser)
    rewind_cache(tid, before)

    event = commands.record_result(tid, {"round": 1, "board": 1, "result": "1-0"})
    assert event.seq == full_fold(tid).last_seq


def test_a_rolled_back_append_does_not_refuse_the_next_command(organiser, committed):
    with committed():
        tid = make_tournament(organiser, players=4, pairings=[[(1, 2), (3, 4)]])
    with pytest.raises(RuntimeError), transaction.atomic():
        commands.record_result(tid, {"round": 1, "board": 1, "result": "1-0"})
        raise RuntimeError("rolled back")

    event = commands.record_result(tid, {"round": 1, "board": 1, "result": "0-1"})
    assert (event.seq, event.payload["result"]) == (7, "0-1")
    assert full_fold(tid).rounds[1].board(1).result == "0-1"
