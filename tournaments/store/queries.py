"""How other apps read tournaments: folded from the event log, never from the models.

``load_tournament`` is the single read path the live app's projection and the
pages use; ``list_tournaments`` lists what exists without folding every log;
``may_write`` says who may change a tournament; ``report_unreadable`` and
``known_unreadable`` log a log that cannot be folded once; ``event_appended`` is the signal
sent after each commit that stored events.  Other apps import nothing else from
``tournaments`` but ``writes``, its counterpart for changes (the import contracts in
pyproject.toml hold them to it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from django.db.models import Max

from tiebreaks.model import TournamentResults
from tournaments.domain.errors import TournamentNotFound, UnreadableLog
from tournaments.domain.events import EventKind
from tournaments.domain.pairing_origin import BERGER
from tournaments.domain.state import BYE_POINTS, PlayerState, TournamentState
from tournaments.models import Event, Membership, Tournament

from .events import payload_of
from .pairing_check import pairing_check
from .signals import event_appended
from .state_cache import current_state
from .unreadable import known as known_unreadable
from .unreadable import report as report_unreadable

__all__ = [
    "BYE_POINTS",
    "FoldedTournament",
    "PlayerState",
    "TournamentNotFound",
    "TournamentSummary",
    "UnreadableLog",
    "event_appended",
    "last_seq",
    "list_tournaments",
    "known_unreadable",
    "load_tournament",
    "may_write",
    "organised_by",
    "pairing_check",
    "pairing_verdict",
    "report_unreadable",
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
    standings task fills after each pairing (``pairing_check``): a crowd opening a
    2,000-player round's page just paired must not each run the engine."""
    checked = pairing_check(tournament_id, rounds=[round_number], compute=False)
    if not checked:
        return "pairing check under way"
    (verdict,) = checked
    if verdict.verdict == BERGER:
        return "pairing scheduled by the Berger tables: identical"
    said = "identical" if verdict.identical else verdict.verdict
    return f"pairing re-derived from the event log: {said}"
