"""Seed 000: Sonneborn-Berger, FIDE C.07 2026 arbiters' guide (DIGEST 000-RR, 000-1..5)."""

from __future__ import annotations

from fractions import Fraction as F

from tests.tiebreaks.builders import lone_strip, opponent_values, round_robin, row, value
from tests.tiebreaks.seed_strips import FRANCESCA, FRANCESCA_BYE, GIUSEPPE, SERGIO
from tiebreaks.standings import explain

# 000-RR: Alice..Franco, one forfeit (Elena +, Franco -); own cells left out.
RR_000 = round_robin(
    [
        "1 1 0 1 0.5",  # 1 Alice 3.5
        "0 0.5 1 1 1",  # 2 Bruno 3.5
        "0 0.5 1 1 1",  # 3 Carla 3.5
        "1 0 0 0.5 0",  # 4 Davide 1.5
        "0 0 0 0.5 +",  # 5 Elena 1.5
        "0.5 0 0 1 -",  # 6 Franco 1.5
    ],
    names=["Alice", "Bruno", "Carla", "Davide", "Elena", "Franco"],
)

MARIA = lone_strip(
    6,
    "+B24 +W11 +B10 =W3 -B2 -W1 =BYE -BYE -BYE",
    {24: 1.5, 11: 3, 10: 2, 3: 4.5, 2: 5, 1: 6.5},
)


def test_000_rr_alice_sb() -> None:
    assert value(RR_000, 1, "SB") == F("9.25")


def cut_rounds(tournament, start_rank: int, code: str) -> tuple[int, ...]:
    (line,) = explain(tournament, start_rank, [code]).tiebreaks
    return line.cut_rounds


def round_against(tournament, start_rank: int, opponent: int) -> int:
    rounds = tournament.players[start_rank - 1].rounds
    return next(n for n, r in enumerate(rounds, 1) if r and r.opponent == opponent)


def test_000_rr_alice_sb_cut1() -> None:
    # Her lowest opponents (4, 5, 6) have 1.5; the smallest contribution, the loss to 4, goes.
    # The cut removes 0 here, so the value alone would not show that it was made.
    assert value(RR_000, 1, "SB/C1") == F("9.25")
    assert cut_rounds(RR_000, 1, "SB/C1") == (round_against(RR_000, 1, 4),)


def test_000_rr_alice_sb_cut2_changes_the_value() -> None:
    # After the loss to 4, the next smallest of the 1.5 opponents' contributions goes:
    # the draw with Franco (0.75).  9.25 - 0 - 0.75.
    assert value(RR_000, 1, "SB/C2") == F("8.50")


def test_000_rr_bruno_sb() -> None:
    assert value(RR_000, 2, "SB") == F("6.25")


def test_000_rr_bruno_sb_cut1() -> None:
    assert value(RR_000, 2, "SB/C1") == F("4.75")


def test_000_rr_carla_sb() -> None:
    assert value(RR_000, 3, "SB") == F("6.25")


def test_000_rr_forfeit_counts_as_a_game_for_elena() -> None:
    # 15.2: Elena's forfeit win over Franco adds Franco's 1.5 like a game.
    assert value(RR_000, 5, "SB") == F("0.5") * F("1.5") + F("1.5")


def test_000_1_giuseppe_sb() -> None:
    assert value(GIUSEPPE, 3, "SB") == F("28.50")


def test_000_1_giuseppe_sb_cut1() -> None:
    assert value(GIUSEPPE, 3, "SB/C1") == F("26.50")


def test_000_2_francesca_dummy_capped_by_opponent() -> None:
    assert opponent_values(FRANCESCA, 16)[1] == F("2.5")


def test_000_2_francesca_sb() -> None:
    assert value(FRANCESCA, 16, "SB") == F("9.00")


def test_000_2_francesca_sb_cut1() -> None:
    # The least opponent (8, 1.5 points) was a loss: the cut removes 0, in round 1.
    assert value(FRANCESCA, 16, "SB/C1") == F("9.00")
    assert cut_rounds(FRANCESCA, 16, "SB/C1") == (1,)


def test_000_2_francesca_sb_cut2_changes_the_value() -> None:
    # Then the draw with 29 (2 points, below the capped dummy's 2.5) goes: 9.00 - 0 - 1.
    assert value(FRANCESCA, 16, "SB/C2") == F("8.00")


def test_000_3_francesca_bye_dummy_capped_by_rounds() -> None:
    assert opponent_values(FRANCESCA_BYE, 16)[1] == F("2.5")  # 5 x 1/2 < her 3.0


def test_000_3_francesca_sb() -> None:
    assert value(FRANCESCA_BYE, 16, "SB") == F("9.00")


def test_000_4_sergio_dummy_own_score() -> None:
    assert opponent_values(SERGIO, 6)[6] == F("6.0")  # below opponent 5's 8.5


def test_000_4_sergio_sb() -> None:
    assert value(SERGIO, 6, "SB") == F("23.25")


def test_000_4_sergio_sb_cut1() -> None:
    # The VUR's 0.0 is lower than the least significant value (24: 1.5): 1.5 is cut.
    assert value(SERGIO, 6, "SB/C1") == F("21.75")


def test_000_4_sergio_score_for_opponents() -> None:
    assert row(SERGIO, 6).modified_points == F("6.0")


def test_000_5_maria_dummies() -> None:
    assert opponent_values(MARIA, 6)[6:] == [F(4), F(4), F(4)]  # 4.0 <= 9 x 1/2


def test_000_5_maria_sb() -> None:
    assert value(MARIA, 6, "SB") == F("10.75")


def test_000_5_maria_sb_cut1() -> None:
    assert value(MARIA, 6, "SB/C1") == F("9.25")


def test_000_5_maria_modified_score() -> None:
    # =BYE r7 then -BYE -BYE: requested byes to the end count as draws for opponents.
    assert row(MARIA, 6).modified_points == F("5.0")
