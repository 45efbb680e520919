"""Small tournaments in which one rule of C.04.3 decides the pairing; each
expected pairing is worked out by hand from the rule (comments), and each case is
one the engine once paired differently from bbpPairings."""

from __future__ import annotations

from pairings import Board, pair_round
from pairings.dutch import first_criterion
from tests.pairings.builders import history


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
    tournament = history(
        6,
        9,
        [(1, 5, "1/2"), (2, 4, "1/2"), (3, 6, "1/2")],
        [(2, 1, "1/2"), (4, 3, "1/2"), (5, 6, "1/2")],
        [(1, 4, "1/2"), (3, 5, "1/2"), (6, 2, "1/2")],
    )
    assert pairs(tournament, 4) == {frozenset(p) for p in ((1, 3), (2, 5), (4, 6))}


def test_c11_a_topscorer_who_would_get_a_third_colour_in_a_row_is_avoided():
    # Final round.  Scores 1: 3, 3 7 8: 2.5, 2: 2, 5: 1.5, 4 6: 1; topscorers
    # (above half the maximum, 2) are 1 3 7 8.  1 meets 7, his only opponent
    # left in 2.5 (C6); 3 and 8 have met, 2 has met both: all three go down to
    # 5, who has a colour difference of -2 and must have white.  3 (w w b b)
    # must have white as well: against 5 he would yield (the smaller
    # difference, 5.2.2) and get black a third time in a row, which C11 counts
    # for a topscorer; 8 (w b w b) only prefers white (C12, a lower criterion).
    # So 5-8, and then 3-6 and 2-4 (2 has met 6).
    tournament = history(
        8,
        5,
        [(1, 5, "1-0"), (3, 7, "1-0"), (6, 2, "1/2"), (8, 4, "1-0")],
        [(2, 8, "1/2"), (3, 1, "1-0"), (4, 6, "1-0"), (5, 7, "0-1")],
        [(1, 4, "1-0"), (6, 5, "1/2"), (7, 2, "1/2"), (8, 3, "1-0")],
        [(1, 8, "1-0"), (2, 3, "1/2"), (4, 5, "0-1"), (7, 6, "1-0")],
    )
    assert pairs(tournament, 5) == {frozenset(p) for p in ((1, 7), (5, 8), (3, 6), (2, 4))}


def test_of_two_equal_exchanges_the_lowest_s1_player_moves_to_s2():
    # Round 3, bracket 1.5 = 1 2 3 | 8 9 10, everybody with one white and one
    # black: 1 3 9 prefer white, 2 8 10 black.  Pairing each white-seeker with a
    # black-seeker is possible only with an exchange (every transposition has
    # two conflicts, C12): 1-8 2-3 9-10 (3 <-> 9) or 1-2 3-10 8-9 (2 <-> 8).
    # Both move one player and differ by 2 in the numbers within the bracket,
    # so the one moving the lower S1 player (3) comes first (D).  Below, 6 and
    # 7 have met and go down to 4 5: 4-7 and 5-6 grant every preference.
    tournament = history(
        10,
        7,
        [(1, 6, "1-0"), (3, 8, "1/2"), (5, 10, "0-1"), (7, 2, "0-1"), (9, 4, "1-0")],
        [(2, 9, "1/2"), (4, 3, "0-1"), (6, 7, "1/2"), (8, 5, "1-0"), (10, 1, "1/2")],
    )
    expected = ((1, 8), (2, 3), (9, 10), (4, 7), (5, 6))
    assert pairs(tournament, 3) == {frozenset(p) for p in expected}


def test_the_highest_moved_down_players_are_paired_before_the_limbo_is_touched():
    # Round 7.  Below 3.0 only 3 7 (2.5) and 1 10 (2.0) are left, 1 takes the
    # bye, and none of 3 7 10 can meet another (all met): each needs one of
    # 11 14 15 (3.0), so all three move down to 3 7.  S1 = 11 14 (the highest
    # MDPs), limbo = 15, S2 = 3 7: 11-3 14-7 is illegal (14 met 7), so the next
    # transposition, 11-7 14-3, is the pairing and 15 goes on to 10; 11-3 15-7
    # would exchange 14 with the limbo, which comes after every transposition.
    # Both have two colour conflicts, one of them strong against absolute, and
    # the same floats.
    tournament = history(
        15,
        9,
        [(1, 8, "1-0"), (3, 10, "1-0"), (5, 12, "1/2"), (7, 14, "1/2")]
        + [(9, 2, "1-0"), (11, 4, "1/2"), (13, 6, "1/2"), (15, 0, "")],
        [(2, 8, "0-1"), (4, 13, "1/2"), (6, 11, "1/2"), (9, 1, "1/2")]
        + [(12, 7, "1-0"), (14, 5, "1/2"), (15, 3, "1/2"), (10, 0, "")],
        [(1, 15, "0-1"), (3, 9, "0-1"), (5, 6, "0-1"), (8, 12, "1-0")]
        + [(10, 4, "1/2"), (11, 14, "0-1"), (13, 7, "1-0"), (2, 0, "")],
        [(2, 3, "1-0"), (4, 1, "1-0"), (6, 14, "1/2"), (8, 13, "0-1")]
        + [(11, 5, "0-1"), (12, 10, "1-0"), (15, 9, "1/2"), (7, 0, "")],
        [(5, 2, "0-1"), (6, 8, "1/2"), (7, 3, "0-1"), (9, 4, "0-1")]
        + [(10, 1, "1/2"), (13, 15, "1-0"), (14, 12, "1/2"), (11, 0, "")],
        [(1, 11, "0-1"), (3, 8, "0-1"), (4, 6, "1/2"), (7, 10, "1-0")]
        + [(12, 13, "1/2"), (14, 9, "0-1"), (15, 2, "0-1"), (5, 0, "")],
    )
    assert {frozenset(p) for p in ((11, 7), (14, 3), (15, 10))} <= pairs(tournament, 7)


def test_s1_of_a_bracket_that_cannot_pair_everybody_is_as_large_as_its_pairs():
    # Round 3.  9 (2.0) comes down to 1.0 and meets 6; 1 and 7 (0.5) have met,
    # so two of the remainder 2 3 4 8 10 12 must go down to them: it makes two
    # pairs, S1 = 2 3 (not half of six), S2 = 4 8 10 12.  2 would have a colour
    # conflict with any of S2 (C12), and 12 must stay (it floated down last
    # round, C14): the candidates left are 2-3 8-12 (3 <-> 8) and 3-12 4-8 (2
    # <-> 4), one exchange each, both 2 apart in the bracket's order; the one
    # moving the lower S1 player (3) comes first.  Then 4-1 and 10-7.
    tournament = history(
        13,
        9,
        [(1, 7, "1/2"), (3, 9, "0-1"), (5, 11, "0-1"), (8, 2, "1-0")]
        + [(10, 4, "0-1"), (12, 6, "0-1"), (13, 0, "")],
        [(2, 1, "1-0"), (4, 9, "0-1"), (6, 13, "0-1"), (7, 3, "0-1")]
        + [(10, 5, "1-0"), (11, 8, "1-0"), (12, 0, "")],
    )
    assert {frozenset(p) for p in ((2, 3), (8, 12), (4, 1), (10, 7))} <= pairs(tournament, 3)


def test_c9_waits_for_the_bracket_whose_unpaired_player_is_the_bye():
    # Round 5.  3 (3.5) and 5 (2.5) have met and come down to 1 2 6 7 (2.0);
    # 4 (1.0) must be paired from above, and 1 and 4 have had the bye: it goes
    # to one of 2 6 7.  This bracket also floats a player to 4, so the bye is
    # not simply its one unpaired player and C9 (6 has no unplayed round, 2 and
    # 7 one each) does not weigh here: 5 (wants black) meets 6 (must have white)
    # rather than 7 (must have black, C12), 3 meets 1 (who floated down last
    # round, C14) and 2, the one left who has not met 4, goes down to him.
    tournament = history(
        7,
        7,
        [(2, 5, "1/2"), (4, 7, "0-1"), (6, 3, "0-1"), (1, 0, "H")],
        [(5, 1, "1-0"), (6, 4, "1-0"), (7, 2, "0-1"), (3, 0, "H")],
        [(1, 6, "1/2"), (3, 5, "1-0"), (2, 0, "H"), (4, 0, ""), (7, 0, "H")],
        [(2, 3, "0-1"), (5, 4, "1-0"), (7, 6, "1/2"), (1, 0, "")],
    )
    assert pairs(tournament, 5) == {frozenset(p) for p in ((3, 1), (2, 4), (5, 6), (7, 0))}


def test_c7_compares_the_downfloaters_scores_from_the_highest():
    # Round 6.  4 (4.0) has met 2 and 8 (3.0), who have met each other: all
    # three come down to 3 5 6 (2.5), below which 7 (1.5) and 1 (1.0), who have
    # met, each need an opponent from above.  Two pairs can be made in the
    # bracket either way: 4-6 3-5, floating 2 and 8 (3.0, 3.0), or 2-5 6-8,
    # floating 4 and 3 (4.0, 2.5).  C7 compares the downfloaters' scores in
    # descending order: 3.0 < 4.0 decides at once.  Then 2-7 and 8-1.
    tournament = history(
        8,
        7,
        [(1, 5, "1/2"), (3, 7, "1/2"), (6, 2, "0-1"), (8, 4, "1/2")],
        [(2, 1, "1/2"), (4, 3, "1-0"), (5, 8, "0-1"), (7, 6, "0-1")],
        [(1, 4, "0-1"), (6, 3, "0-1"), (7, 5, "0-1"), (8, 2, "1/2")],
        [(1, 7, "0-1"), (3, 8, "1-0"), (4, 2, "1-0"), (5, 6, "1/2")],
        [(2, 3, "1-0"), (5, 4, "1/2"), (6, 1, "1-0"), (8, 7, "1-0")],
    )
    assert pairs(tournament, 6) == {frozenset(p) for p in ((4, 6), (3, 5), (2, 7), (8, 1))}


def test_c6_pairs_the_top_bracket_when_only_players_far_below_can_absorb_the_next():
    # Round 3 of 9, 52 players.  1 and 2 (2.0, one white and one black each)
    # have not met.  Just below them, 3-26 (1.5) had black twice: each must have
    # white (absolute), so no two of them may meet (C3).  27-50 (0.5) had white
    # twice and must have black, so they cannot meet each other either; 51 and
    # 52 (0) lost to 1 and 2.  Pairing 1-2 (no downfloater, C6) leaves 3-26
    # against 27-50 (each has met only two of them) and 51-52: complete (C4).
    # So 1-2, although 1 and 2 are the only ones of the top 26 who could meet
    # 3-26: a matching that saw only the next 24 players and counted its own
    # pairs would pair 1 and 2 with two of 3-26 instead (two pairs, not one).
    blacks, whites = range(3, 27), range(27, 51)
    first = [(w, b, "1/2") for w, b in zip(whites, blacks, strict=True)]
    second = [(w, b, "0-1") for w, b in zip([*whites[1:], whites[0]], blacks, strict=True)]
    tournament = history(
        52,
        9,
        [(1, 51, "1-0"), (2, 52, "1-0"), *first],
        [(52, 1, "0-1"), (51, 2, "0-1"), *second],
    )
    assert frozenset((1, 2)) in pairs(tournament, 3)


def test_c13_a_strong_preference_outweighs_a_mild_one():
    # Round 4 of 5 (no topscorers yet).  Scores: 4 7: 2.5; 1 3 5 6: 1.5; 2: 1.
    # 4 (b w b, strong White) meets 7 (w b: mild White) and gets White (5.2.2).
    # 1.5: 1 (w b) prefers White, 3 and 5 (w b w) strongly Black, 6 (b w) Black;
    # 3-6 met in round 1.  {1-3, 5-6} refuses 6's mild preference; {1-6, 3-5}
    # refuses a strong one (C13, after C12 finds one refusal in each); 2 the bye
    # (C5).  So 1-3 and 6-5 (5 strong Black).
    tournament = history(
        7,
        5,
        [(1, 4, "0-1"), (3, 6, "1-0"), (5, 2, "1-0"), (7, 0, "")],
        [(2, 1, "1/2"), (4, 5, "1/2"), (6, 0, ""), (7, 3, "1/2")],
        [(1, 0, ""), (3, 4, "0-1"), (5, 7, "0-1"), (6, 2, "1/2")],
    )
    assert {(b.white, b.black) for b in pair_round(tournament, 4).boards} == {
        (4, 7),
        (1, 3),
        (6, 5),
        (2, 0),
    }
    alternative = [Board(4, 7), Board(1, 6), Board(3, 5), Board(2, 0)]
    assert first_criterion(tournament, 4, alternative).startswith("C13 ")


def test_c15_no_upfloat_for_a_player_who_upfloated_last_round():
    # Round 4 of 5.  Scores: 4: 2.5; 3 5: 2; 1 6 7: 1.5; 2: 1 (the bye, C5).  4 met 3,
    # so 4-5 and 3 floats down to 1 6 7 (3 met 6).  3 (w b w) strongly prefers Black;
    # 1 (w b) prefers White, 6 and 7 (b w) Black.  With 1: 1-3 and 7-6, one mild
    # preference refused (7 or 6); with 7: 7-3 (3 Black, 5.2.2) and 1-6, one refused
    # (7's) as well: C12 and C13 are equal.  But 1 came up to meet a higher score last
    # round (round 3: 5-1, 1 on 1 against 5 on 1.5), and playing 3 would float him up
    # again (C15); 7 did not.  So 7-3 and 1-6.
    tournament = history(
        7,
        5,
        [(1, 4, "0-1"), (3, 6, "1/2"), (5, 2, "1/2"), (7, 0, "")],
        [(1, 0, ""), (2, 3, "0-1"), (4, 7, "1-0"), (6, 5, "0-1")],
        [(3, 4, "1/2"), (5, 1, "1/2"), (6, 0, ""), (7, 2, "1/2")],
    )
    assert {(b.white, b.black) for b in pair_round(tournament, 4).boards} == {
        (4, 5),
        (7, 3),
        (1, 6),
        (2, 0),
    }
    alternative = [Board(4, 5), Board(1, 3), Board(7, 6), Board(2, 0)]
    assert first_criterion(tournament, 4, alternative).startswith("C15 ")


def test_c21_a_player_who_upfloated_two_rounds_ago_meets_the_lowest_score_possible():
    # Final round 5.  Scores: 1: 3.5; 3 4 7: 2.5; 5: 2; 2 6: 1.5.  1 has met 3, 4, 7 and
    # 5: he goes down to 1.5.  4-3 (3 and 7 met), 7 goes down; 5 has met 7 and takes
    # the bye (2 and 6 already had one: C2; the lowest score left, C5).  At 1.5 the
    # moved-down 1 and 7 meet 2 and 6: {1-6, 7-2} or {1-2, 7-6}, each refusing 1's
    # mild wish for White only (2, 6 strongly White, 7 strongly Black), each floating
    # 1 and 7 down again and 2 and 6 up.  2 came up in round 3 (against 3, 1 against
    # 0.5), so his upfloat repeats one from two rounds before (C17, the same in both);
    # C21 wants that upfloater's opponent to score as little as possible: 7 (2.5),
    # not 1 (3.5).  So 6-1 and 2-7.
    tournament = history(
        7,
        5,
        [(1, 4, "1-0"), (3, 6, "1-0"), (5, 2, "1-0"), (7, 0, "")],
        [(2, 4, "1/2"), (5, 1, "0-1"), (6, 0, ""), (7, 3, "1-0")],
        [(1, 7, "1-0"), (3, 2, "1-0"), (4, 0, ""), (6, 5, "1/2")],
        [(2, 0, ""), (3, 1, "1/2"), (4, 6, "1-0"), (7, 5, "1/2")],
    )
    assert {(b.white, b.black) for b in pair_round(tournament, 5).boards} == {
        (6, 1),
        (4, 3),
        (2, 7),
        (5, 0),
    }
    alternative = [Board(2, 1), Board(4, 3), Board(6, 7), Board(5, 0)]
    assert first_criterion(tournament, 5, alternative).startswith("C21 ")


def test_c5_the_bye_goes_to_the_lowest_score_the_round_allows():
    # Round 9 of 10 of a generated tournament with forfeits (2 8 9 11 13 withdrawn).
    # Scores: 4 5: 6; 1: 5.5; 3 6 7: 4; 10: 3.5; 12: 3; 14: 1.5; nine players, one
    # bye.  Opponents still possible (forfeits are no meeting): 1: 10 12; 3: 7;
    # 4: 10 12 14; 5: 14; 6: 7 10 14; 7: 3 6; 10: 1 4 6; 12: 1 4; 14: 4 5 6.
    # 5 can only meet 14, 3 only 7.  Bye to 12: 5-14, 3-7, then 1-10 leaves 4-6, who
    # met; bye to 10: 1-12 leaves 4-6 again; bye to 7 leaves 3 alone; bye to 6 works
    # but 6 won by forfeit in round 2 (C2).  Bye to 3 (4 points): 5-14, 7-6, and 1 4
    # 10 12 pair.  C5 wants that bye, not one to a higher score such as 5 (6 points).
    tournament = history(
        14,
        10,
        [
            (2, 9, "+/-"),
            (4, 11, "1/2"),
            (6, 13, "1-0"),
            (8, 1, "0-1"),
            (10, 3, "0-1"),
            (12, 5, "0-1"),
            (14, 7, "0-1"),
        ],
        [
            (1, 5, "1-0"),
            (3, 6, "-/+"),
            (7, 2, "1/2"),
            (8, 4, "0-1"),
            (11, 10, "0-1"),
            (13, 12, "1-0"),
            (14, 0, ""),
        ],
        [
            (1, 6, "1-0"),
            (2, 13, "1-0"),
            (3, 14, "1-0"),
            (4, 7, "1-0"),
            (5, 10, "1-0"),
            (8, 0, ""),
            (12, 11, "1-0"),
        ],
        [
            (2, 1, "1-0"),
            (5, 4, "1-0"),
            (6, 3, "1/2"),
            (7, 8, "0-1"),
            (10, 12, "1/2"),
            (11, 14, "1-0"),
        ],
        [(3, 5, "1/2"), (4, 1, "1-0"), (8, 6, "1/2"), (12, 7, "0-1"), (14, 10, "0-1")],
        [(1, 7, "1-0"), (3, 4, "1/2"), (5, 6, "1-0"), (10, 8, "1-0"), (14, 12, "0-1")],
        [(1, 3, "1-0"), (4, 10, "+/-"), (6, 12, "1-0"), (7, 5, "1/2"), (8, 14, "1-0")],
        [(4, 6, "1-0"), (5, 8, "1-0"), (7, 10, "1-0"), (12, 3, "1/2"), (14, 1, "1/2")],
    )
    withdrawn = frozenset({2, 8, 9, 11, 13})
    pairing = pair_round(tournament, 9, absent=withdrawn)
    assert pairing.bye == 3
    assert {frozenset((5, 14)), frozenset((6, 7))} <= {
        frozenset((b.white, b.black)) for b in pairing.boards
    }
