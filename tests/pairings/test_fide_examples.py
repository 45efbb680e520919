"""Worked examples of the Dutch system from FIDE texts, as tests.

The expected pairings are the ones printed in the source, each checked by hand
against C.04.3 (2026) in the comments; they are not produced by this engine.

FIDE Arbiters' Manual 2014, pp. 65-92 ("Mastering the Dutch", Mario Held): a
five-round Swiss of 14 players, paired under the 2012 rules.  Every round pairs
the same under the 2026 rules (the checks below).  Round 1 results: 1-8 1-0,
9-2 0-1, 3-10 1-0, 11-4 ½, 5-12 1-0, 13-6 0-1, 7-14 1-0; player 12 is absent in
round 2; the game 11-6 of round 3 is forfeited (6 wins).  The Manual lists the
boards with colours (taken here from a transcription of its tables, every board
checked by hand); they are compared as (white, black) pairs, board order aside.
"""

from __future__ import annotations

from pairings import pair_round
from tests.pairings.builders import history

R1 = [
    (1, 8, "1-0"),
    (9, 2, "0-1"),
    (3, 10, "1-0"),
    (11, 4, "1/2"),
    (5, 12, "1-0"),
    (13, 6, "0-1"),
    (7, 14, "1-0"),
]
R2 = [
    (5, 1, "1-0"),
    (2, 7, "1-0"),
    (6, 3, "1/2"),
    (4, 9, "1-0"),
    (8, 11, "0-1"),
    (10, 13, "1-0"),
    (14, 0, ""),
]
R3 = [
    (14, 1, "0-1"),
    (2, 5, "1/2"),
    (3, 4, "1/2"),
    (11, 6, "-/+"),
    (7, 10, "1-0"),
    (12, 8, "1/2"),
    (9, 13, "1-0"),
]
R4 = [
    (1, 3, "1-0"),
    (6, 2, "0-1"),
    (4, 5, "1/2"),
    (11, 7, "1-0"),
    (8, 9, "1/2"),
    (10, 14, "1/2"),
    (13, 12, "1-0"),
]
ROUNDS = (R1, R2, R3, R4)


def held_round(number: int, absent: frozenset[int] = frozenset()) -> set[tuple[int, int]]:
    """Our pairing of round ``number`` of the Manual's tournament, as (white, black)."""
    tournament = history(14, 5, *ROUNDS[: number - 1])
    return {(b.white, b.black) for b in pair_round(tournament, number, absent=absent).boards}


def test_arbiters_manual_2014_dutch_example_round_1():
    # S1 = 1-7 against S2 = 8-14; the initial colour (white) to 1 and alternating.
    assert held_round(1) == {(1, 8), (9, 2), (3, 10), (11, 4), (5, 12), (13, 6), (7, 14)}


def test_arbiters_manual_2014_dutch_example_round_2():
    # 1 point: S1 1,2,3 / S2 5,6,7; 1, 3, 5, 7 are due black, 2, 6 white: the first
    # transposition granting all but one preference is 5,7,6 (C12, then D).  1-5 both
    # due black, no earlier difference (5.2.3): the higher 1 gets his (5.2.4).
    # ½ point: 4 and 11 met, both float to 0 points, where (7 players) they meet
    # S2 = 8, 9, 10, 13, 14: 4-9 and 8-11 grant every preference, the remainder
    # 10-13, and the bye to the lowest, 14 (12 is absent).
    assert held_round(2, absent=frozenset({12})) == {
        (5, 1), (2, 7), (6, 3), (4, 9), (8, 11), (10, 13), (14, 0),
    }  # fmt: skip


def test_arbiters_manual_2014_dutch_example_round_3():
    # 2: 2-5, 5 (WW) absolutely due black.  1½: 3-6 and 4-11 met, so 3-4 and 6-11
    # (or 3-11, 4-6, both preferences refused twice: C12).  1: 7-14 met; 1-14 and
    # 7-10 refuse one mild preference, 1-7 and 10-14 too: transposition first (D);
    # 14 (cd -1, strong) gets white.  0: 8-12 and 9-13; 9 and 13 had the same
    # colours every round, so the higher 9 gets white (5.2.4).
    assert held_round(3) == {(14, 1), (2, 5), (3, 4), (11, 6), (7, 10), (12, 8), (9, 13)}


def test_arbiters_manual_2014_dutch_example_round_4_after_a_forfeit():
    # The forfeit 11-6 counts as not played (6 and 11 may meet again) and as a
    # downfloat for 6.  2½: S1 = {2}, S2 = {5, 6}; 2-5 met, so the transposition 2-6
    # floats 5 (before the exchange floating 2).  2: 5-4 (5 strong black, 4 due white), then 1-3
    # and 7 floats.  1½: 11-7.  1: 9-10 would float 14, who had the bye two rounds
    # ago (C16); 10-14 floats 9 instead, preferences granted either way.
    # ½: 8-9, 13 (BB) absolutely due white against 12.
    assert held_round(4) == {(1, 3), (6, 2), (4, 5), (11, 7), (8, 9), (10, 14), (13, 12)}


def test_arbiters_manual_2014_dutch_example_round_5():
    # 3½: 2 floats to 1 and 5, met 5: 2-1, 5 floats.  2½: 5-6 would leave 4-11,
    # who met: 5-11 and 4-6 (6 WW absolutely due black).  2: 3-7, the same colours
    # every round: the higher 3 gets white.  1½: 9-10, 14 floats; 12 (½) has met
    # 8 and 13, so 14 floats again to 12 and 8-13 pair; 8 had white and 13 black in
    # round 2, the last round their colours differed: 13 white (5.2.3).
    assert held_round(5) == {(2, 1), (3, 7), (4, 6), (5, 11), (13, 8), (9, 10), (14, 12)}
