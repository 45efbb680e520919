"""The event store: a ``Tournament`` row for identity, locking and organisers,
and an append-only ``Event`` row per fact.

Everything else about a tournament (its name, settings, players, rounds and
results) is derived by folding its events (``tournaments.domain.state``).  Nothing
here is ever updated or deleted: a mistake is fixed by appending a correction.
"""

from __future__ import annotations

from typing import Any, NoReturn

from django.conf import settings
from django.db import models
from django.db.models import Max, OuterRef, Subquery
from django.utils import timezone

from tournaments.domain.events import EventKind, payload_lookup

__all__ = ["AppendOnlyError", "Event", "EventKind", "Membership", "Tournament"]


class AppendOnlyError(Exception):
    """Raised on any attempt to change or remove a stored event."""


class TournamentQuerySet(models.QuerySet["Tournament"]):
    def with_summary(self) -> TournamentQuerySet:
        """Annotate ``name`` (from the creation event) and ``version`` (last seq)."""
        created = Event.objects.filter(tournament=OuterRef("pk"), seq=1)
        return self.annotate(
            name=Subquery(created.values(payload_lookup("name"))[:1]),
            version=Max("events__seq"),
        )


class Tournament(models.Model):
    """A tournament's identity, the row locked while appending, and its organisers."""

    created_at = models.DateTimeField(default=timezone.now, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        editable=False,
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        through="Membership",
        related_name="organised_tournaments",
        blank=True,
    )

    objects = TournamentQuerySet.as_manager()

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        name = getattr(self, "name", None)
        return f"#{self.pk} {name}" if name else f"Tournament #{self.pk}"


class Membership(models.Model):
    """A user who may write to one tournament (the organisers and arbiters)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="unique_membership"),
        ]

    def __str__(self) -> str:
        return f"{self.user} organises {self.tournament_id}"


class EventQuerySet(models.QuerySet["Event"]):
    """Refuses bulk changes: events are only ever inserted."""

    def update(self, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError("events are append-only: update() is refused")

    def delete(self) -> NoReturn:
        raise AppendOnlyError("events are append-only: delete() is refused")

    def bulk_update(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError("events are append-only: bulk_update() is refused")


class Event(models.Model):
    """One fact about a tournament, numbered 1, 2, 3... without gaps per tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    # An EventKind (tournaments.domain.events); the commands write only those.
    kind = models.CharField(max_length=40)
    schema_version = models.PositiveSmallIntegerField()
    payload = models.JSONField()
    # PROTECT rather than SET_NULL: SET_NULL would UPDATE event rows.
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="events",
    )
    created_at = models.DateTimeField(default=timezone.now)
    # Blank when the client sent none; unique per tournament otherwise.
    idempotency_key = models.CharField(max_length=200, blank=True, default="")

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["tournament_id", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seq"], name="unique_event_seq"),
            models.UniqueConstraint(
                fields=["tournament", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="unique_event_idempotency_key",
            ),
            models.CheckConstraint(condition=models.Q(seq__gte=1), name="event_seq_positive"),
        ]
        indexes = [models.Index(fields=["kind"], name="tournaments_event_kind")]

    def __str__(self) -> str:
        return f"{self.tournament_id}#{self.seq} {self.kind}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError("events are append-only: a stored event cannot be changed")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError("events are append-only: an event cannot be deleted")
