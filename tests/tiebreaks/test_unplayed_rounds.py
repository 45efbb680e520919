"""Unplayed rounds (C.07 15-16), editions and modifiers on small hand-checked cases.

Expected values are worked out by hand from the articles and the crosstables;
the TEC exercise files are in tests/data.
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

from tests.tiebreaks.builders import lone_strip, round_robin, row, tournament_from_strips, value
from tests.tiebreaks.seed_strips import SERGIO
from tiebreaks.model import (
    Game,
    Outcome,
    Player,
    System,
    TournamentResults,
    Unplayed,
    UnplayedRound,
)
from tiebreaks.standings import compute_standings
from tiebreaks.trf import read_trf

DATA = Path(__file__).resolve().parent.parent / "data"
SWISS_5 = read_trf(DATA / "held_swiss_5.trf").tournament
ROUND_ROBIN = read_trf(DATA / "held_round_robin.trf").tournament
# Seed 000-5 (Maria): =BYE r7 then -BYE -BYE.
MARIA = lone_strip(
    6, "+B24 +W11 +B10 =W3 -B2 -W1 =BYE -BYE -BYE", {24: 1.5, 11: 3, 10: 2, 3: 4.5, 2: 5, 1: 6.5}
)


def test_requested_bye_in_the_last_round_counts_as_a_draw_for_opponents() -> None:
    assert row(lone_strip(1, "+W2 -BYE", {2: 0}), 1).modified_points == F("1.5")  # 16.2.5


def test_requested_bye_followed_by_a_game_keeps_its_points() -> None:
    assert row(lone_strip(1, "-BYE +W2", {2: 0}), 1).modified_points == F(1)  # 16.2.3


def test_pre2023_cuts_the_lowest_value_without_the_vur_exception() -> None:
    # Sergio's forfeit loss: virtual opponent 4 + (1 - 0) + 1/2 x 2 = 6.0; BH 39.5,
    # and Cut-1 drops opponent 24's 1.5 (the 2026 rules drop the 6.0: 33.5).
    assert value(SERGIO, 6, "BH/C1", "fide-pre2023") == F("38.0")


def test_sb_cut_2_applies_the_vur_exception_again() -> None:
    # 16.5.2: after 24's 1.5, the least significant is 10 (2.0), above the VURs' 0.
    assert value(MARIA, 6, "SB/C2") == F("9.25") - F("2.0")


@pytest.mark.parametrize(("edition", "bh"), [("fide-2023", "12.5"), ("fide-2026", "12.5")])
def test_bh_p_counts_a_forfeit_as_a_game(edition: str, bh: str) -> None:
    # Maria (#11) won by forfeit against Jessica (#9, 1.5): /P uses 1.5 instead of the
    # dummy (2023: her own 2.5; 2026: already capped at 1.5).
    assert value(SWISS_5, 11, "BH/P", edition) == F(bh)


@pytest.mark.parametrize(("edition", "aob"), [("fide-2023", "15.5"), ("fide-2026", "14.5")])
def test_aob_f_averages_the_opponents_fore_buchholz(edition: str, aob: str) -> None:
    # Nick (#12) played one game, against David (#4), whose FB is published (8.1).
    assert value(SWISS_5, 12, "AOB/F", edition) == F(aob)


def test_fore_buchholz_counts_a_final_round_forfeit_as_a_draw() -> None:
    tournament = tournament_from_strips({1: "+W3 +F2", 2: "+W4 -F1"})
    # As if drawn: 2 has 1.5 and 3 has 0, where BH sees 0 and a dummy capped at 2's 1.0.
    assert (value(tournament, 1, "FB"), value(tournament, 1, "BH")) == (F("1.5"), F(1))


# 1 and 2 tie on 1 point; their only meeting was 1's forfeit win.
FORFEIT_TIE = tournament_from_strips({1: "+F2 -W3", 2: "-F1 +B4", 3: "+B5 +B1"})


def test_direct_encounter_leaves_out_a_forfeit() -> None:
    places = {r.player.start_rank: r.place for r in compute_standings(FORFEIT_TIE, ["DE"]).rows}
    assert (places[1], places[2]) == ("2-3", "2-3")


def test_direct_encounter_p_counts_a_forfeit() -> None:
    places = {r.player.start_rank: r.place for r in compute_standings(FORFEIT_TIE, ["DE/P"]).rows}
    assert (places[1], places[2]) == ("2", "3")


@pytest.mark.parametrize(("edition", "rep"), [("fide-2023", 5), ("fide-2026", 4)])
def test_round_robin_forfeit_loss_in_rep(edition: str, rep: int) -> None:
    # Franck (#5) lost by forfeit: a game in 2023 (15.6), unplayed for Type B in 2026 (15.2).
    assert value(ROUND_ROBIN, 5, "REP", edition) == rep


@pytest.mark.parametrize("edition", ["fide-2023", "fide-2026"])
def test_round_robin_forfeit_win_is_a_game_won_with_black(edition: str) -> None:
    assert value(ROUND_ROBIN, 6, "BWG", edition) == 1  # Helene's only "win": the forfeit


def test_koya_limit_two_half_points_down() -> None:
    # 50% of 5 is 2.5; two half points lower, 1.5: every opponent counts, KS = points.
    rows = compute_standings(ROUND_ROBIN, ["KS/L-2"]).rows
    assert all(r.tiebreaks["KS/L-2"] == r.points for r in rows)


def test_round_robin_forfeit_without_an_opponent_meets_nobody() -> None:
    # TRF allows "0000 - +".  1 beat 2, then won such a forfeit; 2 lost to 3 (who rested
    # in round 1).  Scores 2, 0, 1; 2's BH is 2 + 1 = 3, and 2 is all that 1 met.
    tournament = TournamentResults(
        players=(
            Player(1, rounds=(Game(2, Outcome.WIN), UnplayedRound(Unplayed.FORFEIT_WIN))),
            Player(2, rounds=(Game(1, Outcome.LOSS), Game(3, Outcome.LOSS))),
            Player(3, rounds=(UnplayedRound(Unplayed.ZPB), Game(2, Outcome.WIN))),
        ),
        rounds=2,
        system=System.ROUND_ROBIN,
    )
    assert value(tournament, 1, "AOB") == 3


def test_koya_limit_of_an_odd_round_robin_counts_games_not_rounds() -> None:
    # 5 players, 5 rounds, each rests once: the maximum is 4 points, 50% is 2.0, so
    # 1 (3.0), 2 (2.5) and 3 (2.0) qualify.  Player 1 beat 2 and 3: KS 2.
    tournament = round_robin(["1 1 1 0", "0 1 0.5 1", "0 0 1 1", "0 0.5 0 1", "1 0 0 0"])
    assert value(tournament, 1, "KS") == 2


def test_rating_ranks_higher_first_and_r_reverses() -> None:
    group = (1, 3, 4, 16)  # tied on 3.5; ratings 2200, 2100, 2050, 1450
    for code, expected in (("RTNG", [1, 3, 4, 16]), ("RTNG/R", [16, 4, 3, 1])):
        rows = compute_standings(SWISS_5, [code]).rows
        assert [r.player.start_rank for r in rows if r.player.start_rank in group] == expected
