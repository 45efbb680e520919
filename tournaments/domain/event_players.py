"""Which players an event names, by the id each got at registration (which never
changes), for the event log's player filter.  Pure Python, no Django.

Stored events name players by start rank (registrations, withdrawals, byes, the
boards of a pairing, a board's result) or by id (the amendments); a start rank
means the player who had it when the event was stored, which the initial ranking
may change before round 1.  ``PlayerTrail`` folds the log and reads each event
against the state of its time.
"""

from __future__ import annotations

from collections.abc import Iterable

from .events import (
    ByeRequested,
    DomainEvent,
    PlayerRegistered,
    PlayersCheckedIn,
    PlayersRanked,
    PlayerWithdrawn,
    ResultCorrected,
    ResultRecorded,
    RoundPaired,
    RoundUnpaired,
)
from .state import OpenFold, TournamentState


class PlayerTrail:
    """The events of one tournament in seq order, each read for the players it names."""

    def __init__(self) -> None:
        self._fold = OpenFold()

    def named(self, seq: int, event: DomainEvent) -> frozenset[int]:
        """The ids of the players event ``seq`` names (then folded)."""
        if isinstance(event, RoundUnpaired):
            # The round's boards are gone after it: read before.
            named = _ids(self._fold.state(), _round_ranks(self._fold.state(), event.round))
            self._fold.apply(seq, event)
            return named
        self._fold.apply(seq, event)
        state = self._fold.state()
        player_id = getattr(event, "player_id", None)
        if isinstance(event, PlayerRegistered | PlayerWithdrawn | ByeRequested):
            return _ids(state, [event.start_rank])
        if isinstance(event, PlayersRanked):
            return frozenset(event.order)
        if isinstance(event, PlayersCheckedIn):
            return frozenset(event.player_ids)
        if isinstance(event, RoundPaired):
            return _ids(state, _round_ranks(state, event.round))
        if isinstance(event, ResultRecorded | ResultCorrected):
            board = state.rounds[event.round].board(event.board)
            return _ids(state, [board.white, board.black] if board else [])
        return frozenset() if player_id is None else frozenset([player_id])


def _round_ranks(state: TournamentState, number: int) -> list[int]:
    rnd = state.rounds.get(number)
    return sorted(rnd.paired_players) if rnd is not None else []


def _ids(state: TournamentState, ranks: Iterable[int]) -> frozenset[int]:
    return frozenset(state.players[rank].player_id for rank in ranks if rank in state.players)
