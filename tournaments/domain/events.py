"""The event kinds: one typed class per kind, with its schema version, the
upcasters that read its older stored versions and a payload as stored at each
version.  Pure Python, no Django.

An event is what a decision (``decisions``) returns and what the fold
(``state.fold``) reads.  ``to_payload()`` is the JSON object stored for it;
``decode(kind, version, payload)`` reads a stored payload back, at whatever
version it was written, through the kind's upcasters.  Adding a kind is adding
a class here and to ``EVENT_TYPES``; ``tests/tournaments/test_event_registry.py``
checks that each is complete.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, ClassVar, Self

from tiebreaks.model import System
from tiebreaks.prizes import parse_prize_list

from . import amendments
from .errors import msg
from .state import (
    Accumulator,
    BoardState,
    PlayerState,
    Report,
    RoundState,
    Settings,
    scoring_from_payload,
)
from .teams import (
    INDIVIDUAL,
    TEAM,
    BoardPrizeSettings,
    MatchState,
    TeamEntry,
    TeamRoundState,
    renumber_teams,
)

Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]


class EventKind(enum.StrEnum):
    """The ``kind`` column of each event (the names stored, never changed)."""

    TOURNAMENT_CREATED = "tournament.created"
    PLAYER_REGISTERED = "player.registered"
    PLAYER_WITHDRAWN = "player.withdrawn"
    BYE_REQUESTED = "bye.requested"
    ROUND_PAIRED = "round.paired"
    RESULT_RECORDED = "result.recorded"
    RESULT_CORRECTED = "result.corrected"
    ROUND_CLOSED = "round.closed"
    ORGANISER_GRANTED = "organiser.granted"
    ORGANISER_REVOKED = "organiser.revoked"
    TEAM_REGISTERED = "team.registered"
    ROSTER_EDITED = "team.roster_edited"
    TEAM_EDITED = "team.edited"
    LINEUP_SUBMITTED = "team.lineup_submitted"
    TEAM_ROUND_PAIRED = "team.round_paired"
    BOARD_RESULT_RECORDED = "team.board_result_recorded"
    BOARD_RESULT_CORRECTED = "team.board_result_corrected"
    MATCH_FORFEITED = "team.match_forfeited"
    TEAM_BYE_REQUESTED = "team.bye_requested"
    TEAM_BYE_CANCELLED = "team.bye_cancelled"
    TEAM_WITHDRAWN = "team.withdrawn"
    TEAM_REINSTATED = "team.reinstated"
    BOARD_PRIZES_SET = "team.board_prizes_set"
    TEAMS_RANKED = "teams.ranked"
    PRIZE_LIST_SET = "prizes.set"
    PLAYER_EDITED = "player.edited"
    PLAYERS_RANKED = "players.ranked"
    BYE_CANCELLED = "bye.cancelled"
    PLAYER_REINSTATED = "player.reinstated"
    ROUND_UNPAIRED = "round.unpaired"
    SETTINGS_CHANGED = "settings.changed"
    PLAYERS_CHECKED_IN = "players.checked_in"
    RESULT_REPORTED = "result.reported"
    REPORT_REJECTED = "result.report_rejected"
    LINK_ISSUED = "link.issued"
    LINK_REVOKED = "link.revoked"
    TEAM_ROUND_STARTED = "team.round_started"


@dataclass(frozen=True)
class DomainEvent:
    """What every kind has: its name, its current schema version (written by every
    new event), its upcasters (stored version N -> the payload at N + 1) and, per
    version, a payload as stored at it (``test_event_registry`` upcasts each)."""

    KIND: ClassVar[EventKind]
    VERSION: ClassVar[int] = 1
    UPCASTERS: ClassVar[Mapping[int, Upcaster]] = MappingProxyType({})
    EXAMPLES: ClassVar[Mapping[int, Payload]]
    # Fields left out of the stored payload while they hold their default: they were
    # added as optional, and a payload without them means the default.
    OPTIONAL: ClassVar[frozenset[str]] = frozenset()
    # The payload fields the public feed shows; None: the kind is not in it at all
    # (who organises, anything private).  Listed, so a field added later is private
    # until it is listed here.
    PUBLIC: ClassVar[frozenset[str] | None] = None

    @classmethod
    def public_of(cls, payload: Mapping[str, Any]) -> Payload | None:
        """What the public feed shows of a payload at the current version."""
        if cls.PUBLIC is None:
            return None
        return {name: value for name, value in payload.items() if name in cls.PUBLIC}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Self:
        """The event of a payload at the current version."""
        return cls(**payload)

    def to_payload(self) -> Payload:
        """The JSON object stored for this event."""
        payload: Payload = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in self.OPTIONAL and value == f.default:
                continue
            payload[f.name] = _json(value)
        return payload

    def apply(self, acc: Accumulator, seq: int) -> None:
        """Fold this event (stored at ``seq``) into the state being built."""
        raise NotImplementedError

    def summary(self) -> str:
        """One line for the admin's event log."""
        raise NotImplementedError


def _json(value: Any) -> Any:
    if isinstance(value, DomainValue):
        return value.to_payload()
    if isinstance(value, Mapping):
        return {key: _json(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [_json(item) for item in value]
    return value


class DomainValue:
    """A value nested in an event's payload (a board of a pairing)."""

    def to_payload(self) -> Payload:
        return {f.name: _json(getattr(self, f.name)) for f in fields(self)}  # type: ignore[arg-type]


@dataclass(frozen=True)
class TournamentCreated(DomainEvent):
    KIND = EventKind.TOURNAMENT_CREATED
    PUBLIC = frozenset(
        {
            "name",
            "rounds",
            "system",
            "scoring",
            "rules",
            "tiebreaks",
            "unrated_rating",
            "acceleration",
            "details",
            "initial_colour",
            "check_in",
            "max_half_byes",
            "no_half_byes_in",
            "lineup_order",
            "lineup_tolerance",
            "colour_type",
            "primary_score",
            "pab_match_points",
            "pab_game_points",
            "colour_sequence",
        }
    )
    EXAMPLES = MappingProxyType(
        {
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
        }
    )
    OPTIONAL = frozenset(
        {
            "unrated_rating",
            "acceleration",
            "details",
            "kind",
            "boards",
            "initial_colour",
            "check_in",
            "max_half_byes",
            "no_half_byes_in",
            "confirm_matching_reports",
            "lineup_order",
            "lineup_tolerance",
            "colour_type",
            "primary_score",
            "pab_match_points",
            "pab_game_points",
            "colour_sequence",
        }
    )

    name: str
    rounds: int
    system: str
    scoring: Mapping[str, str]
    rules: str
    tiebreaks: tuple[str, ...]
    unrated_rating: int | None = None
    acceleration: str = ""
    details: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    # Issue 22: a team event's boards per match and match points (2-1-0 when empty).
    kind: str = INDIVIDUAL
    boards: int = 0
    match_points: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # Issue 18: round 1's first colour (TRF XXC: "white1", "black1"; "" the server's
    # default), pairing only the players checked in, the C.04.2 half-point-bye limits.
    initial_colour: str = ""
    check_in: bool = False
    max_half_byes: int | None = None
    no_half_byes_in: tuple[int, ...] = ()
    confirm_matching_reports: bool = False  # issue 21
    # Issue 22: how far a line-up may leave the roster order; events stored before
    # the setting have neither field and read as the roster order they were decided by.
    lineup_order: str = "roster"
    lineup_tolerance: int | None = None
    # Issue 22: a team Swiss's C.04.6 colour-preference type (1.7; TRF26 192):
    # "A", "B" or "none"; events stored before the setting were paired as type A.
    colour_type: str = "A"
    # Issue 22: a team event's primary score, "MP" or "GP" (C.07 11.1; TRF26 192);
    # events stored before the setting ranked by match points first.
    primary_score: str = "MP"
    # Issue 22: the team PAB's match and game points (TRF26 320), as texts; None (and
    # events stored before the setting): a drawn match.
    pab_match_points: str | None = None
    pab_game_points: str | None = None
    # Issue 22: TRF26 352, the first-named team's colours down the boards; events
    # stored before the setting alternate ("WB").
    colour_sequence: str = "WB"

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Self:
        return cls(
            **{
                **payload,
                "tiebreaks": tuple(payload["tiebreaks"]),
                "no_half_byes_in": tuple(payload.get("no_half_byes_in", ())),
            }
        )

    def to_payload(self) -> Payload:
        payload = super().to_payload()
        for optional in ("details", "match_points"):
            if not getattr(self, optional):
                payload.pop(optional, None)
        return payload

    def apply(self, acc: Accumulator, seq: int) -> None:
        acc.settings = Settings(
            name=self.name,
            rounds=self.rounds,
            system=System(self.system),
            scoring=scoring_from_payload(self.scoring),
            rules=self.rules,
            tiebreaks=self.tiebreaks,
            unrated_rating=self.unrated_rating,
            acceleration=self.acceleration,
            details=MappingProxyType(dict(self.details)),
            kind=self.kind,
            boards=self.boards,
            match_points=MappingProxyType(dict(self.match_points)),
            initial_colour=self.initial_colour,
            check_in=self.check_in,
            max_half_byes=self.max_half_byes,
            no_half_byes_in=self.no_half_byes_in,
            confirm_matching_reports=self.confirm_matching_reports,
            lineup_order=self.lineup_order,
            lineup_tolerance=self.lineup_tolerance,
            colour_type=self.colour_type,
            primary_score=self.primary_score,
            pab_match_points=self.pab_match_points,
            pab_game_points=self.pab_game_points,
            colour_sequence=self.colour_sequence,
        )

    def summary(self) -> str:
        system = _value_text(self.system)
        if self.kind == TEAM:
            return msg(
                "%(name)s: %(rounds)s rounds, %(system)s, %(rules)s, teams of %(boards)s boards",
                name=self.name,
                rounds=self.rounds,
                system=system,
                rules=self.rules,
                boards=self.boards,
            )
        return msg(
            "%(name)s: %(rounds)s rounds, %(system)s, %(rules)s",
            name=self.name,
            rounds=self.rounds,
            system=system,
            rules=self.rules,
        )


def _player_registered_add_fide_id(payload: Payload) -> Payload:
    """v1 had no FIDE id: such players have none on record."""
    return {**payload, "fide_id": ""}


def _player_registered_add_player_id(payload: Payload) -> Payload:
    """v2 had no player id: each player's is the start rank registered with, which no
    event could change before the ids existed (nor two players share)."""
    return {**payload, "player_id": payload["start_rank"]}


@dataclass(frozen=True)
class PlayerRegistered(DomainEvent):
    KIND = EventKind.PLAYER_REGISTERED
    PUBLIC = frozenset(
        {
            "player_id",
            "start_rank",
            "name",
            "rating",
            "title",
            "federation",
            "fide_id",
            "first_round",
            "missed_rounds",
        }
    )
    VERSION = 3
    UPCASTERS = MappingProxyType(
        {1: _player_registered_add_fide_id, 2: _player_registered_add_player_id}
    )
    EXAMPLES = MappingProxyType(
        {
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
                "first_round": 4,
                "missed_rounds": "half",
            },
        }
    )
    OPTIONAL = frozenset({"sex", "birth_date", "club", "first_round", "missed_rounds"})

    start_rank: int  # the pairing number
    name: str
    rating: int
    title: str
    federation: str
    fide_id: str
    player_id: int  # given at registration, never changed
    sex: str = ""
    birth_date: str = ""
    club: str = ""
    # A late entry (registered once rounds were paired): the first round the player
    # can be paired in; each round before it is a requested bye of ``missed_rounds``
    # points ("zero" or "half"), as C.07 reads an unplayed round.
    first_round: int = 1
    missed_rounds: str = "zero"

    def apply(self, acc: Accumulator, seq: int) -> None:
        acc.players[self.start_rank] = PlayerState(
            self.start_rank,
            self.name,
            self.rating,
            self.title,
            self.federation,
            self.fide_id,
            player_id=self.player_id,
            sex=self.sex,
            birth_date=self.birth_date,
            club=self.club,
            first_round=self.first_round,
        )
        acc.player_ids[self.player_id] = self.start_rank
        if self.fide_id:
            acc.fide_ids.setdefault(self.fide_id, self.start_rank)
        for number in range(1, self.first_round):
            acc.requested_byes.setdefault(number, {})[self.start_rank] = self.missed_rounds

    def summary(self) -> str:
        entry = msg(
            "%(rank)s. %(name)s (%(rating)s)",
            rank=self.start_rank,
            name=self.name,
            rating=self.rating or msg("unrated"),
        )
        if self.first_round == 1:
            return entry
        return msg(
            "%(entry)s, late entry from round %(round)s (%(points)s-point byes before)",
            entry=entry,
            round=self.first_round,
            points=self.missed_rounds,
        )


@dataclass(frozen=True)
class PlayerWithdrawn(DomainEvent):
    KIND = EventKind.PLAYER_WITHDRAWN
    PUBLIC = frozenset({"start_rank", "from_round"})
    EXAMPLES = MappingProxyType({1: {"start_rank": 3, "from_round": 4}})

    start_rank: int
    from_round: int  # the first round the player no longer plays

    def apply(self, acc: Accumulator, seq: int) -> None:
        player = acc.players[self.start_rank]
        acc.players[self.start_rank] = replace(player, withdrawn_from=self.from_round)

    def summary(self) -> str:
        return msg(
            "player %(rank)s withdrawn from round %(round)s",
            rank=self.start_rank,
            round=self.from_round,
        )


@dataclass(frozen=True)
class ByeRequested(DomainEvent):
    KIND = EventKind.BYE_REQUESTED
    PUBLIC = frozenset({"start_rank", "round", "points"})
    EXAMPLES = MappingProxyType({1: {"start_rank": 3, "round": 2, "points": "half"}})

    start_rank: int
    round: int
    points: str  # "half", "zero" or "full" (state.BYE_POINTS)

    def apply(self, acc: Accumulator, seq: int) -> None:
        acc.requested_byes.setdefault(self.round, {})[self.start_rank] = self.points

    def summary(self) -> str:
        return msg(
            "player %(rank)s: %(points)s-point bye in round %(round)s",
            rank=self.start_rank,
            points=self.points,
            round=self.round,
        )


@dataclass(frozen=True)
class PairedBoard(DomainValue):
    """One board of a ``round.paired`` event: white and black by start rank."""

    board: int
    white: int
    black: int


@dataclass(frozen=True)
class PairingOrigin(DomainValue):
    """How a Swiss round was paired (``domain.pairing_origin``; docs/arbiter/pairing-tools.md):
    the engine and its version, the settings it was given, the digest of what it
    read, and whether an organiser gave or edited the boards by hand."""

    engine: str  # "dutch" (built in) or "external: <command>"
    version: str
    initial_colour: str  # "white1" or "black1" (TRF XXC)
    acceleration: str  # the tournament's method ("" none, "baku")
    input_digest: str  # "sha256:<hex>" of the pairing request TRF
    by_hand: bool = False
    # The checker's, when the boards differ: recorded by rounds stored before the
    # round's verdict (computed after the event is stored) took over; empty since.
    findings: tuple[str, ...] = ()

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> PairingOrigin:
        return cls(**{**payload, "findings": tuple(payload.get("findings", ()))})


@dataclass(frozen=True)
class RoundPaired(DomainEvent):
    KIND = EventKind.ROUND_PAIRED
    PUBLIC = frozenset({"round", "boards", "byes"})
    EXAMPLES = MappingProxyType(
        {1: {"round": 1, "boards": [{"board": 1, "white": 1, "black": 2}], "byes": [3]}}
    )
    # Events stored before it was recorded have no origin: read as None.
    OPTIONAL = frozenset({"origin"})

    round: int
    boards: tuple[PairedBoard, ...]
    byes: tuple[int, ...]  # pairing-allocated byes
    origin: PairingOrigin | None = None

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Self:
        boards = tuple(PairedBoard(**board) for board in payload["boards"])
        origin = payload.get("origin")
        return cls(
            payload["round"],
            boards,
            tuple(payload["byes"]),
            PairingOrigin.from_payload(origin) if origin else None,
        )

    def apply(self, acc: Accumulator, seq: int) -> None:
        boards = tuple(BoardState(b.board, b.white, b.black) for b in self.boards)
        acc.replace_round(RoundState(self.round, boards, self.byes))

    def summary(self) -> str:
        paired = msg(
            "round %(round)s: %(boards)s boards, byes %(byes)s",
            round=self.round,
            boards=len(self.boards),
            byes=list(self.byes) or msg("none"),
        )
        if self.origin is None:
            return paired
        if self.origin.by_hand:
            return msg(
                "%(paired)s (%(engine)s, given by hand)", paired=paired, engine=self.origin.engine
            )
        return msg("%(paired)s (%(engine)s)", paired=paired, engine=self.origin.engine)


@dataclass(frozen=True)
class _BoardResult(DomainEvent):
    """A board's result, first entered or corrected: the fold is the same."""

    OPTIONAL = frozenset({"rated"})

    round: int
    board: int
    result: str  # white's side first (state.RESULTS)
    rated: bool = True  # False: played but not rated (TRF W/D/L)

    def apply(self, acc: Accumulator, seq: int) -> None:
        board = acc.rounds[self.round].board(self.board)
        assert board is not None  # the decision checked it
        acc.put_board(
            self.round, replace(board, result=self.result, result_seq=seq, rated=self.rated)
        )

    def summary(self) -> str:
        return msg(
            "round %(round)s board %(board)s: %(result)s",
            round=self.round,
            board=self.board,
            result=self.result,
        )


@dataclass(frozen=True)
class ResultRecorded(_BoardResult):
    KIND = EventKind.RESULT_RECORDED
    PUBLIC = frozenset({"round", "board", "result", "rated"})
    OPTIONAL = frozenset({"rated", "confirms"})
    EXAMPLES = MappingProxyType({1: {"round": 1, "board": 1, "result": "1-0"}})

    # The players' reports (their seqs) this result confirms (issue 21); stored
    # without an author when two matching reports confirmed themselves.
    confirms: tuple[int, ...] = ()

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Self:
        return cls(**_confirms_read(payload))

    def summary(self) -> str:
        return _confirms_noted(super().summary(), self.confirms)


def _confirms_read(payload: Mapping[str, Any]) -> Payload:
    return {**payload, "confirms": tuple(payload.get("confirms", ()))}


def _confirms_noted(summary: str, confirms: tuple[int, ...]) -> str:
    """A result's summary naming the players' reports it confirms, if any."""
    if not confirms:
        return summary
    return msg(
        "%(summary)s (confirms the players' reports %(reports)s)",
        summary=summary,
        reports=", ".join(f"#{seq}" for seq in confirms),
    )


@dataclass(frozen=True, kw_only=True)
class ResultCorrected(_BoardResult):
    """Replaces a board's result; the entry it corrects stays in the log."""

    KIND = EventKind.RESULT_CORRECTED
    PUBLIC = frozenset({"round", "board", "result", "rated", "reason", "supersedes"})
    EXAMPLES = MappingProxyType(
        {
            1: {
                "round": 1,
                "board": 1,
                "result": "0-1",
                "reason": "colours swapped",
                "supersedes": 7,
            }
        }
    )

    reason: str
    supersedes: int  # the seq of the result replaced

    def summary(self) -> str:
        return msg(
            "%(summary)s (corrects #%(seq)s: %(reason)s)",
            summary=super().summary(),
            seq=self.supersedes,
            reason=self.reason,
        )


@dataclass(frozen=True)
class RoundClosed(DomainEvent):
    KIND = EventKind.ROUND_CLOSED
    PUBLIC = frozenset({"round"})
    EXAMPLES = MappingProxyType({1: {"round": 1}})

    round: int

    def apply(self, acc: Accumulator, seq: int) -> None:
        acc.replace_round(replace(acc.rounds[self.round], closed=True))

    def summary(self) -> str:
        return msg("round %(round)s closed", round=self.round)


@dataclass(frozen=True)
class _OrganiserChange(DomainEvent):
    """Who may write is kept with these events (as Membership rows the permission
    check reads); the state the standings come from does not depend on it."""

    EXAMPLES = MappingProxyType({1: {"user_id": 7, "username": "bob"}})

    user_id: int
    username: str  # as it was at the time

    def apply(self, acc: Accumulator, seq: int) -> None:
        pass


@dataclass(frozen=True)
class OrganiserGranted(_OrganiserChange):
    KIND = EventKind.ORGANISER_GRANTED

    def summary(self) -> str:
        return msg("%(user)s may now organise this tournament", user=self.username)


@dataclass(frozen=True)
class OrganiserRevoked(_OrganiserChange):
    KIND = EventKind.ORGANISER_REVOKED

    def summary(self) -> str:
        return msg("%(user)s no longer organises this tournament", user=self.username)


@dataclass(frozen=True)
class TeamRegistered(DomainEvent):
    """A team with its roster (start ranks of registered players, board order,
    reserves last); its players are registered by the events before it."""

    KIND = EventKind.TEAM_REGISTERED
    PUBLIC = frozenset({"number", "name", "short_name", "federation", "roster", "strength"})
    OPTIONAL = frozenset({"strength"})
    EXAMPLES = MappingProxyType(
        {
            1: {
                "number": 1,
                "name": "Rochade Eupen",
                "short_name": "ROC",
                "federation": "BEL",
                "captain": "Anna Braun",
                "roster": [1, 2, 3, 4, 5],
            }
        }
    )

    number: int
    name: str
    short_name: str
    federation: str  # a federation or a club
    captain: str
    roster: tuple[int, ...]
    # TRF26 310's strength factor as given ("" none; events before it had none).
    strength: str = ""

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Self:
        return cls(**{**payload, "roster": tuple(payload["roster"])})

    def apply(self, acc: Accumulator, seq: int) -> None:
        acc.teams[self.number] = TeamEntry(
            self.number,
            self.name,
            self.short_name,
            self.federation,
            self.captain,
            self.roster,
            strength=self.strength,
        )

    def summary(self) -> str:
        return msg(
            "team %(team)s. %(name)s: %(players)s players",
            team=self.number,
            name=self.name,
            players=len(self.roster),
        )


@dataclass(frozen=True)
class RosterEdited(DomainEvent):
    """A team's roster replaced (new players registered by the events before it)."""

    KIND = EventKind.ROSTER_EDITED
    PUBLIC = frozenset({"team", "roster"})
    EXAMPLES = MappingProxyType({1: {"team": 1, "roster": [2, 1, 3, 4, 5, 9]}})

    team: int
    roster: tuple[int, ...]

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Self:
        return cls(payload["team"], tuple(payload["roster"]))

    def apply(self, acc: Accumulator, seq: int) -> None:
        acc.teams[self.team] = replace(acc.teams[self.team], roster=self.roster)

    def summary(self) -> str:
        return msg("team %(team)s: roster %(roster)s", team=self.team, roster=list(self.roster))


@dataclass(frozen=True)
class TeamEdited(DomainEvent):
    """A team's name, short name, federation or club, or captain corrected."""

    KIND = EventKind.TEAM_EDITED
    PUBLIC = frozenset({"team", "changes"})
    EXAMPLES = MappingProxyType({1: {"team": 2, "changes": {"name": "Rochade Eupen"}}})

    team: int
    changes: Mapping[str, str]  # only the fields that change

    @classmethod
    def public_of(cls, payload: Mapping[str, Any]) -> Payload | None:
        assert TeamRegistered.PUBLIC is not None
        return _public_changes(payload, TeamRegistered.PUBLIC)

    def apply(self, acc: Accumulator, seq: int) -> None:
        team = acc.teams[self.team]
        given = self.changes
        acc.teams[self.team] = replace(
            team,
            name=given.get("name", team.name),
            short_name=given.get("short_name", team.short_name),
            federation=given.get("federation", team.federation),
            captain=given.get("captain", team.captain),
        )

    def summary(self) -> str:
        return f"team {self.team}: {_changes_text(self.changes)}"


@dataclass(frozen=True)
class LineupSubmitted(DomainEvent):
    """The players of a team in a round, by board (null: nobody on that board); a
    later line-up for the same round replaces it until a board has a result."""

    KIND = EventKind.LINEUP_SUBMITTED
    EXAMPLES = MappingProxyType({1: {"round": 1, "team": 1, "players": [1, 2, None, 5]}})

    round: int
    team: int
    players: tuple[int | None, ...]

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Self:
        return cls(payload["round"], payload["team"], tuple(payload["players"]))

    def apply(self, acc: Accumulator, seq: int) -> None:
        acc.lineups[(self.round, self.team)] = self.players

    def summary(self) -> str:
        shown = ", ".join("-" if p is None else str(p) for p in self.players)
        return msg(
            "round %(round)s, team %(team)s: line-up %(players)s",
            round=self.round,
            team=self.team,
            players=shown,
        )


@dataclass(frozen=True)
class PairedMatch(DomainValue):
    """One match of a ``team.round_paired`` event: ``white`` has White on board 1."""

    match: int
    white: int
    black: int


@dataclass(frozen=True)
class TeamRoundPaired(DomainEvent):
    KIND = EventKind.TEAM_ROUND_PAIRED
    PUBLIC = frozenset({"round", "matches", "byes"})
    EXAMPLES = MappingProxyType(
        {1: {"round": 1, "matches": [{"match": 1, "white": 1, "black": 2}], "byes": [3]}}
    )

    round: int
    matches: tuple[PairedMatch, ...]
    byes: tuple[int, ...]  # teams with the pairing-allocated bye

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Self:
        matches = tuple(PairedMatch(**match) for match in payload["matches"])
        return cls(payload["round"], matches, tuple(payload["byes"]))

    def apply(self, acc: Accumulator, seq: int) -> None:
        matches = tuple(MatchState(m.match, m.white, m.black) for m in self.matches)
        acc.team_rounds[self.round] = TeamRoundState(self.round, matches, self.byes)

    def summary(self) -> str:
        shown = ", ".join(f"{m.white}-{m.black}" for m in self.matches)
        return msg(
            "round %(round)s: matches %(matches)s; byes %(byes)s",
            round=self.round,
            matches=shown,
            byes=list(self.byes) or msg("none"),
        )


def _put_match(acc: Accumulator, round_number: int, match: MatchState) -> None:
    rnd = acc.team_rounds[round_number]
    matches = tuple(match if m.number == match.number else m for m in rnd.matches)
    acc.team_rounds[round_number] = replace(rnd, matches=matches)


@dataclass(frozen=True)
class _TeamBoardResult(DomainEvent):
    """A board's result in a match, first entered or corrected: the fold is the same."""

    OPTIONAL = frozenset({"rated"})

    round: int
    match: int
    board: int
    result: str  # white's side first (state.RESULTS)
    rated: bool = True  # False: played but not rated (TRF W/D/L), as ResultRecorded

    def apply(self, acc: Accumulator, seq: int) -> None:
        match = acc.team_rounds[self.round].match(self.match)
        assert match is not None  # the decision checked it
        results = {**match.results, self.board: (self.result, seq)}
        unrated = match.unrated - {self.board} if self.rated else match.unrated | {self.board}
        _put_match(
            acc,
            self.round,
            replace(match, results=MappingProxyType(results), unrated=unrated),
        )

    def summary(self) -> str:
        return msg(
            "round %(round)s match %(match)s board %(board)s: %(result)s",
            round=self.round,
            match=self.match,
            board=self.board,
            result=self.result,
        )


@dataclass(frozen=True)
class BoardResultRecorded(_TeamBoardResult):
    KIND = EventKind.BOARD_RESULT_RECORDED
    PUBLIC = frozenset({"round", "match", "board", "result", "rated"})
    OPTIONAL = frozenset({"rated", "confirms"})
    EXAMPLES = MappingProxyType({1: {"round": 1, "match": 1, "board": 2, "result": "0-1"}})

    # As for individual results: the players' reports this result confirms (issue 22).
    confirms: tuple[int, ...] = ()

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Self:
        return cls(**_confirms_read(payload))

    def summary(self) -> str:
        return _confirms_noted(super().summary(), self.confirms)


@dataclass(frozen=True, kw_only=True)
class BoardResultCorrected(_TeamBoardResult):
    """Replaces a board's result; the entry it corrects stays in the log."""

    KIND = EventKind.BOARD_RESULT_CORRECTED
    PUBLIC = frozenset({"round", "match", "board", "result", "rated", "reason", "supersedes"})
    EXAMPLES = MappingProxyType(
        {
            1: {
                "round": 1,
                "match": 1,
                "board": 2,
                "result": "1-0",
                "reason": "score sheet misread",
                "supersedes": 12,
            }
        }
    )

    reason: str
    supersedes: int  # the seq of the result replaced

    def summary(self) -> str:
        return msg(
            "%(summary)s (corrects #%(seq)s: %(reason)s)",
            summary=super().summary(),
            seq=self.supersedes,
            reason=self.reason,
        )


@dataclass(frozen=True)
class MatchForfeited(DomainEvent):
    """A whole match forfeited (a team did not show), from the first-named team's
    side: ``+/-`` it wins, ``-/+`` it loses, ``0-0`` both lose."""

    KIND = EventKind.MATCH_FORFEITED
    PUBLIC = frozenset({"round", "match", "result"})
    EXAMPLES = MappingProxyType({1: {"round": 2, "match": 1, "result": "-/+"}})

    round: int
    match: int
    result: str

    def apply(self, acc: Accumulator, seq: int) -> None:
        match = acc.team_rounds[self.round].match(self.match)
        assert match is not None  # the decision checked it
        _put_match(acc, self.round, replace(match, forfeit=self.result))

    def summary(self) -> str:
        return msg(
            "round %(round)s match %(match)s: forfeited %(result)s",
            round=self.round,
            match=self.match,
            result=self.result,
        )


@dataclass(frozen=True)
class TeamByeRequested(DomainEvent):
    """A team's half-, zero- or full-point bye in a round not paired yet (TRF26 240)."""

    KIND = EventKind.TEAM_BYE_REQUESTED
    EXAMPLES = MappingProxyType({1: {"team": 3, "round": 2, "points": "half"}})

    team: int
    round: int
    points: str  # "half", "zero" or "full" (state.BYE_POINTS)

    def apply(self, acc: Accumulator, seq: int) -> None:
        acc.team_byes.setdefault(self.round, {})[self.team] = self.points

    def summary(self) -> str:
        return msg(
            "team %(team)s: %(points)s-point bye in round %(round)s",
            team=self.team,
            points=self.points,
            round=self.round,
        )


@dataclass(frozen=True)
class TeamByeCancelled(DomainEvent):
    KIND = EventKind.TEAM_BYE_CANCELLED
    EXAMPLES = MappingProxyType({1: {"team": 3, "round": 2}})

    team: int
    round: int

    def apply(self, acc: Accumulator, seq: int) -> None:
        del acc.team_byes[self.round][self.team]
        if not acc.team_byes[self.round]:
            del acc.team_byes[self.round]

    def summary(self) -> str:
        return msg(
            "team %(team)s: bye in round %(round)s cancelled", team=self.team, round=self.round
        )


@dataclass(frozen=True)
class TeamWithdrawn(DomainEvent):
    KIND = EventKind.TEAM_WITHDRAWN
    EXAMPLES = MappingProxyType({1: {"team": 3, "from_round": 4}})

    team: int
    from_round: int  # the first round the team no longer plays

    def apply(self, acc: Accumulator, seq: int) -> None:
        acc.teams[self.team] = replace(acc.teams[self.team], withdrawn_from=self.from_round)

    def summary(self) -> str:
        return msg(
            "team %(team)s withdrawn from round %(round)s", team=self.team, round=self.from_round
        )


@dataclass(frozen=True)
class TeamReinstated(DomainEvent):
    KIND = EventKind.TEAM_REINSTATED
    EXAMPLES = MappingProxyType({1: {"team": 3, "from_round": 5}})

    team: int
    from_round: int  # the first round the team plays again

    def apply(self, acc: Accumulator, seq: int) -> None:
        acc.teams[self.team] = replace(acc.teams[self.team], withdrawn_from=None)

    def summary(self) -> str:
        return msg(
            "team %(team)s plays again from round %(round)s", team=self.team, round=self.from_round
        )


@dataclass(frozen=True)
class BoardPrizesSet(DomainEvent):
    """The organiser's board prize rules: ``order`` ("performance" or
    "percentage"), ``min_games`` (null: the default, two thirds of the rounds) and
    ``assignment`` ("every_board": each game on its board; "most_played": each
    player once, on the board played most; left out of a payload: every_board), and
    the regulations' options, each left out of a payload while at its default (so
    an event stored before them reads as before): ``reserve_min_games`` (null: as
    min_games), ``minimum_unit`` ("games" or "percent" of the rounds),
    ``rating_cap`` and ``unrated_rating`` (null: none), ``tiebreaks`` (null: the
    order's default)."""

    KIND = EventKind.BOARD_PRIZES_SET
    _OPTIONS = frozenset(
        {"reserve_min_games", "minimum_unit", "rating_cap", "unrated_rating", "tiebreaks"}
    )
    PUBLIC = frozenset({"order", "min_games", "assignment"}) | _OPTIONS
    OPTIONAL = frozenset({"assignment"}) | _OPTIONS
    EXAMPLES = MappingProxyType(
        {
            1: {
                "order": "performance",
                "min_games": 70,
                "assignment": "most_played",
                "reserve_min_games": 50,
                "minimum_unit": "percent",
                "rating_cap": 400,
                "unrated_rating": 1000,
                "tiebreaks": ["mutual", "games", "percentage", "team_place"],
            }
        }
    )

    order: str
    min_games: int | None
    assignment: str = "every_board"
    reserve_min_games: int | None = None
    minimum_unit: str = "games"
    rating_cap: int | None = None
    unrated_rating: int | None = None
    tiebreaks: list[str] | None = None

    def apply(self, acc: Accumulator, seq: int) -> None:
        acc.board_prizes = BoardPrizeSettings(
            self.order,
            self.min_games,
            self.assignment,
            self.reserve_min_games,
            self.minimum_unit,
            self.rating_cap,
            self.unrated_rating,
            None if self.tiebreaks is None else tuple(self.tiebreaks),
        )

    def summary(self) -> str:
        def games(count: int) -> str:
            if self.minimum_unit == "percent":
                return msg("%(count)s%% of the rounds", count=count)
            return msg("%(count)s games", count=count)

        order = _BOARD_PRIZE_ORDERS.get(self.order, self.order)
        minimum = msg("the default") if self.min_games is None else games(self.min_games)
        parts = [
            msg("board prizes by %(order)s, at least %(minimum)s", order=order, minimum=minimum),
            msg("on each board played")
            if self.assignment == "every_board"
            else msg("on one board"),
        ]
        if self.reserve_min_games:
            parts.append(msg("reserves %(minimum)s", minimum=games(self.reserve_min_games)))
        if self.rating_cap:
            parts.append(msg("rating difference at most %(cap)s", cap=self.rating_cap))
        if self.unrated_rating:
            parts.append(msg("unrated at %(rating)s", rating=self.unrated_rating))
        if self.tiebreaks is not None:
            parts.append(msg("ties: %(tiebreaks)s", tiebreaks=", ".join(self.tiebreaks)))
        return _listed(parts)


_BOARD_PRIZE_ORDERS = {"performance": msg("performance"), "percentage": msg("percentage")}


@dataclass(frozen=True)
class TeamsRanked(DomainEvent):
    """The teams' pairing numbers before round 1: ``order`` lists the teams by their
    numbers before this event, pairing number 1 first."""

    KIND = EventKind.TEAMS_RANKED
    EXAMPLES = MappingProxyType({1: {"order": [3, 1, 2]}})

    order: tuple[int, ...]

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Self:
        return cls(tuple(payload["order"]))

    def apply(self, acc: Accumulator, seq: int) -> None:
        renumber_teams(acc, {old: new for new, old in enumerate(self.order, start=1)})

    def summary(self) -> str:
        shown = ", ".join(map(str, self.order))
        return msg(
            "team pairing numbers 1-%(last)s given, in order to teams %(teams)s",
            last=len(self.order),
            teams=shown,
        )


@dataclass(frozen=True)
class PrizeListSet(DomainEvent):
    """The prize list (docs/prizes.md), as ``prize_list_json`` spells it out; it
    replaces any set before."""

    KIND = EventKind.PRIZE_LIST_SET
    PUBLIC = frozenset({"definition"})
    EXAMPLES = MappingProxyType(
        {
            1: {
                "definition": {
                    "sharing": "hort",
                    "hort_share": "0.5",
                    "one_prize_per_player": True,
                    "precedence": "general_first",
                    "rounding": "distribute",
                    "prizes": [
                        {"name": "1st", "place": 1, "amount": "100.00", "unclaimed": "lapse"}
                    ],
                }
            }
        }
    )

    definition: Mapping[str, Any]

    def apply(self, acc: Accumulator, seq: int) -> None:
        acc.prize_list = parse_prize_list(self.definition)
        acc.prize_list_seq = seq

    def summary(self) -> str:
        count = len(self.definition["prizes"])
        sharing = _SHARING.get(self.definition["sharing"], self.definition["sharing"])
        # No plural form in a template: one prize has its own (the catalogues word the
        # other counts so that any number reads, "prizes: 3").
        if count == 1:
            return msg("prize list set: 1 prize, %(sharing)s", sharing=sharing)
        return msg("prize list set: %(count)s prizes, %(sharing)s", count=count, sharing=sharing)


# --- the organiser's amendments (decided and folded by ``amendments``) -----------------


_SHARING = {
    "tiebreak": msg("tie-break sharing"),
    "equal": msg("equal sharing"),
    "hort": msg("Hort sharing"),
}

# What the event log calls a setting or a player's field (the API's names stay in
# the payloads); a name not listed is shown as stored.
_FIELD_NAMES = {
    "name": msg("name"),
    "rounds": msg("rounds"),
    "system": msg("system"),
    "scoring": msg("scoring"),
    "rules": msg("rule edition"),
    "tiebreaks": msg("tie-breaks"),
    "unrated_rating": msg("rating of the unrated"),
    "acceleration": msg("acceleration"),
    "details": msg("details"),
    "kind": msg("kind"),
    "boards": msg("boards"),
    "match_points": msg("match points"),
    "initial_colour": msg("first colour"),
    "check_in": msg("check-in"),
    "max_half_byes": msg("half-point byes at most"),
    "no_half_byes_in": msg("no half-point byes in rounds"),
    "confirm_matching_reports": msg("matching reports confirmed"),
    "lineup_order": msg("line-up order"),
    "lineup_tolerance": msg("line-up tolerance"),
    "colour_type": msg("colour preference type"),
    "primary_score": msg("primary score"),
    "pab_match_points": msg("pairing-allocated bye match points"),
    "pab_game_points": msg("pairing-allocated bye game points"),
    "colour_sequence": msg("colour sequence"),
    "rating": msg("Elo rating"),
    "title": msg("title"),
    "federation": msg("federation"),
    "fide_id": msg("FIDE id"),
    "sex": msg("sex"),
    "birth_date": msg("birth date"),
    "club": msg("club"),
    "first_round": msg("first round"),
    "missed_rounds": msg("missed rounds"),
}

_SYSTEMS = {
    "swiss": msg("Swiss"),
    "round robin": msg("round robin"),
    "double round robin": msg("double round robin"),
}


def _value_text(value: Any) -> str:
    """A setting's or field's value as the event log shows it: on/off, cleared, a
    system's name, else as stored (a text quoted)."""
    if value is True:
        return msg("on")
    if value is False:
        return msg("off")
    if value is None or value == "":
        return msg("cleared")
    if isinstance(value, str) and value in _SYSTEMS:
        return _SYSTEMS[value]
    return repr(value)


def _listed(items: Sequence[str]) -> str:
    """``items`` joined by commas, each translated at the edge on its own."""
    if len(items) == 1:
        return items[0]
    return msg("%(first)s, %(rest)s", first=items[0], rest=_listed(items[1:]))


def _changes_text(changes: Mapping[str, Any]) -> str:
    if not changes:
        return ""
    return _listed(
        [
            msg(
                "%(field)s %(value)s",
                field=_FIELD_NAMES.get(name, name),
                value=_value_text(value),
            )
            for name, value in changes.items()
        ]
    )


def _public_changes(payload: Mapping[str, Any], public: frozenset[str]) -> Payload:
    """An amendment's payload with only the changes to ``public`` fields (an edited
    birth date or club stays as private as the registration's)."""
    changes = {name: value for name, value in payload["changes"].items() if name in public}
    return {**payload, "changes": changes}


@dataclass(frozen=True)
class PlayerEdited(DomainEvent):
    KIND = EventKind.PLAYER_EDITED
    PUBLIC = frozenset({"player_id", "changes"})
    EXAMPLES = MappingProxyType(
        {1: {"player_id": 3, "changes": {"rating": 2210, "name": "Rossi, Anna"}}}
    )

    player_id: int
    changes: Mapping[str, Any]  # only the fields that change

    @classmethod
    def public_of(cls, payload: Mapping[str, Any]) -> Payload | None:
        assert PlayerRegistered.PUBLIC is not None
        return _public_changes(payload, PlayerRegistered.PUBLIC)

    def apply(self, acc: Accumulator, seq: int) -> None:
        amendments.fold_player_edit(acc, self.to_payload())

    def summary(self) -> str:
        return msg(
            "player #%(id)s: %(changes)s", id=self.player_id, changes=_changes_text(self.changes)
        )


@dataclass(frozen=True)
class PlayersRanked(DomainEvent):
    KIND = EventKind.PLAYERS_RANKED
    PUBLIC = frozenset({"order"})
    EXAMPLES = MappingProxyType({1: {"order": [3, 1, 2]}})

    order: tuple[int, ...]  # player ids, pairing number 1 first

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Self:
        return cls(tuple(payload["order"]))

    def apply(self, acc: Accumulator, seq: int) -> None:
        amendments.fold_ranking(acc, self.to_payload())

    def summary(self) -> str:
        ids = ", ".join(f"#{player_id}" for player_id in self.order)
        return msg(
            "pairing numbers 1-%(last)s given, in order to players %(ids)s",
            last=len(self.order),
            ids=ids,
        )


@dataclass(frozen=True)
class ByeCancelled(DomainEvent):
    KIND = EventKind.BYE_CANCELLED
    PUBLIC = frozenset({"player_id", "round"})
    EXAMPLES = MappingProxyType({1: {"player_id": 3, "round": 2}})

    player_id: int
    round: int

    def apply(self, acc: Accumulator, seq: int) -> None:
        amendments.fold_bye_cancellation(acc, self.to_payload())

    def summary(self) -> str:
        return msg(
            "player #%(id)s: bye in round %(round)s cancelled", id=self.player_id, round=self.round
        )


@dataclass(frozen=True)
class PlayerReinstated(DomainEvent):
    KIND = EventKind.PLAYER_REINSTATED
    PUBLIC = frozenset({"player_id", "from_round"})
    EXAMPLES = MappingProxyType({1: {"player_id": 3, "from_round": 5}})

    player_id: int
    from_round: int

    def apply(self, acc: Accumulator, seq: int) -> None:
        amendments.fold_reinstatement(acc, self.to_payload())

    def summary(self) -> str:
        return msg(
            "player #%(id)s plays again from round %(round)s",
            id=self.player_id,
            round=self.from_round,
        )


@dataclass(frozen=True)
class RoundUnpaired(DomainEvent):
    KIND = EventKind.ROUND_UNPAIRED
    PUBLIC = frozenset({"round"})
    EXAMPLES = MappingProxyType({1: {"round": 3}})

    round: int

    def apply(self, acc: Accumulator, seq: int) -> None:
        amendments.fold_unpairing(acc, self.to_payload())

    def summary(self) -> str:
        return msg("round %(round)s cancelled", round=self.round)


@dataclass(frozen=True)
class SettingsChanged(DomainEvent):
    KIND = EventKind.SETTINGS_CHANGED
    PUBLIC = frozenset({"changes"})
    EXAMPLES = MappingProxyType({1: {"changes": {"rounds": 9, "name": "Club Open 2026"}}})

    changes: Mapping[str, Any]  # as in tournament.created; None or "" clears a setting

    @classmethod
    def public_of(cls, payload: Mapping[str, Any]) -> Payload | None:
        assert TournamentCreated.PUBLIC is not None
        return _public_changes(payload, TournamentCreated.PUBLIC)

    def apply(self, acc: Accumulator, seq: int) -> None:
        amendments.fold_settings_change(acc, self.to_payload())

    def summary(self) -> str:
        return msg("settings: %(changes)s", changes=_changes_text(self.changes))


@dataclass(frozen=True)
class PlayersCheckedIn(DomainEvent):
    """Players marked present for a round (``present`` false: marked absent again)."""

    KIND = EventKind.PLAYERS_CHECKED_IN
    EXAMPLES = MappingProxyType({1: {"round": 2, "player_ids": [3, 5], "present": True}})

    round: int
    player_ids: tuple[int, ...]
    present: bool

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Self:
        return cls(payload["round"], tuple(payload["player_ids"]), payload["present"])

    def apply(self, acc: Accumulator, seq: int) -> None:
        amendments.fold_check_in(acc, self.to_payload())

    def summary(self) -> str:
        ids = ", ".join(f"#{player_id}" for player_id in self.player_ids)
        if self.present:
            return msg("round %(round)s: players %(ids)s checked in", round=self.round, ids=ids)
        return msg(
            "round %(round)s: players %(ids)s no longer checked in", round=self.round, ids=ids
        )


def _report_add_match(payload: Payload) -> Payload:
    """v1 had no match: players reported only in individual events, whose boards
    belong to no match."""
    return {**payload, "match": None}


@dataclass(frozen=True, kw_only=True)
class ResultReported(DomainEvent):
    """A player's report of their game's result through their private link (issue
    21): not a result; the organiser confirms it (a result event naming it) or
    rejects it.  A later report of the same player replaces it.  In a team event
    (issue 22) ``match`` names the board's match."""

    KIND = EventKind.RESULT_REPORTED
    VERSION = 2
    UPCASTERS = MappingProxyType({1: _report_add_match})
    EXAMPLES = MappingProxyType(
        {
            1: {"round": 3, "board": 2, "player_id": 7, "result": "0-1"},
            2: {"round": 3, "match": 1, "board": 2, "player_id": 7, "result": "0-1"},
        }
    )

    round: int
    match: int | None  # None: an individual event's board
    board: int
    player_id: int
    result: str  # white's side first

    def apply(self, acc: Accumulator, seq: int) -> None:
        key = (self.round, self.match, self.board)
        rank = acc.player_ids[self.player_id]
        acc.reports[key] = MappingProxyType(
            {**acc.reports.get(key, {}), rank: Report(self.result, seq)}
        )

    def summary(self) -> str:
        at = _board_name(self.round, self.match, self.board)
        return msg(
            "%(at)s: player %(player)s reports %(result)s",
            at=at,
            player=self.player_id,
            result=self.result,
        )


@dataclass(frozen=True, kw_only=True)
class ReportRejected(DomainEvent):
    """The organiser rejected a board's reports: they no longer count, and its
    players may report again."""

    KIND = EventKind.REPORT_REJECTED
    VERSION = 2
    UPCASTERS = MappingProxyType({1: _report_add_match})
    EXAMPLES = MappingProxyType(
        {
            1: {"round": 3, "board": 2, "reason": "game still on"},
            2: {"round": 3, "match": 1, "board": 2, "reason": "game still on"},
        }
    )

    round: int
    match: int | None  # None: an individual event's board
    board: int
    reason: str

    def apply(self, acc: Accumulator, seq: int) -> None:
        acc.reports.pop((self.round, self.match, self.board), None)

    def summary(self) -> str:
        return msg(
            "%(at)s: reports rejected (%(reason)s)",
            at=_board_name(self.round, self.match, self.board),
            reason=self.reason,
        )


def _board_name(round_number: int, match: int | None, board: int) -> str:
    if match is None:
        return msg("round %(round)s board %(board)s", round=round_number, board=board)
    return msg(
        "round %(round)s match %(match)s board %(board)s",
        round=round_number,
        match=match,
        board=board,
    )


def _link_holder(role: str, holder: int) -> str:
    if role == "player":
        return msg("player %(number)s", number=holder)
    if role == "captain":
        return msg("captain of team %(number)s", number=holder)
    return f"{role} {holder}"


@dataclass(frozen=True)
class LinkIssued(DomainEvent):
    """A private link (issue 21) given to a player (``role`` "player", ``holder`` the
    player id) or a team's captain ("captain", the team number); it replaces any
    link the holder had.  The nonce is signed into the link: private."""

    KIND = EventKind.LINK_ISSUED
    EXAMPLES = MappingProxyType({1: {"role": "player", "holder": 7, "nonce": "k3Jd9sQ2"}})

    role: str
    holder: int
    nonce: str

    def apply(self, acc: Accumulator, seq: int) -> None:
        acc.links[(self.role, self.holder)] = self.nonce

    def summary(self) -> str:
        return msg("private link issued to %(holder)s", holder=_link_holder(self.role, self.holder))


@dataclass(frozen=True)
class LinkRevoked(DomainEvent):
    KIND = EventKind.LINK_REVOKED
    EXAMPLES = MappingProxyType({1: {"role": "player", "holder": 7}})

    role: str
    holder: int

    def apply(self, acc: Accumulator, seq: int) -> None:
        del acc.links[(self.role, self.holder)]

    def summary(self) -> str:
        return msg(
            "private link of %(holder)s revoked", holder=_link_holder(self.role, self.holder)
        )


@dataclass(frozen=True)
class TeamRoundStarted(DomainEvent):
    """The organiser marks a team round started: its line-ups become public and
    the captains' links take no more line-ups for it."""

    KIND = EventKind.TEAM_ROUND_STARTED
    PUBLIC = frozenset({"round"})
    EXAMPLES = MappingProxyType({1: {"round": 2}})

    round: int

    def apply(self, acc: Accumulator, seq: int) -> None:
        acc.started_team_rounds = acc.started_team_rounds | {self.round}

    def summary(self) -> str:
        return msg("round %(round)s started", round=self.round)


EVENT_TYPES: Mapping[str, type[DomainEvent]] = MappingProxyType(
    {
        event_type.KIND: event_type
        for event_type in (
            TournamentCreated,
            PlayerRegistered,
            PlayerWithdrawn,
            ByeRequested,
            RoundPaired,
            ResultRecorded,
            ResultCorrected,
            RoundClosed,
            OrganiserGranted,
            OrganiserRevoked,
            TeamRegistered,
            RosterEdited,
            TeamEdited,
            LineupSubmitted,
            TeamRoundPaired,
            BoardResultRecorded,
            BoardResultCorrected,
            MatchForfeited,
            TeamByeRequested,
            TeamByeCancelled,
            TeamWithdrawn,
            TeamReinstated,
            BoardPrizesSet,
            TeamsRanked,
            PrizeListSet,
            PlayerEdited,
            PlayersRanked,
            ByeCancelled,
            PlayerReinstated,
            RoundUnpaired,
            SettingsChanged,
            PlayersCheckedIn,
            ResultReported,
            ReportRejected,
            LinkIssued,
            LinkRevoked,
            TeamRoundStarted,
        )
    }
)


def upcast(kind: str, version: int, payload: Mapping[str, Any]) -> Payload:
    """A payload stored at ``version`` brought up to its kind's current version."""
    event_type = EVENT_TYPES[kind]
    if version > event_type.VERSION:
        raise ValueError(
            f"{kind} schema version {version} is newer than this code ({event_type.VERSION})"
        )
    result = dict(payload)
    for from_version in range(version, event_type.VERSION):
        try:
            step = event_type.UPCASTERS[from_version]
        except KeyError:
            raise ValueError(f"no upcaster for {kind} v{from_version}") from None
        result = step(result)
    return result


def public_payload(kind: str, payload: Mapping[str, Any]) -> Payload | None:
    """What the public feed shows of a payload at its kind's current version: its
    public fields, or None for a kind the public does not see."""
    return EVENT_TYPES[kind].public_of(payload)


def schema_version(kind: str) -> int:
    """The schema version a new ``kind`` event is written at."""
    return EVENT_TYPES[kind].VERSION


def decode(kind: str, version: int, payload: Mapping[str, Any]) -> DomainEvent:
    """The event of a payload stored at ``version``."""
    return EVENT_TYPES[kind].from_payload(upcast(kind, version, payload))


# Payload fields that queries filter on: every stored version of every kind that
# has one keeps it under this name with this meaning (``test_event_registry``).
QUERIED_FIELDS = ("name", "round")


def payload_lookup(field_name: str) -> str:
    """The ORM lookup of a payload field, for a query filtering on it."""
    if field_name not in QUERIED_FIELDS:
        raise ValueError(f"payload field {field_name!r} is not one that queries may read")
    return f"payload__{field_name}"
