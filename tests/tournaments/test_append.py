"""The one append: writers racing on a tournament, and a cache that is wrong."""

from __future__ import annotations

import contextlib
import threading

import pytest
from django.db import connection
from django.utils import timezone

from tournaments.domain.decisions import decide_registration
from tournaments.models import Event
from tournaments.store import append as store_append
from tournaments.store import commands, state_cache
from tournaments.store.append import decide_and_append

from .builders import make_tournament, needs_postgresql


def player(name: str) -> dict:
    """A registration body as its schema completes it (no start rank: the next one)."""
    return {"name": name, "rating": 0, "title": "", "federation": "", "fide_id": ""}


def seqs(tid: int) -> list[int]:
    return list(Event.objects.filter(tournament_id=tid).values_list("seq", flat=True))


def registered_ranks(tid: int) -> list[int]:
    events = Event.objects.filter(tournament_id=tid, kind="player.registered")
    return sorted(e.payload["start_rank"] for e in events)


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_two_writers_deciding_on_one_state_both_end_with_consecutive_seqs(organiser, monkeypatch):
    tid = make_tournament(organiser, players=2)  # seqs 1-3, cached by this process
    # As two processes would: no turns taken, each its own connection.
    monkeypatch.setattr(store_append, "_turn", lambda tournament_id: contextlib.nullcontext())
    both_decided = threading.Barrier(2, timeout=20)
    decided: dict[str, list[int]] = {"a": [], "b": []}
    errors: list[BaseException] = []

    def writer(name: str) -> None:
        def decide(state):
            decided[name].append(state.last_seq)
            if len(decided[name]) == 1:
                both_decided.wait()  # both decide on seq 3 before either appends
            return decide_registration(state, player(name))

        try:
            decide_and_append(tid, decide, author=organiser)
        except BaseException as exc:  # surfaced by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=writer, args=(name,)) for name in decided]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)

    assert errors == []
    assert seqs(tid) == [1, 2, 3, 4, 5]
    # The loser's INSERT at seq 4 failed on the constraint; it decided again on seq 4.
    assert sorted(decided.values()) == [[3], [3, 4]]
    assert registered_ranks(tid) == [1, 2, 3, 4]


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_writers_of_one_process_take_turns_and_decide_once(organiser, monkeypatch):
    tid = make_tournament(organiser, players=0)
    writers = 6
    start = threading.Barrier(writers, timeout=20)
    calls: list[int] = []
    errors: list[BaseException] = []

    def decide(state):
        calls.append(state.last_seq)
        return decide_registration(state, player("Racer"))

    def writer() -> None:
        try:
            start.wait()
            decide_and_append(tid, decide, author=organiser)
        except BaseException as exc:  # surfaced by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=writer) for _ in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)

    assert errors == []
    assert seqs(tid) == list(range(1, writers + 2))
    # Each decided once, on the state the one before it cached.
    assert sorted(calls) == list(range(1, writers + 1))


# One event, two (one checked INSERT), and more than one INSERT's parameters hold.
@pytest.mark.parametrize("players", [1, 2, 600])
def test_a_cached_state_of_another_history_never_decides(organiser, players):
    tid = make_tournament(organiser, players=2)  # seqs 1-3
    elsewhere = make_tournament(organiser, players=5)  # seqs 1-6
    wrong = state_cache.current_state(elsewhere)
    impostor = Event.objects.get(tournament_id=elsewhere, seq=6)
    state_cache._store(tid, state_cache._Entry(wrong, (impostor.pk, impostor.created_at)))

    def register(state):
        draft = commands.Draft(state)
        for n in range(players):
            draft.add(commands.register_player, {"name": f"Late {n}"})
        return draft.events

    stored = decide_and_append(tid, register, author=organiser)

    # Decided on the stored events: ranks 3... from seq 4, not 6... after a gap.
    assert [(e.seq, e.payload["start_rank"]) for e in stored] == [
        (4 + n, 3 + n) for n in range(players)
    ]
    assert seqs(tid) == list(range(1, 4 + players))


@needs_postgresql
def test_an_event_decided_on_the_cache_is_stored_whole(
    organiser, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        tid = make_tournament(organiser, players=2, pairings=[[(1, 2)]])
    assert state_cache.cached_state(tid) is not None  # the command below starts from it
    before = timezone.now()

    event = commands.record_result(tid, {"round": 1, "board": 1, "result": "1-0"}, author=organiser)

    stored = Event.objects.get(pk=event.pk)
    assert (stored.seq, stored.kind, stored.schema_version) == (5, "result.recorded", 1)
    assert stored.payload == {"round": 1, "board": 1, "result": "1-0"}
    assert stored.author == organiser
    assert before <= stored.created_at <= timezone.now()
