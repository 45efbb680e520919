"""The organiser's event log page: every event of a tournament, who appended it,
when, and what it says, filtered by kind, round and player; a correction links
the result it corrects.  ``?format=jsonl`` downloads the (filtered) log as JSON
Lines, one stored event a line with its payload at the current schema version.

A player is found in the events that name them: by start rank (registration,
withdrawal, bye), on a board of a pairing, and in the results of the boards the
tournament's current pairings give them.
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
    TournamentState,
    payload_lookup,
    payload_of,
    summarise,
    tournament_events,
)

from .registration import organised

PAGE_SIZE = 200


class LogFilter(forms.Form):
    kind = forms.ChoiceField(label=gettext_lazy("Kind"), required=False)
    round = forms.IntegerField(
        label=gettext_lazy("Round"), min_value=1, max_value=99, required=False
    )
    player = forms.IntegerField(
        label=gettext_lazy("Player (start rank)"), min_value=1, required=False
    )
    before = forms.IntegerField(min_value=1, required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, kinds: Iterable[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        kind = self.fields["kind"]
        assert isinstance(kind, forms.ChoiceField)
        kind.choices = [("", gettext_lazy("every kind")), *((k, k) for k in kinds)]


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
    form = LogFilter(request.GET or None, kinds=kinds)
    if form.is_bound and not form.is_valid():
        context = {"tournament": tournament, "form": form, "lines": []}
        return render(request, "live/event_log.html", context, status=400)
    filters = form.cleaned_data if form.is_bound else {}
    chosen = _filtered(events, filters, tournament.state)
    if request.GET.get("format") == "jsonl":
        response = StreamingHttpResponse(_json_lines(chosen), content_type="application/jsonl")
        name = f"tournament-{tournament_id}-events.jsonl"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
    if filters.get("before"):
        chosen = chosen.filter(seq__lt=filters["before"])
    page = list(chosen.select_related("author").order_by("-seq")[:PAGE_SIZE])
    lines = [LogLine(e, payload_of(e), summarise(e)) for e in page]
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


def _filtered(events: Any, filters: dict[str, Any], state: TournamentState) -> Any:
    if filters.get("kind"):
        events = events.filter(kind=filters["kind"])
    if filters.get("round"):
        events = events.filter(**{payload_lookup("round"): filters["round"]})
    player = filters.get("player")
    if player:
        seqs = [e.seq for e in events.order_by("seq") if _names(payload_of(e), player, state)]
        events = events.filter(seq__in=seqs)
    return events


def _names(payload: dict[str, Any], player: int, state: TournamentState) -> bool:
    """Whether an event's payload concerns the player of start rank ``player``."""
    if payload.get("start_rank") == player:
        return True
    boards = payload.get("boards", ())
    if any(player in (b["white"], b["black"]) for b in boards) or player in payload.get("byes", ()):
        return True
    if "board" in payload and "round" in payload:
        rnd = state.rounds.get(payload["round"])
        board = rnd.board(payload["board"]) if rnd is not None else None
        return board is not None and player in (board.white, board.black)
    return False


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
