"""The team Swiss (C.04.6) on hand-worked rounds, and ``python -m pairings --team``."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pairings.team_swiss import (
    ColourType,
    NoLegalPairing,
    TeamState,
    TeamSwissRules,
    pair_team_round,
    rules_from_code,
)
from tests.pairings.builders import run_pairings_cli
from tests.tiebreaks.team_builders import bye, forfeit, match, tournament
from tiebreaks.model import Color
from tiebreaks.teams.model import Score
from tiebreaks.teams.trf import team_trf_text

W, B = Color.WHITE, Color.BLACK


def test_round_one_pairs_the_top_half_against_the_bottom_half():
    # 3.6: one bracket of 6; the smallest identifier is tops 1 2 3 with bottoms 4 5 6.
    # 4.3.1: the first team (equal scores: the smaller TPN) has the initial colour (White)
    # when its TPN is odd: 1 and 3 White, 2 Black.
    pairing = pair_team_round(tournament(6, 4, [], scheduled=5), 1)
    assert pairing.matches == ((1, 4), (5, 2), (3, 6)) and pairing.bye is None


def test_round_one_with_black_as_the_initial_colour():
    pairing = pair_team_round(tournament(6, 4, [], scheduled=5), 1, initial_colour=B)
    assert pairing.matches == ((4, 1), (2, 5), (6, 3))


def test_round_two_takes_upfloaters_when_a_scoregroup_cannot_pair_itself():
    # R1: 1 beat 4, 5-2 drawn, 6 beat 3.  MP: 1 and 6 2, 2 and 5 1, 3 and 4 0.
    # {1, 6}: 1-6; colours 4.3.5, the lower colour difference (6: -1) gets White.
    # {2, 5} met (C1): two upfloaters (C4) of the highest score, 3 and 4; the first
    # identifier is tops 2 3, bottoms 4 5.  2-4: equal differences, no preference,
    # 4.3.8 the first team (2, more MP) alternates from Black.  3-5: 5 is the first team
    # and alternates from White.
    t = tournament(
        6, 4, [[match(1, 4, "1111"), match(5, 2, "===="), match(3, 6, "0000")]], scheduled=5
    )
    assert pair_team_round(t, 2).matches == ((6, 1), (2, 4), (3, 5))


def test_c6_takes_the_upfloater_that_lets_the_next_scoregroup_pair_itself():
    # R1: 1 beat 5, 3-4, 2-6 and 7-8 drawn.  R2: 1 beat 7, 2 beat 8, 3 beat 6, 4 beat 5.
    # MP: 1 4; 2, 3, 4 3; 6, 7, 8 1; 5 0.  Round 3 of 5: {1} takes one upfloater (C4) of
    # 3 MP (C5), 2, 3 or 4, none met by 1.  C6: 2 would leave {3, 4}, who met, so the
    # 3-MP bracket would need two upfloaters; 3 leaves {2, 4}, who pair (and 5-7, 6-8
    # below); 4 too, but 4 floated in round 2 (1 MP against 0; C7).  So 1-3, then 2-4
    # (the TPN order alone, 3.5.4, would give 1-2).
    t = tournament(
        8,
        2,
        [
            [match(1, 5, "11"), match(3, 4, "=="), match(2, 6, "=="), match(7, 8, "==")],
            [match(1, 7, "11"), match(2, 8, "11"), match(3, 6, "11"), match(4, 5, "11")],
        ],
        scheduled=5,
    )
    pairs = {frozenset(m) for m in pair_team_round(t, 3).matches}
    assert {frozenset({1, 3}), frozenset({2, 4})} <= pairs


def test_the_upfloater_is_the_first_set_by_tpn_not_the_best_identifier_of_the_round():
    # R1: 1 beat 4, 3 beat 6, 5 beat 2.  R2: {1, 3, 5} (2 MP) takes one 0-MP upfloater
    # (C4, C5); none floated, so 3.5.4 gives {2} first, and its bracket pairs: 2 met 5,
    # the first identifier is 1-5, 2-3.  Then 4-6.  (Taking 4 would give 1-5, 3-4, 2-6,
    # a smaller identifier for the whole round, which 3.6 does not look at.)
    t = tournament(6, 2, [[match(1, 4, "11"), match(3, 6, "11"), match(5, 2, "11")]], scheduled=5)
    pairs = {frozenset(m) for m in pair_team_round(t, 2).matches}
    assert pairs == {frozenset({1, 5}), frozenset({2, 3}), frozenset({4, 6})}


def test_the_bye_goes_to_the_lowest_score_that_may_have_it():
    # R1: 1 beat 4, 5-2 drawn, 3 had the PAB (a drawn match: 1 MP).  3.4.2: the lowest
    # score is team 4 (0).  Then 1 (2 MP) takes one upfloater of 1 MP: 2 first by TPN.
    t = tournament(5, 4, [[match(1, 4, "1111"), match(5, 2, "===="), bye(3, "PAB")]], scheduled=5)
    pairing = pair_team_round(t, 2)
    assert pairing.bye == 4
    assert pairing.matches == ((2, 1), (3, 5))


def test_the_bye_goes_to_the_team_with_more_matches_then_the_larger_number():
    # R1: 1 beat 2, 4 beat 3, 5 absent.  2, 3 and 5 have 0 MP; 3.4.3: 2 and 3 played a
    # match, 5 none; 3.4.4: the larger TPN, 3.
    t = tournament(5, 2, [[match(1, 2, "11"), match(3, 4, "00")]], scheduled=5)
    assert pair_team_round(t, 2).bye == 3


def test_a_forfeited_match_is_no_match_played_for_the_bye():
    # R1: 1 beat 2, 3 beat 4, 5 won by forfeit against 6, 7 absent.  Lowest score (0):
    # 2, 4, 6, 7; 3.4.3 the most matches played: 2 and 4 (6's was forfeited); 3.4.4: 4.
    t = tournament(
        7,
        2,
        [[match(1, 2, "11"), match(3, 4, "11"), forfeit(5, 6, "+-")]],
        scheduled=5,
    )
    assert pair_team_round(t, 2).bye == 4


def test_a_team_that_won_by_forfeit_never_gets_the_bye():
    # R1: 2 wins by forfeit against 1; 3 has the PAB.  R2: 1 is lowest (0) and gets it.
    # R3 with 1 and 3 gone by C2 (PAB), 2 by C2 (forfeit win): nobody else is left.
    t = tournament(
        3,
        2,
        [[forfeit(1, 2, "-+"), bye(3, "PAB")], [match(2, 3, "=="), bye(1, "PAB")]],
        scheduled=5,
    )
    with pytest.raises(NoLegalPairing, match="pairing-allocated bye"):
        pair_team_round(t, 3)


def test_colour_preferences_choose_the_bracket_pairing():
    # All six teams draw twice (2 MP each), one bracket.  R1: 1-2, 3-4, 5-6; R2: 1-4,
    # 3-6, 5-2 (first team White).  1, 3, 5 had White twice and want Black (type A,
    # colour difference +2); 2, 4, 6 want White.  The first identifier would pair 1-3,
    # both wanting Black (C8).  The only pairing granting every preference: 1-6, 3-2,
    # 5-4, with the White-wanters White.
    t = tournament(
        6,
        2,
        [
            [match(1, 2, "=="), match(3, 4, "=="), match(5, 6, "==")],
            [match(1, 4, "=="), match(3, 6, "=="), match(5, 2, "==")],
        ],
        scheduled=5,
    )
    assert pair_team_round(t, 3).matches == ((6, 1), (2, 3), (4, 5))


def test_teams_with_a_bye_in_the_round_are_not_paired():
    pairing = pair_team_round(tournament(5, 2, [], scheduled=3), 1, absent={5})
    assert pairing.bye is None and len(pairing.matches) == 2


def test_no_rematch_means_no_legal_pairing():
    t = tournament(2, 2, [[match(1, 2, "11")]], scheduled=3)
    with pytest.raises(NoLegalPairing, match="rematch"):
        pair_team_round(t, 2)


@pytest.mark.parametrize(
    ("colours", "kind", "last", "expected"),
    [
        ([W, W], ColourType.A, False, (B, True)),  # 1.7.1: CD +2
        ([B, B], ColourType.A, False, (W, True)),  # CD -2
        ([W, B, W], ColourType.A, False, (None, False)),  # CD +1, last two differ
        ([B, W, W], ColourType.A, False, (B, True)),  # CD +1, White in the last two
        ([W, B, W], ColourType.B, False, (B, False)),  # 1.7.2: mild, CD +1
        ([W, B], ColourType.B, False, (W, False)),  # mild, CD 0, Black last
        ([W, B], ColourType.B, True, (None, False)),  # CD 0 in the last round
        ([], ColourType.A, False, (None, False)),  # no match played yet
        ([W, W], ColourType.NONE, False, (None, False)),
    ],
)
def test_colour_preferences(colours, kind, last, expected):
    state = TeamState(1, Fraction(0), Fraction(0), history=list(enumerate(colours, 1)))
    assert state.preference(kind, last) == expected


@pytest.mark.parametrize(
    ("code", "rules"),
    [
        ("FIDE_TEAM_TYPEA_MP_GP", TeamSwissRules(ColourType.A, Score.MP, True)),
        ("FIDE_TEAM_TYPEB_GP_MP", TeamSwissRules(ColourType.B, Score.GP, True)),
        ("FIDE_TEAM_MP", TeamSwissRules(ColourType.NONE, Score.MP, False)),
        ("FIDE_TEAM", TeamSwissRules()),
    ],
)
def test_record_192_gives_the_colour_type_and_scores(code, rules):
    assert rules_from_code(code) == rules


# ---- the command line


def test_the_command_writes_the_next_round(tmp_path: Path):
    # The round-two example above, as a file; 3 matches, White first.
    t = tournament(
        6, 4, [[match(1, 4, "1111"), match(5, 2, "===="), match(3, 6, "0000")]], scheduled=5
    )
    source, out = tmp_path / "teams.trf", tmp_path / "out.txt"
    source.write_text(team_trf_text(t))
    done = run_pairings_cli("--team", source, "-p", out)
    assert done.returncode == 0, done.stderr
    assert out.read_text() == "3\n6 1\n2 4\n3 5\n"


def test_a_240_record_leaves_a_team_out_and_the_bye_is_the_last_line(tmp_path: Path):
    # 7 teams, nothing played, team 7 announced a half-point bye for round 1 (240):
    # 6 teams paired as in the round-one example.
    source = tmp_path / "teams.trf"
    text = team_trf_text(tournament(7, 2, [], scheduled=5))
    source.write_text(text.replace("310   1", "240 H 001    7\n310   1", 1))
    done = run_pairings_cli("--team", source, "-p")
    assert done.stdout == "3\n1 4\n5 2\n3 6\n"


def test_no_legal_pairing_exits_1(tmp_path: Path):
    source = tmp_path / "teams.trf"
    source.write_text(team_trf_text(tournament(2, 2, [[match(1, 2, "11")]], scheduled=3)))
    done = run_pairings_cli("--team", source, "-p")
    assert done.returncode == 1 and "no legal pairing for round 2" in done.stderr


def test_an_individual_file_exits_2(tmp_path: Path):
    data = Path(__file__).resolve().parents[1] / "data" / "held_swiss_5.trf"
    done = run_pairings_cli("--team", data, "-p")
    assert done.returncode == 2 and "not a team file" in done.stderr


def test_a_finished_team_tournament_exits_2(tmp_path: Path):
    source = tmp_path / "teams.trf"
    source.write_text(team_trf_text(tournament(2, 2, [[match(1, 2, "11")]], scheduled=1)))
    done = run_pairings_cli("--team", source, "-p")
    assert done.returncode == 2 and "all 1 rounds are paired" in done.stderr


def test_team_mode_only_pairs(tmp_path: Path):
    source = tmp_path / "teams.trf"
    source.write_text(team_trf_text(tournament(2, 2, [], scheduled=1)))
    done = run_pairings_cli("--team", source, "-c")
    assert done.returncode == 2 and "-c is for individuals" in done.stderr
