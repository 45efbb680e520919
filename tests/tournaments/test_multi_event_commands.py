"""Operations of several events decide every rule on the state they are stored
after, and store all their events or none."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, transaction

from tests.builders import build_tournament
from tournaments.models import Event
from tournaments.store import commands
from tournaments.store.append import decide_and_append
from tournaments.store.scheduling import schedule_round_robin

from .builders import needs_postgresql, stored


def club_round_robin(author, players: int, rounds: int) -> int:
    tid = commands.create_tournament(
        {"name": "Club RR", "rounds": rounds, "system": "round robin"}, author=author
    ).tournament_id
    for n in range(1, players + 1):
        commands.register_player(tid, {"name": f"Player {n}"}, author=author)
    return tid


def lock_waiters() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
        return cursor.fetchone()[0]


def test_a_schedule_refused_by_its_third_round_stores_no_round(organiser):
    tid = club_round_robin(organiser, players=4, rounds=3)
    commands.request_bye(tid, {"start_rank": 1, "round": 3}, author=organiser)
    before = stored(tid)
    with pytest.raises(commands.CommandError, match="requested a bye in round 3"):
        schedule_round_robin(tid, author=organiser)
    assert stored(tid) == before


def test_a_round_with_a_refused_pairing_stores_none_of_its_byes(organiser):
    tid = build_tournament(author=organiser, players=4)

    def byes_then_a_bad_pairing(state):
        draft = commands.Draft(state)
        draft.add(commands.request_bye, {"start_rank": 4, "round": 1})
        draft.add(commands.record_pairing, {"round": 1, "boards": [{"white": 1, "black": 9}]})
        return draft.events

    with pytest.raises(commands.CommandError, match="no player has start rank 9"):
        decide_and_append(tid, byes_then_a_bad_pairing, author=organiser)
    assert stored(tid) == 5


def test_each_event_of_a_batch_is_checked_against_the_ones_before_it(organiser):
    tid = build_tournament(author=organiser, players=2)

    def the_same_bye_twice(state):
        draft = commands.Draft(state)
        for _ in range(2):
            draft.add(commands.request_bye, {"start_rank": 1, "round": 1})
        return draft.events

    with pytest.raises(commands.CommandError, match="already has a bye"):
        decide_and_append(tid, the_same_bye_twice, author=organiser)
    assert stored(tid) == 3


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_player_registered_while_the_schedule_is_stored_is_not_left_out(organiser):
    # Six players fit five rounds; a seventh, registered by a writer whose INSERT
    # came first, needs seven: the schedule's INSERT waits for that writer, fails
    # on the (tournament, seq) constraint, and the schedule, decided again on the
    # state with seven players, is refused.
    tid = club_round_robin(organiser, players=6, rounds=5)
    outcome: list[object] = []

    def schedule() -> None:
        try:
            outcome.append(schedule_round_robin(tid, author=organiser))
        except Exception as exc:  # surfaced by the assertion below
            outcome.append(exc)
        finally:
            connection.close()

    with transaction.atomic():
        commands.register_player(tid, {"name": "Late"}, author=organiser)
        other = threading.Thread(target=schedule)
        other.start()
        deadline = time.monotonic() + 20
        while lock_waiters() == 0 and time.monotonic() < deadline:
            time.sleep(0.01)  # until the schedule's INSERT waits for this transaction
        assert lock_waiters() > 0
    other.join(20)
    (result,) = outcome
    assert isinstance(result, commands.CommandError), result
    assert result.field == "rounds"
    assert not Event.objects.filter(tournament_id=tid, kind="round.paired").exists()
