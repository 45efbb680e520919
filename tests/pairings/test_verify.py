"""pairings.verify: every Swiss round re-derived from the rounds before it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairings.dutch import Board, _Bracket, _Bye, _Context, _field_labels, _fields, _groups
from pairings.players import player_states
from pairings.verify import IDENTICAL, NotASwiss, recorded_boards, verify_rounds
from tests.pairings.builders import history, played_out
from tiebreaks.model import Color, Game, Outcome, System, Unplayed, UnplayedRound

WHITE = Color.WHITE


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_tournament_the_engine_paired_is_re_derived_round_by_round(seed: int) -> None:
    _, tournament = played_out(15, 7, 7, seed=seed, absent_rate=0.1)
    checks = verify_rounds(tournament, initial_colour=WHITE)
    assert [c.round for c in checks] == list(range(1, 8))
    assert [c.verdict() for c in checks] == [IDENTICAL] * 7


def _swap_round_two(tournament):
    # Round 2 of FOUR below is 1-2 (1 point each) and 3-4; make it 1-3 and 2-4.
    played = {1: (3, WHITE), 3: (1, Color.BLACK), 2: (4, WHITE), 4: (2, Color.BLACK)}
    players = []
    for p in tournament.players:
        opponent, colour = played[p.start_rank]
        rounds = list(p.rounds)
        rounds[1] = Game(opponent, Outcome.DRAW, colour)
        players.append(replace(p, rounds=tuple(rounds)))
    return replace(tournament, players=tuple(players))


# Round 1: 1-3 1-0, 4-2 0-1; round 2 as the engine pairs it: 2-1, 3-4 (5.2.1 both).
FOUR = history(4, 5, [(1, 3, "1-0"), (4, 2, "0-1")], [(2, 1, "1/2"), (3, 4, "1/2")])


def test_the_boards_a_tournament_has_white_first_and_the_bye_as_black_0() -> None:
    tournament = history(3, 3, [(1, 3, "1-0"), (2, 0, "1-0")])
    assert recorded_boards(tournament, 1) == {Board(1, 3), Board(2, 0)}


def test_a_round_paired_otherwise_differs_and_names_its_boards() -> None:
    checks = verify_rounds(_swap_round_two(FOUR), initial_colour=WHITE)
    assert checks[0].identical
    second = checks[1]
    # 1-3 is a rematch of round 1 (C1), the first criterion the file breaks.
    assert second.verdict() == "differs: 1-3, 2-4 (the engine: 2-1, 3-4)"
    assert second.criterion == "C1: 1 and 3 have met"


def test_a_round_robin_is_not_verified() -> None:
    with pytest.raises(NotASwiss):
        verify_rounds(replace(FOUR, system=System.ROUND_ROBIN), initial_colour=WHITE)


@pytest.mark.parametrize("seed", [4, 5])
def test_every_criterion_field_has_a_label(seed: int) -> None:
    # The labels first_criterion prints must follow _fields exactly, whatever the
    # bracket's shape (moved-down players or not, a bye or not, floats of 0-2 rounds).
    played, _ = played_out(11, 6, 5, seed=seed)
    for tournament, number, _, _ in played:
        states = player_states(tournament, number - 1)
        players = sorted(states.values(), key=lambda p: (-p.score, p.number))
        ctx = _Context(frozenset(), number - 1, 8)
        groups = _groups(players)
        for index, residents in enumerate(groups):
            rest = [p for g in groups[index + 1 :] for p in g]
            for movers in ([], rest[:1]):
                below = rest[len(movers) :]
                bracket = _Bracket(movers, residents, below, {p.number for p in below})
                for bye in (None, _Bye(players[-1].score, False), _Bye(players[-1].score, True)):
                    everyone = bracket.members + below
                    if len(everyone) > 1:
                        fields = _fields(everyone[0], everyone[-1], bracket, ctx, bye)
                        assert len(_field_labels(bracket, ctx, bye)) == len(fields)


def test_a_forfeit_written_without_colours_matches_either_way_round() -> None:
    # Round 2 of FOUR with 2-1 forfeited and written "-" for colour: the engine's 2-1
    # (2 White) is the same board.
    players = []
    for p in FOUR.players:
        rounds = list(p.rounds)
        if p.start_rank in (1, 2):
            kind = Unplayed.FORFEIT_WIN if p.start_rank == 2 else Unplayed.FORFEIT_LOSS
            rounds[1] = UnplayedRound(kind, 3 - p.start_rank, None)
        players.append(replace(p, rounds=tuple(rounds)))
    checks = verify_rounds(replace(FOUR, players=tuple(players)), initial_colour=WHITE)
    assert [c.verdict() for c in checks] == [IDENTICAL, IDENTICAL]
