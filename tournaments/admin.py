"""Admin: tournaments with their read-only event log, a form that corrects a
result by appending a ``result.corrected`` event through the same command the
API uses, and each player's result history.  Events themselves can be looked
at, never added, changed or deleted."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse

from . import commands
from .events import summarise
from .history import result_history
from .models import Event, Membership, Tournament
from .state import RESULTS


def event_summary(event: Event) -> str:
    return summarise(event)


class ReadOnlyEventsMixin:
    """Events are append-only: nobody adds, changes or deletes them here."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="summary")
    def summary(self, event: Event) -> str:
        return event_summary(event)


class EventInline(ReadOnlyEventsMixin, admin.TabularInline):
    model = Event
    fields = ("seq", "kind", "summary", "author", "created_at")
    readonly_fields = fields
    ordering = ("seq",)
    extra = 0


class MembershipInline(admin.TabularInline):
    model = Membership
    fields = ("user", "created_at")
    readonly_fields = ("created_at",)
    raw_id_fields = ("user",)
    extra = 0
    verbose_name = "organiser"


class CorrectionForm(forms.Form):
    round = forms.IntegerField(min_value=1)
    board = forms.IntegerField(min_value=1)
    result = forms.ChoiceField(choices=[(r, r) for r in RESULTS])
    reason = forms.CharField(
        max_length=500, widget=forms.Textarea(attrs={"rows": 3}), help_text="Required."
    )


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("id", "name", "version", "created_at", "created_by")
    readonly_fields = ("name", "version", "created_at", "created_by")
    inlines = [MembershipInline, EventInline]
    change_form_template = "admin/tournaments/tournament/change_form.html"

    def get_queryset(self, request: HttpRequest) -> Any:
        return super().get_queryset(request).with_summary()

    @admin.display(ordering="name")
    def name(self, tournament: Tournament) -> str:
        return tournament.name

    @admin.display(ordering="version", description="version (last seq)")
    def version(self, tournament: Tournament) -> int:
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
        history = path(
            "<tid:tournament_id>/result-history/",
            self.admin_site.admin_view(self.result_history_view),
            name="tournaments_tournament_result_history",
        )
        return [correct, history, *super().get_urls()]

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
        tournament = get_object_or_404(self.get_queryset(request), pk=tournament_id)
        if not self.has_change_permission(request, tournament):
            raise PermissionDenied
        form = CorrectionForm(request.POST or None, initial=request.GET.dict())
        if request.method == "POST" and form.is_valid():
            try:
                event = commands.correct_result(
                    tournament.pk, form.cleaned_data, author=request.user
                )
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
            "title": f"Correct a result: {tournament.name}",
            "opts": self.model._meta,
            "original": tournament,
            "form": form,
        }
        return TemplateResponse(
            request, "admin/tournaments/tournament/correct_result.html", context
        )


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
