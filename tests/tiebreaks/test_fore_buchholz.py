"""Fore Buchholz (C.07 8.3): the live final round (paired games without a result yet)
and, before the final round is paired, FB equal to BH (ruling 10).

C.07 8.3: "Buchholz score calculated as if all paired games for the final round had
ended in draws".  A game paired but not finished is ``Pending``: it counts for nothing
anywhere else.  Expected values are worked out by hand below.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tests.tiebreaks.builders import tournament_from_strips
from tiebreaks.model import Color, Pending
from tiebreaks.standings import compute_standings
from tiebreaks.trf import parse_trf, trf_from_tournament, write_trf

# Six players, three rounds; the final round is paired, only board 4-6 has a result.
#   R1: 1-4 1-0, 2-5 1-0, 3-6 1-0    R2: 3-1 =, 2-6 1-0, 5-4 1-0    R3: 1-2 ?, 3-5 ?, 4-6 1-0
LIVE_FINAL = tournament_from_strips(
    {
        1: "+W4 =B3 ?W2",
        2: "+W5 +W6 ?B1",
        3: "+W6 =W1 ?W5",
        4: "-B1 -B5 +W6",
        5: "-B2 +W4 ?B3",
        6: "-B3 -B2 -B4",
    }
)
# Points, pending games left out: 1: 1 + 1/2 = 1.5; 2: 1 + 1 = 2; 3: 1 + 1/2 = 1.5;
# 4: 0 + 0 + 1 = 1; 5: 0 + 1 = 1; 6: 0.  No unplayed round, so adjusted = points.
POINTS = {1: "1.5", 2: "2", 3: "1.5", 4: "1", 5: "1", 6: "0"}
# BH over the rounds with a result:
#   1: s4 + s3 = 1 + 1.5 = 2.5      2: s5 + s6 = 1 + 0 = 1        3: s6 + s1 = 0 + 1.5 = 1.5
#   4: s1 + s5 + s6 = 1.5 + 1 + 0 = 2.5   5: s2 + s4 = 2 + 1 = 3   6: s3 + s2 + s4 = 4.5
BH = {1: "2.5", 2: "1", 3: "1.5", 4: "2.5", 5: "3", 6: "4.5"}
# FB: every final-round pairing a draw (1-2, 3-5 and also the finished 4-6), so the
# scores become f1 = 1.5 + .5 = 2, f2 = 2 + .5 = 2.5, f3 = 2, f4 = 0 + 0 + .5 = .5,
# f5 = 1 + .5 = 1.5, f6 = .5, and over all three opponents:
#   1: f4 + f3 + f2 = .5 + 2 + 2.5 = 5      2: f5 + f6 + f1 = 1.5 + .5 + 2 = 4
#   3: f6 + f1 + f5 = .5 + 2 + 1.5 = 4      4: f1 + f5 + f6 = 2 + 1.5 + .5 = 4
#   5: f2 + f4 + f3 = 2.5 + .5 + 2 = 5      6: f3 + f2 + f4 = 2 + 2.5 + .5 = 5
FB = {1: "5", 2: "4", 3: "4", 4: "4", 5: "5", 6: "5"}

EDITIONS = ("fide-pre2023", "fide-2023", "fide-2026")


def _table(tournament, edition: str) -> dict[int, tuple]:
    rows = compute_standings(tournament, ("BH", "FB"), rules=edition).rows
    return {r.player.start_rank: (r.points, r.tiebreaks["BH"], r.tiebreaks["FB"]) for r in rows}


@pytest.mark.parametrize("edition", EDITIONS)
def test_fb_draws_the_pending_final_games(edition: str) -> None:
    table = _table(LIVE_FINAL, edition)
    assert {rank: fb for rank, (_, _, fb) in table.items()} == {
        rank: F(v) for rank, v in FB.items()
    }


@pytest.mark.parametrize("edition", EDITIONS)
def test_points_and_bh_leave_the_pending_games_out(edition: str) -> None:
    table = _table(LIVE_FINAL, edition)
    assert {rank: (p, bh) for rank, (p, bh, _) in table.items()} == {
        rank: (F(POINTS[rank]), F(BH[rank])) for rank in POINTS
    }


# Four players, three rounds; round 2's board 1-3 has no result yet, round 3 is over.
#   R1: 1-2 1-0, 3-4 =    R2: 1-3 ?, 2-4 1-0    R3: 4-1 0-1, 3-2 =
PENDING_EARLIER = {
    1: "+W2 ?W3 +B4",
    2: "-B1 +W4 =B3",
    3: "=W4 ?B1 =W2",
    4: "=B3 -B2 -W1",
}
# Points: 1: 2, 2: 1.5, 3: 1, 4: .5.  FB draws round 3 only (4-1 and 3-2):
# f1 = 1 + .5 = 1.5, f2 = 0 + 1 + .5 = 1.5, f3 = .5 + .5 = 1, f4 = .5 + 0 + .5 = 1, so
#   1: f2 + f4 = 1.5 + 1 = 2.5   2: f1 + f4 + f3 = 1.5 + 1 + 1 = 3.5
#   3: f4 + f2 = 1 + 1.5 = 2.5   4: f3 + f2 + f1 = 1 + 1.5 + 1.5 = 4
# and the pending round-2 board counts for nothing, exactly as an unknown round ("?").
FB_EARLIER = {1: "2.5", 2: "3.5", 3: "2.5", 4: "4"}
# The same tournament with that board's result simply not known ("?", None).
UNKNOWN = {
    rank: text.replace("?W3", "?").replace("?B1", "?") for rank, text in PENDING_EARLIER.items()
}


def test_a_pending_game_before_the_final_round_counts_for_nothing() -> None:
    pending, unknown = tournament_from_strips(PENDING_EARLIER), tournament_from_strips(UNKNOWN)
    for edition in EDITIONS:
        table = _table(pending, edition)
        assert {rank: fb for rank, (_, _, fb) in table.items()} == {
            rank: F(v) for rank, v in FB_EARLIER.items()
        }
        assert table == _table(unknown, edition)


def test_trf_writes_a_pending_game_as_its_pairing_with_a_blank_result() -> None:
    # As pairing programs write the round being played: opponent and colour, no result.
    text = write_trf(trf_from_tournament(tournament_from_strips(PENDING_EARLIER), ()))
    player_1 = next(line for line in text.split("\n") if line.startswith("001    1"))
    assert player_1[101:109] == "   3 w  "
    assert parse_trf(text).tournament.player(1).round(2) == Pending(3, Color.WHITE)


# Ruling 10: "the final round" of 8.3 is the last scheduled round.  Five players, three
# rounds scheduled, two played:
#   R1: 1-2 1-0, 3-4 1-0, 5 PAB      R2: 5-1 1-0, 3-2 =, 4 PAB
MID_EVENT = {1: "+W2 -B5", 2: "-B1 =B3", 3: "+W4 =W2", 4: "-B3 +BYE", 5: "+BYE +W1"}
# Points (= adjusted: a PAB counts at its awarded value, 16.3.1): 1: 1, 2: .5, 3: 1.5,
# 4: 1, 5: 2.  BH (2026) after round 2, the 16.4.2 cap being .5 x 2 = 1 (ruling 3):
#   1: s2 + s5 = .5 + 2 = 2.5             2: s1 + s3 = 1 + 1.5 = 2.5
#   3: s4 + s2 = 1 + .5 = 1.5             4: s3 + dummy min(1, 1) = 1.5 + 1 = 2.5
#   5: dummy min(2, 1) + s1 = 1 + 1 = 2
# Round 3 is not paired, so FB is BH.  Had round 2 been taken for the final round, 5-1
# would have been drawn, giving FB 1: 2, 2: 3, 5: 2.5 (and 3, 4 unchanged).
MID_EVENT_BH = {1: "2.5", 2: "2.5", 3: "1.5", 4: "2.5", 5: "2"}
# BH/C1 (no VUR: the lowest value goes): 1: 2.5 - .5 = 2; 2: 2.5 - 1 = 1.5;
# 3: 1.5 - .5 = 1; 4: 2.5 - 1 = 1.5; 5: 2 - 1 = 1.
MID_EVENT_BH_C1 = {1: "2", 2: "1.5", 3: "1", 4: "1.5", 5: "1"}


def _column(tournament, code: str, **options) -> dict[int, F | int | None]:
    rows = compute_standings(tournament, (code,), **options).rows
    return {r.player.start_rank: r.tiebreaks[code] for r in rows}


def _fractions(values: dict[int, str]) -> dict[int, F]:
    return {rank: F(v) for rank, v in values.items()}


def test_fb_before_the_final_round_is_paired_is_bh() -> None:
    tournament = tournament_from_strips(MID_EVENT, rounds=3)
    assert _column(tournament, "FB") == _fractions(MID_EVENT_BH)
    assert _column(tournament, "BH") == _fractions(MID_EVENT_BH)


def test_fb_before_the_final_round_takes_the_same_modifiers_as_bh() -> None:
    tournament = tournament_from_strips(MID_EVENT, rounds=3)
    assert _column(tournament, "FB/C1") == _fractions(MID_EVENT_BH_C1)


def test_fb_before_the_final_round_keeps_the_cap_of_the_rounds_computed() -> None:
    # 2023/2024 text (no 16.4 cap): 5's PAB dummy is 5's own 2, so FB(5) = 2 + 1 = 3;
    # 4's is its own 1, FB(4) = 2.5.  Under 2026 the cap stays .5 x 2 (ruling 3): FB(5)
    # = 2 above, where a cap at the 3 scheduled rounds (1.5) would give 2.5.
    tournament = tournament_from_strips(MID_EVENT, rounds=3)
    assert _column(tournament, "FB", rules="fide-2023")[5] == F(3)
    assert _column(tournament, "FB")[5] == F(2)


# Round 3 paired, no result yet: 1-4, 2-5, 3 PAB.
FINAL_PAIRED = {
    1: "+W2 -B5 ?W4",
    2: "-B1 =B3 ?W5",
    3: "+W4 =W2 +BYE",
    4: "-B3 +BYE ?B1",
    5: "+BYE +W1 ?B2",
}
# Points: 1: 1, 2: .5, 3: 2.5, 4: 1, 5: 2 (pending games count nothing).  FB draws the
# pending games: f1 = 1.5, f2 = 1, f3 = 2.5, f4 = 1.5, f5 = 2.5; cap .5 x 3 = 1.5:
#   1: f2 + f5 + f4 = 1 + 2.5 + 1.5 = 5      2: f1 + f3 + f5 = 1.5 + 2.5 + 2.5 = 6.5
#   3: f4 + f2 + dummy min(2.5, 1.5) = 1.5 + 1 + 1.5 = 4
#   4: f3 + dummy min(1.5, 1.5) + f1 = 2.5 + 1.5 + 1.5 = 5.5
#   5: dummy min(2.5, 1.5) + f1 + f2 = 1.5 + 1.5 + 1 = 4
FINAL_PAIRED_FB = {1: "5", 2: "6.5", 3: "4", 4: "5.5", 5: "4"}


def test_fb_draws_the_final_round_once_it_is_paired() -> None:
    tournament = tournament_from_strips(FINAL_PAIRED, rounds=3)
    assert _column(tournament, "FB") == _fractions(FINAL_PAIRED_FB)


def test_fb_after_an_earlier_round_ignores_the_paired_final_round() -> None:
    # Standings after round 2 of the same file are those of MID_EVENT.
    tournament = tournament_from_strips(FINAL_PAIRED, rounds=3)
    assert _column(tournament, "FB", after_round=2) == _fractions(MID_EVENT_BH)


def test_fb_in_a_mid_event_trf_is_bh() -> None:
    # XXR 9 with two rounds played: the standings of an export made after round 2.
    text = write_trf(trf_from_tournament(tournament_from_strips(MID_EVENT, rounds=3), ()))
    tournament = parse_trf(text.replace("\n142 3\n", "\n142 9\n")).tournament
    assert tournament.rounds == 9
    assert _column(tournament, "FB") == _fractions(MID_EVENT_BH)
