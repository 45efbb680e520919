"""The organiser's event log page: every event of a tournament, who appended it,
when, and what it says, filtered by kind, round and player; a correction links
the result it corrects.  ``?format=jsonl`` downloads the (filtered) log as JSON
Lines, one stored event a line with its payload at the current schema version.

A player is chosen by name and found by the id they got at registration, which
never changes: in the events that name that id, and in those that name the start
rank the player had when they were stored (registration, withdrawal, bye, a board
of a pairing, a board's result), which the initial ranking may change before
round 1.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy

from tournaments.store.queries import (
    Event,
    PlayerState,
    payload_lookup,
    payload_of,
    seqs_naming_player,
    summarise,
    tournament_events,
)
from tournaments.store.writes import translated

from .registration import organised

PAGE_SIZE = 200


class LogFilter(forms.Form):
    kind = forms.ChoiceField(label=gettext_lazy("Kind"), required=False)
    round = forms.IntegerField(
        label=gettext_lazy("Round"), min_value=1, max_value=99, required=False
    )
    # The player's id (never changed) in the address; the list shows their names.
    player = forms.TypedChoiceField(
        label=gettext_lazy("Player"), coerce=int, empty_value=None, required=False
    )
    before = forms.IntegerField(min_value=1, required=False, widget=forms.HiddenInput)

    def __init__(
        self, *args: Any, kinds: Iterable[str], players: Iterable[PlayerState], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        kind = self.fields["kind"]
        assert isinstance(kind, forms.ChoiceField)
        kind.choices = [("", gettext_lazy("every kind")), *((k, k) for k in kinds)]
        player = self.fields["player"]
        assert isinstance(player, forms.TypedChoiceField)
        player.choices = [
            ("", gettext_lazy("every player")),
            *((p.player_id, f"{p.start_rank}. {p.name}") for p in players),
        ]


@dataclass(frozen=True)
class LogLine:
    event: Event
    data: dict[str, Any]  # the payload at the current schema version
    summary: str

    @property
    def supersedes(self) -> int | None:
        return self.data.get("supersedes")


@login_required
def event_log(request: HttpRequest, tournament_id: int) -> HttpResponse | StreamingHttpResponse:
    tournament = organised(request, tournament_id, "read the event log")
    events = tournament_events(tournament_id)
    kinds = sorted(set(events.values_list("kind", flat=True)))
    players = sorted(tournament.state.players.values(), key=lambda p: p.start_rank)
    form = LogFilter(request.GET or None, kinds=kinds, players=players)
    if form.is_bound and not form.is_valid():
        context = {"tournament": tournament, "form": form, "lines": []}
        return render(request, "live/event_log.html", context, status=400)
    filters = form.cleaned_data if form.is_bound else {}
    chosen = _filtered(events, filters, tournament_id)
    if request.GET.get("format") == "jsonl":
        response = StreamingHttpResponse(_json_lines(chosen), content_type="application/jsonl")
        name = f"tournament-{tournament_id}-events.jsonl"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
    if filters.get("before"):
        chosen = chosen.filter(seq__lt=filters["before"])
    page = list(chosen.select_related("author").order_by("-seq")[:PAGE_SIZE])
    lines = [LogLine(e, payload_of(e), translated(summarise(e))) for e in page]
    older = page[-1].seq if len(page) == PAGE_SIZE else None
    query = request.GET.copy()
    query.pop("before", None)
    context = {
        "tournament": tournament,
        "form": form,
        "lines": lines,
        "older": older,
        "query": query.urlencode(),
    }
    return render(request, "live/event_log.html", context)


def _filtered(events: Any, filters: dict[str, Any], tournament_id: int) -> Any:
    if filters.get("kind"):
        events = events.filter(kind=filters["kind"])
    if filters.get("round"):
        events = events.filter(**{payload_lookup("round"): filters["round"]})
    player = filters.get("player")
    if player is not None:
        events = events.filter(seq__in=seqs_naming_player(tournament_id, player))
    return events


def _json_lines(events: Any) -> Iterator[str]:
    for event in events.select_related("author").order_by("seq").iterator():
        line = {
            "seq": event.seq,
            "kind": event.kind,
            "created_at": event.created_at.isoformat(),
            "author": event.author.get_username() if event.author else None,
            "payload": payload_of(event),
        }
        yield json.dumps(line, ensure_ascii=False) + "\n"
