"""Board-by-board individual results and board prizes (tiebreaks.teams.boards),
hand-checked: performance = the rated opponents' average + dp of FIDE table 8.1(a)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from tiebreaks.model import Player
from tiebreaks.teams.boards import (
    ECU_TIEBREAKS,
    BoardAssignment,
    BoardOrder,
    BoardPrizes,
    BoardRecord,
    MinimumUnit,
    PerformanceRules,
    board_prizes,
    board_records,
    default_min_games,
    minimum_games,
    most_played_board,
    player_games,
)
from tiebreaks.teams.model import BoardGame, BoardResult, Match, TeamRound, TeamTournament

from .team_builders import forfeit, match, tournament

# Team t's player on board b is t*100 + b; 0: unrated.
RATINGS = {101: 2200, 102: 2100, 201: 2000, 202: 1900, 301: 1800, 302: 0}


def rated(t: TeamTournament, ratings: dict[int, int]) -> TeamTournament:
    return replace(t, players=tuple(Player(r, f"P{r}", ratings[r]) for r in sorted(ratings)))


def three_teams() -> TeamTournament:
    """Round 1: 101 beats 201, 202 (White) draws 102; round 2: 101 beats 301, 302
    (White) beats 102; round 3: 201 wins board 1 by forfeit, 302 draws 202."""
    rounds = [[match(1, 2, "1=")], [match(1, 3, "10")], [match(2, 3, "+=")]]
    return rated(tournament(3, 2, rounds), RATINGS)


def record(t: TeamTournament, board: int, player: int) -> BoardRecord:
    return next(r for r in board_records(t)[board - 1] if r.player == player)


def test_performance_is_the_opponents_average_plus_dp_of_the_percentage() -> None:
    # 302: 1 vs 2100, ½ vs 1900: 1½ of 2 = 75 %, dp 193; average 2000.
    line = record(three_teams(), 2, 302)
    assert (line.points, line.played, line.performance) == (Fraction(3, 2), 2, 2193)


def test_a_board_forfeit_is_no_game() -> None:
    # 201: lost to 101, then a forfeit win: one game, no point.
    line = record(three_teams(), 1, 201)
    assert (line.points, line.played, line.performance) == (0, 1, 2200 - 800)


def test_an_unrated_opponent_counts_in_the_score_but_not_in_the_performance() -> None:
    # 102: ½ vs 202 (1900), 0 vs 302 (unrated): ½ of 2; performance on 202 only.
    line = record(three_teams(), 2, 102)
    assert (line.points, line.percentage, line.performance) == (
        Fraction(1, 2),
        Fraction(1, 4),
        1900,
    )


def test_a_team_forfeit_gives_nobody_a_game() -> None:
    t = rated(tournament(3, 2, [[match(1, 2, "11")], [forfeit(1, 3, "+-")]]), RATINGS)
    assert record(t, 1, 101).played == 1


def test_a_board_not_finished_is_not_counted() -> None:
    t = rated(tournament(3, 2, [[match(1, 2, "1*")]]), RATINGS)
    assert [r.player for r in board_records(t)[1]] == []


def test_a_player_has_a_line_on_each_board_played() -> None:
    # Round 2: 102 moves up to board 1 against 301 and draws it.
    moved = Match(1, 3, (BoardGame(1, 1, 102, 301, BoardResult.DRAW),))
    t = rated(tournament(3, 2, [[match(1, 2, "11")], [moved]]), RATINGS)
    assert (record(t, 1, 102).points, record(t, 2, 102).points) == (Fraction(1, 2), 1)


# One board, four teams: 101 (2000) draws 201 (2400) and beats 301 (1600): 1½ of 2,
# 75 %, 2000 + 193 = 2193; 201 draws 101, beats 301 and 401 (1600): 2½ of 3, 83 %,
# 1733 + 273 = 2006; 401 loses once (2400 - 800); 301 loses twice (2200 - 800).
ONE_BOARD = {101: 2000, 201: 2400, 301: 1600, 401: 1600}


def one_board() -> TeamTournament:
    rounds = [[match(1, 2, "=")], [match(1, 3, "1")], [match(2, 3, "1")], [match(2, 4, "1")]]
    return rated(tournament(4, 1, rounds), ONE_BOARD)


def ranked(t: TeamTournament, order: BoardOrder, min_games: int) -> list[tuple[int | None, int]]:
    return [(p.rank, p.record.player) for p in board_prizes(t, order, min_games).boards[0]]


def test_by_performance_the_higher_performance_comes_first() -> None:
    assert ranked(one_board(), BoardOrder.PERFORMANCE, 1)[:2] == [(1, 101), (2, 201)]


def test_by_percentage_the_higher_percentage_comes_first() -> None:
    assert ranked(one_board(), BoardOrder.PERCENTAGE, 1)[:2] == [(1, 201), (2, 101)]


def test_a_player_below_the_minimum_of_games_is_listed_unranked_after() -> None:
    assert ranked(one_board(), BoardOrder.PERFORMANCE, 3)[:2] == [(1, 201), (None, 101)]


def test_players_equal_on_every_criterion_share_the_place() -> None:
    # Board 1 of three_teams: 201 and 301 each lost once to 101 (2200): 1400, 0 %.
    places = ranked(three_teams(), BoardOrder.PERFORMANCE, 1)
    assert places == [(1, 101), (2, 201), (2, 301)]


def test_the_default_minimum_is_two_thirds_of_the_rounds_rounded_up() -> None:
    t = tournament(2, 1, [[match(1, 2, "1")]], scheduled=11)
    assert default_min_games(t) == 8


def test_a_players_games_on_every_board_make_one_performance() -> None:
    # 102: beats 202 (1900) on board 2, draws 301 (1800) on board 1: 75 %, 1850 + 193.
    moved = Match(1, 3, (BoardGame(1, 1, 102, 301, BoardResult.DRAW),))
    t = rated(tournament(3, 2, [[match(1, 2, "11")], [moved]]), RATINGS)
    assert player_games(t)[102].performance == 2043


# --- one board per player (BoardAssignment.MOST_PLAYED) ----------------------------


def moving(boards: str) -> TeamTournament:
    """Player 102 of team 1 wins one game a round against team n + 1, on the boards
    ``boards`` lists ("11222": board 1 in rounds 1-2, board 2 in rounds 3-5)."""
    rounds = [
        [
            Match(
                1,
                n + 1,
                (BoardGame(int(b), 1, 102, (n + 1) * 100 + int(b), BoardResult.WHITE_WINS),),
            )
        ]
        for n, b in enumerate(boards, 1)
    ]
    return tournament(len(boards) + 1, 2, rounds)


def boards_of(t: TeamTournament, player: int, assignment: BoardAssignment) -> list[int]:
    return [
        r.board for on_board in board_records(t, assignment) for r in on_board if r.player == player
    ]


def test_the_board_played_most_is_the_one_with_most_games() -> None:
    assert most_played_board([1, 1, 2, 2, 2]) == 2


def test_a_higher_board_played_most_is_taken_over_a_lower_one() -> None:
    assert most_played_board([1, 1, 1, 2, 2]) == 1


def test_between_boards_played_equally_often_the_lower_board_is_taken() -> None:
    assert most_played_board([1, 2, 2, 1]) == 2


def test_most_played_lists_a_player_once_on_the_board_played_most() -> None:
    assert boards_of(moving("11222"), 102, BoardAssignment.MOST_PLAYED) == [2]


def test_every_board_lists_a_player_on_each_board_played() -> None:
    assert boards_of(moving("11222"), 102, BoardAssignment.EVERY_BOARD) == [1, 2]


def test_most_played_lists_a_tied_player_on_the_lower_board() -> None:
    assert boards_of(moving("2211"), 102, BoardAssignment.MOST_PLAYED) == [2]


def test_most_played_counts_every_game_on_the_board_played_most() -> None:
    # 5 wins: 3 on board 2, 2 on board 1, all on board 2.
    line = next(
        r for r in board_records(moving("11222"), BoardAssignment.MOST_PLAYED)[1] if r.player == 102
    )
    assert (line.played, line.points) == (5, 5)


def test_most_played_ranks_a_player_whose_games_reach_the_minimum_only_together() -> None:
    prizes = board_prizes(moving("11222"), BoardOrder.PERCENTAGE, 5, BoardAssignment.MOST_PLAYED)
    assert [(p.rank, p.record.player) for p in prizes.boards[1]][:1] == [(1, 102)]


def test_most_played_leaves_a_player_below_the_minimum_unranked() -> None:
    prizes = board_prizes(moving("11222"), BoardOrder.PERCENTAGE, 6, BoardAssignment.MOST_PLAYED)
    assert [(p.rank, p.record.played) for p in prizes.boards[1] if p.record.player == 102] == [
        (None, 5)
    ]


def test_by_default_a_player_is_ranked_on_each_board_played() -> None:
    prizes = board_prizes(moving("11222"), BoardOrder.PERCENTAGE, 1)
    assert [[p.record.played for p in b if p.record.player == 102] for b in prizes.boards] == [
        [2],
        [3],
    ]


# --- the regulations' options (ECU Tournament Rules B.7.1.1, the Olympiad) ---------


def one_game(white_rating: int, black_rating: int, result: str) -> TeamTournament:
    """One board, one round: 101 (White) against 201, ``result`` from 101's side."""
    return rated(tournament(2, 1, [[match(1, 2, result)]]), {101: white_rating, 201: black_rating})


def test_the_rating_cap_counts_an_opponent_500_below_as_400_below() -> None:
    # 101 (2200) beats 201 (1700): 1700 counts as 1800; 100 % gives +800.
    rules = PerformanceRules(rating_cap=400)
    line = board_records(one_game(2200, 1700, "1"), rules=rules)[0][0]
    assert line.performance == 2600


def test_without_a_cap_the_opponents_rating_counts_as_it_is() -> None:
    line = board_records(one_game(2200, 1700, "1"))[0][0]
    assert line.performance == 2500


def test_an_unrated_opponent_counts_at_the_fixed_rating() -> None:
    # 101 (1500) draws 201 (unrated) counted at 1000: 50 %, dp 0.
    rules = PerformanceRules(unrated_rating=1000)
    line = board_records(one_game(1500, 0, "="), rules=rules)[0][0]
    assert line.performance == 1000


def test_a_game_marked_unrated_stays_out_with_a_fixed_rating() -> None:
    t = one_game(1500, 0, "=")
    rnd = t.schedule[0]
    game = replace(rnd.matches[0].boards[0], rated=False)
    unrated = replace(rnd, matches=(replace(rnd.matches[0], boards=(game,)),))
    line = board_records(
        replace(t, schedule=(unrated,)), rules=PerformanceRules(unrated_rating=1000)
    )[0][0]
    assert line.performance is None


def test_a_percentage_minimum_rounds_half_up() -> None:
    # ECU B.7.1.1: 70 % of 9 rounds is 6.3 (6 games), 50 % of 9 is 4.5 (5 games).
    assert (minimum_games(70, 9), minimum_games(50, 9)) == (6, 5)


def with_reserve(games: int, scheduled: int) -> TeamTournament:
    """Two boards; team 1's roster 101, 102, 103 (103 the reserve): 101 on board 1
    and 103 on board 2 win ``games`` rounds against teams 2, 3... of 2 boards."""
    schedule = tuple(
        TeamRound(
            n - 1,
            (
                Match(
                    1,
                    n,
                    (
                        BoardGame(1, 1, 101, n * 100 + 1, BoardResult.WHITE_WINS),
                        BoardGame(2, n, n * 100 + 2, 103, BoardResult.BLACK_WINS),
                    ),
                ),
            ),
        )
        for n in range(2, games + 2)
    )
    t = tournament(games + 1, 2, [], scheduled=scheduled)
    first = replace(t.teams[0], roster=(101, 102, 103))
    players = (*t.players, Player(103, "P103"))
    return replace(t, teams=(first, *t.teams[1:]), players=players, schedule=schedule)


def ranks(prizes: BoardPrizes, board: int, player: int) -> list[int | None]:
    return [p.rank for p in prizes.boards[board - 1] if p.record.player == player]


def test_a_percentage_minimum_ranks_a_player_with_that_share_of_the_rounds() -> None:
    # 6 games of 9 rounds: 70 % is 6 games.
    prizes = board_prizes(with_reserve(6, 9), min_games=70, minimum_unit=MinimumUnit.PERCENT)
    assert ranks(prizes, 1, 101) == [1]


def test_a_reserve_over_the_reserve_minimum_is_ranked() -> None:
    # 5 games of 9 rounds (55 %): under 70 % (6 games), over 50 % (5 games).
    prizes = board_prizes(
        with_reserve(5, 9),
        min_games=70,
        reserve_min_games=50,
        minimum_unit=MinimumUnit.PERCENT,
    )
    assert ranks(prizes, 2, 103) == [1]


def test_a_regular_player_is_not_ranked_under_the_reserve_minimum() -> None:
    prizes = board_prizes(
        with_reserve(5, 9),
        min_games=70,
        reserve_min_games=50,
        minimum_unit=MinimumUnit.PERCENT,
    )
    assert ranks(prizes, 1, 101) == [None]


# One board: 201 beats 101, 101 beats 301, 401 beats 201; all 2000: 101 and 201
# score 1 of 2 against 2000, 2000 each.
MUTUAL = {101: 2000, 201: 2000, 301: 2000, 401: 2000}


def mutual() -> TeamTournament:
    rounds = [[match(1, 2, "0")], [match(1, 3, "1")], [match(2, 4, "0")]]
    return rated(tournament(4, 1, rounds), MUTUAL)


def test_the_ecu_tiebreak_puts_the_winner_of_the_game_between_the_tied_first() -> None:
    prizes = board_prizes(mutual(), min_games=1, tiebreaks=ECU_TIEBREAKS)
    assert [(p.rank, p.record.player) for p in prizes.boards[0]][1:3] == [(2, 201), (3, 101)]


def test_without_the_ecu_tiebreak_the_equal_players_share_the_place() -> None:
    prizes = board_prizes(mutual(), min_games=1)
    assert [(p.rank, p.record.player) for p in prizes.boards[0]][1:3] == [(2, 101), (2, 201)]


def test_mutual_results_count_only_when_all_the_tied_players_met() -> None:
    # 101, 201 and 301 score 1 of 2 against 2000 (2000 each); 101 beat 201, 301 met
    # neither: they stay equal on it and share the place.
    rounds = [
        [match(1, 2, "1")],
        [match(1, 4, "0")],
        [match(2, 5, "1")],
        [match(3, 6, "1")],
        [match(3, 7, "0")],
    ]
    t = rated(tournament(7, 1, rounds), {100 * n + 1: 2000 for n in range(1, 8)})
    prizes = board_prizes(t, min_games=2, tiebreaks=ECU_TIEBREAKS)
    assert [(p.rank, p.record.player) for p in prizes.boards[0]][:3] == [
        (1, 101),
        (1, 201),
        (1, 301),
    ]


def test_the_team_place_decides_when_all_else_is_equal() -> None:
    # 101 and 201 both beat a 2000 player once, never met: team 2 placed higher.
    rounds = [[match(1, 3, "1")], [match(2, 4, "1")]]
    t = rated(tournament(4, 1, rounds), MUTUAL)
    prizes = board_prizes(t, min_games=1, tiebreaks=ECU_TIEBREAKS, team_places={1: 2, 2: 1})
    assert [p.record.player for p in prizes.boards[0]][:2] == [201, 101]
