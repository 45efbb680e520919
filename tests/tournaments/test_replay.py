"""tournaments.store.queries: how the other apps read tournaments."""

from __future__ import annotations

import pytest

from tournaments.store import commands
from tournaments.store.queries import TournamentNotFound, list_tournaments, load_tournament

from .builders import make_tournament


def test_load_tournament_folds_every_committed_event(organiser):
    tid = make_tournament(organiser, players=2, rounds=5, pairings=[[(1, 2)]])
    commands.record_result(tid, {"round": 1, "board": 1, "result": "1/2-1/2"}, author=organiser)
    folded = load_tournament(tid)
    assert (folded.id, folded.name, folded.version) == (tid, "Test Open", 5)
    assert (folded.rounds, folded.system, folded.rules) == (5, "swiss", "fide-2026")
    assert folded.state.rounds[1].board(1).result == "1/2-1/2"
    assert len(folded.results.players) == 2


def test_an_unknown_tournament_is_not_found(db):
    with pytest.raises(TournamentNotFound):
        load_tournament(424242)


def test_list_tournaments_newest_first_with_their_versions(organiser):
    older = make_tournament(organiser, players=3)
    newer = commands.create_tournament(
        {"name": "Rapid", "rounds": 7, "system": "round robin"}, author=organiser
    ).tournament_id
    summaries = list_tournaments()
    assert [(s.id, s.name, s.version, s.rounds, s.system) for s in summaries] == [
        (newer, "Rapid", 1, 7, "round robin"),
        (older, "Test Open", 4, 3, "swiss"),
    ]
