"""What the team-event pages show (issue 22), from the folded event log: a round's
matches board by board with their score, the team crosstable (opponent, colour,
MP and GP per round) in standings order, the team and player cards and the board
prizes (``tiebreaks.teams.boards``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from rest_framework import serializers

from tiebreaks.model import Color
from tiebreaks.teams.boards import (
    BoardAssignment,
    BoardOrder,
    BoardPrizes,
    BoardRecord,
    BoardTiebreak,
    PerformanceRules,
    PlayerGames,
    board_prizes,
    minimum_games,
    player_games,
)
from tiebreaks.teams.model import RoundKind, TeamResult
from tiebreaks.teams.standings import team_standings
from tournaments.store.queries import (
    BoardPrizeSettings,
    FoldedTournament,
    PlayerState,
    match_boards,
    match_score,
    pending_reports,
    score_text,
)

from .wire import Standings


@dataclass(frozen=True)
class MatchBoardLine:
    board: int
    white: PlayerState | None  # None: an empty seat
    black: PlayerState | None
    white_team: int
    result: str | None
    implied: bool  # a forfeit because a seat is empty
    result_seq: int | None = None  # the event of a result entered (a correction supersedes it)
    rated: bool = True  # False: a game played but not rated (TRF W/D/L)
    # Reported by its players, not confirmed yet (issue 22): shown so, never the result.
    reported: bool = False


@dataclass(frozen=True)
class MatchView:
    round: int
    number: int
    white: str  # the team with White on board 1
    black: str
    white_number: int
    black_number: int
    score: str  # "2½-1½" so far
    forfeit: str | None
    lined_up: bool
    boards: tuple[MatchBoardLine, ...]

    @property
    def has_result(self) -> bool:
        """A board result is recorded: the match can no longer be forfeited."""
        return any(line.result and not line.implied for line in self.boards)


def team_name(folded: FoldedTournament, number: int) -> str:
    return folded.state.teams[number].name


def match_views(
    folded: FoldedTournament, round_number: int, *, organiser: bool = False
) -> list[MatchView] | None:
    """Round ``round_number``'s matches (None when it is not paired); the boards of
    line-ups its round has not started with only for its ``organiser``s."""
    state = folded.state
    # Spectators see a line-up once its round has started (issue 21).
    lineups = state.lineups if organiser else state.public_lineups
    rnd = state.team_rounds.get(round_number)
    if rnd is None:
        return None
    players = state.players
    out = []
    for match in rnd.matches:
        views = match_boards(
            match, lineups, round_number, state.settings.boards, state.settings.colour_sequence
        )
        score = match_score(state, round_number, match)
        reported = pending_reports(state, round_number, match.number)
        lines = tuple(
            MatchBoardLine(
                v.board,
                None if v.white is None else players[v.white],
                None if v.black is None else players[v.black],
                v.white_team,
                v.result,
                v.implied,
                None if v.implied else match.results.get(v.board, (None, None))[1],
                v.rated,
                v.result is None and v.board in reported,
            )
            for v in views
        )
        out.append(
            MatchView(
                round_number,
                match.number,
                team_name(folded, match.white),
                team_name(folded, match.black),
                match.white,
                match.black,
                f"{score_text(score[match.white])}-{score_text(score[match.black])}",
                match.forfeit,
                bool(views),
                lines,
            )
        )
    return out


@dataclass(frozen=True)
class TeamCell:
    opponent: int | None
    colour: str  # "w", "b" or ""
    match_points: Fraction
    game_points: Fraction
    mark: str  # "" for a match played, else what the round was
    reported: bool = False  # a board of the match reported by its players, not confirmed yet


@dataclass(frozen=True)
class TeamCrosstableRow:
    place: str
    number: int
    name: str
    match_points: float
    game_points: float
    cells: tuple[TeamCell, ...]


_MARKS = {
    RoundKind.MATCH: "",
    RoundKind.FORFEIT_WIN: "+",
    RoundKind.FORFEIT_LOSS: "-",
    RoundKind.BYE: "bye",
    RoundKind.PENDING: "…",
    RoundKind.NONE: "",
}


def _cell(result: TeamResult, reported: bool) -> TeamCell:
    colour = {Color.WHITE: "w", Color.BLACK: "b"}.get(result.color, "") if result.color else ""
    return TeamCell(
        result.opponent,
        colour,
        result.match_points,
        result.game_points,
        _MARKS[result.kind],
        reported,
    )


def _reported_teams(folded: FoldedTournament) -> set[tuple[int, int]]:
    """(round, team) of both teams of each match with a board its players reported
    and the organiser has not confirmed yet."""
    state = folded.state
    return {
        (number, team)
        for number, rnd in state.team_rounds.items()
        for match in rnd.matches
        if pending_reports(state, number, match.number)
        for team in (match.white, match.black)
    }


def team_crosstable(folded: FoldedTournament, table: Standings) -> list[TeamCrosstableRow]:
    """A row per team in the standings' order: per round its opponent, colour (board
    1), MP and GP."""
    results = folded.team_results.results()
    reported = _reported_teams(folded)
    rows = []
    for row, (_rank, place) in zip(table.rows, table.places(), strict=True):
        number = row[0]
        cells = tuple(_cell(r, (r.round, number) in reported) for r in results[number])
        rows.append(TeamCrosstableRow(place, number, row[1], row[5], row[6], cells))
    return rows


# --- team and player cards ----------------------------------------------------------

# A board's result from each side, White's first, as a card shows it.
_OWN_RESULT = {
    "1-0": ("1", "0"),
    "1/2-1/2": ("½", "½"),
    "0-1": ("0", "1"),
    "+/-": ("+", "−"),
    "-/+": ("−", "+"),
    "0-0": ("−", "−"),
}


def _own_result(result: str | None, white: bool) -> str:
    """A board's result from one player's side ("…" while it is played)."""
    if result is None:
        return "…"
    return _OWN_RESULT[result][0 if white else 1]


@dataclass(frozen=True)
class CardBoard:
    """One board of a team's match, from the team's side."""

    board: int
    player: PlayerState | None  # None: the team's seat was empty
    colour: str  # "w" or "b"
    opponent: PlayerState | None
    result: str  # "1", "½", "0", "+", "−", "…"
    reported: bool = False  # by its players, not confirmed yet


@dataclass(frozen=True)
class CardRound:
    """A team's round: the match (opponent, colours, score, boards), a bye or nothing."""

    round: int
    match: int | None
    opponent: int | None
    opponent_name: str
    colour: str  # the team's colour on board 1: "w", "b" or ""
    score: str  # own game points first: "2½-1½"
    mark: str  # "bye", "+", "-" for a forfeited match, "" otherwise
    boards: tuple[CardBoard, ...]


@dataclass(frozen=True)
class RosterLine:
    player: PlayerState
    board: int | None  # its place in the roster while it is a regular board; None: reserve
    games: PlayerGames | None  # the games played (forfeits are no games); None: none yet


@dataclass(frozen=True)
class TeamCard:
    number: int
    name: str
    short_name: str
    federation: str
    captain: str
    place: str | None
    match_points: float | None
    game_points: float | None
    roster: tuple[RosterLine, ...]
    rounds: tuple[CardRound, ...]


def _seat(view: MatchBoardLine, team: int) -> CardBoard:
    white = view.white_team == team
    own, other = (view.white, view.black) if white else (view.black, view.white)
    return CardBoard(
        view.board,
        own,
        "w" if white else "b",
        other,
        _own_result(view.result, white),
        view.reported,
    )


def _card_round(folded: FoldedTournament, number: int, team: int) -> CardRound:
    rnd = folded.state.team_rounds[number]
    if team in rnd.byes:
        return CardRound(number, None, None, "", "", "", "bye", ())
    match = rnd.match_of(team)
    if match is None:
        return CardRound(number, None, None, "", "", "", "", ())
    view = next(m for m in match_views(folded, number) or () if m.number == match.number)
    opponent = view.black_number if team == view.white_number else view.white_number
    score = match_score(folded.state, number, match)
    mark = ""
    if match.forfeit is not None:
        won = score[team] > score[opponent]
        mark = "+" if won else "-"
    return CardRound(
        number,
        match.number,
        opponent,
        team_name(folded, opponent),
        "w" if team == view.white_number else "b",
        f"{score_text(score[team])}-{score_text(score[opponent])}",
        mark,
        tuple(_seat(b, team) for b in view.boards) if match.forfeit is None else (),
    )


def _standing(table: Standings, number: int) -> tuple[str, float, float] | None:
    """Team ``number``'s place, match points and game points in ``table``."""
    for row, (_rank, place) in zip(table.rows, table.places(), strict=True):
        if row[0] == number:
            return place, row[5], row[6]
    return None


def team_card(folded: FoldedTournament, number: int, table: Standings) -> TeamCard | None:
    """Team ``number``'s card: its roster with each player's games, and per round the
    opponent, the match score and the boards (None: no such team)."""
    entry = folded.state.teams.get(number)
    if entry is None:
        return None
    games = player_games(folded.team_results)
    boards = folded.state.settings.boards
    roster = tuple(
        RosterLine(folded.state.players[rank], i + 1 if i < boards else None, games.get(rank))
        for i, rank in enumerate(entry.roster)
    )
    place, match_points, game_points = _standing(table, number) or (None, None, None)
    return TeamCard(
        number,
        entry.name,
        entry.short_name,
        entry.federation,
        entry.captain,
        place,
        match_points,
        game_points,
        roster,
        tuple(_card_round(folded, n, number) for n in sorted(folded.state.team_rounds)),
    )


@dataclass(frozen=True)
class PlayerCardRound:
    """A team event player's round: the team's opponent, and the player's board."""

    round: int
    match: int | None
    opponent_team: str
    board: int | None  # None: not in the line-up (or the match was forfeited, a bye)
    colour: str  # "w", "b" or ""
    opponent: PlayerState | None
    result: str  # "1", "½", "0", "+", "−", "…"; else why there is no game
    reported: bool = False  # by its players, not confirmed yet


@dataclass(frozen=True)
class TeamPlayerCard:
    player: PlayerState
    team: int
    team_name: str
    games: PlayerGames | None  # the games played; None: none yet
    rounds: tuple[PlayerCardRound, ...]


def _player_round(card: CardRound, start_rank: int) -> PlayerCardRound:
    seat = next((b for b in card.boards if b.player and b.player.start_rank == start_rank), None)
    if seat is not None:
        return PlayerCardRound(
            card.round,
            card.match,
            card.opponent_name,
            seat.board,
            seat.colour,
            seat.opponent,
            seat.result,
            seat.reported,
        )
    if card.mark == "bye":
        why = _("team bye")
    elif card.match is None:
        why = _("no match")
    elif card.mark:
        why = _("match forfeited")
    elif not card.boards:
        why = _("line-ups not in yet")
    else:
        why = _("not in the line-up")
    return PlayerCardRound(card.round, card.match, card.opponent_name, None, "", None, why)


def team_player_card(folded: FoldedTournament, start_rank: int) -> TeamPlayerCard | None:
    """A team event player's card: per round the team's opponent, the player's board,
    colour, opponent and result (None: no such player)."""
    state = folded.state
    player = state.players.get(start_rank)
    team = state.team_of(start_rank)
    if player is None or team is None:
        return None
    games = player_games(folded.team_results).get(start_rank)
    rounds = tuple(
        _player_round(_card_round(folded, n, team), start_rank) for n in sorted(state.team_rounds)
    )
    return TeamPlayerCard(player, team, team_name(folded, team), games, rounds)


# --- board prizes -----------------------------------------------------------------


@dataclass(frozen=True)
class BoardPrizeLine:
    rank: int | None  # None: fewer games than the minimum
    player: PlayerState
    team: int
    team_name: str
    record: BoardRecord


@dataclass(frozen=True)
class BoardPrizeTable:
    board: int
    lines: tuple[BoardPrizeLine, ...]


def board_prize_tables(
    folded: FoldedTournament,
    order: BoardOrder,
    min_games: int | None,
    assignment: BoardAssignment = BoardAssignment.EVERY_BOARD,
    settings: BoardPrizeSettings | None = None,
) -> tuple[BoardPrizes, list[BoardPrizeTable]]:
    """Each board's players as ``tiebreaks.teams.boards.board_prizes`` ranks them,
    ``min_games`` in games, the regulations' options from the organiser's
    ``settings`` (their percentages of the rounds made games here)."""
    rules = settings or BoardPrizeSettings()
    results = folded.team_results
    reserve = rules.reserve_min_games
    if reserve is not None and rules.minimum_unit == "percent":
        reserve = minimum_games(reserve, results.rounds)
    ties = None if rules.tiebreaks is None else tuple(BoardTiebreak(t) for t in rules.tiebreaks)
    places = None
    if ties and BoardTiebreak.TEAM_PLACE in ties:
        standings = team_standings(results, folded.tiebreaks or None, folded.rules)
        places = {row.team.number: row.rank for row in standings.rows}
    prizes = board_prizes(
        results,
        order,
        min_games,
        assignment,
        reserve_min_games=reserve,
        rules=PerformanceRules(rules.rating_cap, rules.unrated_rating),
        tiebreaks=ties,
        team_places=places,
    )
    players = folded.state.players
    tables = [
        BoardPrizeTable(
            board,
            tuple(
                BoardPrizeLine(
                    p.rank,
                    players[p.record.player],
                    p.record.team,
                    team_name(folded, p.record.team),
                    p.record,
                )
                for p in places
            ),
        )
        for board, places in enumerate(prizes.boards, 1)
    ]
    return prizes, tables


def board_assignments() -> tuple[tuple[str, str], ...]:
    """The board assignments as the pages name them, the default first."""
    return (
        (BoardAssignment.EVERY_BOARD.value, _("on every board played")),
        (BoardAssignment.MOST_PLAYED.value, _("on one board, the board played most")),
    )


def board_tiebreak_names(prizes: BoardPrizes) -> str:
    """The tie-breaks after the order, as the pages name them."""
    names = {
        BoardTiebreak.MUTUAL: _("mutual result"),
        BoardTiebreak.GAMES: _("games played"),
        BoardTiebreak.PERCENTAGE: _("percentage"),
        BoardTiebreak.PERFORMANCE: _("rating performance"),
        BoardTiebreak.TEAM_PLACE: _("team's final place"),
    }
    return ", ".join(names[t] for t in prizes.tiebreaks)


class BoardPrizeQuery(serializers.Serializer):
    """The board prize page's and API's query: the order, the minimum of games and
    the board assignment (each absent: the organiser's setting)."""

    order = serializers.ChoiceField(choices=[o.value for o in BoardOrder], required=False)
    min_games = serializers.IntegerField(min_value=0, max_value=999, required=False)
    assignment = serializers.ChoiceField(choices=[a.value for a in BoardAssignment], required=False)


@dataclass(frozen=True)
class BoardPrizeRules:
    """What a board prize page or answer is ranked by."""

    order: BoardOrder
    min_games: int | None  # None: the default; in games
    assignment: BoardAssignment
    settings: BoardPrizeSettings  # the organiser's, for the regulations' options


def board_prize_query(
    params: Mapping[str, Any], settings: BoardPrizeSettings, rounds: int
) -> BoardPrizeRules:
    """The rules a query asks for, the organiser's ``settings`` for what it leaves
    out (a minimum in percent of the ``rounds`` made games); ValueError naming the
    field when it is wrong."""
    names = ("order", "min_games", "assignment")
    query = BoardPrizeQuery(data={k: params[k] for k in names if k in params})
    if not query.is_valid():
        field, errors = next(iter(query.errors.items()))
        raise ValueError(f"{field}: {errors[0]}")
    data = query.validated_data
    minimum = settings.min_games
    if minimum is not None and settings.minimum_unit == "percent":
        minimum = minimum_games(minimum, rounds)
    return BoardPrizeRules(
        BoardOrder(data.get("order", settings.order)),
        data.get("min_games", minimum),
        BoardAssignment(data.get("assignment", settings.assignment)),
        settings,
    )
