"""Small tournaments in which one rule of C.04.3 decides the pairing; each
expected pairing is worked out by hand from the rule (comments), and each case is
one the engine once paired differently from bbpPairings."""

from __future__ import annotations

from pairings import pair_round
from tests.pairings.builders import scripted


def pairs(tournament, number: int) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in pair_round(tournament, number).boards}


def test_after_an_exchange_s2_is_sorted_again():
    # Six players, all drawn, 1.5 each: one homogeneous bracket, S1 = 1 2 3,
    # S2 = 4 5 6.  Player 3 has met 4, 5 and 6, so no candidate without an
    # exchange exists; the smallest exchange is 3 <-> 4: S1 = 1 2 4, S2 = 3 5 6.
    # Only two pairings are left, {1-3, 2-5, 4-6} and {1-6, 2-3, 4-5}, both with
    # 1, 2, 4 as higher players and both with two colour conflicts (1 2 3 want
    # black, 4 5 6 white, all strongly).  S2 sorted again puts 3 first, so
    # player 1 meets 3 (the first transposition), not 6.
    tournament = scripted(
        6,
        9,
        [
            [(1, 5, "="), (2, 4, "="), (3, 6, "=")],
            [(2, 1, "="), (4, 3, "="), (5, 6, "=")],
            [(1, 4, "="), (3, 5, "="), (6, 2, "=")],
        ],
    )
    assert pairs(tournament, 4) == {frozenset(p) for p in ((1, 3), (2, 5), (4, 6))}


def test_c11_a_topscorer_who_would_get_a_third_colour_in_a_row_is_avoided():
    # Final round.  Scores 1: 3, 3 7 8: 2.5, 2: 2, 5: 1.5, 4 6: 1; topscorers
    # (above half the maximum, 2) are 1 3 7 8.  1 meets 7, his only opponent
    # left in 2.5 (C6); 3 and 8 have met, 2 has met both: all three go down to
    # 5, who has a colour difference of -2 and must have white.  3 (w w b b)
    # must have white as well: against 5 he would yield (the smaller
    # difference, E.2) and get black a third time in a row, which C11 counts
    # for a topscorer; 8 (w b w b) only prefers white (C12, a lower criterion).
    # So 5-8, and then 3-6 and 2-4 (2 has met 6).
    tournament = scripted(
        8,
        5,
        [
            [(1, 5, "1-0"), (3, 7, "1-0"), (6, 2, "="), (8, 4, "1-0")],
            [(2, 8, "="), (3, 1, "1-0"), (4, 6, "1-0"), (5, 7, "0-1")],
            [(1, 4, "1-0"), (6, 5, "="), (7, 2, "="), (8, 3, "1-0")],
            [(1, 8, "1-0"), (2, 3, "="), (4, 5, "0-1"), (7, 6, "1-0")],
        ],
    )
    assert pairs(tournament, 5) == {frozenset(p) for p in ((1, 7), (5, 8), (3, 6), (2, 4))}
