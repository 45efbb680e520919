"""Team value objects: match and game points, byes, forfeits, checks (C.07 11)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.tiebreaks.team_builders import bye, forfeit, match, teams, tournament
from tiebreaks.model import Color, Unplayed
from tiebreaks.teams.model import (
    BoardGame,
    BoardResult,
    Match,
    RoundKind,
    TeamError,
    TeamRound,
    TeamScoring,
    TeamTournament,
)


def _result(t: TeamTournament, team: int, rnd: int = 1):
    return t.results()[team][rnd - 1]


def test_game_points_are_the_board_points_and_the_higher_sum_wins_the_match():
    # 1 = 0 1 from team 1's side: 1 + 0.5 + 0 + 1 = 2.5 GP against 1.5.
    t = tournament(2, 4, [[match(1, 2, "1=01")]])
    assert (_result(t, 1).match_points, _result(t, 1).game_points) == (2, Fraction(5, 2))
    assert (_result(t, 2).match_points, _result(t, 2).game_points) == (0, Fraction(3, 2))


def test_a_drawn_match_gives_each_team_a_draw_s_match_points():
    # 1 + 0 + 0.5 + 0.5 = 2 each: a 2-2 draw.
    t = tournament(2, 4, [[match(1, 2, "10==")]])
    assert _result(t, 1).match_points == _result(t, 2).match_points == 1


def test_three_one_zero_scoring_gives_three_match_points_for_a_won_match():
    t = tournament(2, 2, [[match(1, 2, "1=")]], scoring=TeamScoring.three_one_zero())
    assert (_result(t, 1).match_points, _result(t, 2).match_points) == (3, 0)


def test_team_colour_is_board_one_s_and_board_colours_alternate():
    t = tournament(2, 4, [[match(1, 2, "====")]])
    assert _result(t, 1).color is Color.WHITE and _result(t, 2).color is Color.BLACK
    boards = t.schedule[0].matches[0].boards
    assert [g.white_team for g in boards] == [1, 2, 1, 2]


def test_an_empty_board_is_a_forfeit_win_for_the_other_team():
    # Board 4 forfeited by team 2: team 1 scores 0.5 x 3 + 1 = 2.5.
    t = tournament(2, 4, [[match(1, 2, "===+")]])
    assert _result(t, 1).game_points == Fraction(5, 2)
    assert _result(t, 1).board_points == (Fraction(1, 2),) * 3 + (1,)


def test_a_forfeited_match_scores_a_win_on_every_board_for_the_team_that_came():
    t = tournament(2, 4, [[forfeit(1, 2, "-+")]])
    assert (_result(t, 2).kind, _result(t, 2).match_points, _result(t, 2).game_points) == (
        RoundKind.FORFEIT_WIN,
        2,
        4,
    )
    assert (_result(t, 1).kind, _result(t, 1).match_points, _result(t, 1).game_points) == (
        RoundKind.FORFEIT_LOSS,
        0,
        0,
    )


def test_the_pairing_allocated_bye_is_a_drawn_match_unless_record_320_says_otherwise():
    default = tournament(3, 4, [[match(1, 2, "===="), bye(3, "PAB")]])
    assert (_result(default, 3).match_points, _result(default, 3).game_points) == (1, 2)
    set_320 = tournament(
        3,
        4,
        [[match(1, 2, "===="), bye(3, "PAB")]],
        scoring=TeamScoring(pab_match_points=Fraction(2), pab_game_points=Fraction(5, 2)),
    )
    assert (_result(set_320, 3).match_points, _result(set_320, 3).game_points) == (
        2,
        Fraction(5, 2),
    )


def test_a_team_without_match_or_bye_in_a_round_is_absent():
    t = tournament(3, 2, [[match(1, 2, "11")]])
    assert _result(t, 3).bye is Unplayed.ABSENT and _result(t, 3).match_points == 0


def test_a_match_with_a_board_still_playing_has_no_points_yet():
    t = tournament(2, 2, [[match(1, 2, "1*")]])
    assert _result(t, 1).kind is RoundKind.PENDING and _result(t, 1).match_points == 0


def test_a_team_in_two_matches_of_one_round_is_refused():
    with pytest.raises(TeamError, match="round 1: team 1 has two matches or byes"):
        tournament(3, 2, [[match(1, 2, "11"), match(3, 1, "11")]])


def test_a_player_off_the_roster_is_refused():
    game = BoardGame(1, 1, 201, 101, BoardResult.DRAW)  # 201 plays for team 2
    with pytest.raises(TeamError, match="player 201 is not on the roster of team 1"):
        TeamTournament(teams(2, 1), 1, 1, (TeamRound(1, (Match(1, 2, (game,)),)),))


def test_an_empty_board_must_be_a_forfeit():
    game = BoardGame(1, 1, 101, None, BoardResult.DRAW)
    with pytest.raises(TeamError, match="an empty board can only be a forfeit"):
        TeamTournament(teams(2, 1), 1, 1, (TeamRound(1, (Match(1, 2, (game,)),)),))


def test_only_a_game_played_can_be_unrated():
    game = BoardGame(1, 1, 101, 201, BoardResult.WHITE_FORFEIT_WIN, rated=False)
    with pytest.raises(TeamError, match="only a game played can be unrated"):
        TeamTournament(teams(2, 1), 1, 1, (TeamRound(1, (Match(1, 2, (game,)),)),))
