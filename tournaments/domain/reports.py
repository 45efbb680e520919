"""Results reported by the players (issue 21, and in team events issue 22), and the
private links they (and team captains) use.  Pure Python, no Django.

A report (``result.reported``) is never a result: the organiser confirms it, which
stores the board's result naming the reports it confirms, or rejects it
(``result.report_rejected``).  With the setting ``confirm_matching_reports`` the
second of two matching reports of a board confirms itself: the decision appends
that result too, stored without an author (the system's).  A result goes through
the decision that records one by hand: ``decide_result`` for an individual board,
``decide_board_result`` for a board of a team match, so the same rules hold.

A board is named by its ``BoardKey``, (round, match, board), the match None in an
individual event: everything below but finding the boards is the same for both.

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
from .errors import CommandError, msg
from .events import DomainEvent, LinkIssued, LinkRevoked, ReportRejected, ResultReported
from .state import BoardKey, Report, TournamentState
from .team_decisions import decide_board_result
from .teams import BoardView, MatchState, match_boards

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
        raise CommandError("role", msg("captains' links are for team events"))
    elif holder not in state.teams:
        raise CommandError(field, msg("no team has pairing number %(holder)s", holder=holder))


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
        revoked = (
            msg("captain %(holder)s has no link to revoke", holder=holder)
            if role == "captain"
            else msg("player %(holder)s has no link to revoke", holder=holder)
        )
        raise CommandError("holder", revoked)
    return [LinkRevoked(role, holder)]


def link_valid(state: TournamentState, role: str, holder: int, nonce: str) -> bool:
    """Whether a link's nonce is its holder's live one (not revoked nor re-issued)."""
    return state.links.get((role, holder)) == nonce


# --- the boards players report on ---------------------------------------------------


@dataclass(frozen=True)
class Seats:
    """A board as it stands: its players (start ranks) and its result."""

    white: int
    black: int
    result: str | None


def _individual_seats(state: TournamentState, key: BoardKey) -> Seats | None:
    rnd = state.rounds.get(key[0])
    board = None if rnd is None else rnd.board(key[2])
    return None if board is None else Seats(board.white, board.black, board.result)


def _match_views(
    state: TournamentState, round_number: int, match: MatchState
) -> tuple[BoardView, ...]:
    return match_boards(
        match, state.lineups, round_number, state.settings.boards, state.settings.colour_sequence
    )


def _team_seats(state: TournamentState, key: BoardKey) -> Seats | None:
    number, match_number, board = key
    rnd = state.team_rounds.get(number)
    match = None if rnd is None or match_number is None else rnd.match(match_number)
    if match is None or match.forfeit is not None:
        return None
    views = _match_views(state, number, match)
    view = views[board - 1] if 0 < board <= len(views) else None
    if view is None or view.white is None or view.black is None:
        return None
    return Seats(view.white, view.black, view.result)


def seats(state: TournamentState, key: BoardKey) -> Seats | None:
    """The board of ``key`` as it stands; None when it is no board two players sit
    at (not paired, a forfeited match, a line-up missing or an empty seat)."""
    return (_team_seats if state.settings.is_team else _individual_seats)(state, key)


def board_reports(state: TournamentState, key: BoardKey, at: Seats) -> Mapping[int, Report]:
    """The reports of the board's two players (a team's changed line-up leaves the
    reports of a player no longer on the board behind: they do not count)."""
    reported = state.reports.get(key, {})
    return {rank: r for rank, r in reported.items() if rank in (at.white, at.black)}


@dataclass(frozen=True)
class PlayerBoard:
    """A player's board in the current round, as their link shows it: in a team
    event also the match and the two teams (``white_team`` has White on it)."""

    key: BoardKey
    player: int  # the link's player (start rank)
    seats: Seats
    reports: Mapping[int, Report]
    closed: bool = False
    white_team: int | None = None
    black_team: int | None = None

    @property
    def round(self) -> int:
        return self.key[0]

    @property
    def match(self) -> int | None:
        return self.key[1]

    @property
    def board(self) -> int:
        return self.key[2]

    @property
    def plays_white(self) -> bool:
        return self.player == self.seats.white

    @property
    def opponent(self) -> int:
        return self.seats.black if self.plays_white else self.seats.white

    @property
    def own_report(self) -> Report | None:
        return self.reports.get(self.player)

    @property
    def opponents_report(self) -> Report | None:
        return self.reports.get(self.opponent)

    @property
    def opposing_team(self) -> int | None:
        return self.black_team if self.plays_white else self.white_team


def current_round(state: TournamentState) -> int:
    """The round players report on: the last paired (0: none yet)."""
    if state.settings.is_team:
        return max(state.team_rounds, default=0)
    return state.last_paired_round


def current_board(state: TournamentState, player_id: int) -> PlayerBoard:
    """The player's board in the current (last paired) round, or a CommandError
    naming the field that says why there is none to report on."""
    player = player_of(state, player_id, "player_id")
    if state.settings.is_team:
        return _team_board(state, player.start_rank)
    number = current_round(state)
    if number == 0:
        raise CommandError("round", msg("no round is paired yet"))
    rnd = state.rounds[number]
    board = rnd.board_of(player.start_rank)
    if board is None:
        raise CommandError(
            "round",
            msg("%(name)s has no board in round %(round)s", name=player.name, round=number),
        )
    key = (number, None, board.number)
    at = Seats(board.white, board.black, board.result)
    return PlayerBoard(key, player.start_rank, at, board_reports(state, key, at), rnd.closed)


def _team_board(state: TournamentState, rank: int) -> PlayerBoard:
    """The board of a team's player: in the last paired round once it has started
    (until then its line-ups are the organisers' alone), in their team's line-up."""
    name = state.players[rank].name
    team = state.team_of(rank)
    if team is None:
        raise CommandError("player_id", msg("%(name)s is on no team's roster", name=name))
    number = current_round(state)
    if number == 0:
        raise CommandError("round", msg("no round is paired yet"))
    if not state.team_round_started(number):
        raise CommandError("round", msg("round %(round)s has not started yet", round=number))
    match = state.team_rounds[number].match_of(team)
    if match is None:
        raise CommandError(
            "round",
            msg("team %(team)s plays no match in round %(round)s", team=team, round=number),
        )
    if match.forfeit is not None:
        raise CommandError(
            "match",
            msg(
                "match %(match)s was forfeited (%(forfeit)s)",
                match=match.number,
                forfeit=match.forfeit,
            ),
        )
    if rank not in state.lineups.get((number, team), ()):
        raise CommandError(
            "player_id",
            msg(
                "%(name)s is not in team %(team)s's line-up for round %(round)s",
                name=name,
                team=team,
                round=number,
            ),
        )
    views = _match_views(state, number, match)
    if not views:
        other = match.black if team == match.white else match.white
        raise CommandError(
            "board",
            msg("team %(team)s has no line-up for round %(round)s", team=other, round=number),
        )
    view = next(v for v in views if rank in (v.white, v.black))
    if view.white is None or view.black is None:
        raise CommandError(
            "board",
            msg(
                "board %(board)s has an empty seat: it is a forfeit (%(result)s)",
                board=view.board,
                result=view.result,
            ),
        )
    key = (number, match.number, view.board)
    at = Seats(view.white, view.black, view.result)
    black_team = match.black if view.white_team == match.white else match.white
    return PlayerBoard(
        key, rank, at, board_reports(state, key, at), False, view.white_team, black_team
    )


# --- reports ------------------------------------------------------------------------


def decide_report(state: TournamentState, body: Body) -> list[DomainEvent]:
    """A player's report of their game in the current round (``player_id`` is the
    link's holder, never the client's), and its confirmation when the opponent
    reported the same and the tournament confirms matching reports."""
    at = current_board(state, body["player_id"])
    result = body["result"]
    # What the player's page showed: a page left open while the round was paired
    # (re-paired, or the line-ups changed) must not report on another game.
    where = (
        msg("board %(board)s", board=at.board)
        if at.match is None
        else msg("board %(board)s of match %(match)s", board=at.board, match=at.match)
    )
    asked = body.get("round")
    if asked is not None and asked != at.round:
        raise CommandError(
            "round",
            msg(
                "round %(round)s is over: your game now is round %(current)s, %(where)s",
                round=asked,
                current=at.round,
                where=where,
            ),
        )
    if body.get("board") not in (None, at.board):
        raise CommandError(
            "board",
            msg(
                "your board in round %(round)s changed: you now play on %(where)s",
                round=at.round,
                where=where,
            ),
        )
    if at.closed:
        raise CommandError("round", msg("round %(round)s is closed", round=at.round))
    if at.seats.result is not None:
        raise CommandError("result", msg("board %(board)s already has its result", board=at.board))
    if at.own_report is not None and at.own_report.result == result:
        raise CommandError("result", msg("you already reported %(result)s", result=result))
    report = ResultReported(
        round=at.round, match=at.match, board=at.board, player_id=body["player_id"], result=result
    )
    theirs = at.opponents_report
    if not state.settings.confirm_matching_reports or theirs is None or theirs.result != result:
        return [report]
    # The report is stored at the next seq; the result after it names both.
    confirms = sorted((theirs.seq, state.last_seq + 1))
    return [report, *_record(state, at.key, result, confirms)]


def _record(
    state: TournamentState, key: BoardKey, result: str, confirms: list[int]
) -> list[DomainEvent]:
    """The board's result, by the decision that records one by hand."""
    number, match, board = key
    body = {"round": number, "board": board, "result": result, "confirms": confirms}
    if match is None:
        return decide_result(state, body)
    return decide_board_result(state, {**body, "match": match})


def _key(state: TournamentState, body: Body) -> BoardKey:
    """The board an organiser's command names: a team event's by its match too."""
    match = body.get("match")
    if state.settings.is_team and match is None:
        raise CommandError("match", msg("in a team event a board is named by its match"))
    if not state.settings.is_team and match is not None:
        raise CommandError("match", msg("an individual tournament has no matches"))
    return (body["round"], match, body["board"])


def _reported(state: TournamentState, body: Body) -> tuple[BoardKey, Seats, Mapping[int, Report]]:
    key = _key(state, body)
    at = seats(state, key)
    reports = {} if at is None else board_reports(state, key, at)
    number, match, board = key
    where = (
        msg("board %(board)s of round %(round)s", board=board, round=number)
        if match is None
        else msg(
            "board %(board)s of match %(match)s in round %(round)s",
            board=board,
            match=match,
            round=number,
        )
    )
    if at is None or not reports:
        raise CommandError("board", msg("%(where)s has no report to decide", where=where))
    seen = body.get("reports")
    if seen is not None and sorted(seen) != sorted(r.seq for r in reports.values()):
        raise CommandError(
            "reports",
            msg(
                "the reports of %(where)s changed since your page was loaded:"
                " check them and decide again",
                where=where,
            ),
        )
    return key, at, reports


def conflicting(reports: Mapping[int, Report]) -> bool:
    """Whether a board's two players reported different results."""
    return len({r.result for r in reports.values()}) > 1


def decide_confirmation(state: TournamentState, body: Body) -> list[DomainEvent]:
    """The organiser confirms a board's reports: its result, the reported one, or
    ``result`` when the players' reports conflict (the organiser says which)."""
    key, _, reports = _reported(state, body)
    result = body.get("result")
    if result is None:
        if conflicting(reports):
            raise CommandError(
                "result", msg("the players reported different results: give the result")
            )
        result = next(iter(reports.values())).result
    confirms = sorted(r.seq for r in reports.values())
    return _record(state, key, result, confirms)


def decide_rejection(state: TournamentState, body: Body) -> list[DomainEvent]:
    """The organiser rejects a board's reports (the result stays to be entered)."""
    key, at, _ = _reported(state, body)
    if at.result is not None:
        raise CommandError("board", msg("board %(board)s already has its result", board=key[2]))
    return [ReportRejected(round=key[0], match=key[1], board=key[2], reason=body["reason"])]


@dataclass(frozen=True)
class ReportedBoard:
    """A board with reports still to decide, as the organiser's pages list it."""

    key: BoardKey
    seats: Seats
    reports: Mapping[int, Report]  # by start rank

    @property
    def conflict(self) -> bool:
        return conflicting(self.reports)


def reported_boards(state: TournamentState, round_number: int) -> list[ReportedBoard]:
    """A round's reported boards still without a result, by match and board."""
    out = []
    for key in state.reports:
        at = seats(state, key) if key[0] == round_number else None
        reports = {} if at is None else board_reports(state, key, at)
        if at is not None and at.result is None and reports:
            out.append(ReportedBoard(key, at, reports))
    return sorted(out, key=lambda b: (b.key[1] or 0, b.key[2]))


def pending_reports(
    state: TournamentState, round_number: int, match: int | None = None
) -> dict[int, Mapping[int, Report]]:
    """The reported boards of a round (of one of its matches, in a team event) still
    without a result: board -> reports by start rank."""
    return {b.key[2]: b.reports for b in reported_boards(state, round_number) if b.key[1] == match}
