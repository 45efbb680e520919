"""One rule for writing points, wherever they are written."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tests.tiebreaks.builders import tournament_from_strips
from tiebreaks.formatting import format_points
from tiebreaks.model import Scoring, TournamentResults
from tiebreaks.standings import compute_standings, format_value
from tiebreaks.trf import trf_from_tournament, write_trf


@pytest.mark.parametrize(
    ("points", "text"),
    [
        (F(17), "17.0"),
        (F(7, 2), "3.5"),
        (F(37, 4), "9.25"),
        (F(1, 10), "0.1"),
        (F(1, 8), "0.13"),  # 0.125: a half rounded up, not the float's 0.12
        (F(3, 8), "0.38"),
        (F(1, 3), "0.33"),
        (F(2, 3), "0.67"),
    ],
)
def test_points_are_exact_when_short_else_two_decimals_half_up(points: F, text: str) -> None:
    assert format_points(points) == text


def test_the_trf_writer_and_the_standings_write_an_eighth_alike() -> None:
    # A draw worth 1/8 (an unusual scoring, as XXS allows): one player's only point.
    eighth = Scoring(win=F(1), draw=F(1, 8), hpb=F(1, 8))
    strips = tournament_from_strips({1: "=W2", 2: "=B1"})
    tournament = TournamentResults(strips.players, rounds=1, scoring=eighth)
    standings = compute_standings(tournament, ("SB",))
    record = next(
        line for line in write_trf(trf_from_tournament(tournament)).split("\n") if line[:3] == "001"
    )
    assert record[80:84] == "0.13"
    assert format_value("BH", standings.rows[0].points) == "0.13"
