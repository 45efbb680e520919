"""Baku acceleration (FIDE Handbook C.04.5.1): the virtual points, and pairings
they change.  Expected pairings are worked out by hand in the comments."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pairings import Board, pair_round
from pairings.acceleration import AccelerationError, baku, baku_rounds, by_method, ga_size
from tests.pairings.builders import entrants, history
from tiebreaks.model import Scoring, TournamentResults

ONE, HALF, NONE = Fraction(1), Fraction(1, 2), Fraction(0)


def boards(*pairs: tuple[int, int]) -> tuple[Board, ...]:
    return tuple(Board(w, b) for w, b in pairs)


@pytest.mark.parametrize(("players", "ga"), [(161, 82), (160, 80), (8, 4), (10, 6), (9, 6)])
def test_ga_is_the_first_half_rounded_up_to_even(players, ga):
    # The text's own example: 161 players, half 80.5, GA 82 (2 * ceil(161 / 4)).
    assert ga_size(players) == ga


@pytest.mark.parametrize(
    ("rounds", "full", "accelerated"), [(9, 3, 5), (7, 2, 4), (11, 3, 6), (5, 2, 3), (6, 2, 3)]
)
def test_accelerated_rounds_are_the_first_half_and_full_points_the_first_half_of_those(
    rounds, full, accelerated
):
    assert baku_rounds(rounds) == (full, accelerated)


def test_nine_rounds_give_ga_one_point_in_rounds_1_to_3_and_half_in_4_and_5():
    # C.04.5.1's example: nine rounds, five accelerated.
    acceleration = baku(entrants(20, 9))
    assert [acceleration.virtual_points(1, r) for r in range(1, 10)] == [ONE] * 3 + [HALF] * 2 + [
        NONE
    ] * 4


def test_the_last_ga_player_has_virtual_points_and_the_first_gb_player_none():
    acceleration = baku(entrants(21, 9))  # GA = 2 * ceil(21 / 4) = 12
    assert acceleration.virtual_points(12, 1) == ONE
    assert acceleration.virtual_points(13, 1) == NONE


def test_ga_is_counted_from_the_players_to_be_paired_in_round_one():
    # 9 entrants, 2 absent from round 1: 8 to pair, GA = 4 of them (1, 3, 4, 5), so
    # the last GA player is 5; 2 ranks above him and is in GA when he plays.
    acceleration = baku(entrants(9, 5), absent={2})
    assert [acceleration.virtual_points(n, 1) for n in (2, 5, 6)] == [ONE, ONE, NONE]


def test_a_late_entry_leaves_the_last_ga_player_unchanged():
    # Round 1 paired 8 players (GA 1-4); player 9 entered after it.  Counting him,
    # GA would be 6 players: the last GA player stays 4.
    round_one = [(1, 3, "1-0"), (4, 2, "0-1"), (5, 7, "1-0"), (8, 6, "0-1")]
    acceleration = baku(history(9, 5, round_one))
    assert acceleration.virtual_points(4, 2) == ONE
    assert acceleration.virtual_points(5, 2) == NONE


def test_baku_refuses_a_scoring_other_than_win_draw_half():
    with pytest.raises(AccelerationError, match="standard scoring"):
        baku(TournamentResults(players=(), rounds=5, scoring=Scoring.three_one_zero()))


def test_an_unknown_method_is_refused():
    with pytest.raises(AccelerationError, match="unknown acceleration"):
        by_method("fast", entrants(8, 5))


def test_round_one_pairs_ga_among_itself_and_gb_among_itself():
    # 8 players, GA = 1-4 with one virtual point: bracket 1 = 1-4 (S1 1,2 / S2 3,4),
    # bracket 0 = 5-8 (S1 5,6 / S2 7,8).  Colours 5.2.5: the higher player of 1-3
    # and 5-7 (odd) gets white, of 2-4 and 6-8 (even) black.
    tournament = entrants(8, 5)
    pairing = pair_round(tournament, 1, acceleration=baku(tournament))
    assert pairing.boards == boards((1, 3), (4, 2), (5, 7), (8, 6))


def test_an_odd_field_gives_the_bye_in_gb():
    # 9 players: GA = 2 * ceil(9 / 4) = 6 (1-6: 1-4, 5-2, 3-6); GB = 7, 8, 9 at the
    # lowest pairing score: 7-8 and the bye to 9.
    tournament = entrants(9, 9)
    pairing = pair_round(tournament, 1, acceleration=baku(tournament))
    assert pairing.boards == boards((1, 4), (5, 2), (3, 6), (7, 8), (9, 0))


def test_round_two_with_virtual_points_differs_from_the_unaccelerated_pairing():
    # Round 1 as accelerated above, the higher player winning every board.  Round 2
    # (5 rounds: one virtual point in rounds 1-2) pairing scores: 1, 2 -> 2;
    # 3, 4, 5, 6 -> 1; 7, 8 -> 0.  Bracket 2: 2-1 (1 had white).  Bracket 1: S1 3,4
    # against S2 5,6: 3 (had black) - 5 (had white), 6 (had black) - 4 (had white),
    # both preferences granted.  Bracket 0: 7 (had black) - 8 (had white).
    tournament = history(8, 5, [(1, 3, "1-0"), (4, 2, "0-1"), (5, 7, "1-0"), (8, 6, "0-1")])
    pairing = pair_round(tournament, 2, acceleration=baku(tournament))
    assert pairing.boards == boards((2, 1), (3, 5), (6, 4), (7, 8))


def test_after_the_accelerated_rounds_the_pairing_uses_real_scores_only():
    # A 2-round tournament has one accelerated round: round 2 is paired on the real
    # scores, as if there were no acceleration.
    tournament = history(8, 2, [(1, 3, "1-0"), (4, 2, "0-1"), (5, 7, "1-0"), (8, 6, "0-1")])
    assert pair_round(tournament, 2, acceleration=baku(tournament)) == pair_round(tournament, 2)
