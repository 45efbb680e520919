"""Optimistic concurrency (expected_seq), idempotency keys, and concurrent appends."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from tournaments.models import Event
from tournaments.store import commands

from .builders import make_tournament, needs_postgresql, stored


def test_a_stale_expected_seq_is_a_409_with_the_current_seq(api, organiser):
    tid = make_tournament(organiser, players=2)  # seq 3
    response = api.post("player-list", tid, body={"name": "Late", "expected_seq": 2})
    assert response.status_code == 409
    assert response.json()["current_seq"] == 3
    assert "3" in response.json()["detail"]
    assert stored(tid) == 3


def test_the_current_expected_seq_is_accepted(api, organiser):
    tid = make_tournament(organiser, players=2)
    response = api.post("player-list", tid, body={"name": "Late", "expected_seq": 3})
    assert response.status_code == 201
    assert response.json()["seq"] == 4


def test_the_same_idempotency_key_twice_stores_one_event(api, organiser):
    tid = make_tournament(organiser, players=2)
    first = api.post("player-list", tid, body={"name": "Carla"}, key="register-carla")
    again = api.post("player-list", tid, body={"name": "Carla"}, key="register-carla")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert stored(tid) == 4


def test_a_retry_with_its_key_wins_over_a_stale_expected_seq(api, organiser):
    tid = make_tournament(organiser, players=2)
    body = {"name": "Carla", "expected_seq": 3}
    first = api.post("player-list", tid, body=body, key="k1")
    again = api.post("player-list", tid, body=body, key="k1")
    assert again.status_code == 201
    assert again.json()["seq"] == first.json()["seq"] == 4


def test_a_key_reused_for_another_command_is_refused(api, organiser):
    tid = make_tournament(organiser, players=2)
    api.post("player-list", tid, body={"name": "Carla"}, key="k1")
    body = {"start_rank": 1, "from_round": 2}
    response = api.post("withdrawal-create", tid, body=body, key="k1")
    assert response.status_code == 400
    assert "Idempotency-Key" in response.json()
    assert stored(tid) == 4


def test_a_key_reused_with_another_body_is_refused(api, organiser):
    tid = make_tournament(organiser, players=2)
    api.post("player-list", tid, body={"name": "Carla"}, key="k1")
    response = api.post("player-list", tid, body={"name": "Dario"}, key="k1")
    assert response.status_code == 400
    assert "Idempotency-Key" in response.json()
    assert stored(tid) == 4


def test_creating_a_tournament_twice_with_one_key_creates_one(api):
    body = {"name": "Open", "rounds": 5}
    first = api.post("tournament-list", body=body, key="create-open")
    again = api.post("tournament-list", body=body, key="create-open")
    assert again.json()["tournament"] == first.json()["tournament"]
    assert Event.objects.filter(kind="tournament.created").count() == 1


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_concurrent_appends_get_consecutive_seqs(organiser):
    tid = make_tournament(organiser, players=0)
    writers = 8
    start = threading.Barrier(writers)
    errors: list[BaseException] = []

    def register(n: int) -> None:
        try:
            start.wait()
            commands.register_player(tid, {"name": f"Racer {n}"}, author=organiser)
        except BaseException as exc:  # surfaced by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=register, args=(n,)) for n in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    seqs = list(Event.objects.filter(tournament_id=tid).values_list("seq", flat=True))
    assert seqs == list(range(1, writers + 2))
    ranks = Event.objects.filter(tournament_id=tid, kind="player.registered")
    assert sorted(e.payload["start_rank"] for e in ranks) == list(range(1, writers + 1))
