"""A correction's public "what changed" view: the board's result before and after,
the reason, who entered it and when, and the places and tie-breaks it changed.  A
team event's correction (of a board of a match) also gives the match score before
and after, and its changes are the teams' places, points and tie-breaks.

Both sides are moments of the log (``live.moments``): the standings after the
event before the correction and after the correction itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tournaments.store.queries import (
    FoldedTournament,
    PlayerState,
    author_of,
    load_tournament_as_of,
    match_boards,
    match_score,
    public_events,
    score_text,
)

from .moments import entrant_names, table_at
from .spectator_content import RESULT_TEXT, standings_order

CORRECTED = "result.corrected"
BOARD_CORRECTED = "team.board_result_corrected"


@dataclass(frozen=True)
class Change:
    """One player (or team, in a team event: ``player`` None) whose place, points or
    tie-breaks the correction changed; ``number`` is its start rank or pairing number."""

    number: int
    name: str
    player: PlayerState | None
    place_before: str
    place_after: str
    scores_before: tuple[Any, ...]  # points, then each tie-break, as the table shows them
    scores_after: tuple[Any, ...]

    @property
    def moved(self) -> bool:
        return self.place_before != self.place_after


@dataclass(frozen=True)
class CorrectionView:
    seq: int
    round: int
    board: int
    white: PlayerState | None  # None: an empty seat (a team event's board)
    black: PlayerState | None
    before: str
    after: str
    reason: str
    supersedes: int
    who: str
    when: datetime
    columns: tuple[str, ...]  # of the scores: "points", then the tie-break codes
    changes: tuple[Change, ...]  # in the standings order after the correction
    match: MatchChange | None = None  # a team event's


@dataclass(frozen=True)
class MatchChange:
    """A team event's corrected match: its teams and its score before and after."""

    number: int
    white: str  # the team with White on board 1
    black: str
    score_before: str  # "2½-1½"
    score_after: str


def corrections(tournament_id: int, round_number: int | None = None) -> list[tuple[int, Any]]:
    """(seq, public fields) of the tournament's corrections (of boards of matches in a
    team event), of one round if given."""
    found = public_events(tournament_id, limit=10_000, kinds=(CORRECTED, BOARD_CORRECTED))
    return [
        (event.seq, event.fields)
        for event in found
        if round_number is None or event.fields["round"] == round_number
    ]


def correction_view(tournament_id: int, seq: int) -> CorrectionView | None:
    """None when event ``seq`` is no correction of the tournament."""
    kinds = (CORRECTED, BOARD_CORRECTED)
    found = public_events(tournament_id, seq - 1, 1, kinds=kinds, through=seq)
    if not found:
        return None
    fields = found[0].fields
    before = load_tournament_as_of(tournament_id, seq - 1)
    after = load_tournament_as_of(tournament_id, seq)
    if found[0].kind == BOARD_CORRECTED:
        white, black, old_result, match = _match_change(before, after, fields)
    else:
        old_board = before.state.rounds[fields["round"]].board(fields["board"])
        assert old_board is not None  # the correction's decision checked it
        players = after.state.players
        white, black = players[old_board.white], players[old_board.black]
        old_result, match = old_board.result, None
    table_before, table_after = table_at(before).table, table_at(after).table
    places_before = {rank: s.place for rank, s in standings_order(table_before)}
    names = entrant_names(after)
    changes = tuple(
        Change(
            rank,
            names[rank],
            None if after.is_team else after.state.players[rank],
            places_before[rank],
            standing.place,
            table_before.scores[rank],
            table_after.scores[rank],
        )
        for rank, standing in standings_order(table_after)
        if places_before[rank] != standing.place
        or table_before.scores[rank] != table_after.scores[rank]
    )
    return CorrectionView(
        seq=seq,
        round=fields["round"],
        board=fields["board"],
        white=white,
        black=black,
        before=RESULT_TEXT.get(old_result or "", ""),
        after=RESULT_TEXT[fields["result"]],
        reason=fields["reason"],
        supersedes=fields["supersedes"],
        who=author_of(tournament_id, seq),
        when=found[0].created_at,
        columns=tuple(table_after.columns[table_after.columns.index("points") :]),
        changes=changes,
        match=match,
    )


def _match_change(
    before: FoldedTournament, after: FoldedTournament, fields: Mapping[str, Any]
) -> tuple[PlayerState | None, PlayerState | None, str | None, MatchChange]:
    """A board correction's players, result before it and match (``fields``: the
    correction's public fields)."""
    number = fields["round"]
    scores = []
    for folded in (after, before):
        found = folded.state.team_rounds[number].match(fields["match"])
        assert found is not None  # the correction's decision checked it
        match = found
        points = match_score(folded.state, number, match)
        scores.append(f"{score_text(points[match.white])}-{score_text(points[match.black])}")
    state = before.state
    board = match_boards(
        match, state.public_lineups, number, state.settings.boards, state.settings.colour_sequence
    )[fields["board"] - 1]
    white, black = (None if p is None else state.players[p] for p in (board.white, board.black))
    teams = state.teams
    view = MatchChange(
        match.number, teams[match.white].name, teams[match.black].name, scores[1], scores[0]
    )
    return white, black, board.result, view
