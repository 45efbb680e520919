"""The event registry: every event kind declared once, and the one boundary where
stored payloads become current ones.

A kind is one ``declare(...)`` below: its name, its current schema version and
payload schema (``schemas``), the upcasters that read its older stored
versions, how it folds into the tournament's state (``state.Accumulator``) and
the one-line summary the admin's event log shows.  Adding a kind is adding a
declaration; ``tests/tournaments/test_event_registry.py`` checks that each is
complete.

``payload_of(event)`` is the boundary (as an event-sourcing mapper's
``to_domain_event``): the only place where a stored payload, at whatever
version it was written, is read.  Nothing outside this module calls ``upcast``
or queries ``payload__...`` (``test_event_registry`` keeps it so);
``payload_lookup`` names a current field for the few queries that filter on one.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Protocol

from rest_framework import serializers

from tiebreaks.model import System
from tournaments.domain import amendments
from tournaments.domain.state import (
    Accumulator,
    Board,
    FoldError,
    PlayerState,
    RoundState,
    Settings,
    TournamentState,
    scoring_from_payload,
)

from . import schemas

Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]
KindFold = Callable[[Accumulator, Payload, int], None]


class StoredEvent(Protocol):
    """What the boundary reads from a stored event (``tournaments.models.Event`` fits)."""

    seq: int
    kind: str
    schema_version: int
    payload: Mapping[str, Any]


@dataclass(frozen=True)
class EventType:
    kind: str
    version: int  # the current schema version, written by every new event
    schema: type[serializers.Serializer]
    fold: KindFold
    summary: Callable[[Payload], str]
    # stored version N -> the payload at version N + 1
    upcasters: Mapping[int, Upcaster] = field(default_factory=dict)
    # version -> a payload as stored at that version: documents every shape ever
    # written, and test_event_registry upcasts each one to the current schema.
    examples: Mapping[int, Payload] = field(default_factory=dict)


REGISTRY: dict[str, EventType] = {}


def declare(
    kind: str,
    *,
    version: int = 1,
    schema: type[serializers.Serializer],
    fold: KindFold,
    summary: Callable[[Payload], str],
    examples: Mapping[int, Payload],
    upcasters: Mapping[int, Upcaster] | None = None,
) -> str:
    if kind in REGISTRY:
        raise ValueError(f"event kind {kind} is declared twice")
    REGISTRY[kind] = EventType(
        kind, version, schema, fold, summary, dict(upcasters or {}), dict(examples)
    )
    return kind


# --- the kinds -------------------------------------------------------------------------


def _fold_created(acc: Accumulator, p: Payload, seq: int) -> None:
    acc.settings = Settings(
        name=p["name"],
        rounds=p["rounds"],
        system=System(p["system"]),
        scoring=scoring_from_payload(p["scoring"]),
        rules=p["rules"],
        tiebreaks=tuple(p["tiebreaks"]),
        unrated_rating=p.get("unrated_rating"),
        acceleration=p.get("acceleration", ""),
        details=MappingProxyType(p.get("details", {})),
    )


declare(
    "tournament.created",
    schema=schemas.TournamentCreatedSerializer,
    fold=_fold_created,
    summary=lambda p: f"{p['name']}: {p['rounds']} rounds, {p['system']}, {p['rules']}",
    examples={
        1: {
            "name": "Club Open",
            "rounds": 5,
            "system": "swiss",
            "rules": "fide-2026",
            "tiebreaks": ["BH/C1", "BH", "SB"],
            "scoring": {
                "win": "1",
                "draw": "1/2",
                "loss": "0",
                "forfeit_win": "1",
                "forfeit_loss": "0",
                "pab": "1",
                "fpb": "1",
                "hpb": "1/2",
                "zpb": "0",
            },  # fmt: skip
        }
    },
)


def _fold_registered(acc: Accumulator, p: Payload, seq: int) -> None:
    fields = ("name", "rating", "title", "federation", "fide_id", "player_id")
    optional = {f: p[f] for f in ("sex", "birth_date", "club") if f in p}
    acc.players[p["start_rank"]] = PlayerState(
        p["start_rank"], **{f: p[f] for f in fields}, **optional
    )
    acc.player_ids[p["player_id"]] = p["start_rank"]
    if p["fide_id"]:
        acc.fide_ids.setdefault(p["fide_id"], p["start_rank"])


def _player_registered_add_fide_id(payload: Payload) -> Payload:
    """v1 had no FIDE id: such players have none on record."""
    return {**payload, "fide_id": ""}


def _player_registered_add_player_id(payload: Payload) -> Payload:
    """v2 had no player id: each player's is the start rank registered with, which no
    event could change before the ids existed (nor two players share)."""
    return {**payload, "player_id": payload["start_rank"]}


declare(
    "player.registered",
    version=3,
    schema=schemas.PlayerRegisteredSerializer,
    upcasters={1: _player_registered_add_fide_id, 2: _player_registered_add_player_id},
    fold=_fold_registered,
    summary=lambda p: f"{p['start_rank']}. {p['name']} ({p.get('rating') or 'unrated'})",
    examples={
        1: {"start_rank": 1, "name": "Anna", "rating": 2150, "title": "", "federation": "ITA"},
        2: {
            "start_rank": 1,
            "name": "Anna",
            "rating": 2150,
            "title": "",
            "federation": "ITA",
            "fide_id": "24100000",
        },
        3: {
            "start_rank": 1,
            "name": "Anna",
            "rating": 2150,
            "title": "",
            "federation": "ITA",
            "fide_id": "24100000",
            "player_id": 1,
            "sex": "w",
            "birth_date": "1990-05-31",
            "club": "Scacchi Roma",
        },
    },
)


def _fold_withdrawn(acc: Accumulator, p: Payload, seq: int) -> None:
    rank = p["start_rank"]
    acc.players[rank] = replace(acc.players[rank], withdrawn_from=p["from_round"])


declare(
    "player.withdrawn",
    schema=schemas.PlayerWithdrawnSerializer,
    fold=_fold_withdrawn,
    summary=lambda p: f"player {p['start_rank']} withdrawn from round {p['from_round']}",
    examples={1: {"start_rank": 3, "from_round": 4}},
)


def _fold_bye(acc: Accumulator, p: Payload, seq: int) -> None:
    acc.requested_byes.setdefault(p["round"], {})[p["start_rank"]] = p["points"]


declare(
    "bye.requested",
    schema=schemas.ByeRequestedSerializer,
    fold=_fold_bye,
    summary=lambda p: f"player {p['start_rank']}: {p['points']}-point bye in round {p['round']}",
    examples={1: {"start_rank": 3, "round": 2, "points": "half"}},
)


def _fold_paired(acc: Accumulator, p: Payload, seq: int) -> None:
    boards = tuple(Board(b["board"], b["white"], b["black"]) for b in p["boards"])
    acc.replace_round(RoundState(p["round"], boards, tuple(p["byes"])))


declare(
    "round.paired",
    schema=schemas.RoundPairedSerializer,
    fold=_fold_paired,
    summary=lambda p: f"round {p['round']}: {len(p['boards'])} boards, byes {p['byes'] or 'none'}",
    examples={
        1: {"round": 1, "boards": [{"board": 1, "white": 1, "black": 2}], "byes": [3]},
    },
)


def _fold_result(acc: Accumulator, p: Payload, seq: int) -> None:
    board = acc.rounds[p["round"]].board(p["board"])
    assert board is not None  # the command checked it
    acc.put_board(
        p["round"], replace(board, result=p["result"], result_seq=seq, rated=p.get("rated", True))
    )


declare(
    "result.recorded",
    schema=schemas.ResultRecordedSerializer,
    fold=_fold_result,
    summary=lambda p: f"round {p['round']} board {p['board']}: {p['result']}",
    examples={1: {"round": 1, "board": 1, "result": "1-0"}},
)
declare(
    "result.corrected",
    schema=schemas.ResultCorrectedSerializer,
    # A correction replaces the board's result exactly as a first entry does.
    fold=_fold_result,
    summary=lambda p: (
        f"round {p['round']} board {p['board']}: {p['result']} "
        f"(corrects #{p['supersedes']}: {p['reason']})"
    ),
    examples={
        1: {"round": 1, "board": 1, "result": "0-1", "reason": "colours swapped", "supersedes": 7},
    },
)


def _fold_closed(acc: Accumulator, p: Payload, seq: int) -> None:
    acc.replace_round(replace(acc.rounds[p["round"]], closed=True))


declare(
    "round.closed",
    schema=schemas.RoundClosedSerializer,
    fold=_fold_closed,
    summary=lambda p: f"round {p['round']} closed",
    examples={1: {"round": 1}},
)


# --- the organiser's amendments (tournaments.domain.amendments) ------------------------


def _summary_of_changes(changes: Payload) -> str:
    return ", ".join(f"{name} {value!r}" for name, value in changes.items())


declare(
    "player.edited",
    schema=schemas.PlayerEditedSerializer,
    fold=lambda acc, p, seq: amendments.fold_player_edit(acc, p),
    summary=lambda p: f"player #{p['player_id']}: {_summary_of_changes(p['changes'])}",
    examples={1: {"player_id": 3, "changes": {"rating": 2210, "name": "Rossi, Anna"}}},
)
declare(
    "players.ranked",
    schema=schemas.PlayersRankedSerializer,
    fold=lambda acc, p, seq: amendments.fold_ranking(acc, p),
    summary=lambda p: (
        f"pairing numbers 1-{len(p['order'])} given, in order to players "
        + ", ".join(f"#{player_id}" for player_id in p["order"])
    ),
    examples={1: {"order": [3, 1, 2]}},
)
declare(
    "bye.cancelled",
    schema=schemas.ByeCancelledSerializer,
    fold=lambda acc, p, seq: amendments.fold_bye_cancellation(acc, p),
    summary=lambda p: f"player #{p['player_id']}: bye in round {p['round']} cancelled",
    examples={1: {"player_id": 3, "round": 2}},
)
declare(
    "player.reinstated",
    schema=schemas.PlayerReinstatedSerializer,
    fold=lambda acc, p, seq: amendments.fold_reinstatement(acc, p),
    summary=lambda p: f"player #{p['player_id']} plays again from round {p['from_round']}",
    examples={1: {"player_id": 3, "from_round": 5}},
)
declare(
    "round.unpaired",
    schema=schemas.RoundUnpairedSerializer,
    fold=lambda acc, p, seq: amendments.fold_unpairing(acc, p),
    summary=lambda p: f"round {p['round']} cancelled",
    examples={1: {"round": 3}},
)
declare(
    "settings.changed",
    schema=schemas.SettingsChangedSerializer,
    fold=lambda acc, p, seq: amendments.fold_settings_change(acc, p),
    summary=lambda p: f"settings: {_summary_of_changes(p['changes'])}",
    examples={1: {"changes": {"rounds": 9, "name": "Club Open 2026"}}},
)


def _fold_organisers(acc: Accumulator, p: Payload, seq: int) -> None:
    """Who may write is kept by the commands that append these events (in
    ``organisers``, as Membership rows the permission check reads); the state
    the standings come from does not depend on it."""


declare(
    "organiser.granted",
    schema=schemas.OrganiserSerializer,
    fold=_fold_organisers,
    summary=lambda p: f"{p['username']} may now organise this tournament",
    examples={1: {"user_id": 7, "username": "bob"}},
)
declare(
    "organiser.revoked",
    schema=schemas.OrganiserSerializer,
    fold=_fold_organisers,
    summary=lambda p: f"{p['username']} no longer organises this tournament",
    examples={1: {"user_id": 7, "username": "bob"}},
)

# The kinds as names in code (EventKind.ROUND_PAIRED == "round.paired").
EventKind = enum.StrEnum(  # type: ignore[misc]
    "EventKind", {kind.replace(".", "_").upper(): kind for kind in REGISTRY}
)


# --- the boundary ----------------------------------------------------------------------


def upcast(kind: str, version: int, payload: Mapping[str, Any]) -> Payload:
    """A payload stored at ``version`` brought up to its kind's current version."""
    event_type = REGISTRY[kind]
    if version > event_type.version:
        raise ValueError(
            f"{kind} schema version {version} is newer than this code ({event_type.version})"
        )
    result = dict(payload)
    for from_version in range(version, event_type.version):
        try:
            step = event_type.upcasters[from_version]
        except KeyError:
            raise ValueError(f"no upcaster for {kind} v{from_version}") from None
        result = step(result)
    return result


def payload_of(event: StoredEvent) -> Payload:
    """The payload of a stored event at its kind's current version."""
    return upcast(event.kind, event.schema_version, event.payload)


def current_version(kind: str) -> int:
    """The schema version a new ``kind`` event is written at."""
    return REGISTRY[kind].version


# Payload fields that queries filter on: every stored version of every kind that
# has one keeps it under this name with this meaning (``test_event_registry``).
QUERIED_FIELDS = ("name", "round")


def payload_lookup(field_name: str) -> str:
    """The ORM lookup of a payload field, for a query filtering on it."""
    if field_name not in QUERIED_FIELDS:
        raise ValueError(f"payload field {field_name!r} is not one that queries may read")
    return f"payload__{field_name}"


def summarise(event: StoredEvent) -> str:
    """One line describing a stored event, for the admin's event log."""
    return REGISTRY[event.kind].summary(payload_of(event))


def validate_payload(kind: str, data: Any) -> Payload:
    """The payload to store for a new ``kind`` event (``schemas.validate``)."""
    return schemas.validate(REGISTRY[kind].schema, data)


def payload_json(event: StoredEvent) -> str:
    """A new event's payload as the JSON text the event table stores (a bulk COPY)."""
    return json.dumps(event.payload, ensure_ascii=False)


def payload_validator(kind: str) -> schemas.PayloadValidator:
    """``validate_payload`` for many ``kind`` payloads in a row (a bulk append)."""
    return schemas.PayloadValidator(REGISTRY[kind].schema)


def fold(events: Iterable[StoredEvent], start: TournamentState | None = None) -> TournamentState:
    """The state after ``events`` in seq order: from tournament.created on, or
    continuing ``start`` with the events that follow it."""
    folder = OpenFold(start)
    for event in events:
        folder.apply(event)
    return folder.state()


class OpenFold:
    """A fold kept open: ``apply`` one event at a time, ``state()`` in between.

    A bulk append (``commands.Batch``) checks each new event against the state
    after the ones before it; folding each onto a fresh copy of a 9,999-player
    state would copy every player per event.
    """

    def __init__(self, start: TournamentState | None = None) -> None:
        self._acc = Accumulator(start)

    def apply(self, event: StoredEvent) -> None:
        self._acc.advance(event.seq, event.kind)
        try:
            REGISTRY[event.kind].fold(self._acc, payload_of(event), event.seq)
        except (LookupError, TypeError, ValueError, AttributeError, AssertionError) as exc:
            # A stored row the commands would not have written (an unknown kind, a
            # payload that does not fit the state): the log cannot be read past it.
            raise FoldError(f"event {event.seq} ({event.kind}): {exc!r}", event.seq) from exc

    def state(self) -> TournamentState:
        """The state so far, valid until the next ``apply`` (it shares the fold's dicts)."""
        return self._acc.state()
