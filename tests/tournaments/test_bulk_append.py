"""commands.Batch: many events validated one by one, stored together (the TRF import)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import transaction

from tournaments.domain.errors import CommandError
from tournaments.models import Event, Tournament
from tournaments.store import commands
from tournaments.store.state_cache import current_state
from tournaments.store.trf_import import import_trf

DATA = Path(__file__).resolve().parent.parent / "data"

pytestmark = pytest.mark.django_db

ONE_BY_ONE = {
    command.kind: command
    for command in (
        commands.register_player,
        commands.withdraw_player,
        commands.request_bye,
        commands.pair_round,
        commands.record_result,
        commands.correct_result,
        commands.close_round,
    )
}


def log(tournament_id: int) -> list[tuple]:
    events = Event.objects.filter(tournament_id=tournament_id).order_by("seq")
    return [(e.seq, e.kind, e.schema_version, e.payload) for e in events]


def test_bulk_and_one_by_one_imports_store_identical_event_logs() -> None:
    bulk = log(import_trf((DATA / "held_swiss_9.trf").read_text()).id)
    (_, _, _, settings), *rest = bulk
    tid = commands.create_tournament(settings).tournament_id
    for _, kind, _, payload in rest:
        ONE_BY_ONE[kind](tid, payload)
    assert log(tid) == bulk
    assert [seq for seq, *_ in bulk] == list(range(1, len(bulk) + 1))


def batch_of_a_paired_round() -> commands.Batch:
    tid = commands.create_tournament({"name": "Batch", "rounds": 3}).tournament_id
    for n in (1, 2):
        commands.register_player(tid, {"name": f"P{n}"})
    commands.pair_round(tid, {"round": 1, "boards": [{"white": 1, "black": 2}]})
    tournament = Tournament.objects.select_for_update().get(pk=tid)
    return commands.Batch(tournament, current_state(tid))


def test_each_event_is_checked_against_the_ones_added_before_it() -> None:
    batch = batch_of_a_paired_round()
    batch.append(commands.record_result, {"round": 1, "board": 1, "result": "1-0"})
    with pytest.raises(CommandError, match="already has 1-0"):
        batch.append(commands.record_result, {"round": 1, "board": 1, "result": "0-1"})


def test_stored_events_follow_the_log_in_seq_order() -> None:
    batch = batch_of_a_paired_round()
    batch.append(commands.record_result, {"round": 1, "board": 1, "result": "1-0"})
    batch.append(commands.close_round, {"round": 1})
    batch.store()
    events = log(batch.tournament.pk)
    assert [(seq, kind) for seq, kind, *_ in events[-2:]] == [
        (5, "result.recorded"),
        (6, "round.closed"),
    ]
    assert current_state(batch.tournament.pk).rounds[1].closed


def test_a_refused_event_stores_nothing_of_the_batch() -> None:
    batch = batch_of_a_paired_round()
    before = log(batch.tournament.pk)
    with pytest.raises(CommandError), transaction.atomic():
        batch.append(commands.record_result, {"round": 1, "board": 1, "result": "1-0"})
        batch.append(commands.record_result, {"round": 1, "board": 2, "result": "1-0"})
        batch.store()
    assert log(batch.tournament.pk) == before
