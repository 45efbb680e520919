"""Team tie-breaks, C.07 Art. 11-13 and Art. 6-10 on match and game points, hand-checked.

Every value was worked out by hand from the crosstable in the test; the comment says
how.  Two-board matches are written from the first team's side (``"1="``: board 1
won, board 2 drawn), so 2 game points (GP) are at stake per match, and match points
(MP) are 2 - 1 - 0.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.tiebreaks.team_builders import bye, forfeit, match, tournament
from tiebreaks.errors import TieBreakError
from tiebreaks.model import System
from tiebreaks.teams.model import Score, TeamTournament
from tiebreaks.teams.standings import explain_team, team_standings

BOTH = ("fide-2026", "fide-2023")


def values(t: TeamTournament, code: str, rules: str = "fide-2026") -> dict[int, object]:
    rows = team_standings(t, [code], rules).rows
    return {row.team.number: row.tiebreaks[code] for row in rows}


def places(t: TeamTournament, codes: list[str]) -> list[int]:
    return [row.team.number for row in team_standings(t, codes).rows]


# R1: 1-2 "1=" (1.5-0.5), 3-4 "==" (1-1).  R2: 1-3 "=0" (0.5-1.5), 4-2 "1=" (1.5-0.5).
# MP: T1 2, T2 0, T3 3, T4 3.  GP: T1 2.0, T2 1.0, T3 2.5, T4 2.5.
SWISS = tournament(
    4,
    2,
    [[match(1, 2, "1="), match(3, 4, "==")], [match(1, 3, "=0"), match(4, 2, "1=")]],
)


@pytest.mark.parametrize("rules", BOTH)
def test_mpvgp_is_the_secondary_score(rules):
    # C.07 13.1: primary MP -> the game points; primary GP -> the match points.
    assert values(SWISS, "MPvGP", rules) == {1: 2, 2: 1, 3: Fraction(5, 2), 4: Fraction(5, 2)}
    by_gp = tournament(2, 2, [[match(1, 2, "1=")]], primary=Score.GP)
    assert values(by_gp, "MPvGP", rules) == {1: 2, 2: 0}


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # 13.2, team 1 met T2 (MP 0, GP 1.0) scoring 2 MP 1.5 GP, then T3 (MP 3, GP 2.5)
        # scoring 0 MP 0.5 GP.
        ("EMMSB", 0),  # 0 x 2 + 3 x 0
        ("EMGSB", Fraction(3, 2)),  # 0 x 1.5 + 3 x 0.5
        ("EGMSB", 2),  # 1.0 x 2 + 2.5 x 0
        ("EGGSB", Fraction(11, 4)),  # 1.0 x 1.5 + 2.5 x 0.5
        ("ESB", 0),  # the primary score twice: EMMSB
        ("ESB:GM", 2),  # as EGMSB
    ],
)
def test_extended_sonneborn_berger_multiplies_the_opponent_s_score_by_the_own_result(
    code, expected
):
    assert values(SWISS, code)[1] == expected


def test_esb_cut_1_drops_the_lowest_scoring_opponent_not_the_smallest_product():
    # 14.1.2: EGGSB/C1 cuts the opponent with the lowest GP (T2, 1.0: contribution 1.5),
    # although T3's contribution (1.25) is smaller: 2.75 - 1.5 = 1.25.
    assert values(SWISS, "EGGSB/C1")[1] == Fraction(5, 4)


@pytest.mark.parametrize("rules", BOTH)
def test_buchholz_on_match_and_on_game_points(rules):
    # T1's opponents T2 and T3: on MP 0 + 3 = 3, on GP 1.0 + 2.5 = 3.5; /C1 cuts T2.
    assert values(SWISS, "BH", rules)[1] == 3
    assert values(SWISS, "BH:MP", rules)[1] == 3
    assert values(SWISS, "BH:GP", rules)[1] == Fraction(7, 2)
    assert values(SWISS, "BH:GP/C1", rules)[1] == Fraction(5, 2)


def test_progressive_scores_and_wins_on_match_points():
    # T1: 2 MP after R1, 2 after R2 -> PS 4, PS/C1 2; one match won.  T3: 1, 3 -> 4.
    assert values(SWISS, "PS")[1] == 4 and values(SWISS, "PS/C1")[1] == 2
    assert values(SWISS, "PS:GP")[1] == Fraction(7, 2)  # 1.5 then 2.0
    assert values(SWISS, "WIN") == {1: 1, 2: 0, 3: 1, 4: 1}


def test_fore_buchholz_counts_the_final_round_s_matches_as_drawn():
    # R1: 1-2 won by T1, 3-4 drawn.  R2: 1-3 drawn, 2-4 won by T2.
    # BH:MP(T1) = T2 (0 + 2) + T3 (1 + 1) = 4; with R2 drawn T2 has 0 + 1: FB = 3.
    t = tournament(
        4, 2, [[match(1, 2, "11"), match(3, 4, "==")], [match(1, 3, "10"), match(2, 4, "11")]]
    )
    assert values(t, "BH")[1] == 4 and values(t, "FB")[1] == 3


def test_sssc_adds_the_primary_buchholz_over_the_normalising_factor_to_the_secondary_score():
    # 13.4: factor = floor(2 MP x 2 rounds / 2 GP per match) = 2.  T1: GP 2 + BH:MP 3 / 2.
    assert values(SWISS, "SSSC")[1] == Fraction(7, 2)
    assert values(SWISS, "SSSC/K3")[1] == 3  # 2 + 3 / 3


# Teams 1 and 2 draw 2-2 on four boards ("0110": T1 loses board 1, wins 2 and 3, loses
# 4), then both win 4-0 in round 2, so they are equal on MP (3) and GP (6).
BOARDS = tournament(
    4,
    4,
    [[match(1, 2, "0110"), match(3, 4, "====")], [match(1, 3, "1111"), match(2, 4, "1111")]],
)


def test_ede_cannot_split_two_teams_that_drew_their_match():
    # 13.3.1: their direct match is 1-1 in MP and 2-2 in GP.
    assert values(BOARDS, "EDE")[1] == values(BOARDS, "EDE")[2] == 1


@pytest.mark.parametrize(
    ("code", "first"),
    [
        # 13.3.2 on their match: board 1 was won by T2 -> T2 first.
        ("EDET", 2),
        # Boards 1-3 without the last: T1 2 points, T2 1 -> T1 first.
        ("EDEB", 1),
        # Board count, lower better: T1 2 + 3 = 5, T2 1 + 4 = 5, equal; then top board.
        ("EDEBT", 2),
        ("EDEBB", 1),
    ],
)
def test_ede_board_steps_split_two_teams_still_tied(code, first):
    assert places(BOARDS, [code])[0] == first


def test_top_board_results_and_bottom_board_elimination_over_the_event():
    # Board totals over both rounds: T1 [1, 2, 2, 1], T2 [2, 1, 1, 2].
    # 12.2: board 1 2 > 1 -> T2 first.  12.3: boards 1-3: T1 5 > T2 4 -> T1 first.
    assert places(BOARDS, ["TBR"])[:2] == [2, 1]
    assert places(BOARDS, ["BBE"])[:2] == [1, 2]
    assert values(BOARDS, "TBR")[2] == 1 and values(BOARDS, "TBR")[1] == 2


def test_board_count_is_lower_for_points_made_on_the_top_boards():
    # 12.1: every match is drawn 1-1, so all teams have 2 MP and 2 GP.  T1 wins board 1
    # twice (1 x 2 = 2), T2 board 2 twice (2 x 2 = 4); T3 and T4 win each board once
    # (1 + 2 = 3).
    t = tournament(
        4, 2, [[match(1, 3, "10"), match(2, 4, "01")], [match(1, 4, "10"), match(2, 3, "01")]]
    )
    assert values(t, "BC") == {1: 2, 2: 4, 3: 3, 4: 3}
    assert places(t, ["BC"]) == [1, 3, 4, 2]


# A three-team round robin, 2 boards: 1-2 "1=" (1.5-0.5), 2-3 "1=", 3-1 "11" (2-0).
# Every team 2 MP.  GP: T1 1.5, T2 2.0, T3 2.5.
CYCLE = tournament(
    3,
    2,
    [[match(1, 2, "1=")], [match(2, 3, "1=")], [match(3, 1, "11")]],
    system=System.ROUND_ROBIN,
)


def test_ede_goes_on_to_the_secondary_score_when_direct_match_points_tie():
    # DE on MP: each team won one match, 2 MP each.  On GP: T1 1.5 + 0, T2 0.5 + 1.5,
    # T3 0.5 + 2: T3, T2, T1.
    assert values(CYCLE, "DE") == {1: 1, 2: 1, 3: 1}
    assert values(CYCLE, "EDE") == {3: 1, 2: 2, 1: 3}


def test_koya_on_match_and_on_game_points():
    # 9.2: the most a team can score is 2 matches x 2 MP = 4; every team has 2 (50%).
    assert values(CYCLE, "KS") == {1: 2, 2: 2, 3: 2}
    # On GP the most is 4, 50% is 2: T2 (2.0) and T3 (2.5) count, T1 (1.5) does not.
    # T1: 1.5 vs T2 + 0 vs T3; T2: 1.5 vs T3; T3: 0.5 vs T2.
    assert values(CYCLE, "KS:GP") == {1: Fraction(3, 2), 2: Fraction(3, 2), 3: Fraction(1, 2)}


# Unplayed rounds (Art. 16 for teams).  R1: T1 half-point bye, 2-3 "11".  R2: 1-3 "11",
# T2 PAB.  R3: 1-2 "11", T3 PAB.  A bye is a drawn match: 1 MP.  MP: T1 1 + 2 + 2 = 5,
# T2 2 + 1 + 0 = 3, T3 0 + 0 + 1 = 1.
BYES = tournament(
    3,
    2,
    [
        [bye(1, "HPB"), match(2, 3, "11")],
        [match(1, 3, "11"), bye(2, "PAB")],
        [match(1, 2, "11"), bye(3, "PAB")],
    ],
)


@pytest.mark.parametrize(("rules", "expected"), [("fide-2023", 9), ("fide-2026", 7)])
def test_a_team_s_own_bye_counts_against_a_dummy_capped_since_2026(rules, expected):
    # 16.4: the HPB's dummy has T1's own 5 MP (2023); 16.4.2 (2026) caps it at a draw's
    # 1 MP x 3 rounds = 3.  Plus T3 1 and T2 3.
    assert values(BYES, "BH", rules)[1] == expected


@pytest.mark.parametrize("rules", BOTH)
def test_cut_1_drops_the_requested_bye_first(rules):
    # 16.5: the HPB is a VUR; its dummy (5, or 3 capped) is not below the lowest
    # opponent (T3, 1), so the bye is cut: 1 + 3 = 4, not 9 - 1 or 7 - 1.
    assert values(BYES, "BH/C1", rules)[1] == 4


@pytest.mark.parametrize("rules", BOTH)
def test_median_1_cuts_the_bye_then_the_highest_opponent(rules):
    # 14.3 with 16.5: the low cut takes the HPB's dummy (a VUR, 5 or 3), the high cut
    # the highest remaining opponent (T2, 3): T3's 1 is left.
    assert values(BYES, "BH/M1", rules)[1] == 1


@pytest.mark.parametrize(("rules", "expected"), [("fide-2023", 5), ("fide-2026", 1)])
def test_a_forfeit_win_s_dummy_is_capped_at_the_opponent_s_score_since_2026(rules, expected):
    # R1: 1-2 "11", 3-4 "11".  R2: T4 forfeits against T1, 2-3 drawn.  MP: T1 4, T2 1.
    # BH(T1) = T2 1 + dummy: own 4 (2023) or T4's adjusted 0 (16.4.1, 2026).
    t = tournament(
        4, 2, [[match(1, 2, "11"), match(3, 4, "11")], [forfeit(1, 4, "+-"), match(2, 3, "==")]]
    )
    assert values(t, "BH", rules)[1] == expected
    # /P: the forfeit counts as a match against T4 (0 MP).
    assert values(t, "BH/P", rules)[1] == 1


@pytest.mark.parametrize("rules", BOTH)
def test_an_absence_in_the_last_round_counts_as_a_draw_for_the_opponents(rules):
    # R1: 1-2 "11", T3 PAB.  R2: 2-3 "11", T1 absent.  16.3.2: T1's absence in the last
    # round counts as a draw for its opponents: 2 + 1 = 3.  BH(T2) = 3 + T3's 1 = 4.
    t = tournament(3, 2, [[match(1, 2, "11"), bye(3, "PAB")], [match(2, 3, "11")]])
    assert values(t, "BH", rules)[2] == 4


def test_a_round_robin_forfeit_is_a_match_for_the_extended_sonneborn_berger():
    # 15.2: T3 forfeits against T1 in a round robin; it counts as a won match against
    # T3.  T1: vs T2 "1=" 2 MP, vs T3 forfeit 2 MP.  MP: T2 0 + 2 = 2, T3 0 + 0 = 0.
    # EMMSB(T1) = 2 x 2 + 0 x 2 = 4.
    t = tournament(
        3,
        2,
        [[match(1, 2, "1=")], [match(2, 3, "11")], [forfeit(3, 1, "-+")]],
        system=System.ROUND_ROBIN,
    )
    assert values(t, "EMMSB")[1] == 4


def test_standings_rank_by_the_primary_score_then_the_list():
    rows = team_standings(SWISS, ["MPvGP", "BH"]).rows
    # T3 and T4: 3 MP, 2.5 GP; BH: T3 meets T4 (3) and T1 (2) = 5, T4 meets T3 (3) and
    # T2 (0) = 3.  Then T1 (2 MP), T2 (0).
    assert [(r.rank, r.team.number) for r in rows] == [(1, 3), (2, 4), (3, 1), (4, 2)]
    assert (rows[0].match_points, rows[0].game_points) == (3, Fraction(5, 2))


def test_by_game_points_the_standings_rank_game_points_first():
    # R1: 1-2 "11" (2-0), 3-4 "1=" (1.5-0.5).  By GP: T1 2, T3 1.5, T4 0.5, T2 0.
    t = tournament(4, 2, [[match(1, 2, "11"), match(3, 4, "1=")]], primary=Score.GP)
    assert [r.team.number for r in team_standings(t, []).rows] == [1, 3, 4, 2]


def test_an_individual_only_tie_break_is_refused_for_teams():
    with pytest.raises(TieBreakError, match="unknown tie-break 'ARO'"):
        team_standings(SWISS, ["ARO"])


def test_explain_shows_rounds_and_contributions():
    lines = explain_team(SWISS, 1, ["EGGSB/C1"])
    assert lines[2] == "  R1: match vs 2 (white), MP 2.0, GP 1.5 [1.0 0.5]"
    assert "    opponent's GP x own GP: R1 1.5, R2 1.25" in lines
    assert "    cut: R1" in lines
