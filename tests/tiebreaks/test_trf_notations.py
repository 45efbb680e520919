"""What real pairing programs write: one small file per notation in tests/data/notations/.

Every expected value is worked out by hand in the comments, from the file's crosstable
and C.07 (2026 edition unless a test says otherwise); none comes from running the code.

Most files share one crosstable (4 players, 3 rounds, Swiss), differing in player 4's
round 3:  R1 1-2 1-0, 3-4 =;  R2 3-1 1-0, 2-4 1-0;  R3 3-2 =, 1 a pairing-allocated bye.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest

from tiebreaks.model import Color, Game, Outcome, Pending, System, Unplayed, UnplayedRound
from tiebreaks.standings import compute_standings
from tiebreaks.trf import parse_trf, read_trf

NOTATIONS = Path(__file__).resolve().parents[1] / "data" / "notations"


def _standings(name: str, tiebreaks: tuple[str, ...], **options: Any) -> dict[int, tuple]:
    rows = compute_standings(read_trf(NOTATIONS / name).tournament, tiebreaks, **options).rows
    return {r.player.start_rank: (r.points, r.modified_points, *r.tiebreaks.values()) for r in rows}


def _round(name: str, start_rank: int, number: int) -> object:
    return read_trf(NOTATIONS / name).tournament.player(start_rank).round(number)


# Player 4 absent in the last round: points 1: 0 + 1 + 1 (PAB)... in order
# 1: 1 + 0 + 1 = 2, 2: 0 + 1 + .5 = 1.5, 3: .5 + 1 + .5 = 2, 4: .5 + 0 + 0 = .5.
# The absence is a requested bye in the last round (16.2.5): opponents see a draw,
# so 4's adjusted score is 1.  A forfeit loss (16.2.4) would have left it at .5.
# BH: 1: s2 1.5 + s3 2 + PAB dummy min(2, .5 x 3) = 1.5 -> 5;  2: 2 + 1 + 2 = 5;
#     3: 1 + 2 + 1.5 = 4.5;  4: 2 + 1.5 + own dummy min(.5, 1.5) = .5 -> 4.
ABSENT_LAST = {
    1: (F(2), F(2), F(5)),
    2: (F(3, 2), F(3, 2), F(5)),
    3: (F(2), F(2), F(9, 2)),
    4: (F(1, 2), F(1), F(4)),
}


@pytest.mark.parametrize(
    "name", ["absence_dash_no_opponent.trf", "absence_dash_blank_opponent.trf"]
)
def test_a_dash_without_opponent_is_an_absence_not_a_forfeit_loss(name: str) -> None:
    assert _round(name, 4, 3) == UnplayedRound(Unplayed.ABSENT)
    assert _standings(name, ("BH",)) == ABSENT_LAST


# Player 4's "=" without opponent is a half-point bye: points 1, adjusted 1 (16.2.5, a
# draw: the same), own BH 2 + 1.5 + dummy min(1, 1.5) = 4.5; the others as above.
HALF_POINT_BYE_LAST = {**ABSENT_LAST, 4: (F(1), F(1), F(9, 2))}


@pytest.mark.parametrize(
    "name", ["half_point_bye_equals_no_opponent.trf", "half_point_bye_blank_opponent.trf"]
)
def test_an_equals_sign_without_opponent_is_a_half_point_bye(name: str) -> None:
    assert _round(name, 4, 3) == UnplayedRound(Unplayed.HPB)
    assert _standings(name, ("BH",)) == HALF_POINT_BYE_LAST


@pytest.mark.parametrize(
    "name", ["zero_point_bye_digit_no_opponent.trf", "zero_point_bye_digit_blank_opponent.trf"]
)
def test_a_zero_without_opponent_is_a_zero_point_bye(name: str) -> None:
    # Ruling 11: read as Z.  A zero-point bye in the last round is 16.2.5, exactly as the
    # absence above.
    assert _round(name, 4, 3) == UnplayedRound(Unplayed.ZPB)
    assert _standings(name, ("BH",)) == ABSENT_LAST


# Player 4's "1" without opponent is a full-point bye (16.2.1, counted as awarded):
# points 1: 2, 2: 1.5, 3: 2, 4: .5 + 0 + 1 = 1.5, adjusted the same.  BH (cap .5 x 3):
# 1: s2 1.5 + s3 2 + PAB dummy min(2, 1.5) = 5;  2: s1 2 + s4 1.5 + s3 2 = 5.5;
# 3: s4 1.5 + s1 2 + s2 1.5 = 5;  4: s3 2 + s2 1.5 + FPB dummy min(1.5, 1.5) = 5.
FULL_POINT_BYE_LAST = {
    1: (F(2), F(2), F(5)),
    2: (F(3, 2), F(3, 2), F(11, 2)),
    3: (F(2), F(2), F(5)),
    4: (F(3, 2), F(3, 2), F(5)),
}


@pytest.mark.parametrize(
    "name", ["full_point_bye_digit_no_opponent.trf", "full_point_bye_digit_blank_opponent.trf"]
)
def test_a_one_without_opponent_is_a_full_point_bye(name: str) -> None:
    assert _round(name, 4, 3) == UnplayedRound(Unplayed.FPB)
    assert _standings(name, ("BH",)) == FULL_POINT_BYE_LAST


def test_a_digit_bye_has_no_warning() -> None:
    # The declared 1.5 of player 4 agrees with the full-point bye (ruling 7 stays silent).
    assert read_trf(NOTATIONS / "full_point_bye_digit_no_opponent.trf").warnings == ()


def test_a_blank_cell_between_games_is_an_absence_followed_by_a_game() -> None:
    # R2: 1-3 0-1, 2 PAB, 4 blank; R3: 4-1 0-1, 3-2 =.  Points 2, 1.5, 2, .5.
    # 4's absence is followed by a game (16.2.3): opponents see its 0, adjusted .5.
    # BH(1) = s2 1.5 + s3 2 + s4 .5 = 4;  BH(4) = s3 2 + own dummy .5 + s1 2 = 4.5.
    name = "blank_cell_mid_record.trf"
    assert _round(name, 4, 2) == UnplayedRound(Unplayed.ABSENT)
    table = _standings(name, ("BH",))
    assert table[4] == (F(1, 2), F(1, 2), F(9, 2))
    assert table[1] == (F(2), F(2), F(4))


def test_later_rounds_without_data_make_standings_after_the_last_round_with_data() -> None:
    # 142 says 5 rounds, the file has 3: the tournament as if it had 3 rounds (ruling 3),
    # so 1's PAB dummy is capped at .5 x 3 = 1.5 (not 2.5): BH(1) = 1.5 + 2 + 1.5 = 5.
    assert _standings("later_rounds_not_played_yet.trf", ("BH",)) == ABSENT_LAST


def test_a_record_shorter_than_the_others_is_absent_in_its_missing_rounds() -> None:
    # Player 4's record stops after round 2: absent in round 3, exactly as 0000 - -.
    name = "record_shorter_than_round_count.trf"
    assert read_trf(NOTATIONS / name).tournament.rounds == 3
    assert _standings(name, ("BH",)) == ABSENT_LAST


def test_a_record_longer_than_the_declared_rounds_is_read_whole() -> None:
    # 142 says 2, the records have 3 rounds: the declaration was not updated.
    trf = read_trf(NOTATIONS / "record_longer_than_round_count.trf")
    assert trf.tournament.rounds == 3
    assert trf.tournament.player(3).round(3) == Game(5, Outcome.WIN, Color.BLACK)


def test_start_rank_gaps_are_kept() -> None:
    trf = read_trf(NOTATIONS / "start_rank_gaps.trf")
    assert [p.start_rank for p in trf.tournament.players] == [1, 2, 5, 7]
    # 7: = vs 2, = vs 1 -> 1 point; BH(7) = s2 1 + s1 1.5 = 2.5.
    assert _standings("start_rank_gaps.trf", ("BH",))[7] == (F(1), F(1), F(5, 2))


def test_forfeits_with_colour_dash_keep_their_opponent() -> None:
    name = "forfeit_colour_dash.trf"
    assert _round(name, 1, 1) == UnplayedRound(Unplayed.FORFEIT_WIN, 2, None)
    assert _round(name, 2, 1) == UnplayedRound(Unplayed.FORFEIT_LOSS, 1, None)


def test_team_records_in_an_individual_event_are_ignored() -> None:
    trf = read_trf(NOTATIONS / "team_records_013.trf")
    assert len(trf.tournament.players) == 4
    assert trf.warnings == ()


def test_a_fide_id_that_is_not_a_number_is_read_as_written() -> None:
    players = read_trf(NOTATIONS / "fide_id_non_numeric.trf").tournament.players
    assert [p.fide_id for p in players] == ["NA", "-"]


@pytest.mark.parametrize(
    ("name", "second"),
    [
        ("encoding_latin1.trf", "Señor, Iñigo"),
        ("encoding_utf8_bom.trf", "Dvořák, Antonín"),
        ("line_ends_crlf.trf", "Señor, Iñigo"),
    ],
)
def test_encodings_and_line_ends(name: str, second: str) -> None:
    trf = read_trf(NOTATIONS / name)
    assert trf.tournament.name.endswith(("names", "mark", "ends"))
    assert [p.name for p in trf.tournament.players] == ["Müller, Jürgen", second]
    assert trf.tournament.player(1).round(1) == Game(2, Outcome.WIN, Color.WHITE)


def test_declared_points_that_disagree_are_a_warning_and_the_results_count() -> None:
    trf = read_trf(NOTATIONS / "declared_points_disagree.trf")
    assert trf.warnings == (
        "player 2 (Bravo, Ben): the file declares 2.0 points, the results give 1.5; "
        "the results count",
    )
    assert _standings("declared_points_disagree.trf", ("BH",)) == ABSENT_LAST


def test_files_whose_declared_points_agree_have_no_warning() -> None:
    assert read_trf(NOTATIONS / "absence_dash_no_opponent.trf").warnings == ()


def test_unrated_games_count_for_the_rating_based_tie_breaks() -> None:
    # Ruling 2: 1 won W against 2 (1900) and 1 against 3 (1800): ARO (1900 + 1800) / 2
    # = 1850, not 1800 as when W/D/L games were left out.  TPR(1) = 1850 + dp(1.00) 800.
    name = "unrated_games_wdl.trf"
    assert _round(name, 1, 1) == Game(2, Outcome.WIN, Color.WHITE, rated=False)
    assert _standings(name, ("ARO", "TPR"))[1] == (F(2), F(2), 1850, 2650)


def test_unrated_players_leave_rating_tie_breaks_with_a_warning() -> None:
    # Player 4 is unrated.  ARO(1) = 2's 1900 alone; ARO(3) = 2's 1900 alone.
    tournament = read_trf(NOTATIONS / "unrated_player_rating_tiebreak.trf").tournament
    standings = compute_standings(tournament, ("ARO",))
    values = {r.player.start_rank: r.tiebreaks["ARO"] for r in standings.rows}
    assert (values[1], values[3]) == (1900, 1900)
    assert len(standings.warnings) == 1
    assert "start ranks 4" in standings.warnings[0] and "ARO" in standings.warnings[0]


def test_a_rating_for_unrated_players_counts_their_games() -> None:
    # With unrated players at 1000: ARO(1) = (1900 + 1000) / 2 = 1450, ARO(3) the same.
    tournament = read_trf(NOTATIONS / "unrated_player_rating_tiebreak.trf").tournament
    standings = compute_standings(replace(tournament, unrated_rating=1000), ("ARO",))
    values = {r.player.start_rank: r.tiebreaks["ARO"] for r in standings.rows}
    assert (values[1], values[3]) == (1450, 1450)
    assert standings.warnings == ()


def test_no_unrated_warning_without_a_rating_based_tie_break() -> None:
    tournament = read_trf(NOTATIONS / "unrated_player_rating_tiebreak.trf").tournament
    assert compute_standings(tournament, ("BH",)).warnings == ()


def test_pts_is_accepted_in_the_files_tie_break_list() -> None:
    trf = read_trf(NOTATIONS / "pts_in_tiebreak_list.trf")
    assert trf.tiebreaks == ("PTS", "BH")
    table = _standings("pts_in_tiebreak_list.trf", trf.tiebreaks)
    assert {rank: values[2] for rank, values in table.items()} == {
        1: F(2),
        2: F(3, 2),
        3: F(2),
        4: F(1, 2),
    }


def test_the_round_being_played_is_read_as_pending_games() -> None:
    # R3 paired, no result: 1-4 (1 white), 3-2 (3 white).  Points 1, 1, 1.5, .5; FB
    # draws both games: f = 1.5, 1.5, 2, 1, so FB(1) = f2 + f3 + f4 = 4.5,
    # FB(2) = f1 + f4 + f3 = 4.5, FB(3) = f4 + f1 + f2 = 4, FB(4) = f3 + f2 + f1 = 5;
    # BH leaves the pending games out: BH(1) = s2 1 + s3 1.5 = 2.5.
    name = "pending_round.trf"
    assert _round(name, 1, 3) == Pending(4, Color.WHITE)
    assert _round(name, 2, 3) == Pending(3, Color.BLACK)
    table = _standings(name, ("FB", "BH"))
    assert {rank: values[2] for rank, values in table.items()} == {
        1: F(9, 2),
        2: F(9, 2),
        3: F(4),
        4: F(5),
    }
    assert table[1][3] == F(5, 2)


@pytest.mark.parametrize(
    ("name", "system"),
    [
        ("round_robin_even_no_header.trf", System.ROUND_ROBIN),
        ("round_robin_odd_no_header.trf", System.ROUND_ROBIN),
        ("round_robin_double_no_header.trf", System.DOUBLE_ROUND_ROBIN),
        ("round_robin_forfeit_no_header.trf", System.ROUND_ROBIN),
        ("round_robin_withdrawal_no_header.trf", System.ROUND_ROBIN),
        ("round_robin_double_unplayed_last_round_no_header.trf", System.DOUBLE_ROUND_ROBIN),
    ],
)
def test_a_round_robin_is_recognised_from_its_pairings(name: str, system: System) -> None:
    assert read_trf(NOTATIONS / name).tournament.system is system


def test_a_recognised_round_robin_counts_forfeits_as_games() -> None:
    # C.07 15.2: 1's forfeit win against 4 is a game won, so WON(1) = 2 (R1 and R3);
    # read as a Swiss it would be 1.
    assert _standings("round_robin_forfeit_no_header.trf", ("WON",))[1][2] == 2


# A double round robin of 3 (Berger order, one player rests each round): R1 2-3 1-0,
# R2 3-1 =, R3 1-2 0-1, R4 3-2 forfeit won by 3, R5 1-3 1-0; R6 2-1 not played,
# written "0000 - +" for 2 and "0000 - -" for 1, so no game is written after round 5.
# Points: 1: .5 + 0 + 1 = 1.5; 2: 1 + 1 + 0 + 1 = 3; 3: 0 + .5 + 1 + 0 = 1.5.
# C.07 15.2 (2023: 15.6): the forfeit is a game, the opponent-less round and the rest
# rounds are no encounter.  SB, opponent's score x points:
#   1: 3's 1.5 x .5 + 2's 3 x 0 + 3's 1.5 x 1 = 2.25
#   2: 3's 1.5 x 1 + 1's 1.5 x 1 + 3's 1.5 x 0 (forfeit loss) = 3
#   3: 2's 3 x 0 + 1's 1.5 x .5 + 2's 3 x 1 (forfeit win) + 1's 1.5 x 0 = 3.75
# SB-C1 cuts the product of the lowest-scoring opponent, the smaller one among equals
# (14.1.1.d); no VUR in a round robin: 1: 2.25 - .75 = 1.5; 2: 3 - 0 = 3; 3: 3.75 - 0.
# Read as a Swiss (dummies, 16.2 categories) 2 would have SB 7 and SB-C1 5.  FIDE's
# reference checker gives the round-robin values.
DOUBLE_WITH_UNPLAYED_LAST_ROUND = {
    1: (F(3, 2), F(9, 4), F(3, 2)),
    2: (F(3), F(3), F(3)),
    3: (F(3, 2), F(15, 4), F(15, 4)),
}


@pytest.mark.parametrize("edition", ["fide-2023", "fide-2026"])
def test_a_double_round_robin_with_a_forfeit_gets_the_round_robin_sb(edition: str) -> None:
    table = _standings(
        "round_robin_double_unplayed_last_round_no_header.trf", ("SB", "SB/C1"), rules=edition
    )
    assert {rank: (v[0], v[2], v[3]) for rank, v in table.items()} == (
        DOUBLE_WITH_UNPLAYED_LAST_ROUND
    )


def test_a_swiss_without_header_where_players_miss_each_other_stays_a_swiss() -> None:
    text = (
        (NOTATIONS / "start_rank_gaps.trf")
        .read_text()
        .replace("092 Individual: Swiss-System\n", "")
    )
    # 4 players, 2 rounds: not n - 1 = 3 rounds, so not a round robin.
    assert parse_trf(text).tournament.system is System.SWISS


def test_a_header_saying_swiss_wins_over_the_pairings() -> None:
    text = (NOTATIONS / "round_robin_even_no_header.trf").read_text()
    swiss = text.replace("142 3\n", "092 Individual: Swiss-System\n142 3\n")
    assert parse_trf(swiss).tournament.system is System.SWISS


def test_a_forfeit_win_without_opponent_scores_like_the_pairing_allocated_bye() -> None:
    # 1's round 3 is "0000 - +": a win with no opponent, so its dummy is capped like a
    # bye's (16.4.2: no scheduled opponent for 16.4.1); the table is that of the PAB file.
    name = "forfeit_win_no_opponent.trf"
    assert _round(name, 1, 3) == UnplayedRound(Unplayed.FORFEIT_WIN)
    assert _standings(name, ("BH",)) == ABSENT_LAST
