"""The standings API: editions, after_round, unknown results, round-robin byes,
formatting and explain.  Expected values are hand-derived from the crosstables."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

from tests.tiebreaks.builders import lone_strip, opponent_values, round_robin, row, value
from tests.tiebreaks.seed_strips import FRANCESCA_BYE  # seed 000-3
from tiebreaks.errors import TieBreakError
from tiebreaks.model import System
from tiebreaks.standings import (
    compute_standings,
    default_tiebreaks,
    explain,
    format_value,
    to_json_number,
)
from tiebreaks.trf import read_trf

SWISS_5 = read_trf(Path(__file__).resolve().parent.parent / "data" / "held_swiss_5.trf").tournament


def test_2023_edition_does_not_cap_the_bye_dummy() -> None:
    # Without 16.4.2 the dummy keeps her 3.0: SB = 0 + 3.0 + 1.0 + 3.5 + 2.0.
    assert value(FRANCESCA_BYE, 16, "SB", "fide-2023") == F("9.5")


def test_default_edition_is_2026() -> None:
    assert compute_standings(FRANCESCA_BYE, ["SB"]).rules == "fide-2026"


def test_after_round_truncates_the_scores() -> None:
    standings = compute_standings(SWISS_5, [], after_round=2)
    alyx = next(r for r in standings.rows if r.player.start_rank == 1)
    assert alyx.points == F("1.5")  # +W9 =B13


def test_after_round_is_the_number_of_rounds_of_the_16_4_2_cap() -> None:
    # David after round 2: 1.5 points, HPB dummy capped at 2 x 1/2 = 1.0.
    lines = explain(SWISS_5, 4, ["BH"], after_round=2).rounds
    assert lines[1].value == F("1.0")


def test_after_round_beyond_the_tournament_is_an_error() -> None:
    with pytest.raises(TieBreakError, match="after_round"):
        compute_standings(SWISS_5, ["BH"], after_round=6)


def test_round_without_result_is_left_out() -> None:
    tournament = lone_strip(1, "+W2 ?", {2: 1}, rounds=2)
    assert (row(tournament, 1).points, value(tournament, 1, "BH")) == (F(1), F(1))


def test_round_without_result_has_no_opponent_value() -> None:
    tournament = lone_strip(1, "+W2 ?", {2: 1}, rounds=2)
    assert opponent_values(tournament, 1) == [F(1), None]


def test_bye_of_an_odd_round_robin_is_ignored() -> None:
    # 1 beat 2 (1 point) and 3 (0 points); the rest round adds no opponent.
    tournament = round_robin(["1 1", "0 1", "0 0"])
    assert value(tournament, 1, "BH") == F(1)


def test_default_tiebreaks() -> None:
    assert (default_tiebreaks(System.SWISS), default_tiebreaks(System.ROUND_ROBIN)) == (
        ("BH/C1", "BH", "SB", "PS", "DE", "WIN"),
        ("DE", "WIN", "SB", "KS"),
    )


def test_none_uses_the_default_list() -> None:
    assert compute_standings(SWISS_5).tiebreaks == default_tiebreaks(System.SWISS)


def test_rows_are_keyed_by_the_code_as_given() -> None:
    assert set(compute_standings(SWISS_5, ["bh-c1", "SB"]).rows[0].tiebreaks) == {"bh-c1", "SB"}


@pytest.mark.parametrize(
    ("code", "value", "text"),
    [
        ("AOB", F(107, 8), "13.38"),
        ("ARO", 1888, "1888"),
        ("BH", F(13, 2), "6.5"),
        ("SB", F(37, 4), "9.25"),
        ("BH", F(12), "12.0"),
        ("WIN", 3, "3"),
        ("ARO/C1", None, "-"),
    ],
)
def test_format_value(code: str, value, text: str) -> None:
    assert format_value(code, value) == text


@pytest.mark.parametrize(
    ("value", "number"), [(F(13, 2), 6.5), (F(4), 4), (1888, 1888), (None, None)]
)
def test_to_json_number(value, number) -> None:
    assert to_json_number(value) == number
    assert type(to_json_number(value)) is type(number)


def test_explain_names_the_capped_dummy_and_the_cut() -> None:
    # David (#4), 2026: the HPB of round 2 is a VUR with its dummy capped at 2.5, cut first.
    text = "\n".join(explain(SWISS_5, 4, ["BH/C1"]).lines())
    assert "16.4.2" in text and "cut: R2" in text


def test_explain_rejects_an_unknown_player() -> None:
    with pytest.raises(TieBreakError, match="99"):
        explain(SWISS_5, 99)
