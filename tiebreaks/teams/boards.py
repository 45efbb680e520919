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

Ranking per board: the players with at least ``min_games`` games there, by
performance (then percentage, then games played) or by percentage (then games
played, then performance); players equal on all three share a place.  The others
follow, unranked, in the same order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
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


@dataclass(frozen=True, slots=True)
class BoardGameResult:
    """One game a player played on a board: the opponent, the points (1 - ½ - 0) and
    whether it counts in the performance (a rated game against a rated opponent)."""

    round: int
    opponent: int
    points: Fraction
    opponent_rating: int  # 0: unrated
    rated: bool


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
        return tuple(g for g in self.games if g.rated and g.opponent_rating)

    @property
    def opponents_average(self) -> int | None:
        """The rated opponents' average rating, rounded half up (C.07 10.1)."""
        rated = self.rated_games
        if not rated:
            return None
        total = sum(g.opponent_rating for g in rated)
        return (2 * total + len(rated)) // (2 * len(rated))

    @property
    def performance(self) -> int | None:
        """ARO + dp (B.02 8.1(a)) over the rated games; None without one."""
        rated = self.rated_games
        if not rated:
            return None
        halves = sum(int(2 * g.points) for g in rated)
        return performance([g.opponent_rating for g in rated], halves)


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
    """Every board's players, ranked as ``order`` says with ``min_games``, each
    player's games on the boards ``assignment`` says."""

    order: BoardOrder
    min_games: int
    boards: tuple[tuple[BoardPlace, ...], ...]  # board 1 first
    assignment: BoardAssignment = BoardAssignment.EVERY_BOARD


def default_min_games(tournament: TeamTournament) -> int:
    share = MIN_GAMES_SHARE * tournament.rounds
    return max(1, -(-share.numerator // share.denominator))


def _games(tournament: TeamTournament) -> Iterator[tuple[int, int, int, BoardGameResult]]:
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
                    result = BoardGameResult(
                        rnd.number, opponent, _POINTS[outcome], ratings.get(opponent, 0), game.rated
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
    tournament: TeamTournament, assignment: BoardAssignment = BoardAssignment.EVERY_BOARD
) -> tuple[tuple[BoardRecord, ...], ...]:
    """Per board (board 1 first), each player whose games count on it, by start rank:
    the games played on it (``EVERY_BOARD``), or all of a player's games, on the
    board they played most (``MOST_PLAYED``: each player on one board)."""
    found: dict[tuple[int, int], tuple[int, list[BoardGameResult]]] = {}
    if assignment is BoardAssignment.EVERY_BOARD:
        for board, player, team, game in _games(tournament):
            found.setdefault((board, player), (team, []))[1].append(game)
    else:
        played: dict[int, tuple[int, list[int], list[BoardGameResult]]] = {}
        for board, player, team, game in _games(tournament):
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


def _key(record: BoardRecord, order: BoardOrder) -> tuple[Fraction, ...]:
    """Larger is better; a missing performance or percentage sorts last."""
    perf = Fraction(record.performance) if record.performance is not None else Fraction(-(10**9))
    share = record.percentage if record.percentage is not None else Fraction(-1)
    played = Fraction(record.played)
    if order is BoardOrder.PERFORMANCE:
        return perf, share, played
    return share, played, perf


def _rank(
    records: tuple[BoardRecord, ...], order: BoardOrder, min_games: int
) -> tuple[BoardPlace, ...]:
    def by_key(r: BoardRecord) -> tuple[tuple[Fraction, ...], int]:
        return tuple(-v for v in _key(r, order)), r.player

    qualified = sorted((r for r in records if r.played >= min_games), key=by_key)
    others = sorted((r for r in records if r.played < min_games), key=by_key)
    places: list[BoardPlace] = []
    for i, record in enumerate(qualified):
        shares = i and _key(record, order) == _key(qualified[i - 1], order)
        places.append(BoardPlace(places[-1].rank if shares else i + 1, record))
    return (*places, *(BoardPlace(None, r) for r in others))


def board_prizes(
    tournament: TeamTournament,
    order: BoardOrder = BoardOrder.PERFORMANCE,
    min_games: int | None = None,
    assignment: BoardAssignment = BoardAssignment.EVERY_BOARD,
) -> BoardPrizes:
    """The board prize standings (``min_games`` None: ``default_min_games``)."""
    minimum = default_min_games(tournament) if min_games is None else min_games
    records = board_records(tournament, assignment)
    boards = tuple(_rank(on_board, order, minimum) for on_board in records)
    return BoardPrizes(order, minimum, boards, assignment)
