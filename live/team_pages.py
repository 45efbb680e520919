"""What the team-event pages show (issue 22), from the folded event log: a round's
matches board by board with their score, and the team crosstable (opponent, colour,
MP and GP per round) in standings order."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tiebreaks.model import Color
from tiebreaks.teams.model import RoundKind, TeamResult
from tournaments.store.queries import (
    FoldedTournament,
    PlayerState,
    match_boards,
    match_score,
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
        views = match_boards(match, lineups, round_number, state.settings.boards)
        score = match_score(state, round_number, match)
        lines = tuple(
            MatchBoardLine(
                v.board,
                None if v.white is None else players[v.white],
                None if v.black is None else players[v.black],
                v.white_team,
                v.result,
                v.implied,
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


def _cell(result: TeamResult) -> TeamCell:
    colour = {Color.WHITE: "w", Color.BLACK: "b"}.get(result.color, "") if result.color else ""
    return TeamCell(
        result.opponent, colour, result.match_points, result.game_points, _MARKS[result.kind]
    )


def team_crosstable(folded: FoldedTournament, table: Standings) -> list[TeamCrosstableRow]:
    """A row per team in the standings' order: per round its opponent, colour (board
    1), MP and GP."""
    results = folded.team_results.results()
    rows = []
    for row, (_, place) in zip(table.rows, table.places(), strict=True):
        number = row[0]
        rows.append(
            TeamCrosstableRow(
                place, number, row[1], row[5], row[6], tuple(_cell(r) for r in results[number])
            )
        )
    return rows
