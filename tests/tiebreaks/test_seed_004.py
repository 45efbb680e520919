"""Seed 004: Buchholz, FIDE C.07 2026 arbiters' guide (DIGEST 004-1..6)."""

from __future__ import annotations

from fractions import Fraction as F

from tests.tiebreaks.builders import lone_strip, opponent_values, row, value
from tests.tiebreaks.seed_strips import FRANCESCA, GIUSEPPE, SERGIO

RAFFAELE = lone_strip(1, "+W19 +B6 +W8 =B3 =B2 +W9", {19: 1.5, 6: 2.5, 8: 2, 3: 3.5, 2: 5, 9: 4})
MARIA = lone_strip(
    6, "+B24 +W11 +B10 =W3 =B2 -W1 -- -- --", {24: 1.5, 11: 3, 10: 2, 3: 4.5, 2: 5, 1: 6.5}
)
# The document names Michele's round-7 opponent "6", his own start rank; as the digest
# says, that is another player with 5.5 points: here start rank 106.
MICHELE = lone_strip(
    6,
    "+B24 +W11 +B10 =W3 =B2 -W1 +B106 -F5 ---",
    {24: 2, 11: 2, 10: 5, 3: 4, 2: 6, 1: 5.5, 106: 5.5, 5: 7.5},
)


def test_004_1_raffaele_bh() -> None:
    assert value(RAFFAELE, 1, "BH") == F("18.5")


def test_004_2_giuseppe_bh() -> None:
    assert value(GIUSEPPE, 3, "BH") == F("41.5")


def test_004_2_giuseppe_bh_cut1() -> None:
    assert value(GIUSEPPE, 3, "BH/C1") == F("39.5")


def test_004_3_francesca_bh() -> None:
    assert value(FRANCESCA, 16, "BH") == F("13.5")  # forfeit win: dummy 2.5, capped by 6


def test_004_3_francesca_bh_cut1() -> None:
    # A forfeit win is not voluntary: the lowest value (8: 1.5) is cut as usual.
    assert value(FRANCESCA, 16, "BH/C1") == F("12.0")


def test_004_3_francesca_score_for_opponents() -> None:
    assert row(FRANCESCA, 16).modified_points == F("3.0")


def test_004_4_sergio_bh() -> None:
    assert value(SERGIO, 6, "BH") == F("39.5")


def test_004_4_sergio_bh_cut1_cuts_vur() -> None:
    # The forfeit loss (dummy 6.0) is cut first although 24's 1.5 is lower.
    assert value(SERGIO, 6, "BH/C1") == F("33.5")


def test_004_4_sergio_score_for_opponents() -> None:
    assert row(SERGIO, 6).modified_points == F("6.0")


def test_004_5_maria_dummies() -> None:
    assert opponent_values(MARIA, 6)[6:] == [F(4), F(4), F(4)]


def test_004_5_maria_bh() -> None:
    # Erratum: the document prints 34.0, adding opponent 1 as 6 instead of 6.5:
    # 1.5 + 3 + 2 + 4.5 + 5 + 6.5 + 4 + 4 + 4 = 34.5.
    assert value(MARIA, 6, "BH") == F("34.5")


def test_004_5_maria_bh_cut1() -> None:
    # Same erratum (document: 30.0); one of the three VUR dummies (4.0) is cut.
    assert value(MARIA, 6, "BH/C1") == F("30.5")


def test_004_5_maria_modified_score() -> None:
    assert row(MARIA, 6).modified_points == F("5.5")


def test_004_6_michele_dummies() -> None:
    # r8 forfeit loss: his 5.0 stays (opponent 5 has 7.5); r9 absent: capped at 9 x 1/2.
    assert opponent_values(MICHELE, 6)[7:] == [F("5.0"), F("4.5")]


def test_004_6_michele_bh() -> None:
    assert value(MICHELE, 6, "BH") == F("39.5")


def test_004_6_michele_bh_cut1() -> None:
    assert value(MICHELE, 6, "BH/C1") == F("35.0")  # the smaller VUR, 4.5, is cut


def test_004_6_michele_modified_score() -> None:
    # Only r9 is re-valued as a draw: a forfeit loss is not a requested bye.
    assert row(MICHELE, 6).modified_points == F("5.5")
