"""How other apps read tournaments: folded from the event log, never from the models.

``load_tournament`` is the single read path the live app's projection and the
pages use; ``list_tournaments`` lists what exists without folding every log;
``may_write`` says who may change a tournament; ``report_unreadable`` and
``known_unreadable`` log a log that cannot be folded once; ``event_appended`` is the signal
sent after each commit that stored events; ``tournament_events`` are the stored rows
for the organisers' event log.  The pure domain helpers the organiser pages use
(registration parsing, the rating list, the pairing preview) are re-exported here.
Other apps import nothing else from ``tournaments`` but ``writes``, its counterpart
for changes (the import contracts in pyproject.toml hold them to it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from django.db.models import Max, QuerySet
from django.utils.translation import gettext

from tiebreaks.model import TournamentResults
from tiebreaks.prizes import PrizeList
from tiebreaks.teams.model import TeamTournament
from tournaments.domain.amendments import settings_payload
from tournaments.domain.bulk_registration import (
    COLUMNS,
    CellError,
    ParsedRegistrations,
    birth_date_of,
    parse_registrations,
)
from tournaments.domain.decisions import check_round_asked
from tournaments.domain.errors import TournamentNotFound, UnreadableLog
from tournaments.domain.event_players import PlayerTrail
from tournaments.domain.events import EVENT_TYPES, EventKind, payload_lookup, public_payload
from tournaments.domain.initial_ranking import initial_ranking
from tournaments.domain.pairing_origin import BERGER
from tournaments.domain.pairing_preview import pairing_preview
from tournaments.domain.rating_list import ListedPlayer, RatingListError, look_up, read_rating_list
from tournaments.domain.reports import (
    CAPTAIN,
    PLAYER,
    PlayerBoard,
    ReportedBoard,
    conflicting,
    current_board,
    pending_reports,
    reported_boards,
)
from tournaments.domain.state import BYE_POINTS, PlayerState, Report, TournamentState
from tournaments.domain.team_decisions import captain_round
from tournaments.domain.teams import (
    FREE_ORDER,
    RATING_ORDER,
    ROSTER_ORDER,
    TEAM,
    BoardPrizeSettings,
    match_boards,
    match_score,
    round_complete,
    score_text,
    team_seeds,
)
from tournaments.models import Event, Membership, Tournament

from .events import domain_event, payload_of, summarise
from .pairing_check import pairing_check, verdicts_missing
from .private_links import LinkHolder, RevokedLink, UnknownLink, resolve, tokens
from .signals import event_appended, verdicts_wanted
from .state_cache import current_state, state_at
from .unreadable import known as known_unreadable
from .unreadable import report as report_unreadable

__all__ = [
    "FREE_ORDER",
    "RATING_ORDER",
    "ROSTER_ORDER",
    "BYE_POINTS",
    "BoardPrizeSettings",
    "COLUMNS",
    "CellError",
    "Event",
    "FoldedTournament",
    "ListedPlayer",
    "ParsedRegistrations",
    "RatingListError",
    "TEAM",
    "PlayerState",
    "TournamentState",
    "birth_date_of",
    "check_round_asked",
    "initial_ranking",
    "look_up",
    "pairing_preview",
    "parse_registrations",
    "payload_lookup",
    "payload_of",
    "read_rating_list",
    "settings_payload",
    "summarise",
    "tournament_events",
    "TournamentNotFound",
    "TournamentSummary",
    "UnreadableLog",
    "event_appended",
    "last_seq",
    "list_tournaments",
    "known_unreadable",
    "load_tournament",
    "load_tournament_as_of",
    "seq_after_round",
    "seqs_naming_player",
    "match_boards",
    "match_score",
    "may_write",
    "PublicEvent",
    "author_of",
    "public_events",
    "organised_by",
    "pairing_check",
    "pairing_verdict",
    "verdicts_missing",
    "verdicts_wanted",
    "report_unreadable",
    "round_complete",
    "score_text",
    "team_seeds",
    # Issue 21: the players' reports and the private links.
    "CAPTAIN",
    "PLAYER",
    "LinkHolder",
    "PlayerBoard",
    "ReportedBoard",
    "Report",
    "RevokedLink",
    "UnknownLink",
    "captain_round",
    "conflicting",
    "current_board",
    "pending_reports",
    "reported_boards",
    "resolve",
    "tokens",
]


@dataclass(frozen=True)
class FoldedTournament:
    """A tournament's folded state; the rest is read from it."""

    id: int
    state: TournamentState

    @property
    def name(self) -> str:
        return self.state.settings.name

    @property
    def version(self) -> int:
        """Seq of the last event."""
        return self.state.last_seq

    @property
    def rules(self) -> str:
        return self.state.settings.rules

    @property
    def tiebreaks(self) -> tuple[str, ...]:
        return self.state.settings.tiebreaks

    @property
    def system(self) -> str:
        return self.state.settings.system.value

    @property
    def rounds(self) -> int:
        return self.state.settings.rounds

    @property
    def is_team(self) -> bool:
        return self.state.settings.is_team

    @cached_property
    def team_results(self) -> TeamTournament:
        """A team event as tiebreaks.teams.standings reads it."""
        return self.state.to_team_tournament()

    @property
    def prize_list(self) -> PrizeList | None:
        return self.state.prize_list

    @cached_property
    def results(self) -> TournamentResults:
        """Ready for tiebreaks.standings.compute_standings; built on first use only,
        since most readers (the players, rounds and entry pages) never need it."""
        return self.state.to_tiebreaks()


@dataclass(frozen=True)
class TournamentSummary:
    id: int
    name: str
    version: int
    rounds: int
    system: str
    rules: str
    created_at: datetime
    details: Mapping[str, Any]  # dates, place, ... as given at creation (Settings.details)


def load_tournament(tournament_id: int) -> FoldedTournament:
    """The tournament as of its last committed event; TournamentNotFound if none."""
    return FoldedTournament(id=tournament_id, state=current_state(tournament_id))


def load_tournament_as_of(tournament_id: int, seq: int) -> FoldedTournament:
    """The tournament as it stood after event ``seq`` (the whole log when ``seq`` is
    its last event or beyond); TournamentNotFound if it has no event up to ``seq``."""
    return FoldedTournament(id=tournament_id, state=state_at(tournament_id, seq))


def seq_after_round(tournament_id: int, round_number: int) -> int | None:
    """The last event before round ``round_number + 1`` was paired (None while it is
    not): the tournament as it stood after round ``round_number``."""
    next_pairing = (
        Event.objects.filter(
            tournament_id=tournament_id,
            kind=EventKind.ROUND_PAIRED,
            **{payload_lookup("round"): round_number + 1},
        )
        .values_list("seq", flat=True)
        .first()
    )
    return None if next_pairing is None else next_pairing - 1


# The kinds the public feed shows (the others, such as who organises, never leave).
PUBLIC_KINDS = tuple(kind for kind, event_type in EVENT_TYPES.items() if event_type.PUBLIC)


@dataclass(frozen=True)
class PublicEvent:
    """An event as the public feed shows it: its public fields only."""

    seq: int
    kind: str
    created_at: datetime
    fields: Mapping[str, Any]  # the payload's public fields


def public_events(
    tournament_id: int,
    after: int = 0,
    limit: int = 1000,
    kinds: tuple[str, ...] = PUBLIC_KINDS,
    through: int | None = None,
) -> list[PublicEvent]:
    """The tournament's public events after seq ``after`` (up to ``through``), oldest
    first, at most ``limit``; ``kinds`` picks some of the public kinds."""
    rows = Event.objects.filter(
        tournament_id=tournament_id, seq__gt=after, kind__in=set(kinds) & set(PUBLIC_KINDS)
    )
    if through is not None:
        rows = rows.filter(seq__lte=through)
    rows = rows.order_by("seq")[:limit]
    out = []
    for row in rows:
        shown = public_payload(row.kind, payload_of(row))
        assert shown is not None  # a public kind
        out.append(PublicEvent(row.seq, row.kind, row.created_at, shown))
    return out


def tournament_events(tournament_id: int) -> QuerySet[Event]:
    """The tournament's stored events, every kind (the organisers' event log); read
    their payloads with ``payload_of``, never from the rows."""
    return Event.objects.filter(tournament_id=tournament_id)


def seqs_naming_player(tournament_id: int, player_id: int) -> set[int]:
    """The seqs of the tournament's events that name the player of ``player_id``
    (``domain.event_players``: each read against the state of its time)."""
    trail = PlayerTrail()
    return {
        stored.seq
        for stored in tournament_events(tournament_id).order_by("seq").iterator()
        if player_id in trail.named(stored.seq, domain_event(stored))
    }


def author_of(tournament_id: int, seq: int) -> str:
    """Who stored event ``seq`` (their user name; "" when unknown)."""
    name = (
        Event.objects.filter(tournament_id=tournament_id, seq=seq)
        .values_list("author__username", flat=True)
        .first()
    )
    return name or ""


def last_seq(tournament_id: int) -> int | None:
    """Seq of the tournament's last committed event (None for no tournament), without
    folding: one indexed lookup, cheap enough for every standings request."""
    return (
        Event.objects.filter(tournament_id=tournament_id)
        .order_by("-seq")
        .values_list("seq", flat=True)
        .first()
    )


def list_tournaments() -> list[TournamentSummary]:
    """Every tournament, newest first."""
    versions = dict(
        Event.objects.order_by()
        .values("tournament_id")
        .annotate(version=Max("seq"))
        .values_list("tournament_id", "version")
    )
    created = Event.objects.filter(kind=EventKind.TOURNAMENT_CREATED).order_by("-tournament_id")
    summaries = []
    for event in created:
        payload = payload_of(event)
        summaries.append(
            TournamentSummary(
                id=event.tournament_id,
                name=payload["name"],
                version=versions[event.tournament_id],
                rounds=payload["rounds"],
                system=payload["system"],
                rules=payload["rules"],
                created_at=event.created_at,
                details=payload.get("details", {}),
            )
        )
    return summaries


def may_write(user: Any, tournament_id: int) -> bool:
    """Whether ``user`` may change the tournament: its organisers, and staff anywhere."""
    if not user or not user.is_authenticated:
        return False
    memberships = Membership.objects.filter(tournament_id=tournament_id, user=user)
    return user.is_staff or memberships.exists()


def organised_by(user: Any) -> set[int]:
    """The ids of the tournaments ``user`` may change (every one for staff)."""
    if not user or not user.is_authenticated:
        return set()
    if user.is_staff:
        return set(Tournament.objects.values_list("pk", flat=True))
    return set(Membership.objects.filter(user=user).values_list("tournament_id", flat=True))


def pairing_verdict(tournament_id: int, round_number: int) -> str:
    """What the public round page says of the round's pairing, e.g. "pairing
    re-derived from the event log: identical"; only read from the cache, which the
    verdicts' task fills after each pairing (``live.tasks.compute_pairing_verdicts``):
    a crowd opening a 2,000-player round's page just paired must not each run the
    engine.  Until it is there: "pairing check under way"."""
    checked = pairing_check(tournament_id, rounds=[round_number], compute=False)
    if not checked:
        return gettext("pairing check under way")
    (verdict,) = checked
    if verdict.verdict == BERGER:
        return gettext("pairing scheduled by the Berger tables: identical")
    if verdict.identical:
        return gettext("pairing re-derived from the event log: identical")
    # A difference's own wording (which board, which player) stays in English.
    return gettext("pairing re-derived from the event log: %(verdict)s") % {
        "verdict": verdict.verdict
    }
