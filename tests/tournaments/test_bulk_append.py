"""commands.Draft: many events decided one by one, appended together (the TRF import)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournaments.domain.errors import CommandError
from tournaments.models import Event
from tournaments.store import commands
from tournaments.store.append import append
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
        commands.record_pairing,
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


def paired_round() -> int:
    tid = commands.create_tournament({"name": "Draft", "rounds": 3}).tournament_id
    for n in (1, 2):
        commands.register_player(tid, {"name": f"P{n}"})
    commands.record_pairing(tid, {"round": 1, "boards": [{"white": 1, "black": 2}]})
    return tid


def test_each_event_is_checked_against_the_ones_added_before_it() -> None:
    draft = commands.Draft(current_state(paired_round()))
    draft.add(commands.record_result, {"round": 1, "board": 1, "result": "1-0"})
    with pytest.raises(CommandError, match="already has 1-0"):
        draft.add(commands.record_result, {"round": 1, "board": 1, "result": "0-1"})


def test_stored_events_follow_the_log_in_seq_order() -> None:
    tid = paired_round()
    draft = commands.Draft(current_state(tid))
    draft.add(commands.record_result, {"round": 1, "board": 1, "result": "1-0"})
    draft.add(commands.close_round, {"round": 1})
    append(tid, draft.start_seq, draft.events)
    events = log(tid)
    assert [(seq, kind) for seq, kind, *_ in events[-2:]] == [
        (5, "result.recorded"),
        (6, "round.closed"),
    ]
    assert current_state(tid).rounds[1].closed
