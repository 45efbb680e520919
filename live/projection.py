"""The standings read model (``live.wire``) the worker stores, and the crosstable.

Built from ``tournaments.store.queries.load_tournament`` (the folded event log) and
``tiebreaks.standings.compute_standings``; every number goes through
``to_json_number`` so exact fractions leave as JSON numbers, never as strings.
The crosstable is not part of the snapshot: it does not depend on the
standings, and at 9,999 players x 11 rounds it would be most of what the worker
stores and every web process loads for each result.  ``crosstable_body`` builds
it when a spectator opens it (GET /api/tournaments/<id>/crosstable/).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tiebreaks.codes import parse_code
from tiebreaks.model import Color, Outcome, Round, Unplayed
from tiebreaks.standings import Standings as EngineStandings
from tiebreaks.standings import StandingsRow, compute_standings, no_cyclic_gc, to_json_number
from tiebreaks.teams.standings import parse_team_code, team_standings
from tournaments.store.queries import (
    TEAM,
    FoldedTournament,
    match_boards,
    match_score,
    pending_reports,
    score_text,
)

from .cells import cell_parts
from .wire import (
    BoardValues,
    CurrentRound,
    Row,
    Standings,
    TournamentInfo,
    encode_json,
    score_columns,
)

GAME_POINTS = "GP"  # a team table's column after the match points

# A player's round in the crosstable, as arbiters write it (TRF letters for byes).
_COLOR_VALUES = {Color.WHITE: "w", Color.BLACK: "b", None: None}
_MARKS: dict[Outcome | Unplayed, str] = {
    Outcome.WIN: "1",
    Outcome.DRAW: "½",
    Outcome.LOSS: "0",
    Unplayed.FORFEIT_WIN: "+",
    Unplayed.FORFEIT_LOSS: "-",
    Unplayed.PAB: "U",
    Unplayed.FPB: "F",
    Unplayed.HPB: "H",
    Unplayed.ZPB: "Z",
    Unplayed.ABSENT: "",
}


def standings_json(folded: FoldedTournament, computed_at: datetime) -> str:
    """The standings of ``folded`` at ``folded.version``, encoded as stored and served.

    The engine's input, its standings and the rows are a million small acyclic
    objects at 10k players: the cycle collector is paused until all but the text
    are freed again, since each collection walked them and the whole tournament
    (a tenth of the time), and even a collection just after the pause walked
    every object still alive.
    """
    with no_cyclic_gc():
        return encode_json(build_standings(folded, computed_at))


def build_standings(folded: FoldedTournament, computed_at: datetime) -> Standings:
    """The read model of ``folded`` at ``folded.version`` (``live.wire``)."""
    if folded.is_team:
        return build_team_standings(folded, computed_at)
    standings = compute_standings(folded.results, folded.tiebreaks or None, folded.rules)
    return standings_table(folded, standings, computed_at)


def standings_table(
    folded: FoldedTournament, standings: EngineStandings, computed_at: datetime
) -> Standings:
    """The read model of the engine's ``standings`` of ``folded`` (or of a branch of
    its results: "what if")."""
    rows = standings.rows  # by rank, then start rank
    codes = list(standings.tiebreaks)
    return Standings(
        version=folded.version,
        total=len(rows),
        tournament=TournamentInfo(folded.id, folded.name, folded.rounds, folded.system),
        computed_at=computed_at.isoformat(),
        rules=standings.rules,
        tiebreaks=codes,
        # compute_standings has already accepted every code.
        tiebreak_names={code: parse_code(code).name for code in codes},
        warnings=list(standings.warnings),
        columns=score_columns(codes),
        ties=[i for i in range(1, len(rows)) if rows[i].rank == rows[i - 1].rank],
        rounds=_current_round(folded, folded.state.last_paired_round),
        rows=[_row(row, codes) for row in rows],
    )


def build_team_standings(folded: FoldedTournament, computed_at: datetime) -> Standings:
    """A team event's table in the same shape: a row per team, its match points as
    the points and its game points as the first column after them (C.07 11.1)."""
    standings = team_standings(folded.team_results, folded.tiebreaks or None, folded.rules)
    rows = standings.rows
    codes = [GAME_POINTS, *standings.tiebreaks]
    names = {GAME_POINTS: "Game points"}
    names |= {code: parse_team_code(code).name for code in standings.tiebreaks}
    return Standings(
        version=folded.version,
        total=len(rows),
        tournament=TournamentInfo(folded.id, folded.name, folded.rounds, folded.system, TEAM),
        computed_at=computed_at.isoformat(),
        rules=standings.rules,
        tiebreaks=codes,
        tiebreak_names=names,
        warnings=[],
        columns=score_columns(codes),
        ties=[i for i in range(1, len(rows)) if rows[i].rank == rows[i - 1].rank],
        rounds=_current_matches(folded),
        rows=[
            [
                row.team.number,
                row.team.name,
                row.team.short_name,
                row.team.federation,
                None,
                to_json_number(row.match_points),
                to_json_number(row.game_points),
                *(to_json_number(row.tiebreaks[code]) for code in standings.tiebreaks),
            ]
            for row in rows
        ],
    )


def _current_matches(folded: FoldedTournament) -> CurrentRound:
    """The last paired round's matches, each with its score once a board has finished,
    and the matches with a board its players reported that is not confirmed yet."""
    state = folded.state
    current = max(state.team_rounds, default=0)
    if current == 0:
        return CurrentRound(current=0, closed=False, boards=[], byes=[])
    rnd = state.team_rounds[current]
    boards: list[BoardValues] = []
    for match in rnd.matches:
        started = match.forfeit is not None or any(
            v.result is not None
            for v in match_boards(
                match,
                state.public_lineups,
                current,
                state.settings.boards,
                state.settings.colour_sequence,
            )
        )
        score = match_score(state, current, match)
        text = f"{score_text(score[match.white])}-{score_text(score[match.black])}"
        boards.append((match.number, match.white, match.black, text if started else None))
    return CurrentRound(
        current=current,
        closed=False,
        boards=boards,
        byes=list(rnd.byes),
        reported=[m.number for m in rnd.matches if pending_reports(state, current, m.number)],
    )


def _row(row: StandingsRow, codes: list[str]) -> Row:
    player = row.player
    return [
        player.start_rank,
        player.name,
        player.title,
        player.federation,
        player.rating or None,
        to_json_number(row.points),
        *(to_json_number(row.tiebreaks[code]) for code in codes),
    ]


def crosstable_body(folded: FoldedTournament) -> dict[str, Any]:
    """Every player's rounds so far, by start rank: ``{"version", "rounds", "rows":
    [[start_rank, [[opponent, color, result], ...]], ...]}``, one cell per paired
    round (opponent None for a bye or an absence, result None while in play)."""
    return {
        "tournament": folded.id,
        "version": folded.version,
        "rounds": folded.state.last_paired_round,
        # to_tiebreaks gives every player one entry per paired round.
        "rows": [
            [player.start_rank, [_crosstable_cell(rnd) for rnd in player.rounds]]
            for player in folded.results.players
        ],
    }


def _crosstable_cell(rnd: Round) -> list[Any]:
    parts = cell_parts(rnd)
    result = None if parts.outcome is None else _MARKS[parts.outcome]
    return [parts.opponent, _COLOR_VALUES[parts.color], result]


def _current_round(folded: FoldedTournament, current: int) -> CurrentRound:
    if current == 0:
        return CurrentRound(current=0, closed=False, boards=[], byes=[])
    rnd = folded.state.rounds[current]
    return CurrentRound(
        current=current,
        closed=rnd.closed,
        boards=[(b.number, b.white, b.black, b.result) for b in rnd.boards],
        byes=list(rnd.byes),
        reported=list(pending_reports(folded.state, current)),
    )
