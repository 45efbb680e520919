"""Seed 001: Sonneborn-Berger under the pre-2023 rules (FIDE 2011 virtual opponent),
DIGEST 001-1.  Players 15 and 16 are referenced but not listed: only their games
against listed players are known, so only Pippo, Pluto and Gambadilegno, whose
opponents are all listed, can be checked."""

from __future__ import annotations

from fractions import Fraction as F

from tests.tiebreaks.builders import opponent_values, row, tournament_from_strips, value

PRE2023 = "fide-pre2023"
SWISS_001 = tournament_from_strips(
    {
        1: "+W9 +B6 -BYE =W3 +B5 =B2",  # Pippo 4.0
        2: "+B10 +W5 =B3 =W4 +B7 =W1",  # Pluto 4.5
        3: "+W11 +B8 =W2 =B1 =B4 =W7",  # Topolino 4.0
        4: "+B12 +W7 +BYE =B2 =W3 =B6",  # Gambadilegno 4.5
        5: "+W13 -B2 +W8 =B6 -W1 =B14",  # Zio Paperone 3.0
        6: "+B14 -W1 +B10 =W5 +B13 =W4",  # Nonna Papera 4.0
        7: "+W15 -B4 +W12 +B9 -W2 =B3",  # Qui 3.5
        8: "+B16 -W3 -B5 =W14 =B10 +W15",  # Quo 3.0
        9: "-B1 =W14 +B16 -W7 +B12 =W10",  # Qua 3.0
        10: "-W2 +B13 -W6 +B11 =W8 =B9",  # Minni 3.0
        11: "-B3 =W16 =B14 -W10 =B15 =W12",  # Gastone 2.0
        12: "-W4 +B15 -B7 -W13 -W9 =B11",  # Paperino 1.5
        13: "-B5 -W10 =B15 +B12 -W6 -W16",  # Eta Beta 1.5
        14: "-W6 =B9 =W11 =B8 =W16 =W5",  # Emy 2.5
    },
    names={1: "Pippo", 2: "Pluto", 4: "Gambadilegno"},
)


def test_001_1_pippo_sb() -> None:
    # The -BYE of round 3 contributes 0 (no points scored against the virtual opponent).
    assert value(SWISS_001, 1, "SB", PRE2023) == F("14.25")


def test_001_1_pluto_sb() -> None:
    assert value(SWISS_001, 2, "SB", PRE2023) == F("15.75")


def test_001_1_gambadilegno_sb() -> None:
    assert value(SWISS_001, 4, "SB", PRE2023) == F("14.75")


def test_001_1_gambadilegno_virtual_opponent() -> None:
    # Round 3 bye: SPR 2 + (1 - 1) + 1/2 x (6 - 3) = 3.5.
    assert opponent_values(SWISS_001, 4, PRE2023)[2] == F("3.5")


def test_001_1_gambadilegno_revalued_for_opponents() -> None:
    # Every unplayed game of an opponent counts as a draw: his bye makes 4.5 -> 4.0.
    assert row(SWISS_001, 4, rules=PRE2023).modified_points == F("4.0")


def test_001_1_pippo_revalued_for_opponents() -> None:
    assert row(SWISS_001, 1, rules=PRE2023).modified_points == F("4.5")  # 4.0 -> 4.5
