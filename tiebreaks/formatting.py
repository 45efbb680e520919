"""Exact numbers as people and files read them: one rule for points everywhere (the
standings table, the command line, TRF records, the CSV export, warnings)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction


def decimal_text(value: Fraction, places: int) -> str:
    """``value`` with ``places`` decimals, a half rounded up (exact: no float on the way)."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def format_points(points: Fraction) -> str:
    """Points as arbiters write them: exact when they have a short decimal form ("17.0",
    "3.5", "9.25"), else two decimals with a half rounded up (1/8 -> "0.13")."""
    for places in (1, 2):
        if (points * 10**places).denominator == 1:
            return decimal_text(points, places)
    return decimal_text(points, 2)
