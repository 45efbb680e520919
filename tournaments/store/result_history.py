"""Per player, the history of each result: the first entry and every correction
after it, with who entered it, when and why.  Read from the event log, so the
admin can show an arbiter exactly how a result came to be what it is."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from tournaments.domain.events import EventKind
from tournaments.domain.state import PlayerState
from tournaments.models import Event

from .events import payload_of
from .state_cache import current_state


@dataclass(frozen=True)
class ResultEntry:
    seq: int
    corrected: bool
    result: str
    reason: str
    author: str
    created_at: datetime


@dataclass(frozen=True)
class BoardHistory:
    round: int
    board: int
    colour: str  # "white" or "black": the player's side on that board
    opponent: PlayerState
    entries: tuple[ResultEntry, ...]  # in seq order; the last one stands

    @property
    def corrected(self) -> bool:
        return len(self.entries) > 1


@dataclass(frozen=True)
class PlayerHistory:
    player: PlayerState
    boards: tuple[BoardHistory, ...]  # in round order

    @property
    def corrections(self) -> int:
        return sum(len(b.entries) - 1 for b in self.boards)


def result_history(tournament_id: int) -> list[PlayerHistory]:
    """Every player's results, each with its entry and corrections, by start rank."""
    state = current_state(tournament_id)
    events = (
        Event.objects.filter(
            tournament_id=tournament_id,
            kind__in=(EventKind.RESULT_RECORDED, EventKind.RESULT_CORRECTED),
        )
        .select_related("author")
        .order_by("seq")
    )
    by_board: dict[tuple[int, int], list[ResultEntry]] = defaultdict(list)
    for event in events:
        payload = payload_of(event)
        by_board[payload["round"], payload["board"]].append(
            ResultEntry(
                seq=event.seq,
                corrected=event.kind == EventKind.RESULT_CORRECTED,
                result=payload["result"],
                reason=payload.get("reason", ""),
                author=event.author.get_username() if event.author else "",
                created_at=event.created_at,
            )
        )
    boards: dict[int, list[BoardHistory]] = defaultdict(list)
    for (round_number, number), entries in sorted(by_board.items()):
        board = state.rounds[round_number].board(number)
        assert board is not None  # a result names a paired board (its decision checked)
        for rank, colour, opponent in (
            (board.white, "white", board.black),
            (board.black, "black", board.white),
        ):
            boards[rank].append(
                BoardHistory(round_number, number, colour, state.players[opponent], tuple(entries))
            )
    return [
        PlayerHistory(state.players[rank], tuple(boards[rank])) for rank in sorted(state.players)
    ]
