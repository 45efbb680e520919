"""Results reported by the players (issue 21), and the private links they (and
team captains) use.  Pure Python, no Django.

A report (``result.reported``) is never a result: the organiser confirms it, which
stores a ``result.recorded`` naming the reports it confirms, or rejects it
(``result.report_rejected``).  With the setting ``confirm_matching_reports`` the
second of two matching reports of a board confirms itself: the decision appends
that ``result.recorded`` too, stored without an author (the system's).

A private link names its holder: a player (``role`` "player", by player id) or a
team's captain ("captain", by team number).  ``link.issued`` gives the holder a
new nonce (replacing any link it had), ``link.revoked`` takes it away; the link
itself, the nonce signed with the server's key, is made in
``tournaments.store.private_links``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .amendments import player_of
from .decisions import decide_result
from .errors import CommandError
from .events import DomainEvent, LinkIssued, LinkRevoked, ReportRejected, ResultReported
from .state import BoardState, Report, RoundState, TournamentState

Body = Mapping[str, Any]
PLAYER = "player"
CAPTAIN = "captain"
ROLES = (PLAYER, CAPTAIN)


# --- private links ------------------------------------------------------------------


def check_holder(state: TournamentState, role: str, holder: int, field: str = "holder") -> None:
    """Refuse a holder who does not exist: no such player, no such team."""
    if role == PLAYER:
        player_of(state, holder, field)
    elif not state.settings.is_team:
        raise CommandError("role", "captains' links are for team events")
    elif holder not in state.teams:
        raise CommandError(field, f"no team has pairing number {holder}")


def decide_links_issued(state: TournamentState, body: Body) -> list[DomainEvent]:
    """New links for ``holders`` (``nonces``, one each, made by the caller: this
    module has no randomness); each replaces the holder's link if it had one."""
    role = body["role"]
    events: list[DomainEvent] = []
    for index, (holder, nonce) in enumerate(zip(body["holders"], body["nonces"], strict=True)):
        check_holder(state, role, holder, f"holders.{index}")
        events.append(LinkIssued(role, holder, nonce))
    return events


def decide_link_revoked(state: TournamentState, body: Body) -> list[DomainEvent]:
    role, holder = body["role"], body["holder"]
    check_holder(state, role, holder)
    if (role, holder) not in state.links:
        raise CommandError("holder", f"{role} {holder} has no link to revoke")
    return [LinkRevoked(role, holder)]


def link_valid(state: TournamentState, role: str, holder: int, nonce: str) -> bool:
    """Whether a link's nonce is its holder's live one (not revoked nor re-issued)."""
    return state.links.get((role, holder)) == nonce


# --- reports ------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerBoard:
    """A player's board in the current round, as their link shows it."""

    round: RoundState
    board: BoardState
    own_report: Report | None


def current_board(state: TournamentState, player_id: int) -> PlayerBoard:
    """The player's board in the current (last paired) round, or a CommandError
    saying why there is none to report on."""
    if state.settings.is_team:
        raise CommandError("round", "in a team event the arbiter enters the board results")
    player = player_of(state, player_id)
    number = state.last_paired_round
    if number == 0:
        raise CommandError("round", "no round is paired yet")
    rnd = state.rounds[number]
    board = rnd.board_of(player.start_rank)
    if board is None:
        raise CommandError("round", f"{player.name} has no board in round {number}")
    own = state.reports.get((number, board.number), {}).get(player.start_rank)
    return PlayerBoard(rnd, board, own)


def decide_report(state: TournamentState, body: Body) -> list[DomainEvent]:
    """A player's report of their game in the current round (``player_id`` is the
    link's holder, never the client's), and its confirmation when the opponent
    reported the same and the tournament confirms matching reports."""
    at = current_board(state, body["player_id"])
    rnd, board, result = at.round, at.board, body["result"]
    asked = body.get("round")
    if asked is not None and asked != rnd.number:
        now = f"round {rnd.number}, board {board.number}"
        raise CommandError("round", f"round {asked} is over: your game now is {now}")
    if body.get("board") not in (None, board.number):
        raise CommandError(
            "board", f"round {rnd.number} was paired again: you now play on board {board.number}"
        )
    if rnd.closed:
        raise CommandError("round", f"round {rnd.number} is closed")
    if board.result is not None:
        raise CommandError("result", f"board {board.number} already has its result")
    if at.own_report is not None and at.own_report.result == result:
        raise CommandError("result", f"you already reported {result}")
    report = ResultReported(rnd.number, board.number, body["player_id"], result)
    own_rank = state.player_ids[body["player_id"]]
    opponent = board.black if own_rank == board.white else board.white
    theirs = state.reports.get((rnd.number, board.number), {}).get(opponent)
    if not state.settings.confirm_matching_reports or theirs is None or theirs.result != result:
        return [report]
    # The report is stored at the next seq; the result after it names both.
    confirms = sorted((theirs.seq, state.last_seq + 1))
    return [report, *_record(state, rnd.number, board.number, result, confirms)]


def _record(
    state: TournamentState, round_number: int, board: int, result: str, confirms: list[int]
) -> list[DomainEvent]:
    body = {"round": round_number, "board": board, "result": result, "confirms": confirms}
    return decide_result(state, body)


def _reported(state: TournamentState, body: Body) -> Mapping[int, Report]:
    reports = state.reports.get((body["round"], body["board"]))
    if not reports:
        raise CommandError(
            "board", f"board {body['board']} of round {body['round']} has no report to decide"
        )
    seen = body.get("reports")
    if seen is not None and sorted(seen) != sorted(r.seq for r in reports.values()):
        raise CommandError(
            "reports",
            f"the reports of board {body['board']} changed since your page was loaded: "
            "check them and decide again",
        )
    return reports


def conflicting(reports: Mapping[int, Report]) -> bool:
    """Whether a board's two players reported different results."""
    return len({r.result for r in reports.values()}) > 1


def decide_confirmation(state: TournamentState, body: Body) -> list[DomainEvent]:
    """The organiser confirms a board's reports: its result, the reported one, or
    ``result`` when the players' reports conflict (the organiser says which)."""
    reports = _reported(state, body)
    result = body.get("result")
    if result is None:
        if conflicting(reports):
            raise CommandError("result", "the players reported different results: give the result")
        result = next(iter(reports.values())).result
    confirms = sorted(r.seq for r in reports.values())
    return _record(state, body["round"], body["board"], result, confirms)


def decide_rejection(state: TournamentState, body: Body) -> list[DomainEvent]:
    """The organiser rejects a board's reports (the result stays to be entered)."""
    _reported(state, body)
    rnd = state.rounds[body["round"]]
    board = rnd.board(body["board"])
    if board is not None and board.result is not None:
        raise CommandError("board", f"board {board.number} already has its result")
    return [ReportRejected(body["round"], body["board"], body["reason"])]


def pending_reports(state: TournamentState, round_number: int) -> dict[int, Mapping[int, Report]]:
    """A round's reported boards still without a result: board -> reports by start rank."""
    rnd = state.rounds.get(round_number)
    if rnd is None:
        return {}
    out = {}
    for (number, board_number), reports in state.reports.items():
        board = rnd.board(board_number)
        if number == round_number and reports and board is not None and board.result is None:
            out[board_number] = reports
    return dict(sorted(out.items()))
