"""FIDE Rating Regulations table 8.1(a) (p -> dp) and 8.1(b) (D -> PD): the boundaries
the engine relies on, as printed in the regulations."""

from __future__ import annotations

import pytest

from tiebreaks.rating import (
    dp,
    expected_hundredths,
    perfect_performance,
    performance,
    round_half_up,
    score_hundredths,
)


@pytest.mark.parametrize(
    ("p", "expected"),
    [
        (100, 800),
        (99, 677),
        (98, 589),
        (51, 7),
        (50, 0),
        (49, -7),
        (13, -322),
        (1, -677),
        (0, -800),
    ],
)
def test_dp_table_8_1a(p: int, expected: int) -> None:
    assert dp(p) == expected


def test_dp_rejects_a_score_above_100_percent() -> None:
    with pytest.raises(ValueError, match="between 0 and 100"):
        dp(101)


@pytest.mark.parametrize(
    ("halves", "games", "hundredths"),
    [(1, 4, 13), (7, 5, 70), (2, 3, 33), (4, 3, 67), (0, 4, 0), (8, 4, 100)],
)
def test_score_hundredths_rounds_half_up(halves: int, games: int, hundredths: int) -> None:
    # 0.5/4 = 0.125 -> 0.13 (Helene, TEC round robin); 1/3 -> 0.33; 2/3 -> 0.67.
    assert score_hundredths(halves, games) == hundredths


@pytest.mark.parametrize(
    ("difference", "pd"),
    [
        (0, 50),
        (3, 50),
        (4, 51),
        (10, 51),
        (11, 52),
        (61, 58),
        (62, 59),
        (344, 88),
        (345, 89),
        (400, 92),
        (500, 96),  # full scale: no 400-point cut
        (735, 99),
        (736, 100),
        (-4, 49),
        (-400, 8),
        (-736, 0),
    ],
)
def test_expected_score_table_8_1b(difference: int, pd: int) -> None:
    assert expected_hundredths(difference) == pd


@pytest.mark.parametrize(("total", "count", "rounded"), [(7550, 4, 1888), (7549, 4, 1887)])
def test_round_half_up(total: int, count: int, rounded: int) -> None:
    # ARO(#4) in the TEC exercise: 7550 / 4 = 1887.5 -> 1888.
    assert round_half_up(total, count) == rounded


def test_performance_of_helene() -> None:
    assert performance([2150, 2100, 2050, 2200], 1) == 1803  # ARO 2125, dp(0.13) = -322


def test_perfect_performance_of_charline() -> None:
    # TEC-EX ex. 22: 3.5 from 1700, 1950, 1850, 2050, 2150 -> 2112 (2111 expects 3.49).
    assert perfect_performance([1700, 1950, 1850, 2050, 2150], 7) == 2112


def test_perfect_performance_of_a_zero_score() -> None:
    assert perfect_performance([1800, 1750], 0) == 1750 - 800


def test_perfect_performance_of_a_perfect_score() -> None:
    # Every PD must be 1.00: more than 735 above the highest-rated opponent.
    assert perfect_performance([1800, 1750], 4) == 1800 + 736
