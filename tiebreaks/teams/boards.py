"""Board-by-board individual results of a team competition and the board prizes
arbiters award from them (docs/teams.md, "Board prizes").  Pure Python.

Which board a player's results count on is the ``BoardAssignment``: by default
(``EVERY_BOARD``) each game counts on the board it was played on, so a player who
played boards 2 and 3 has a line on each.  ``MOST_PLAYED`` gives each player one
board, as team championships' regulations do for their board medals: every game
of the player counts on the board they played most (``most_played_board``).  The
texts read: the ECU's rule (Tournament Rules B.7.1) ranks "the best performance
rating on their respective boards" of players who took part in at least 70 % of
the rounds (50 % for reserves), rounds, not games on one board; the Australian
Schools Teams Championship 2024 board prize rules count the games a player played
on other boards, when a teammate above was rested, towards the player's own
board.  Neither says which board is a player's own when line-ups move: here it
is the board played most and, between boards played equally often, the lower one
(the larger number), a choice written in docs/teams.md: in a fixed board order a
player moves up only when a teammate above is rested, so the lowest board played
is the player's own.  Only games played over the board
count, 1 - ½ - 0 whatever the board scoring: a board forfeit, a team forfeit and
a team bye are no games (as FIDE rating counts them), and neither score, games
nor performance include them.  The rating performance is FIDE's (Handbook B.02
8.1(a), C.07 10.2): the average rating of the rated opponents plus dp of the
percentage scored against them; a game against an unrated opponent, or one marked
unrated (less than a move, TRF W/D/L), counts in the score and the percentage but
not in the performance.  A player without such a game has no performance.

Ranking per board: the players with at least ``min_games`` games there (a
reserve, a player listed after the first ``boards`` of the roster: at least
``reserve_min_games`` when given), by performance (then percentage, then games
played) or by percentage (then games played, then performance), or by the
``tiebreaks`` given after the order; players equal on all of them share a place.
The others follow, unranked, in the same order.

The regulations' options, each off by default (docs/teams.md, "Board prizes").  The
ECU Tournament Rules, B.7.1.1 (individual prizes in team competitions, read at
europechess.org, "B.7. Individual prizes in team competitions"): the performance is
calculated for a player who took part in at least 70 % of the rounds, 50 % for
reserve players, a result of .5 or more rounded up (``minimum_unit`` PERCENT:
``min_games`` and ``reserve_min_games`` are percentages of the scheduled rounds,
``minimum_games``); a tie in performance is broken by (a) the mutual results, if all
the tied players played each other, (b) the number of games, (c) the percentage
score and (d) the team's final ranking (``ECU_TIEBREAKS``); "the maximum rating
difference of two players shall be 400 points" (``rating_cap``: an opponent more
than ``rating_cap`` above or below the player counts at the player's rating plus or
minus ``rating_cap``, the 400-point rule of the FIDE rating regulations, B.02 8.1).
``unrated_rating`` counts an unrated opponent at that rating in the performance
instead of leaving the game out (the 2012 Olympiad's arbiters counted unrated
players at 1000, the rating floor, and applied no 400-point rule to the board
prizes, as one of them reported on chessexpress.blogspot.com); a game marked
unrated still stays out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from tiebreaks.model import Outcome
from tiebreaks.rating import performance

from .model import PLAYER_ROUNDS, TeamTournament

_POINTS = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.LOSS: Fraction(0)}
# The default minimum: two thirds of the scheduled rounds, rounded up (8 of 11).
MIN_GAMES_SHARE = Fraction(2, 3)


class BoardOrder(StrEnum):
    PERFORMANCE = "performance"
    PERCENTAGE = "percentage"


class BoardAssignment(StrEnum):
    """Which board a player's games count on for the board prizes."""

    EVERY_BOARD = "every_board"  # each game on the board it was played on
    MOST_PLAYED = "most_played"  # all of a player's games on the board played most


class MinimumUnit(StrEnum):
    """What the minimums count: games, or percent of the scheduled rounds."""

    GAMES = "games"
    PERCENT = "percent"


class BoardTiebreak(StrEnum):
    """What decides between players equal in the order's value, in turn."""

    MUTUAL = "mutual"  # points against each other, when all of them met
    GAMES = "games"  # more games played
    PERCENTAGE = "percentage"
    PERFORMANCE = "performance"
    TEAM_PLACE = "team_place"  # the player's team higher in the final standings


# ECU Tournament Rules B.7.1.1 (a) to (d).
ECU_TIEBREAKS = (
    BoardTiebreak.MUTUAL,
    BoardTiebreak.GAMES,
    BoardTiebreak.PERCENTAGE,
    BoardTiebreak.TEAM_PLACE,
)
DEFAULT_TIEBREAKS = {
    BoardOrder.PERFORMANCE: (BoardTiebreak.PERCENTAGE, BoardTiebreak.GAMES),
    BoardOrder.PERCENTAGE: (BoardTiebreak.GAMES, BoardTiebreak.PERFORMANCE),
}


@dataclass(frozen=True, slots=True)
class BoardGameResult:
    """One game a player played on a board: the opponent, the points (1 - ½ - 0) and
    whether it counts in the performance (a rated game against a rated opponent).
    ``counted_rating`` is the opponent's rating as the performance counts it (capped,
    or an unrated opponent's fixed rating; 0: left out); None: ``opponent_rating``."""

    round: int
    opponent: int
    points: Fraction
    opponent_rating: int  # 0: unrated
    rated: bool
    counted_rating: int | None = None

    @property
    def performance_rating(self) -> int:
        return self.opponent_rating if self.counted_rating is None else self.counted_rating


@dataclass(frozen=True, slots=True)
class PlayerGames:
    """A player's games played (on every board, or on one: ``BoardRecord``)."""

    player: int  # start rank
    team: int
    games: tuple[BoardGameResult, ...]

    @property
    def played(self) -> int:
        return len(self.games)

    @property
    def points(self) -> Fraction:
        return sum((g.points for g in self.games), Fraction(0))

    @property
    def percentage(self) -> Fraction | None:
        """The share of the points scored (0 to 1); None without a game."""
        return self.points / self.played if self.games else None

    @property
    def rated_games(self) -> tuple[BoardGameResult, ...]:
        return tuple(g for g in self.games if g.rated and g.performance_rating)

    @property
    def opponents_average(self) -> int | None:
        """The rated opponents' average rating as the performance counts them,
        rounded half up (C.07 10.1)."""
        rated = self.rated_games
        if not rated:
            return None
        total = sum(g.performance_rating for g in rated)
        return (2 * total + len(rated)) // (2 * len(rated))

    @property
    def performance(self) -> int | None:
        """ARO + dp (B.02 8.1(a)) over the rated games; None without one."""
        rated = self.rated_games
        if not rated:
            return None
        halves = sum(int(2 * g.points) for g in rated)
        return performance([g.performance_rating for g in rated], halves)


@dataclass(frozen=True, slots=True)
class BoardRecord(PlayerGames):
    """A player's games on one board."""

    board: int


@dataclass(frozen=True, slots=True)
class BoardPlace:
    """A record's place on its board: ``rank`` None below the minimum of games."""

    rank: int | None
    record: BoardRecord


@dataclass(frozen=True)
class BoardPrizes:
    """Every board's players, ranked as ``order`` says with ``min_games`` (reserves:
    ``reserve_min_games``), in games, each player's games on the boards
    ``assignment`` says."""

    order: BoardOrder
    min_games: int
    boards: tuple[tuple[BoardPlace, ...], ...]  # board 1 first
    assignment: BoardAssignment = BoardAssignment.EVERY_BOARD
    reserve_min_games: int | None = None  # None: as min_games
    tiebreaks: tuple[BoardTiebreak, ...] = ()


@dataclass(frozen=True)
class PerformanceRules:
    """How opponents' ratings count in the performance (module docstring)."""

    rating_cap: int | None = None  # None: no cap
    unrated_rating: int | None = None  # None: an unrated opponent is left out

    def counted(self, own: int, opponent: int) -> int:
        """The opponent's rating as the performance counts it (0: left out)."""
        if self.unrated_rating is not None:
            own = own or self.unrated_rating
            opponent = opponent or self.unrated_rating
        if self.rating_cap is not None and own and opponent:
            opponent = min(max(opponent, own - self.rating_cap), own + self.rating_cap)
        return opponent


def default_min_games(tournament: TeamTournament) -> int:
    share = MIN_GAMES_SHARE * tournament.rounds
    return max(1, -(-share.numerator // share.denominator))


def minimum_games(percent: int, rounds: int) -> int:
    """``percent`` of ``rounds`` in games, .5 and more rounded up (ECU B.7.1.1:
    70 % of 9 rounds is 6.3, 6 games; 50 % of 9 is 4.5, 5 games)."""
    return (2 * percent * rounds + 100) // 200


def reserves(tournament: TeamTournament) -> frozenset[int]:
    """The players listed after the first ``boards`` of their team's roster."""
    return frozenset(rank for t in tournament.teams for rank in t.roster[tournament.boards :])


def _games(
    tournament: TeamTournament, rules: PerformanceRules = PerformanceRules()
) -> Iterator[tuple[int, int, int, BoardGameResult]]:
    """(board, player, team, the game) for each side of every game played."""
    ratings = {p.start_rank: p.rating for p in tournament.players}
    team_of = tournament.team_of()
    for rnd in tournament.schedule:
        for match in rnd.matches:
            for game in match.boards:
                outcomes = PLAYER_ROUNDS.get(game.result)
                if outcomes is None or game.white is None or game.black is None:
                    continue  # not finished, or an empty board
                sides = (
                    (game.white, game.black, outcomes[0]),
                    (game.black, game.white, outcomes[1]),
                )
                for player, opponent, outcome in sides:
                    if not isinstance(outcome, Outcome):
                        continue  # a forfeit is no game
                    rating = ratings.get(opponent, 0)
                    counted = rules.counted(ratings.get(player, 0), rating)
                    result = BoardGameResult(
                        rnd.number,
                        opponent,
                        _POINTS[outcome],
                        rating,
                        game.rated,
                        None if counted == rating else counted,
                    )
                    yield game.board, player, team_of[player], result


def player_games(tournament: TeamTournament) -> dict[int, PlayerGames]:
    """Each player who played a game, with the games on every board, in round order."""
    found: dict[int, tuple[int, list[BoardGameResult]]] = {}
    for _, player, team, game in _games(tournament):
        found.setdefault(player, (team, []))[1].append(game)
    return {p: PlayerGames(p, team, tuple(games)) for p, (team, games) in found.items()}


def most_played_board(boards: Iterable[int]) -> int:
    """The board played most often in ``boards`` (one entry per game); between
    boards played equally often, the lower one, the larger number (1, 1, 2, 2: 2)."""
    counts = Counter(boards)
    if not counts:
        raise ValueError("no board played")
    return max(counts, key=lambda board: (counts[board], board))


def board_records(
    tournament: TeamTournament,
    assignment: BoardAssignment = BoardAssignment.EVERY_BOARD,
    rules: PerformanceRules = PerformanceRules(),
) -> tuple[tuple[BoardRecord, ...], ...]:
    """Per board (board 1 first), each player whose games count on it, by start rank:
    the games played on it (``EVERY_BOARD``), or all of a player's games, on the
    board they played most (``MOST_PLAYED``: each player on one board)."""
    found: dict[tuple[int, int], tuple[int, list[BoardGameResult]]] = {}
    if assignment is BoardAssignment.EVERY_BOARD:
        for board, player, team, game in _games(tournament, rules):
            found.setdefault((board, player), (team, []))[1].append(game)
    else:
        played: dict[int, tuple[int, list[int], list[BoardGameResult]]] = {}
        for board, player, team, game in _games(tournament, rules):
            _, boards, games = played.setdefault(player, (team, [], []))
            boards.append(board)
            games.append(game)
        for player, (team, boards, games) in played.items():
            found[most_played_board(boards), player] = (team, games)
    return tuple(
        tuple(
            BoardRecord(player, team, tuple(games), board)
            for (b, player), (team, games) in sorted(found.items())
            if b == board
        )
        for board in range(1, tournament.boards + 1)
    )


_LAST = Fraction(-(10**9))


def _value(
    record: BoardRecord, criterion: BoardTiebreak, team_places: Mapping[int, int]
) -> Fraction:
    """Larger is better; a missing performance, percentage or place sorts last."""
    if criterion is BoardTiebreak.PERFORMANCE:
        return _LAST if record.performance is None else Fraction(record.performance)
    if criterion is BoardTiebreak.PERCENTAGE:
        return _LAST if record.percentage is None else record.percentage
    if criterion is BoardTiebreak.GAMES:
        return Fraction(record.played)
    place = team_places.get(record.team)
    return _LAST if place is None else Fraction(-place)


def _mutual(records: Sequence[BoardRecord]) -> list[Fraction]:
    """Each player's points against the others, when every two of them met;
    otherwise all equal (ECU B.7.1.1 (a): "if all played each other")."""
    group = {r.player for r in records}
    met = {r.player: {g.opponent for g in r.games} & group for r in records}
    if any(met[p] != group - {p} for p in group):
        return [Fraction(0)] * len(records)
    return [sum((g.points for g in r.games if g.opponent in group), Fraction(0)) for r in records]


def _tiers(
    records: Sequence[BoardRecord],
    criteria: Sequence[BoardTiebreak],
    team_places: Mapping[int, int],
) -> list[list[BoardRecord]]:
    """``records`` in groups of players equal on all ``criteria``, best first."""
    if len(records) < 2 or not criteria:
        return [sorted(records, key=lambda r: r.player)] if records else []
    criterion, rest = criteria[0], criteria[1:]
    if criterion is BoardTiebreak.MUTUAL:
        values = _mutual(records)
    else:
        values = [_value(r, criterion, team_places) for r in records]
    tiers: list[list[BoardRecord]] = []
    for value in sorted(set(values), reverse=True):
        same = [r for r, v in zip(records, values, strict=True) if v == value]
        tiers.extend(_tiers(same, rest, team_places))
    return tiers


def _rank(
    records: tuple[BoardRecord, ...],
    criteria: Sequence[BoardTiebreak],
    qualifies: Callable[[BoardRecord], bool],
    team_places: Mapping[int, int],
) -> tuple[BoardPlace, ...]:
    qualified = [r for r in records if qualifies(r)]
    others = [r for r in records if not qualifies(r)]
    places: list[BoardPlace] = []
    for tier in _tiers(qualified, criteria, team_places):
        rank = len(places) + 1
        places.extend(BoardPlace(rank, r) for r in tier)
    for tier in _tiers(others, criteria, team_places):
        places.extend(BoardPlace(None, r) for r in tier)
    return tuple(places)


def board_prizes(
    tournament: TeamTournament,
    order: BoardOrder = BoardOrder.PERFORMANCE,
    min_games: int | None = None,
    assignment: BoardAssignment = BoardAssignment.EVERY_BOARD,
    *,
    reserve_min_games: int | None = None,
    minimum_unit: MinimumUnit = MinimumUnit.GAMES,
    rules: PerformanceRules = PerformanceRules(),
    tiebreaks: Sequence[BoardTiebreak] | None = None,
    team_places: Mapping[int, int] | None = None,
) -> BoardPrizes:
    """The board prize standings.  ``min_games`` None: ``default_min_games``;
    ``reserve_min_games`` None: as ``min_games``; both percentages of the rounds
    under ``MinimumUnit.PERCENT``.  ``tiebreaks`` None: the order's default
    (``DEFAULT_TIEBREAKS``); ``team_places`` (team number: final place) for
    ``BoardTiebreak.TEAM_PLACE``."""
    if min_games is None:
        minimum = default_min_games(tournament)
    elif minimum_unit is MinimumUnit.PERCENT:
        minimum = minimum_games(min_games, tournament.rounds)
    else:
        minimum = min_games
    reserve_minimum = reserve_min_games
    if reserve_min_games is not None and minimum_unit is MinimumUnit.PERCENT:
        reserve_minimum = minimum_games(reserve_min_games, tournament.rounds)
    bench = reserves(tournament) if reserve_minimum is not None else frozenset()

    def qualifies(record: BoardRecord) -> bool:
        needed = reserve_minimum if record.player in bench else minimum
        return record.played >= (minimum if needed is None else needed)

    ties = DEFAULT_TIEBREAKS[order] if tiebreaks is None else tuple(tiebreaks)
    criteria = (BoardTiebreak(order.value), *ties)
    places = team_places or {}
    records = board_records(tournament, assignment, rules)
    boards = tuple(_rank(on_board, criteria, qualifies, places) for on_board in records)
    return BoardPrizes(order, minimum, boards, assignment, reserve_minimum, ties)
