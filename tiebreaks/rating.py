"""The FIDE Rating Regulations conversion tables (Handbook B.02, table 8.1).

Table 8.1(a) turns a fractional score p into a rating difference dp (used by
TPR, C.07 10.2).  Table 8.1(b) turns a rating difference D into the scoring
probability PD of the higher (H) and lower (L) rated player (used by PTP and
APPO, C.07 10.3 and 10.5, on the full scale: no 400-point cut).  Both are used
exactly as printed: FIDE does not use the logistic formula they approximate.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

# Table 8.1(a), p = 0.50, 0.51, ..., 0.99: dp.  p = 1.00 is 800 and lower p are
# the mirror image (dp(1 - p) = -dp(p)).
_DP_FROM_HALF = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
)  # fmt: skip
_DP_PERFECT = 800

# Table 8.1(b): the highest rating difference for which the higher-rated player's
# PD is 0.50, 0.51, ..., 0.99; above 735 it is 1.00.
_PD_UPPER_BOUNDS = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68,
    76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235,
    245, 256, 267, 278, 290, 302, 315, 328, 344, 357,
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip


def dp(hundredths: int) -> int:
    """Table 8.1(a): the rating difference for a score of ``hundredths``/100."""
    if not 0 <= hundredths <= 100:
        raise ValueError(f"a fractional score is between 0 and 100 hundredths, not {hundredths}")
    if hundredths == 100:
        return _DP_PERFECT
    if hundredths == 0:
        return -_DP_PERFECT
    if hundredths >= 50:
        return _DP_FROM_HALF[hundredths - 50]
    return -_DP_FROM_HALF[50 - hundredths]


def score_hundredths(points_halves: int, games: int) -> int:
    """p = points / games in hundredths, a half rounded up (0.125 -> 13).

    Points are given in half-points so that the rounding is exact.
    """
    return (100 * points_halves + games) // (2 * games)


def expected_hundredths(difference: int) -> int:
    """Table 8.1(b): PD in hundredths for a player rated ``difference`` above the opponent
    (negative: below).  The full table is used, with no 400-point cut."""
    higher = 50 + bisect_left(_PD_UPPER_BOUNDS, abs(difference))
    return higher if difference >= 0 else 100 - higher


def round_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded to the nearest whole number, 0.5 up (C.07 10.1)."""
    return (2 * numerator + denominator) // (2 * denominator)


def performance(opponent_ratings: Sequence[int], points_halves: int) -> int:
    """TPR (C.07 10.2): ARO plus dp of the fractional score."""
    games = len(opponent_ratings)
    aro = round_half_up(sum(opponent_ratings), games)
    return aro + dp(score_hundredths(points_halves, games))


def perfect_performance(opponent_ratings: Sequence[int], points_halves: int) -> int:
    """PTP (C.07 10.3): the lowest rating whose expected score reaches the score.

    A zero score gives the lowest-rated opponent's rating minus 800.
    """
    lowest, highest = min(opponent_ratings), max(opponent_ratings)
    if points_halves == 0:
        return lowest - _DP_PERFECT
    target = 50 * points_halves  # the score in hundredths

    def reaches(rating: int) -> bool:
        return sum(expected_hundredths(rating - r) for r in opponent_ratings) >= target

    # The expected score grows with the rating, and every PD is 1.00 above
    # highest + 735, so the answer lies in [lowest - 800, highest + 736].
    lo, hi = lowest - _DP_PERFECT, highest + _PD_UPPER_BOUNDS[-1] + 1
    while lo < hi:
        mid = (lo + hi) // 2
        if reaches(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo
