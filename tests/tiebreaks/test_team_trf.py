"""TRF26 team records (310 320 330 300 240 352 362 192 142) and TRF16 013, read and written."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from tests.tiebreaks.team_builders import bye, forfeit, match, tournament
from tiebreaks.errors import TrfError
from tiebreaks.model import System, Unplayed
from tiebreaks.teams.model import (
    BoardGame,
    BoardResult,
    Match,
    MatchForfeit,
    Score,
    TeamError,
    TeamScoring,
)
from tiebreaks.teams.trf import parse_team_trf, team_trf_text, write_team_trf


def p001(rank: int, cells: str) -> str:
    """A 001 record (TRF columns: start rank 5-8, name 15-47, rounds from 92)."""
    return (f"001 {rank:>4}      {'P' + str(rank):<33}".ljust(91) + cells).rstrip()


def team310(number: int, name: str, members: str) -> str:
    # 310: number 5-7, name 9-40, nickname 42-46, strength 48-53, MP 55-60, GP 62-67,
    # rank 69-71, members from 74 in steps of 5.
    return f"310 {number:>3} {name:<32} {'':<5} {'':>6} {'':>6} {'':>6} {'':>3}  {members}"


# Three teams of two boards, two rounds.  R1: team 1 (White on board 1) beats team 2
# 1.5-0.5 (board 1 won, board 2 drawn); team 3 has the PAB, worth 2 MP and 1.5 GP (320).
# R2: team 3 lines up out of roster order (300: player 6 on board 1, 5 on board 2)
# against team 1 and wins board 1; board 2 is empty on team 1's side (0000, forfeit);
# team 2 has a half-point bye (240 H).  3-1-0 match points (362), primary GP (192).
SAMPLE = "\n".join(
    [
        "012 Sample team event",
        "092 Team Swiss",
        "142 3",
        "192 FIDE_TEAM_TYPEA_GP_MP",
        "352 WB",
        "362 TW 3.0 TD 1.0 TL 0.0",
        p001(1, "   3 w 1     6 b 0"),
        p001(2, "   4 b =  0000 -  "),
        p001(3, "   1 b 0"),
        p001(4, "   2 w ="),
        p001(5, "0000 -    0000 - +"),
        p001(6, "0000 -       1 w 1"),
        team310(1, "Alpha", "   1    2"),
        team310(2, "Beta", "   3    4"),
        team310(3, "Gamma", "   5    6"),
        "320  2.0  1.5 003 000",
        "240 H 002    2",
        "300 002 003 001 0006 0005",
        "",
    ]
)


def test_a_team_file_is_read_into_teams_matches_byes_and_scoring():
    t = parse_team_trf(SAMPLE).tournament
    assert [(team.number, team.name, team.roster) for team in t.teams] == [
        (1, "Alpha", (1, 2)),
        (2, "Beta", (3, 4)),
        (3, "Gamma", (5, 6)),
    ]
    assert (t.boards, t.rounds, t.primary, t.system) == (2, 3, Score.GP, System.SWISS)
    assert (t.scoring.win, t.scoring.pab_match_points, t.scoring.pab_game_points) == (
        3,
        2,
        Fraction(3, 2),
    )
    first = t.schedule[0]
    assert [(m.white, m.black) for m in first.matches] == [(1, 2)]
    assert [(g.white, g.black, g.result) for g in first.matches[0].boards] == [
        (1, 3, BoardResult.WHITE_WINS),
        (4, 2, BoardResult.DRAW),
    ]
    assert [(b.team, b.kind) for b in first.byes] == [(3, Unplayed.PAB)]


def test_the_300_record_gives_the_line_up_and_an_empty_board_is_a_forfeit():
    second = parse_team_trf(SAMPLE).tournament.schedule[1]
    match_ = second.matches[0]
    # Team 3 has White on board 1 (player 6 White against player 1).
    assert (match_.white, match_.black) == (3, 1)
    assert [(g.board, g.white, g.black, g.result) for g in match_.boards] == [
        (1, 6, 1, BoardResult.WHITE_WINS),
        (2, None, 5, BoardResult.BLACK_FORFEIT_WIN),
    ]
    assert [(b.team, b.kind) for b in second.byes] == [(2, Unplayed.HPB)]


def test_scores_follow_the_file_s_scoring():
    results = parse_team_trf(SAMPLE).tournament.results()
    # Team 1: R1 1.5-0.5 won (3 MP), R2 0-2 lost (0 MP).  Team 3: PAB 2 MP 1.5 GP, then
    # 2 GP (board 1 won, board 2 by forfeit) and 3 MP.
    assert [(r.match_points, r.game_points) for r in results[1]] == [(3, Fraction(3, 2)), (0, 0)]
    assert [(r.match_points, r.game_points) for r in results[3]] == [(2, Fraction(3, 2)), (3, 2)]


def test_an_unchanged_file_is_written_back_byte_for_byte():
    assert write_team_trf(parse_team_trf(SAMPLE)) == SAMPLE


def test_a_tournament_written_and_read_back_is_the_same_tournament():
    t = tournament(
        5,
        4,
        [
            [match(1, 2, "1=0+"), match(3, 4, "===="), bye(5, "PAB")],
            [match(2, 3, "10=1"), forfeit(4, 5, "-+"), bye(1, "HPB")],
            [match(1, 5, "x*=="), bye(2, "FPB"), bye(3, "ZPB")],
        ],
        scheduled=5,
        scoring=TeamScoring.three_one_zero(),
        primary=Score.GP,
    )
    text = team_trf_text(t, ("EDE", "BH:GP"))
    back = parse_team_trf(text)
    assert back.tournament == t
    assert back.tiebreaks == ("EDE", "BH:GP")
    assert write_team_trf(back) == text


def test_a_forfeited_match_is_written_as_record_330():
    text = team_trf_text(tournament(2, 2, [[forfeit(2, 1, "+-")]]))
    assert "330 +- 001 002 001" in text.splitlines()
    assert parse_team_trf(text).tournament.schedule[0].matches[0].forfeit is MatchForfeit.WHITE_WINS


def test_a_round_robin_is_recognised_from_the_team_schedule():
    # Three teams, three rounds: each pair meets once, one team rests each round.
    rounds = [[match(1, 3, "10")], [match(3, 2, "10")], [match(2, 1, "10")]]
    text = team_trf_text(tournament(3, 2, rounds)).replace("092 Team: Swiss-System\n", "")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("192"))
    assert parse_team_trf(text).tournament.system is System.ROUND_ROBIN


def test_trf16_013_records_name_the_teams_in_order():
    # 013: team name 5-36, members at 37-40, 42-45...
    text = "\n".join(
        [
            "012 Old file",
            p001(1, "   3 w 1"),
            p001(2, "   4 b 1"),
            p001(3, "   1 b 0"),
            p001(4, "   2 w 0"),
            f"013 {'Old Alpha':<32}   1    2",
            f"013 {'Old Beta':<32}   3    4",
            "",
        ]
    )
    t = parse_team_trf(text).tournament
    assert [(team.number, team.name, team.roster) for team in t.teams] == [
        (1, "Old Alpha", (1, 2)),
        (2, "Old Beta", (3, 4)),
    ]
    assert t.results()[1][0].game_points == 2


def test_a_file_without_team_records_is_refused():
    with pytest.raises(TeamError, match="not a team file"):
        parse_team_trf(p001(1, "") + "\n")


def test_a_team_listing_an_unknown_player_is_refused_on_its_line():
    text = SAMPLE.replace(team310(3, "Gamma", "   5    6"), team310(3, "Gamma", "   5    9"))
    with pytest.raises(TrfError, match=r"line 15, .*team 3 lists player 9, who does not exist"):
        parse_team_trf(text)


def test_a_bad_forfeit_type_is_refused():
    with pytest.raises(TrfError, match=r"forfeit type '\+\+' is not"):
        parse_team_trf(SAMPLE + "330 ++ 001 001 002\n")


def test_a_match_with_no_board_of_two_players_is_linked_by_record_300():
    # Team 2 fields nobody: both boards are forfeit wins for team 1's players, and no
    # 001 record names an opponent; the 300 records say whom team 1 was to meet.
    empty = (
        BoardGame(1, 1, 101, None, BoardResult.WHITE_FORFEIT_WIN),
        BoardGame(2, 2, None, 102, BoardResult.BLACK_FORFEIT_WIN),
    )
    t = tournament(2, 2, [[Match(1, 2, empty)]])
    text = team_trf_text(t)
    assert "300 001 002 001" in text.splitlines()
    assert parse_team_trf(text).tournament == t


def test_a_team_number_beyond_three_columns_is_refused_not_written_shifted():
    t = tournament(2, 2, [])
    last = t.teams[-1]
    teams = (*t.teams[:-1], dataclasses.replace(last, number=1000))
    with pytest.raises(ValueError, match="team number 1000 does not fit"):
        team_trf_text(dataclasses.replace(t, teams=teams))
