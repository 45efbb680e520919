"""What each command decides: ``decide_*(state, body) -> [events]``, or a
CommandError naming the field that makes it wrong.  Pure Python, no Django.

``body`` is a command's request body with its shape already validated (types,
ranges, choices: ``tournaments.domain.bodies``); a decision completes it with
what the server fills in (a start rank, the superseded seq), checks it against
the state and returns the events to append.  It only reads the state: the store
(``tournaments.store.append``) decides again on the newer state when another
writer appended first.

``Plan`` chains decisions: each is decided against the state after the events
of the ones before it (a round with its requested byes, a TRF import).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol

from pairings import NoLegalPairing, RoundPairing
from pairings.acceleration import Acceleration
from pairings.external import EngineError
from tiebreaks.model import Color, System, TournamentResults
from tiebreaks.prizes import prize_list_json

from . import amendments
from .berger import BergerError, round_robin_schedule
from .entrants import PLAYERS, Entrant, check_in_range, check_withdrawal
from .errors import CommandError, listed, msg, text_of
from .events import (
    ByeRequested,
    DomainEvent,
    PairedBoard,
    PlayerRegistered,
    PlayerWithdrawn,
    PrizeListSet,
    ResultCorrected,
    ResultRecorded,
    RoundClosed,
    RoundPaired,
)
from .pairing_origin import BUILT_IN, built_in_version, by_hand, pairing_input
from .pairing_rules import active_players, check_swiss_rules
from .state import BoardState, OpenFold, PlayerState, RoundState, TournamentState

Body = Mapping[str, Any]
Decision = Callable[[TournamentState, Body], list[DomainEvent]]


def _player(state: TournamentState, start_rank: int, field: str) -> PlayerState:
    try:
        return state.players[start_rank]
    except KeyError:
        raise CommandError(
            field, msg("no player has start rank %(start_rank)s", start_rank=start_rank)
        ) from None


def _individual(state: TournamentState) -> None:
    if state.settings.is_team:
        raise CommandError("kind", msg("a team event is paired as matches (team-rounds)"))


def _in_range(state: TournamentState, round_number: int, field: str) -> None:
    check_in_range(state, round_number, field, PLAYERS)


def _paired_round(state: TournamentState, round_number: int) -> RoundState:
    _in_range(state, round_number, "round")
    try:
        return state.rounds[round_number]
    except KeyError:
        raise CommandError(
            "round",
            msg("round %(round)s is not paired yet", round=round_number),
        ) from None


def _paired_board(state: TournamentState, body: Body) -> tuple[RoundState, BoardState]:
    rnd = _paired_round(state, body["round"])
    board = rnd.board(body["board"])
    if board is None:
        raise CommandError(
            "board",
            msg("round %(round)s has no board %(board)s", round=rnd.number, board=body["board"]),
        )
    return rnd, board


def decide_registration(state: TournamentState, body: Body) -> list[DomainEvent]:
    """Register a player; without a start rank, the next free one is taken."""
    # max() scans every player: a 9,999-player import gives the ranks.
    rank = body["start_rank"] if "start_rank" in body else max(state.players, default=0) + 1
    if rank in state.players:
        raise CommandError(
            "start_rank",
            msg(
                "start rank %(rank)s is already %(name)s", rank=rank, name=state.players[rank].name
            ),
        )
    twin = state.fide_ids.get(body["fide_id"]) if body["fide_id"] else None
    if twin is not None:
        raise CommandError(
            "fide_id",
            msg(
                "FIDE id %(fide_id)s is already player %(player)s",
                fide_id=body["fide_id"],
                player=twin,
            ),
        )
    player_id = amendments.next_player_id(state)
    if body.get("player_id", player_id) != player_id:
        raise CommandError("player_id", msg("player ids are given by the server: omit it"))
    payload = {**body, "start_rank": rank, "player_id": player_id}
    # A late entry: the rounds paired already are byes (zero points unless the
    # organiser chose half), the same requested byes C.07 reads as unplayed rounds.
    first_round = state.last_paired_round + 1
    if first_round > 1:
        if first_round > state.settings.rounds:
            raise CommandError(
                "name", msg("every round is paired: too late to enter the tournament")
            )
        payload["first_round"] = first_round
    else:
        payload.pop("missed_rounds", None)
    return [PlayerRegistered.from_payload(payload)]


def decide_withdrawal(state: TournamentState, body: Body) -> list[DomainEvent]:
    """Withdraw a player from a round on; rounds already paired keep their games."""
    rank = body["start_rank"]
    player = _player(state, rank, "start_rank")
    who = msg("player %(rank)s", rank=rank)
    entrant = Entrant(PLAYERS, rank, "start_rank", who, player.withdrawn_from)
    check_withdrawal(state, entrant, body["from_round"])
    return [PlayerWithdrawn.from_payload(body)]


def decide_bye(state: TournamentState, body: Body) -> list[DomainEvent]:
    """Request a half-, zero- or full-point bye for a round not paired yet."""
    rank, number = body["start_rank"], body["round"]
    player = _player(state, rank, "start_rank")
    _in_range(state, number, "round")
    if number in state.rounds:
        raise CommandError("round", msg("round %(round)s is already paired", round=number))
    if player.withdrawn_in(number):
        raise CommandError(
            "start_rank",
            msg("player %(rank)s withdrew before round %(round)s", rank=rank, round=number),
        )
    if state.requested_bye(number, rank) is not None:
        raise CommandError(
            "round",
            msg("player %(rank)s already has a bye in round %(round)s", rank=rank, round=number),
        )
    if body["points"] == "half":
        _check_half_bye_limits(state, player, number)
    return [ByeRequested.from_payload(body)]


def _check_half_bye_limits(state: TournamentState, player: PlayerState, number: int) -> None:
    """The tournament's C.04.2 limits: no half-point bye in the rounds it names, and
    at most ``max_half_byes`` per player (late-entry byes not counted)."""
    settings = state.settings
    if number in settings.no_half_byes_in:
        closed = ", ".join(map(str, settings.no_half_byes_in))
        raise CommandError(
            "round",
            msg(
                "no half-point bye may be requested in round %(round)s (no_half_byes_in:"
                " %(closed)s)",
                round=number,
                closed=closed,
            ),
        )
    taken = state.half_byes_of(player.start_rank)
    if settings.max_half_byes is not None and len(taken) >= settings.max_half_byes:
        allowed = {"name": player.name, "count": len(taken), "max": settings.max_half_byes}
        raise CommandError(
            "points",
            msg(
                "%(name)s has %(count)s half-point byes (rounds %(rounds)s):"
                " the tournament allows %(max)s (max_half_byes)",
                rounds=", ".join(map(str, taken)),
                **allowed,
            )
            if taken
            else msg(
                "%(name)s has %(count)s half-point byes:"
                " the tournament allows %(max)s (max_half_byes)",
                **allowed,
            ),
        )


def decide_pairing(state: TournamentState, body: Body) -> list[DomainEvent]:
    """Pair the next round: boards (white, black by start rank; numbered in list
    order unless given) and pairing-allocated byes, every player known, active and
    seated once."""
    number = body["round"]
    _individual(state)
    _in_range(state, number, "round")
    if number in state.rounds:
        raise CommandError("round", msg("round %(round)s is already paired", round=number))
    if number != state.last_paired_round + 1:
        raise CommandError(
            "round",
            msg("round %(round)s is the next round to pair", round=state.last_paired_round + 1),
        )
    seen: set[int] = set()

    def place(rank: int, field: str) -> None:
        player = _player(state, rank, field)
        if rank in seen:
            raise CommandError(
                field,
                msg("player %(rank)s appears twice in round %(round)s", rank=rank, round=number),
            )
        if player.withdrawn_in(number):
            raise CommandError(
                field,
                msg("player %(rank)s withdrew before round %(round)s", rank=rank, round=number),
            )
        if state.requested_bye(number, rank) is not None:
            raise CommandError(
                field,
                msg(
                    "player %(rank)s requested a bye in round %(round)s",
                    rank=rank,
                    round=number,
                ),
            )
        seen.add(rank)

    boards: dict[int, PairedBoard] = {}
    for index, board in enumerate(body["boards"]):
        numbered = PairedBoard(board.get("board", index + 1), board["white"], board["black"])
        if numbered.board in boards:
            raise CommandError(
                f"boards.{index}.board", msg("board %(board)s appears twice", board=numbered.board)
            )
        boards[numbered.board] = numbered
        place(numbered.white, f"boards.{index}.white")
        place(numbered.black, f"boards.{index}.black")
    for index, rank in enumerate(body["byes"]):
        place(rank, f"byes.{index}")
    return [RoundPaired(number, tuple(boards.values()), tuple(body["byes"]))]


def decide_checked_pairing(*, confirm_repeats: bool) -> Decision:
    """``decide_pairing`` plus the Swiss pairing rules (``pairing_rules``): what the
    rounds API and a round handed over as a TRF decide."""

    def decide(state: TournamentState, body: Body) -> list[DomainEvent]:
        events = decide_pairing(state, body)
        check_swiss_rules(state, body, confirm_repeats=confirm_repeats)
        return events

    return decide


def decide_pairing_by_hand(*, confirm_repeats: bool, default_colour: Color) -> Decision:
    """``decide_checked_pairing`` for boards an organiser gives (their own program, or
    edited by hand): a Swiss round paired after a complete round records its origin,
    the input the built-in engine would pair it from (``pairing_origin.by_hand``);
    how the boards differ from the engine's is the round's verdict, computed later."""
    checked = decide_checked_pairing(confirm_repeats=confirm_repeats)

    def decide(state: TournamentState, body: Body) -> list[DomainEvent]:
        events = checked(state, body)
        previous = state.rounds.get(body["round"] - 1)
        if state.settings.system is not System.SWISS or (previous and not previous.complete):
            # No engine pairs a round whose predecessor still waits for results.
            return events
        (event,) = events
        assert isinstance(event, RoundPaired)
        return [by_hand(state, event, default_colour)]

    return decide


def decide_result(state: TournamentState, body: Body) -> list[DomainEvent]:
    """Record the result of a board that has none."""
    rnd, board = _paired_board(state, body)
    if rnd.closed:
        raise CommandError(
            "round",
            msg("round %(round)s is closed: send a correction", round=rnd.number),
        )
    where = msg("board %(board)s of round %(round)s", board=board.number, round=rnd.number)
    check_first_result(where, _recorded(board))
    return [ResultRecorded.from_payload(body)]


def decide_correction(state: TournamentState, body: Body) -> list[DomainEvent]:
    """Replace a board's result, with a reason; the earlier event stays in the log.
    Without ``supersedes``, the correction replaces the board's current result."""
    _, board = _paired_board(state, body)
    supersedes = superseded(board.number, _recorded(board), body, rated=board.rated)
    return [ResultCorrected.from_payload({**body, "supersedes": supersedes})]


# A board's result (white's side first) and the event that set it.
Recorded = tuple[str, int | None]


def _recorded(board: BoardState) -> Recorded | None:
    return None if board.result is None else (board.result, board.result_seq)


def check_first_result(where: str, recorded: Recorded | None) -> None:
    """Refuse a board's first result when it has one (``where``: how the message
    names the board, "board 3 of round 2", a msg)."""
    if recorded is not None:
        raise CommandError(
            "result",
            msg(
                "%(where)s already has %(result)s (event #%(seq)s): send a correction",
                where=where,
                result=recorded[0],
                seq=recorded[1],
            ),
        )


def superseded(board: int, recorded: Recorded | None, body: Body, *, rated: bool) -> int | None:
    """The event a correction of ``board`` replaces: its current result's
    (``recorded``, ``rated`` or not), which ``body["supersedes"]`` must name when
    given.  Refused when the board has no result yet or already has the one the
    correction gives; a correction may keep the result and only change whether the
    game is rated (TRF W/D/L)."""
    if recorded is None:
        raise CommandError(
            "board", msg("board %(board)s has no result to correct yet", board=board)
        )
    result, seq = recorded
    supersedes: int | None = body.get("supersedes", seq)
    if supersedes != seq:
        raise CommandError(
            "supersedes",
            msg(
                "the current result of board %(board)s is %(result)s (event #%(seq)s),"
                " not event #%(supersedes)s: it changed since",
                board=board,
                result=result,
                seq=seq,
                supersedes=supersedes,
            ),
        )
    if body["result"] == result and body.get("rated", True) == rated:
        already = (
            msg("board %(board)s already has %(result)s", board=board, result=result)
            if rated
            else msg("board %(board)s already has %(result)s (unrated)", board=board, result=result)
        )
        raise CommandError("result", already)
    return supersedes


def decide_closing(state: TournamentState, body: Body) -> list[DomainEvent]:
    """Close a round once every board has a result."""
    rnd = _paired_round(state, body["round"])
    if rnd.closed:
        raise CommandError("round", msg("round %(round)s is already closed", round=rnd.number))
    missing = [str(b.number) for b in rnd.boards if b.result is None]
    if missing:
        raise CommandError(
            "round", msg("boards without a result: %(boards)s", boards=", ".join(missing))
        )
    return [RoundClosed.from_payload(body)]


def decide_prize_list(state: TournamentState, body: Body) -> list[DomainEvent]:
    """Set the prize list: ``body["definition"]`` as ``prize_list_json`` spells it
    out (the schema has read it); it replaces the one set before."""
    current = state.prize_list
    if current is not None and prize_list_json(current) == body["definition"]:
        raise CommandError("prizes", msg("the tournament already has this prize list"))
    return [PrizeListSet(body["definition"])]


class Plan:
    """Decisions in a row, each against the state after the events before it.

    ``state`` is the state after every event planned so far, valid until the
    next ``decide`` (it shares the open fold's dicts).
    """

    def __init__(self, state: TournamentState) -> None:
        self.state = state
        self.events: list[DomainEvent] = []
        self._fold = OpenFold(state)

    def decide(self, decision: Decision, body: Body) -> Sequence[DomainEvent]:
        """The events ``decision`` makes of ``body``, planned after the ones before."""
        events = decision(self.state, body)
        for event in events:
            self._fold.apply(self.state.last_seq + 1, event)
            self.state = self._fold.state()
        self.events.extend(events)
        return events


def decide_schedule(state: TournamentState, body: Body) -> list[DomainEvent]:
    """A round robin's whole schedule from the FIDE Berger tables (``berger``), each
    round decided as ``decide_pairing`` decides it; ``body["swap_last_two"]``
    exchanges the last two rounds of a double round robin's first cycle."""
    system = state.settings.system
    if system is System.SWISS:
        raise CommandError(
            "system", msg("A Swiss is paired round by round: POST each round to rounds/.")
        )
    if state.rounds:
        raise CommandError("rounds", msg("Rounds are already paired."))
    # Berger numbers are the players in start-rank order.
    ranks = sorted(state.players)
    cycles = 2 if system is System.DOUBLE_ROUND_ROBIN else 1
    try:
        schedule = round_robin_schedule(
            len(ranks), cycles=cycles, swap_last_two=body.get("swap_last_two", False)
        )
    except BergerError as exc:
        raise CommandError(exc.field, exc.reason) from exc
    if len(schedule) != state.settings.rounds:
        raise CommandError(
            "rounds",
            msg(
                "%(players)s players need %(needed)s rounds; the tournament has %(rounds)s.",
                players=len(ranks),
                needed=len(schedule),
                rounds=state.settings.rounds,
            ),
        )
    plan = Plan(state)
    for scheduled in schedule:
        # The resting player of an odd field is left unpaired: C.07 ignores the
        # round-robin bye, which a pairing-allocated bye would score.
        boards = [{"white": ranks[w - 1], "black": ranks[b - 1]} for w, b in scheduled.boards]
        plan.decide(decide_pairing, {"round": scheduled.number, "boards": boards, "byes": []})
    return plan.events


class Pairer(Protocol):
    """A pairing engine: ``pairings.pair_round``, or one calling an external program."""

    def __call__(
        self,
        tournament: TournamentResults,
        round_number: int,
        *,
        absent: Collection[int],
        initial_colour: Color,
        acceleration: Acceleration | None,
    ) -> RoundPairing: ...


def check_round_asked(state: TournamentState, asked: int | None) -> int:
    """The next round to pair, when it is the one the client means (``asked``; None:
    whichever): a second "publish" of a round is told so."""
    number = state.last_paired_round + 1
    if asked is not None and asked != number:
        raise CommandError(
            "round",
            msg("round %(round)s is already paired", round=asked)
            if asked < number
            else msg(
                "round %(round)s is the next round to pair, not %(asked)s",
                round=number,
                asked=asked,
            ),
        )
    return number


def decide_next_round(
    state: TournamentState,
    pairer: Pairer,
    default_colour: Color,
    *,
    engine: tuple[str, str] | None = None,
    asked: int | None = None,
) -> list[DomainEvent]:
    """Pair round N + 1 of a Swiss once round N has every result, by ``pairer``;
    players withdrawn or with a requested bye in that round are left out (C.04.2).
    ``default_colour`` is round 1's first colour when the results do not show it;
    ``asked`` the round the client means (``check_round_asked``).
    The event records its origin: ``engine`` (name, version; the built-in Dutch
    engine by default), its settings and the digest of its input."""
    _individual(state)
    number = check_round_asked(state, asked)
    if state.settings.system is not System.SWISS:
        raise CommandError("system", msg("only a Swiss is paired round by round here"))
    if number > state.settings.rounds:
        raise CommandError(
            "round", msg("all %(rounds)s rounds are paired", rounds=state.settings.rounds)
        )
    previous = state.rounds.get(number - 1)
    if previous is not None and not previous.complete:
        missing = [str(b.number) for b in previous.boards if b.result is None]
        raise CommandError(
            "round",
            msg(
                "round %(round)s: boards %(boards)s have no result",
                round=number - 1,
                boards=listed(missing),
            )
            if len(missing) > 1
            else msg(
                "round %(round)s: board %(board)s has no result",
                round=number - 1,
                board=missing[0],
            ),
        )
    if state.settings.check_in and not active_players(state, number):
        raise CommandError(
            "round",
            msg(
                "nobody is checked in for round %(round)s: check the players in first",
                round=number,
            ),
        )
    given = pairing_input(state, default_colour)
    try:
        pairing = pairer(
            given.tournament,
            number,
            absent=given.absent,
            initial_colour=given.initial_colour,
            acceleration=given.acceleration,
        )
    except NoLegalPairing as error:
        raise CommandError(
            "round",
            msg(
                "no legal pairing for round %(round)s: %(error)s",
                round=number,
                error=text_of(error),
            ),
        ) from error
    except EngineError as error:
        raise CommandError("engine", str(error)) from error
    body = {
        "round": number,
        "boards": [{"white": b.white, "black": b.black} for b in pairing.boards if b.black],
        "byes": [b.white for b in pairing.boards if not b.black],
    }
    (event,) = decide_checked_pairing(confirm_repeats=False)(state, body)
    assert isinstance(event, RoundPaired)
    name, engine_version = engine or (BUILT_IN, built_in_version())
    return [replace(event, origin=given.origin(name, engine_version))]


def decided_by(
    event_type: Callable[[Mapping[str, Any]], DomainEvent],
    decide: Callable[[TournamentState, Body], Mapping[str, Any]],
) -> Decision:
    """A decision of ``amendments`` (it returns the payload) as one event of its kind."""

    def decision(state: TournamentState, body: Body) -> list[DomainEvent]:
        return [event_type(decide(state, body))]

    return decision
