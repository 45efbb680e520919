"""A correction's public "what changed" view: the board's result before and after,
the reason, who entered it and when, and the places and tie-breaks it changed.

Both sides are moments of the log (``live.moments``): the standings after the
event before the correction and after the correction itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tournaments.store.queries import (
    PlayerState,
    author_of,
    load_tournament_as_of,
    public_events,
)

from .moments import table_at
from .spectator_content import RESULT_TEXT, standings_order

CORRECTED = "result.corrected"


@dataclass(frozen=True)
class Change:
    """One player whose place, points or tie-breaks the correction changed."""

    player: PlayerState
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
    white: PlayerState
    black: PlayerState
    before: str
    after: str
    reason: str
    supersedes: int
    who: str
    when: datetime
    columns: tuple[str, ...]  # of the scores: "points", then the tie-break codes
    changes: tuple[Change, ...]  # in the standings order after the correction


def corrections(tournament_id: int, round_number: int | None = None) -> list[tuple[int, Any]]:
    """(seq, public fields) of the tournament's corrections, of one round if given."""
    found = public_events(tournament_id, limit=10_000, kinds=(CORRECTED,))
    return [
        (event.seq, event.fields)
        for event in found
        if round_number is None or event.fields["round"] == round_number
    ]


def correction_view(tournament_id: int, seq: int) -> CorrectionView | None:
    """None when event ``seq`` is no correction of the tournament."""
    found = public_events(tournament_id, seq - 1, 1, kinds=(CORRECTED,), through=seq)
    if not found:
        return None
    fields = found[0].fields
    before = load_tournament_as_of(tournament_id, seq - 1)
    after = load_tournament_as_of(tournament_id, seq)
    old_board = before.state.rounds[fields["round"]].board(fields["board"])
    assert old_board is not None  # the correction's decision checked it
    table_before, table_after = table_at(before).table, table_at(after).table
    places_before = {rank: s.place for rank, s in standings_order(table_before)}
    changes = tuple(
        Change(
            after.state.players[rank],
            places_before[rank],
            standing.place,
            table_before.scores[rank],
            table_after.scores[rank],
        )
        for rank, standing in standings_order(table_after)
        if places_before[rank] != standing.place
        or table_before.scores[rank] != table_after.scores[rank]
    )
    players = after.state.players
    return CorrectionView(
        seq=seq,
        round=fields["round"],
        board=fields["board"],
        white=players[old_board.white],
        black=players[old_board.black],
        before=RESULT_TEXT.get(old_board.result or "", ""),
        after=RESULT_TEXT[fields["result"]],
        reason=fields["reason"],
        supersedes=fields["supersedes"],
        who=author_of(tournament_id, seq),
        when=found[0].created_at,
        columns=tuple(table_after.columns[table_after.columns.index("points") :]),
        changes=changes,
    )
