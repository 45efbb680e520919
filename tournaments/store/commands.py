"""The commands that change a tournament, as the API, the file imports and the
admin run them.

A command checks its body's shape (``domain.bodies``: types, ranges, choices), then
``append.decide_and_append`` decides it (``tournaments.domain.decisions``) on the
tournament's latest state and appends its events; when another writer appended
first, it decides again on the newer state.  A refused command stores nothing.
``expected_seq`` gives optimistic concurrency (a mismatch raises ``Conflict``); an
idempotency key already used on the tournament returns the event it stored and
stores nothing.

Several commands that must be stored together (a round with its requested byes,
a TRF import) are decided in a ``Draft`` and appended at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction

from pairings import pair_round
from pairings.external import executable_digest, pair_with
from tiebreaks.model import Color
from tournaments.domain import amendments, decisions, reports, team_decisions
from tournaments.domain import bodies as b
from tournaments.domain.errors import CommandError, Conflict, TournamentNotFound, msg
from tournaments.domain.events import (
    EVENT_TYPES,
    DomainEvent,
    EventKind,
    RoundPaired,
    TournamentCreated,
)
from tournaments.domain.shapes import Body, field_names
from tournaments.domain.state import TournamentState
from tournaments.models import Event, Membership, Tournament

from .append import append, decide_and_append
from .events import payload_of

__all__ = [
    "cancel_bye",
    "cancel_team_bye",
    "change_settings",
    "check_in_players",
    "edit_player",
    "rank_players",
    "rank_teams",
    "reinstate_player",
    "unpair_round",
    "CommandError",
    "Conflict",
    "Draft",
    "TournamentNotFound",
    "close_round",
    "correct_board_result",
    "correct_result",
    "create_tournament",
    "edit_roster",
    "edit_team",
    "forfeit_match",
    "pair_next_team_round",
    "pair_team_round",
    "record_board_result",
    "register_team",
    "submit_lineup",
    "pair_next_round",
    "pair_round_checked",
    "preview_next_round",
    "record_pairing",
    "record_result",
    "register_player",
    "request_bye",
    "request_team_bye",
    "set_prize_list",
    "withdraw_player",
    "withdraw_team",
    "report_result",
    "confirm_report",
    "reject_report",
    "issue_links",
    "revoke_link",
    "submit_captain_lineup",
    "start_team_round",
    "reinstate_team",
    "set_board_prizes",
]

Payload = dict[str, Any]


@dataclass(frozen=True)
class Command:
    """One command on an existing tournament: the type of its body, and its decision."""

    kind: EventKind
    body: type[Body]
    decide: decisions.Decision = field(repr=False)
    # The body's fields a retried request is compared on (None: all of them); a
    # command storing several events keeps its key on the last, which holds only these.
    replay_fields: frozenset[str] | None = None
    # Other kinds its last event may have (a round robin's round ends with the
    # forfeits of withdrawn teams' matches).
    also_last: frozenset[str] = frozenset()

    def __call__(
        self,
        tournament_id: int,
        body: Mapping[str, Any],
        *,
        author: User | None = None,
        expected_seq: int | None = None,
        idempotency_key: str | None = None,
    ) -> Event:
        # The body's shape needs no state: checked before the transaction.
        data = self.body.parse(body).to_payload()
        stored = decide_and_append(
            tournament_id,
            lambda state: self.decide(state, data),
            author=author,
            expected_seq=expected_seq,
            idempotency_key=idempotency_key or "",
            replayed=partial(
                _replayed, kind=self.kind, data=self._replay_data(data), also=self.also_last
            ),
        )
        return stored[-1]

    def _replay_data(self, data: Payload) -> Payload:
        if self.replay_fields is None:
            return data
        return {k: v for k, v in data.items() if k in self.replay_fields}


def create_tournament(
    payload: Mapping[str, Any],
    *,
    author: User | None = None,
    idempotency_key: str | None = None,
) -> Event:
    """Create a tournament (event 1); its author becomes its first organiser."""
    data = b.CreateTournament.parse(payload).to_payload()
    with transaction.atomic():
        if author is not None:
            # Serialise one user's creations so a retried key cannot create twice.
            get_user_model().objects.select_for_update().filter(pk=author.pk).first()
        if idempotency_key:
            existing = Event.objects.filter(
                kind=EventKind.TOURNAMENT_CREATED, author=author, idempotency_key=idempotency_key
            ).first()
            if existing is not None:
                return _replayed(existing, kind=EventKind.TOURNAMENT_CREATED, data=data)
        tournament = Tournament.objects.create(created_by=author)
        if author is not None:
            Membership.objects.create(tournament=tournament, user=author)
        created = TournamentCreated.from_payload(data)
        (event,) = append(
            tournament.pk, 0, [created], author=author, idempotency_key=idempotency_key or ""
        )
        return event


class Draft:
    """Commands decided one after the other, each against the state after the
    ones before it, to be appended together (``append.append``): all or none.

    Each body is checked as its command checks it.
    """

    def __init__(self, state: TournamentState) -> None:
        self.start_seq = state.last_seq
        self.plan = decisions.Plan(state)

    @property
    def state(self) -> TournamentState:
        return self.plan.state

    @property
    def events(self) -> list[DomainEvent]:
        return self.plan.events

    def add(self, command: Command, body: Mapping[str, Any]) -> Sequence[DomainEvent]:
        return self.plan.decide(command.decide, command.body.parse(body).to_payload())


def _replayed(
    event: Event, *, kind: str, data: Payload, also: frozenset[str] = frozenset()
) -> Event:
    """The event a retried request stored first; a key reused for another request is refused."""
    stored = payload_of(event)
    # Fields the server filled in (a start rank, the superseded seq) are not in ``data``.
    if event.kind not in {kind, *also} or any(stored.get(k) != v for k, v in data.items()):
        raise CommandError(
            "Idempotency-Key",
            msg(
                "this key was already used for another request (event #%(seq)s, %(kind)s)",
                seq=event.seq,
                kind=event.kind,
            ),
        )
    return event


register_player = Command(
    EventKind.PLAYER_REGISTERED,
    b.RegisterPlayer,
    decisions.decide_registration,
    # The late entry's choice is stored only when rounds were missed.
    replay_fields=frozenset(field_names(b.RegisterPlayer)) - {"missed_rounds"},
)
withdraw_player = Command(EventKind.PLAYER_WITHDRAWN, b.WithdrawPlayer, decisions.decide_withdrawal)
request_bye = Command(EventKind.BYE_REQUESTED, b.RequestBye, decisions.decide_bye)
# A pairing as given: known, active players, each seated once (a TRF import's rounds).
record_pairing = Command(EventKind.ROUND_PAIRED, b.RecordPairing, decisions.decide_pairing)
record_result = Command(EventKind.RESULT_RECORDED, b.RecordResult, decisions.decide_result)
correct_result = Command(EventKind.RESULT_CORRECTED, b.CorrectResult, decisions.decide_correction)
close_round = Command(EventKind.ROUND_CLOSED, b.CloseRound, decisions.decide_closing)

# Team events (issue 22).
register_team = Command(
    EventKind.TEAM_REGISTERED,
    b.RegisterTeam,
    team_decisions.decide_team_registration,
    replay_fields=frozenset({"name", "short_name", "federation", "captain", "strength"}),
)
edit_roster = Command(
    EventKind.ROSTER_EDITED,
    b.EditRoster,
    team_decisions.decide_roster_edit,
    replay_fields=frozenset({"team"}),
)
edit_team = Command(EventKind.TEAM_EDITED, b.EditTeam, team_decisions.decide_team_edit)
# What a page saw (the line-up replaced, the reports decided on) is checked, not
# stored: a retry is compared on the rest.
submit_lineup = Command(
    EventKind.LINEUP_SUBMITTED,
    b.SubmitLineup,
    team_decisions.decide_lineup,
    replay_fields=frozenset(field_names(b.SubmitLineup)) - {"replaces"},
)
pair_team_round = Command(
    EventKind.TEAM_ROUND_PAIRED,
    b.PairTeamRound,
    team_decisions.decide_team_pairing,
)
pair_next_team_round = Command(
    EventKind.TEAM_ROUND_PAIRED,
    b.PairNextTeamRound,
    team_decisions.decide_next_team_round,
    replay_fields=frozenset(),
    also_last=frozenset({EventKind.MATCH_FORFEITED}),
)
record_board_result = Command(
    EventKind.BOARD_RESULT_RECORDED,
    b.RecordBoardResult,
    team_decisions.decide_board_result,
)
correct_board_result = Command(
    EventKind.BOARD_RESULT_CORRECTED,
    b.CorrectBoardResult,
    team_decisions.decide_board_correction,
)
forfeit_match = Command(
    EventKind.MATCH_FORFEITED, b.ForfeitMatch, team_decisions.decide_match_forfeit
)
withdraw_team = Command(
    EventKind.TEAM_WITHDRAWN, b.WithdrawTeam, team_decisions.decide_team_withdrawal
)
reinstate_team = Command(
    EventKind.TEAM_REINSTATED, b.ReinstateTeam, team_decisions.decide_team_reinstatement
)
set_board_prizes = Command(
    EventKind.BOARD_PRIZES_SET, b.SetBoardPrizes, team_decisions.decide_board_prize_settings
)
request_team_bye = Command(
    EventKind.TEAM_BYE_REQUESTED, b.RequestTeamBye, team_decisions.decide_team_bye
)
cancel_team_bye = Command(
    EventKind.TEAM_BYE_CANCELLED, b.CancelTeamBye, team_decisions.decide_team_bye_cancellation
)
rank_teams = Command(
    EventKind.TEAMS_RANKED,
    b.RankTeams,
    team_decisions.decide_team_ranking,
    replay_fields=frozenset(),
)
set_prize_list = Command(EventKind.PRIZE_LIST_SET, b.SetPrizeList, decisions.decide_prize_list)

# The players' reports and the private links (issue 21): tournaments.domain.reports.
report_result = Command(EventKind.RESULT_REPORTED, b.ReportResult, reports.decide_report)
confirm_report = Command(
    EventKind.RESULT_RECORDED,
    b.ConfirmReport,
    reports.decide_confirmation,
    replay_fields=frozenset(field_names(b.ConfirmReport)) - {"reports"},
    also_last=frozenset({EventKind.BOARD_RESULT_RECORDED}),  # a team event's board
)
reject_report = Command(
    EventKind.REPORT_REJECTED,
    b.RejectReport,
    reports.decide_rejection,
    replay_fields=frozenset(field_names(b.RejectReport)) - {"reports"},
)
issue_links = Command(
    EventKind.LINK_ISSUED,
    b.IssueLinks,
    reports.decide_links_issued,
    replay_fields=frozenset({"role"}),
)
revoke_link = Command(EventKind.LINK_REVOKED, b.RevokeLink, reports.decide_link_revoked)
submit_captain_lineup = Command(
    EventKind.LINEUP_SUBMITTED,
    b.SubmitCaptainLineup,
    team_decisions.decide_captain_lineup,
    replay_fields=frozenset(field_names(b.SubmitCaptainLineup)) - {"replaces"},
)
start_team_round = Command(
    EventKind.TEAM_ROUND_STARTED,
    b.StartTeamRound,
    team_decisions.decide_round_start,
)


def pair_round_checked(*, confirm_repeats: bool) -> Command:
    """``record_pairing`` plus the Swiss pairing rules (``domain.pairing_rules``):
    a pairing the organiser's program sent, recorded as given by hand."""
    return Command(
        EventKind.ROUND_PAIRED,
        b.RecordPairing,
        decisions.decide_pairing_by_hand(
            confirm_repeats=confirm_repeats, default_colour=default_colour()
        ),
    )


_INITIAL_COLOURS = {"white1": Color.WHITE, "black1": Color.BLACK}


def default_colour() -> Color:
    """Round 1's first colour when the results do not show it (PAIRING_INITIAL_COLOUR)."""
    return _INITIAL_COLOURS.get(settings.PAIRING_INITIAL_COLOUR, Color.WHITE)


def _pairer() -> tuple[decisions.Pairer, tuple[str, str] | None]:
    """The built-in Dutch engine (None: its own name and version), or the
    JaVaFo-compatible executable ``PAIRING_ENGINE`` with its file's digest."""
    engine: str = settings.PAIRING_ENGINE
    if not engine:
        return pair_round, None
    return partial(pair_with, engine), (f"external: {engine}", executable_digest(engine))


def decide_next_round(state: TournamentState, asked: int | None = None) -> list[DomainEvent]:
    """The engine's pairing of the next round (``asked``: the round the client means)."""
    pairer, engine = _pairer()
    return decisions.decide_next_round(state, pairer, default_colour(), engine=engine, asked=asked)


def preview_next_round(state: TournamentState, asked: int | None = None) -> RoundPaired:
    """The pairing ``pair_next_round`` would store on ``state``; nothing is stored."""
    (event,) = decide_next_round(state, asked)
    assert isinstance(event, RoundPaired)
    return event


def pair_next_round(
    tournament_id: int,
    *,
    author: User | None = None,
    expected_seq: int | None = None,
    idempotency_key: str | None = None,
    asked: int | None = None,
) -> Event:
    """Pair the next Swiss round by the pairing engine, decided on the state it is
    stored after (the engine is pure: a writer that came first means pairing again)."""
    (event,) = decide_and_append(
        tournament_id,
        partial(decide_next_round, asked=asked),
        author=author,
        expected_seq=expected_seq,
        idempotency_key=idempotency_key or "",
        replayed=partial(_replayed, kind=EventKind.ROUND_PAIRED, data={}),
    )
    return event


# --- the organiser's amendments: decided by tournaments.domain.amendments ---------------


def _decide_settings_change(state: TournamentState, body: Mapping[str, Any]) -> Any:
    """The settings with ``body["changes"]`` applied, validated whole as at creation,
    then decided; a change to null (or "") clears the setting."""
    settable = field_names(b.CreateTournament)
    for name in body["changes"]:
        if name not in settable:
            raise CommandError(
                name,
                msg(
                    "%(name)s is not a setting (settable: %(settable)s)",
                    name=name,
                    settable=", ".join(settable),
                ),
            )
    amendments.refuse_fixed_settings(state, body["changes"])
    merged = {**amendments.settings_payload(state.settings), **body["changes"]}
    merged = {key: value for key, value in merged.items() if value not in (None, "")}
    validated = b.CreateTournament.parse(merged).to_payload()
    return amendments.decide_settings_change(state, validated)


def _amendment(kind: EventKind, body: type[Body], decide: Any) -> Command:
    event_type = EVENT_TYPES[kind]
    return Command(kind, body, decisions.decided_by(event_type.from_payload, decide))


edit_player = _amendment(EventKind.PLAYER_EDITED, b.EditPlayer, amendments.decide_player_edit)
rank_players = _amendment(EventKind.PLAYERS_RANKED, b.RankPlayers, amendments.decide_ranking)
cancel_bye = _amendment(EventKind.BYE_CANCELLED, b.CancelBye, amendments.decide_bye_cancellation)
reinstate_player = _amendment(
    EventKind.PLAYER_REINSTATED, b.ReinstatePlayer, amendments.decide_reinstatement
)
check_in_players = _amendment(
    EventKind.PLAYERS_CHECKED_IN, b.CheckInPlayers, amendments.decide_check_in
)
unpair_round = _amendment(EventKind.ROUND_UNPAIRED, b.UnpairRound, amendments.decide_unpairing)
change_settings = _amendment(EventKind.SETTINGS_CHANGED, b.ChangeSettings, _decide_settings_change)
