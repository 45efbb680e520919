"""The only way to change a tournament: validate a command, then append its event.

Each command checks its body's shape (``schemas``), then, in one transaction
with the tournament row locked, folds the stored events, completes the payload
with what the server fills in (a start rank, the superseded seq), checks it
against that state (a check only reads), and inserts the event at
``seq = last + 1``.  When the process has the tournament's state cached, the
completion and the check run before the lock against that state, and the
lock covers one INSERT stored only if that state is still the latest (else the
stored events decide, as above).  A refused command stores nothing.  ``expected_seq`` gives
optimistic concurrency (a mismatch raises ``Conflict``); an idempotency key
already used on the tournament returns the event it stored and stores nothing.

An operation of several events (a round robin's schedule, a round with its
requested byes) runs in ``in_one_transaction``: every rule is checked against
the locked state, and all its events are stored or none.  Their events are
inserted together (``Batch``: the TRF import of a 9,999-player file is some
60,000 events), after each was checked against the state after the ones before it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from types import MappingProxyType
from typing import Any, TypeVar

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection, transaction

from tournaments.domain import amendments
from tournaments.domain.errors import CommandError, Conflict, TournamentNotFound
from tournaments.domain.state import Board, PlayerState, RoundState, TournamentState
from tournaments.models import Event, EventKind, Membership, Tournament

from .events import (
    OpenFold,
    current_version,
    fold,
    payload_json,
    payload_of,
    payload_validator,
    validate_payload,
)
from .schemas import TournamentCreatedSerializer, validate
from .signals import event_appended
from .state_cache import Fingerprint, cached_state, current_state, propose, remember

__all__ = [
    "Batch",
    "CommandError",
    "cancel_bye",
    "change_settings",
    "edit_player",
    "rank_players",
    "reinstate_player",
    "unpair_round",
    "Conflict",
    "TournamentNotFound",
    "close_round",
    "correct_result",
    "create_tournament",
    "in_one_transaction",
    "pair_round",
    "record_result",
    "register_player",
    "request_bye",
    "withdraw_player",
]

logger = logging.getLogger(__name__)
# At DEBUG, one line per committed command: how long it waited for the tournament's
# row lock and held it (bench/burst_bench.py turns it on and reads it).
lock_logger = logging.getLogger(f"{__name__}.lock")

Payload = dict[str, Any]
Validator = Callable[[Any], Payload]
# A check reads the state and the payload (read-only) and raises CommandError to refuse.
Check = Callable[[TournamentState, Mapping[str, Any]], None]
# A completion returns the payload with the fields the server fills in.
Completion = Callable[[TournamentState, Payload], Payload]
T = TypeVar("T")


def create_tournament(
    payload: Mapping[str, Any],
    *,
    author: AbstractBaseUser | None = None,
    idempotency_key: str | None = None,
) -> Event:
    """Create a tournament (event 1); its author becomes its first organiser."""
    data = validate_payload(EventKind.TOURNAMENT_CREATED, payload)
    with transaction.atomic():
        if author is not None:
            # Serialise one user's creations so a retried key cannot create twice.
            get_user_model().objects.select_for_update().filter(pk=author.pk).first()
        if idempotency_key:
            existing = Event.objects.filter(
                kind=EventKind.TOURNAMENT_CREATED, author=author, idempotency_key=idempotency_key
            ).first()
            if existing is not None:
                return _replayed(existing, EventKind.TOURNAMENT_CREATED, data)
        tournament = Tournament.objects.create(created_by=author)
        if author is not None:
            Membership.objects.create(tournament=tournament, user=author)
        return _insert(tournament, 1, EventKind.TOURNAMENT_CREATED, data, author, idempotency_key)


class Command:
    """One command on an existing tournament: its event kind, what the server fills
    in (``complete``, optional) and its state check."""

    def __init__(self, kind: str, check: Check, complete: Completion | None = None) -> None:
        self.kind = kind
        self.check = check
        self.complete = complete
        self.__doc__ = check.__doc__

    def __repr__(self) -> str:
        return f"<Command {self.kind}>"

    def __call__(
        self,
        tournament_id: int,
        payload: Mapping[str, Any],
        *,
        author: AbstractBaseUser | None = None,
        expected_seq: int | None = None,
        idempotency_key: str | None = None,
    ) -> Event:
        # The payload's shape needs no state: checked before the lock is taken.
        data = validate_payload(self.kind, payload)
        cached = cached_state(tournament_id)
        early = self._checked_early(cached, data, expected_seq)
        with _locked(tournament_id) as tournament:
            if idempotency_key:
                existing = tournament.events.filter(idempotency_key=idempotency_key).first()
                if existing is not None:
                    return _replayed(existing, self.kind, data)
            latest = cached_state(tournament_id)
            if latest is not None and (cached is None or latest[0] is not cached[0]):
                # Another thread of this process appended while this one waited for the lock.
                early = self._checked_early(latest, data, expected_seq)
            if early is not None:
                state, last, completed = early
                seq = state.version + 1
                event = _event(tournament, seq, self.kind, completed, author, idempotency_key)
                if _append_after(event, last):
                    return _appended(state, event)
            # Without a cached state, or another process appended since: the
            # latest state read under the lock decides.
            state = current_state(tournament.pk)
            if expected_seq is not None and expected_seq != state.version:
                raise Conflict(state.version, expected_seq)
            data = self.checked(state, data)
            event = _event(tournament, state.version + 1, self.kind, data, author, idempotency_key)
            event.save()
            return _appended(state, event)

    def _checked_early(
        self,
        cached: tuple[TournamentState, Fingerprint] | None,
        data: Payload,
        expected_seq: int | None,
    ) -> tuple[TournamentState, Fingerprint, Payload] | None:
        """The command checked against this process's cached state (``cached_state``):
        the state, its last event, and the completed payload; None when nothing is
        cached or the cached state refuses it (the latest state may not).

        Under the lock only the append remains: it stores the event only if the
        cached state's last event is still the tournament's last (``_append_after``).
        """
        if cached is None:
            return None
        state, last = cached
        if expected_seq is not None and expected_seq != state.version:
            return None
        try:
            return state, last, self.checked(state, data)
        except CommandError:
            return None

    def checked(self, state: TournamentState, data: Payload) -> Payload:
        """``data`` (its shape validated already) completed with what the server
        fills in, then checked against ``state`` (CommandError refuses it)."""
        if self.complete is not None:
            data = self.complete(state, data)
        self.check(state, MappingProxyType(data))
        return data


class Batch:
    """The tournament's state under its lock, and the events appended so far; see
    ``in_one_transaction``.

    ``append`` validates a payload exactly as its command does, against the
    state after every event before it; ``store`` inserts them all in seq order
    (a big batch, such as a TRF import, by one PostgreSQL COPY) and announces
    them once, after the commit.  The caller holds the tournament's row lock
    from before ``state`` until after ``store``.
    """

    def __init__(
        self,
        tournament: Tournament,
        state: TournamentState,
        *,
        author: AbstractBaseUser | None = None,
    ) -> None:
        self.tournament = tournament
        self.state = state
        self.author = author
        self.events: list[Event] = []
        self._fold = OpenFold(state)
        # One validator per kind: DRF builds a serializer's fields for every instance.
        self._validators: dict[str, Validator] = {}

    def append(self, command: Command, payload: Mapping[str, Any]) -> Event:
        """Check ``payload`` against the state after the events appended so far, and
        append its event (stored by ``store``)."""
        validate = self._validators.get(command.kind)
        if validate is None:
            validate = self._validators[command.kind] = payload_validator(command.kind)
        data = command.checked(self.state, validate(payload))
        event = _event(self.tournament, self.state.version + 1, command.kind, data, self.author)
        self._fold.apply(event)
        self.state = self._fold.state()
        self.events.append(event)
        return event

    def store(self) -> None:
        """Insert the events appended (nothing if none)."""
        if not self.events:
            return
        tournament_id, last = self.tournament.pk, self.events[-1]
        if connection.vendor == "postgresql" and len(self.events) > _COPY_ABOVE:
            _copy(self.events)
            # The cache keys a state by its last event's primary key, which COPY does not return.
            last = Event.objects.get(tournament_id=tournament_id, seq=last.seq)
        else:
            Event.objects.bulk_create(self.events, batch_size=_BATCH_ROWS)
        remember(tournament_id, self.state, last)
        transaction.on_commit(lambda: _announce(tournament_id, last.seq))


# Rows per INSERT statement: big enough to make the round trips negligible.
_BATCH_ROWS = 2000
# Batches bigger than this go by COPY; smaller ones (a schedule, a grant) by INSERT,
# which gives the API the stored events' primary keys.
_COPY_ABOVE = 500


def _copy(events: list[Event]) -> None:
    """Insert ``events`` with one COPY: several times faster than INSERTs of 60,000
    rows, whose parameters psycopg adapts one by one."""
    columns = (
        "tournament_id, seq, kind, schema_version, payload, author_id, created_at, idempotency_key"
    )
    with (
        connection.cursor() as cursor,
        cursor.copy(f"COPY {Event._meta.db_table} ({columns}) FROM STDIN") as copy,
    ):
        for e in events:
            copy.write_row(
                (e.tournament_id, e.seq, e.kind, e.schema_version, payload_json(e))
                + (e.author_id, e.created_at, e.idempotency_key)
            )


def in_one_transaction(
    tournament_id: int,
    operation: Callable[[Batch], T],
    *,
    author: AbstractBaseUser | None = None,
    expected_seq: int | None = None,
) -> T:
    """Run ``operation`` with the tournament locked: it reads ``batch.state`` for its
    own rules and appends its events with ``batch.append``; every event is stored,
    or none when anything it raises (CommandError or another refusal) ends it."""
    with _locked(tournament_id) as tournament:
        state = current_state(tournament.pk)
        if expected_seq is not None and expected_seq != state.version:
            raise Conflict(state.version, expected_seq)
        batch = Batch(tournament, state, author=author)
        result = operation(batch)
        batch.store()
        return result


@contextmanager
def _locked(tournament_id: int) -> Iterator[Tournament]:
    """A transaction holding the tournament's row lock from the start to its commit."""
    with transaction.atomic():
        asked = time.perf_counter()
        try:
            tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        except Tournament.DoesNotExist:
            raise TournamentNotFound(tournament_id) from None
        if lock_logger.isEnabledFor(logging.DEBUG):
            got = time.perf_counter()
            transaction.on_commit(lambda: _log_lock(tournament_id, asked, got))
        yield tournament


def _log_lock(tournament_id: int, asked: float, got: float) -> None:
    # Registered before any other on_commit callback of the transaction, so it
    # runs first: right after the commit that released the lock.
    waited, held = got - asked, time.perf_counter() - got
    lock_logger.debug(
        "tournament %d lock waited %.3f ms held %.3f ms", tournament_id, waited * 1e3, held * 1e3
    )


def _append_after(event: Event, last: Fingerprint) -> bool:
    """INSERT ``event`` if the tournament's last event is ``last`` (its seq just
    below ``event``'s): True, with ``event`` stored, or False with nothing stored.

    One statement, so the lock is held for one round trip besides its own and the
    commit's (reading the events after the cached state took another one).
    """
    if not connection.features.can_return_columns_from_insert:
        return False
    fields = [f for f in Event._meta.concrete_fields if not f.primary_key]
    quote = connection.ops.quote_name
    table = quote(Event._meta.db_table)
    tournament, seq, pk, created_at = (
        quote(Event._meta.get_field(name).column)
        for name in ("tournament", "seq", "id", "created_at")
    )
    sql = (
        f"INSERT INTO {table} ({', '.join(quote(f.column) for f in fields)}) "
        f"SELECT {', '.join(['%s'] * len(fields))} "
        f"WHERE EXISTS (SELECT 1 FROM {table} WHERE {tournament} = %s AND {seq} = %s "
        f"AND {pk} = %s AND {created_at} = %s) "
        f"AND NOT EXISTS (SELECT 1 FROM {table} WHERE {tournament} = %s AND {seq} >= %s) "
        f"RETURNING {pk}"
    )
    values = [f.get_db_prep_save(getattr(event, f.attname), connection) for f in fields]
    created = Event._meta.get_field("created_at").get_db_prep_save(last[1], connection)
    params = [*values, event.tournament_id, event.seq - 1, last[0], created]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, event.tournament_id, event.seq])
        row = cursor.fetchone()
    if row is None:
        return False
    event.pk = row[0]
    event._state.adding, event._state.db = False, connection.alias
    return True


def _replayed(event: Event, kind: str, data: Payload) -> Event:
    """The event a retried request stored first; a key reused for another request is refused."""
    stored = payload_of(event)
    # Fields the server filled in (a start rank, the superseded seq) are not in ``data``.
    if event.kind != kind or any(stored.get(k) != v for k, v in data.items()):
        raise CommandError(
            "Idempotency-Key",
            f"this key was already used for another request (event #{event.seq}, {event.kind})",
        )
    return event


def _insert(
    tournament: Tournament,
    seq: int,
    kind: str,
    payload: Payload,
    author: AbstractBaseUser | None,
    idempotency_key: str | None,
) -> Event:
    event = _event(tournament, seq, kind, payload, author, idempotency_key)
    event.save()
    transaction.on_commit(lambda: _announce(tournament.pk, seq))
    return event


def _appended(state: TournamentState, event: Event) -> Event:
    """``event``, stored on top of ``state``: the state after it is proposed to the
    next command at once (which checks against it while this transaction commits),
    and cached once committed; then the event is announced."""
    after = fold([event], start=state)
    propose(event.tournament_id, after, event)
    remember(event.tournament_id, after, event)
    transaction.on_commit(lambda: _announce(event.tournament_id, event.seq))
    return event


def _event(
    tournament: Tournament,
    seq: int,
    kind: str,
    payload: Payload,
    author: AbstractBaseUser | None,
    idempotency_key: str | None = None,
) -> Event:
    return Event(
        tournament=tournament,
        seq=seq,
        kind=kind,
        schema_version=current_version(kind),
        payload=payload,
        author=author,
        idempotency_key=idempotency_key or "",
    )


def _announce(tournament_id: int, seq: int) -> None:
    # The event is stored; a failing receiver (say, a broker down) must not turn
    # the organiser's successful write into an error.
    for receiver, result in event_appended.send_robust(
        sender=Event, tournament_id=tournament_id, seq=seq
    ):
        if isinstance(result, Exception):
            logger.error("event_appended receiver %r failed", receiver, exc_info=result)


# --- checks against the folded state -------------------------------------------------


def _player(state: TournamentState, start_rank: int, field: str) -> PlayerState:
    try:
        return state.players[start_rank]
    except KeyError:
        raise CommandError(field, f"no player has start rank {start_rank}") from None


def _in_range(state: TournamentState, round_number: int, field: str) -> None:
    if round_number > state.settings.rounds:
        raise CommandError(
            field,
            f"round {round_number} is out of range: "
            f"the tournament has {state.settings.rounds} rounds",
        )


def _paired_round(state: TournamentState, round_number: int) -> RoundState:
    _in_range(state, round_number, "round")
    try:
        return state.rounds[round_number]
    except KeyError:
        raise CommandError("round", f"round {round_number} is not paired yet") from None


def _paired_board(state: TournamentState, p: Mapping[str, Any]) -> tuple[RoundState, Board]:
    rnd = _paired_round(state, p["round"])
    board = rnd.board(p["board"])
    if board is None:
        raise CommandError("board", f"round {rnd.number} has no board {p['board']}")
    return rnd, board


def _registration_ids(state: TournamentState, p: Payload) -> Payload:
    """The player's id (the next one), and without a start rank the next free one."""
    player_id = amendments.next_player_id(state)
    if p.get("player_id", player_id) != player_id:
        raise CommandError("player_id", "player ids are given by the server: omit it")
    if "start_rank" in p:  # max() scans every player: a 9,999-player import has ranks
        return {**p, "player_id": player_id}
    return {**p, "start_rank": max(state.players, default=0) + 1, "player_id": player_id}


def _check_registration(state: TournamentState, p: Mapping[str, Any]) -> None:
    """Register a player."""
    rank = p["start_rank"]
    if rank in state.players:
        raise CommandError("start_rank", f"start rank {rank} is already {state.players[rank].name}")
    twin = state.fide_ids.get(p["fide_id"]) if p["fide_id"] else None
    if twin is not None:
        raise CommandError("fide_id", f"FIDE id {p['fide_id']} is already player {twin}")


def _check_withdrawal(state: TournamentState, p: Mapping[str, Any]) -> None:
    """Withdraw a player from a round on; rounds already paired keep their games."""
    rank = p["start_rank"]
    player = _player(state, rank, "start_rank")
    if player.withdrawn_from is not None:
        raise CommandError(
            "start_rank", f"player {rank} already withdrew from round {player.withdrawn_from}"
        )
    _in_range(state, p["from_round"], "from_round")
    for number, rnd in sorted(state.rounds.items()):
        if number >= p["from_round"] and rank in rnd.paired_players:
            raise CommandError(
                "from_round",
                f"player {rank} is paired in round {number}: record a forfeit there, "
                "or withdraw from a later round",
            )


def _check_bye(state: TournamentState, p: Mapping[str, Any]) -> None:
    """Request a half-, zero- or full-point bye for a round not paired yet."""
    rank, number = p["start_rank"], p["round"]
    player = _player(state, rank, "start_rank")
    _in_range(state, number, "round")
    if number in state.rounds:
        raise CommandError("round", f"round {number} is already paired")
    if player.withdrawn_in(number):
        raise CommandError("start_rank", f"player {rank} withdrew before round {number}")
    if state.requested_bye(number, rank) is not None:
        raise CommandError("round", f"player {rank} already has a bye in round {number}")


def _check_pairing(state: TournamentState, p: Mapping[str, Any]) -> None:
    """Pair the next round: boards (white, black by start rank) and allocated byes."""
    number = p["round"]
    _in_range(state, number, "round")
    if number in state.rounds:
        raise CommandError("round", f"round {number} is already paired")
    if number != state.last_paired_round + 1:
        raise CommandError(
            "round", f"round {state.last_paired_round + 1} is the next round to pair"
        )
    seen: set[int] = set()

    def place(rank: int, field: str) -> None:
        player = _player(state, rank, field)
        if rank in seen:
            raise CommandError(field, f"player {rank} appears twice in round {number}")
        if player.withdrawn_in(number):
            raise CommandError(field, f"player {rank} withdrew before round {number}")
        if state.requested_bye(number, rank) is not None:
            raise CommandError(field, f"player {rank} requested a bye in round {number}")
        seen.add(rank)

    board_numbers: set[int] = set()
    for index, board in enumerate(p["boards"]):
        if board["board"] in board_numbers:
            raise CommandError(f"boards.{index}.board", f"board {board['board']} appears twice")
        board_numbers.add(board["board"])
        place(board["white"], f"boards.{index}.white")
        place(board["black"], f"boards.{index}.black")
    for index, rank in enumerate(p["byes"]):
        place(rank, f"byes.{index}")


def _check_result(state: TournamentState, p: Mapping[str, Any]) -> None:
    """Record the result of a board that has none."""
    rnd, board = _paired_board(state, p)
    if rnd.closed:
        raise CommandError("round", f"round {rnd.number} is closed: send a correction")
    if board.result is not None:
        raise CommandError(
            "result",
            f"board {board.number} of round {rnd.number} already has {board.result} "
            f"(event #{board.result_seq}): send a correction",
        )


def _current_result(state: TournamentState, p: Payload) -> Payload:
    """Without ``supersedes``, the correction replaces the board's current result."""
    rnd = state.rounds.get(p["round"])
    board = rnd.board(p["board"]) if rnd is not None else None
    if "supersedes" in p or board is None or board.result_seq is None:
        return p  # the check refuses what cannot be filled in
    return {**p, "supersedes": board.result_seq}


def _check_correction(state: TournamentState, p: Mapping[str, Any]) -> None:
    """Replace a board's result, with a reason; the earlier event stays in the log."""
    _, board = _paired_board(state, p)
    if board.result is None:
        raise CommandError("board", f"board {board.number} has no result to correct yet")
    if p["supersedes"] != board.result_seq:
        raise CommandError(
            "supersedes",
            f"the current result of board {board.number} is event #{board.result_seq}",
        )
    if p["result"] == board.result:
        raise CommandError("result", f"board {board.number} already has {board.result}")


def _check_closing(state: TournamentState, p: Mapping[str, Any]) -> None:
    """Close a round once every board has a result."""
    rnd = _paired_round(state, p["round"])
    if rnd.closed:
        raise CommandError("round", f"round {rnd.number} is already closed")
    missing = [str(b.number) for b in rnd.boards if b.result is None]
    if missing:
        raise CommandError("round", f"boards without a result: {', '.join(missing)}")


register_player = Command(EventKind.PLAYER_REGISTERED, _check_registration, _registration_ids)
withdraw_player = Command(EventKind.PLAYER_WITHDRAWN, _check_withdrawal)
request_bye = Command(EventKind.BYE_REQUESTED, _check_bye)
pair_round = Command(EventKind.ROUND_PAIRED, _check_pairing)
record_result = Command(EventKind.RESULT_RECORDED, _check_result)
correct_result = Command(EventKind.RESULT_CORRECTED, _check_correction, _current_result)
close_round = Command(EventKind.ROUND_CLOSED, _check_closing)


# --- the organiser's amendments: decided by tournaments.domain.amendments ---------------


def _decided(state: TournamentState, p: Mapping[str, Any]) -> None:
    """The payload was decided (checked and completed) by the amendment's decision."""


def _settings_change(state: TournamentState, p: Payload) -> Payload:
    """The settings with ``p["changes"]`` applied, validated whole as at creation."""
    settable = TournamentCreatedSerializer().fields
    for name in p["changes"]:
        if name not in settable:
            raise CommandError(name, f"{name} is not a setting (settable: {', '.join(settable)})")
    # A change to null (or "") clears the setting: the creation's default applies.
    merged = {**amendments.settings_payload(state.settings), **p["changes"]}
    merged = {key: value for key, value in merged.items() if value not in (None, "")}
    return amendments.decide_settings_change(state, validate(TournamentCreatedSerializer, merged))


edit_player = Command(EventKind.PLAYER_EDITED, _decided, amendments.decide_player_edit)
rank_players = Command(EventKind.PLAYERS_RANKED, _decided, amendments.decide_ranking)
cancel_bye = Command(EventKind.BYE_CANCELLED, _decided, amendments.decide_bye_cancellation)
reinstate_player = Command(EventKind.PLAYER_REINSTATED, _decided, amendments.decide_reinstatement)
unpair_round = Command(EventKind.ROUND_UNPAIRED, _decided, amendments.decide_unpairing)
change_settings = Command(EventKind.SETTINGS_CHANGED, _decided, _settings_change)
