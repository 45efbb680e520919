"""Admin: tournaments with their read-only event log, forms that append events
through the same commands the API uses (correct a result; grant or revoke an
organiser), and each player's result history.  Events themselves can be looked
at, never added, changed or deleted; organisers only change through their
events, so that the log audits who gave whom the right to write."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import BadRequest, PermissionDenied
from django.db import DatabaseError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.safestring import mark_safe

from tournaments.domain.state import RESULTS
from tournaments.store import commands
from tournaments.store.events import summarise
from tournaments.store.organisers import grant_organiser, revoke_organiser
from tournaments.store.result_history import result_history

from .models import Event, Membership, Tournament


def event_summary(event: Event) -> str:
    return summarise(event)


class ReadOnlyMixin:
    """Nobody adds, changes or deletes these rows here."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyEventsMixin(ReadOnlyMixin):
    """Events are append-only."""

    @admin.display(description="summary")
    def summary(self, event: Event) -> str:
        # A forged extra inline row is an unsaved, empty event: nothing to summarise.
        return event_summary(event) if event.pk is not None else ""


class EventInline(ReadOnlyEventsMixin, admin.TabularInline):
    model = Event
    fields = ("seq", "kind", "summary", "author", "created_at")
    readonly_fields = fields
    ordering = ("seq",)
    extra = 0


class MembershipInline(ReadOnlyMixin, admin.TabularInline):
    """Shown only: "Grant or revoke an organiser" appends the event that changes it."""

    model = Membership
    fields = ("user", "created_at")
    readonly_fields = fields
    extra = 0
    verbose_name = "organiser"


class OrganiserForm(forms.Form):
    user = forms.CharField(max_length=150, label="Username")
    action = forms.ChoiceField(choices=[("grant", "grant"), ("revoke", "revoke")])

    def clean_user(self) -> Any:
        user_model = get_user_model()
        try:
            return user_model.objects.get(**{user_model.USERNAME_FIELD: self.cleaned_data["user"]})
        except user_model.DoesNotExist:
            raise forms.ValidationError("No such user.") from None


class CorrectionForm(forms.Form):
    round = forms.IntegerField(min_value=1)
    board = forms.IntegerField(min_value=1)
    result = forms.ChoiceField(choices=[(r, r) for r in RESULTS])
    reason = forms.CharField(
        max_length=500, widget=forms.Textarea(attrs={"rows": 3}), help_text="Required."
    )


class _Summarised(Protocol):
    """A tournament row annotated by ``TournamentQuerySet.with_summary``."""

    name: str
    version: int


def _author(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)  # the admin serves signed-in staff only
    return user


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("id", "name", "version", "created_at", "created_by")
    readonly_fields = ("name", "version", "created_at", "created_by")
    inlines = [MembershipInline, EventInline]
    change_form_template = "admin/tournaments/tournament/change_form.html"

    def get_queryset(self, request: HttpRequest) -> Any:
        return Tournament.objects.with_summary()

    @admin.display(ordering="name")
    def name(self, tournament: _Summarised) -> str:
        return tournament.name

    @admin.display(ordering="version", description="version (last seq)")
    def version(self, tournament: _Summarised) -> int:
        return tournament.version

    # A tournament is born from its tournament.created event (API or commands),
    # and its events protect it from deletion.
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_urls(self) -> list[URLPattern]:
        correct = path(
            "<tid:tournament_id>/correct-result/",
            self.admin_site.admin_view(self.correct_result_view),
            name="tournaments_tournament_correct_result",
        )
        organisers = path(
            "<tid:tournament_id>/organisers/",
            self.admin_site.admin_view(self.organiser_view),
            name="tournaments_tournament_organisers",
        )
        history = path(
            "<tid:tournament_id>/result-history/",
            self.admin_site.admin_view(self.result_history_view),
            name="tournaments_tournament_result_history",
        )
        return [correct, organisers, history, *super().get_urls()]

    def result_history_view(self, request: HttpRequest, tournament_id: int) -> HttpResponse:
        tournament = get_object_or_404(self.get_queryset(request), pk=tournament_id)
        if not self.has_view_permission(request, tournament):
            raise PermissionDenied
        context = {
            **self.admin_site.each_context(request),
            "title": f"Result history: {tournament.name}",
            "opts": self.model._meta,
            "original": tournament,
            "players": result_history(tournament.pk),
        }
        return TemplateResponse(
            request, "admin/tournaments/tournament/result_history.html", context
        )

    def correct_result_view(self, request: HttpRequest, tournament_id: int) -> HttpResponse:
        def correct(tournament: Tournament, data: dict[str, Any]) -> Event:
            return commands.correct_result(tournament.pk, data, author=_author(request))

        return self._event_form_view(
            request,
            tournament_id,
            CorrectionForm,
            correct,
            "Correct a result",
            mark_safe(
                "The correction is appended to the event log as <code>result.corrected</code>, "
                "with you as its author; the original result stays in the log."
            ),
        )

    def organiser_view(self, request: HttpRequest, tournament_id: int) -> HttpResponse:
        def change(tournament: Tournament, data: dict[str, Any]) -> Event:
            command = grant_organiser if data["action"] == "grant" else revoke_organiser
            return command(tournament.pk, data["user"], author=_author(request))

        return self._event_form_view(
            request,
            tournament_id,
            OrganiserForm,
            change,
            "Grant or revoke an organiser",
            mark_safe(
                "The change is appended to the event log as <code>organiser.granted</code> "
                "or <code>organiser.revoked</code>, with you as its author."
            ),
        )

    def _event_form_view(
        self,
        request: HttpRequest,
        tournament_id: int,
        form_class: type[forms.Form],
        append: Callable[[Tournament, dict[str, Any]], Event],
        title: str,
        intro: str,
    ) -> HttpResponse:
        """A form whose valid submission appends one event through a command; the
        command's refusal is shown on the form's field."""
        tournament = get_object_or_404(self.get_queryset(request), pk=tournament_id)
        if not self.has_change_permission(request, tournament):
            raise PermissionDenied
        form = form_class(request.POST or None, initial=request.GET.dict())
        if request.method == "POST" and form.is_valid():
            try:
                event = append(tournament, form.cleaned_data)
            except commands.CommandError as exc:
                form.add_error(exc.field if exc.field in form.fields else None, exc.message)
            else:
                self.message_user(
                    request,
                    f"Appended event #{event.seq}: {event_summary(event)}",
                    messages.SUCCESS,
                )
                change_url = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
                return HttpResponseRedirect(change_url)
        context = {
            **self.admin_site.each_context(request),
            "title": f"{title}: {tournament.name}",
            "opts": self.model._meta,
            "original": tournament,
            "page": title,
            "intro": intro,
            "submit": "Append the event",
            "form": form,
        }
        return TemplateResponse(request, "admin/tournaments/tournament/event_form.html", context)


@admin.register(Event)
class EventAdmin(ReadOnlyEventsMixin, admin.ModelAdmin):
    list_display = ("tournament_id", "seq", "kind", "summary", "author", "created_at")
    list_filter = ("kind",)
    list_select_related = ("author",)
    fields = (
        "tournament",
        "seq",
        "kind",
        "schema_version",
        "payload",
        "author",
        "created_at",
        "idempotency_key",
    )
    readonly_fields = fields

    def get_changelist_instance(self, request: HttpRequest) -> Any:
        # The query string may hold any lookup on the event's fields; one PostgreSQL
        # refuses (a NUL character, an invalid regular expression) is a bad request.
        for name, values in request.GET.lists():
            if any("\x00" in value for value in [name, *values]):
                raise BadRequest(f"the filter {name!r} holds a NUL character")
        try:
            with transaction.atomic():  # the list's queries run here (its count)
                return super().get_changelist_instance(request)
        except DatabaseError as exc:
            raise BadRequest(f"the filters cannot be applied: {exc}") from exc
