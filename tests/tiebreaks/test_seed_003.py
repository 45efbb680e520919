"""Seed 003: the gaming platform's simplified Sonneborn-Berger (NONFIDE_SB_TOP), double
round robins of four players A-D (DIGEST 003-1..3).  Each cell holds the two games'
results against that opponent, own cell left out."""

from __future__ import annotations

from fractions import Fraction as F

from tests.tiebreaks.builders import round_robin
from tiebreaks.standings import compute_standings

A, B, C, D = 1, 2, 3, 4
EXAMPLE_1 = round_robin(["0:1 1:1 1:0", "1:0 0:1 1:1", "0:0 1:0 1:1", "0:1 0:0 0:0"], cycles=2)
EXAMPLE_2 = round_robin(["1:1 1:1 0:0", "0:0 1:1 1:1", "0:0 0:0 0:0", "1:1 0:0 1:1"], cycles=2)
EXAMPLE_3 = round_robin(
    ["1:1/2 1:1 0:0", "0:1/2 1:1 1:0", "0:0 0:0 1/2:1", "1:1 0:1 1/2:0"], cycles=2
)


def _by_player(tournament, code: str = "NONFIDE_SB_TOP"):
    rows = compute_standings(tournament, [code]).rows
    return {r.player.start_rank: r for r in rows}


def test_003_1_a_and_b_values() -> None:
    rows = _by_player(EXAMPLE_1)
    assert (rows[A].tiebreaks["NONFIDE_SB_TOP"], rows[B].tiebreaks["NONFIDE_SB_TOP"]) == (11, 9)


def test_003_1_a_wins() -> None:
    rows = _by_player(EXAMPLE_1)
    assert (rows[A].place, rows[B].place) == ("1", "2")


def test_003_1_only_top_score_is_computed() -> None:
    rows = _by_player(EXAMPLE_1)
    assert rows[C].tiebreaks["NONFIDE_SB_TOP"] is None


def test_003_2_values() -> None:
    rows = _by_player(EXAMPLE_2)
    assert [rows[p].tiebreaks["NONFIDE_SB_TOP"] for p in (A, B, D)] == [8, 8, 8]


def test_003_2_three_share_first() -> None:
    rows = _by_player(EXAMPLE_2)
    assert [(rows[p].rank, rows[p].place) for p in (A, B, D)] == [(1, "1-3")] * 3


def test_003_3_draws_at_full_score() -> None:
    rows = _by_player(EXAMPLE_3)
    assert [rows[p].tiebreaks["NONFIDE_SB_TOP"] for p in (A, B, D)] == [10, 10, 12]


def test_003_3_d_wins() -> None:
    rows = _by_player(EXAMPLE_3)
    assert [rows[p].place for p in (D, A, B)] == ["1", "2-3", "2-3"]


def test_003_3_fide_sb() -> None:
    rows = _by_player(EXAMPLE_3, "SB")
    assert [rows[p].tiebreaks["SB"] for p in (A, B, D)] == [F("8.25"), F("8.25"), F("11.25")]


def test_the_old_code_still_reads_as_the_same_tie_break() -> None:
    # Tournaments created, and files written, under the old name keep their column.
    rows = _by_player(EXAMPLE_1, "OTHER_SB003")
    assert (rows[A].tiebreaks["OTHER_SB003"], rows[B].tiebreaks["OTHER_SB003"]) == (11, 9)
