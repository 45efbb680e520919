"""The organiser's registration page: one player by form, many by paste or CSV file
with a preview, and look-ups in FIDE's rating list.

Every registration runs the same command as ``POST /api/tournaments/ID/players/``.
A pasted list is first shown as a preview that flags each bad cell by line and
column (``tournaments.domain.bulk_registration``); nothing is stored until the
organiser confirms a list without errors, and then the whole list or nothing.
The rating list is the file FIDE publishes (``tournaments.domain.rating_list``):
uploaded with the look-up (a federation's extract fits the request limit) or,
for the whole world list, placed on the server at ``settings.FIDE_RATING_LIST``.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, BinaryIO

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tiebreaks.trf import decode
from tournaments.store import writes
from tournaments.store.queries import (
    BYE_POINTS,
    COLUMNS,
    CellError,
    FoldedTournament,
    ListedPlayer,
    ParsedRegistrations,
    RatingListError,
    birth_date_of,
    look_up,
    may_write,
    parse_registrations,
    read_rating_list,
)
from tournaments.store.writes import CommandError

from .pages import folded_or_404

COLUMN_LABELS = {
    "name": gettext_lazy("Name"),
    "fide_id": gettext_lazy("FIDE id"),
    "rating": gettext_lazy("Rating"),
    "title": gettext_lazy("Title"),
    "federation": gettext_lazy("Fed"),
    "sex": gettext_lazy("Sex"),
    "birth_date": gettext_lazy("Born"),
    "club": gettext_lazy("Club"),
}
MAX_LOOKUPS = 50


class FederationField(forms.CharField):
    """A federation's three-letter code, upper-cased (``ita`` is ITA)."""

    def __init__(self) -> None:
        super().__init__(
            label=gettext_lazy("Federation"),
            max_length=3,
            required=False,
            help_text=gettext_lazy("e.g. ITA"),
        )

    def clean(self, value: Any) -> str:
        return str(super().clean(value)).upper()


class PlayerForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=200)
    fide_id = forms.CharField(label=gettext_lazy("FIDE id"), max_length=12, required=False)
    rating = forms.IntegerField(
        label=gettext_lazy("Rating"), min_value=0, max_value=4000, required=False
    )
    title = forms.ChoiceField(
        label=gettext_lazy("Title"),
        choices=[("", gettext_lazy("none")), *((t, t) for t in writes.TITLES)],
        required=False,
    )
    federation = FederationField()
    sex = forms.ChoiceField(
        label=gettext_lazy("Sex"),
        choices=[("", "-"), ("m", gettext_lazy("male")), ("w", gettext_lazy("female"))],
        required=False,
    )
    birth_date = forms.CharField(
        label=gettext_lazy("Birth date or year"), max_length=10, required=False
    )
    club = forms.CharField(label=gettext_lazy("Club"), max_length=100, required=False)

    def clean_birth_date(self) -> str:
        try:
            return birth_date_of(self.cleaned_data["birth_date"].strip())
        except ValueError as exc:
            raise forms.ValidationError(writes.translated(exc.args[0])) from None


class BulkForm(forms.Form):
    rows = forms.CharField(
        label=gettext_lazy("Rows copied from a spreadsheet"),
        widget=forms.Textarea(attrs={"rows": 8}),
        required=False,
    )
    file = forms.FileField(label=gettext_lazy("or a CSV file"), required=False)
    rating_list = forms.FileField(
        label=gettext_lazy("Fill in from FIDE's rating list (by FIDE id)"), required=False
    )


class LookupForm(forms.Form):
    queries = forms.CharField(
        label=gettext_lazy("FIDE ids or names, one per line"),
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    rating_list = forms.FileField(
        label=gettext_lazy("FIDE rating list file (TXT, XML or zip)"), required=False
    )


@login_required
def register_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = organised(request, tournament_id, "register players")
    state = tournament.state
    context: dict[str, Any] = {
        "tournament": tournament,
        "players": sorted(state.players.values(), key=lambda p: p.start_rank),
        "paired": bool(state.rounds),
        "next_round": min(state.last_paired_round + 1, state.settings.rounds),
        "byes": [
            (state.players[rank].player_id, number, points)
            for number, byes in sorted(state.requested_byes.items())
            if number not in state.rounds
            for rank, points in sorted(byes.items())
        ],
        "bye_points": tuple(BYE_POINTS),
        "player_form": PlayerForm(),
        "bulk_form": BulkForm(),
        "lookup_form": LookupForm(),
        "columns": COLUMN_LABELS,
        "default_order": ", ".join(str(COLUMN_LABELS[c]) for c in COLUMNS),
        "server_list": bool(settings.FIDE_RATING_LIST),
    }
    if request.method != "POST":
        return render(request, "live/register.html", context)
    action = request.POST.get("action")
    if action == "one":
        return _register_one(request, tournament, context)
    if action in ("preview", "confirm"):
        return _bulk(request, tournament, context, confirm=action == "confirm")
    if action == "lookup":
        return _lookup(request, context)
    context["error"] = _("Unknown action: use one of the buttons on this page.")
    return render(request, "live/register.html", context, status=400)


def _register_one(
    request: HttpRequest, tournament: FoldedTournament, context: dict[str, Any]
) -> HttpResponse:
    form = PlayerForm(request.POST)
    context["player_form"] = form
    if not form.is_valid():
        return render(request, "live/register.html", context, status=400)
    body = registration_body(form.cleaned_data)
    if tournament.state.rounds:
        # A late entry: the rounds paired already are byes of the points chosen.
        body["missed_rounds"] = request.POST.get("missed_rounds", "zero")
    try:
        writes.register_player(tournament.id, body, author=signed_in(request))
    except CommandError as exc:
        for field, errors in writes.translated_errors(exc).items():
            form.add_error(field if field in form.fields else None, errors)
        return render(request, "live/register.html", context, status=400)
    messages.success(request, _("%(name)s is registered.") % {"name": body["name"]})
    return HttpResponseRedirect(reverse("live:register", args=[tournament.id]))


def _cell_error(error: CellError) -> str:
    """A preview's bad cell in the page language (the field, a column's name, as is)."""
    where = {"line": error.line, "column": error.column, "field": error.field}
    why = writes.translated(error.message)
    if error.column:
        return _("line %(line)s, column %(column)s (%(field)s): %(why)s") % {**where, "why": why}
    return _("line %(line)s (%(field)s): %(why)s") % {**where, "why": why}


def _bulk(
    request: HttpRequest, tournament: FoldedTournament, context: dict[str, Any], *, confirm: bool
) -> HttpResponse:
    form = BulkForm(request.POST, request.FILES)
    context["bulk_form"] = form
    if not form.is_valid():
        return render(request, "live/register.html", context, status=400)
    upload = form.cleaned_data["file"]
    text = decode(upload.read()) if upload else form.cleaned_data["rows"]
    parsed = parse_registrations(text)
    if form.cleaned_data["rating_list"] and parsed.rows:
        try:
            parsed = _filled(parsed, form.cleaned_data["rating_list"])
        except RatingListError as exc:
            form.add_error("rating_list", str(exc))
            return render(request, "live/register.html", context, status=400)
    context["preview"] = parsed
    context["preview_errors"] = [_cell_error(error) for error in parsed.errors]
    context["preview_text"] = as_rows(parsed)
    if not confirm or not parsed.ok:
        return render(request, "live/register.html", context, status=200 if parsed.ok else 400)
    try:
        with transaction.atomic():
            for row in parsed.rows:
                try:
                    writes.register_player(
                        tournament.id, registration_body(row.player), author=signed_in(request)
                    )
                except CommandError as exc:
                    exc.message = _("line %(line)s: %(reason)s") % {
                        "line": row.line,
                        "reason": writes.translated(exc.message),
                    }
                    raise
    except CommandError as exc:
        context["error"] = _("Nothing was registered. %(field)s, %(reason)s") % {
            "field": exc.field,
            "reason": exc.message,
        }
        return render(request, "live/register.html", context, status=400)
    messages.success(request, _("%(count)s players are registered.") % {"count": len(parsed.rows)})
    return HttpResponseRedirect(reverse("live:register", args=[tournament.id]))


def _lookup(request: HttpRequest, context: dict[str, Any]) -> HttpResponse:
    form = LookupForm(request.POST, request.FILES)
    context["lookup_form"] = form
    if not form.is_valid():
        return render(request, "live/register.html", context, status=400)
    lines = [q.strip() for q in form.cleaned_data["queries"].splitlines() if q.strip()]
    if len(lines) > MAX_LOOKUPS:
        form.add_error(
            "queries", _("At most %(count)s look-ups at a time.") % {"count": MAX_LOOKUPS}
        )
        return render(request, "live/register.html", context, status=400)
    ids = [q for q in lines if q.isdigit()]
    names = [q for q in lines if not q.isdigit()]
    try:
        with _rating_list(form.cleaned_data["rating_list"]) as stream:
            found = look_up(read_rating_list(stream), fide_ids=ids, names=names)
    except (RatingListError, FileNotFoundError) as exc:
        form.add_error("rating_list", str(exc))
        return render(request, "live/register.html", context, status=400)
    context["found"] = [
        (query, [found.by_id[query]] if query in found.by_id else found.by_name.get(query, []))
        for query in lines
    ]
    return render(request, "live/register.html", context)


@contextmanager
def _rating_list(upload: Any) -> Iterator[BinaryIO]:
    """The uploaded list, else the server's (``settings.FIDE_RATING_LIST``)."""
    if upload is not None:
        yield io.BytesIO(upload.read())
        return
    path = settings.FIDE_RATING_LIST
    if not path:
        raise RatingListError(0, _("Choose the rating list file you downloaded from FIDE."))
    with open(path, "rb") as stream:
        yield stream


def _filled(parsed: ParsedRegistrations, upload: Any) -> ParsedRegistrations:
    """The rows with what FIDE's list has for their FIDE ids, where the row is blank."""
    ids = [str(r.player["fide_id"]) for r in parsed.rows if r.player.get("fide_id")]
    with _rating_list(upload) as stream:
        found = look_up(read_rating_list(stream), fide_ids=ids).by_id
    rows = tuple(
        type(row)(row.line, {**listed_fields(found[str(row.player["fide_id"])]), **row.player})
        if str(row.player.get("fide_id", "")) in found
        else row
        for row in parsed.rows
    )
    return type(parsed)(rows, parsed.errors, parsed.columns, parsed.ignored)


def listed_fields(listed: ListedPlayer) -> dict[str, str | int]:
    """A rating list's player as registration fields (the blank ones left out)."""
    fields: dict[str, str | int] = {
        "name": listed.name,
        "fide_id": listed.fide_id,
        "rating": listed.rating,
        "title": listed.title,
        "federation": listed.federation,
        "sex": listed.sex,
        "birth_date": listed.birth_year,
    }
    return {key: value for key, value in fields.items() if value}


def as_rows(parsed: ParsedRegistrations) -> str:
    """The parsed players as tab-separated rows in the default column order: what the
    preview's "Register them" sends back (parsed again, so nothing is trusted)."""
    return "\n".join(
        "\t".join(str(row.player.get(column, "")) for column in COLUMNS) for row in parsed.rows
    )


def registration_body(player: Mapping[str, Any], *, blanks: bool = False) -> dict[str, Any]:
    """The fields of ``player`` the registration command takes (blank ones left out
    unless ``blanks``: an edit may clear a field)."""
    accepted = writes.PLAYER_FIELDS
    return {
        key: value
        for key, value in player.items()
        if key in accepted and (blanks or value not in ("", None))
    }


def signed_in(request: HttpRequest) -> User:
    """The organiser writing: every page that writes is behind ``login_required``."""
    user = request.user
    assert isinstance(user, User)
    return user


def organised(request: HttpRequest, tournament_id: int, action: str) -> FoldedTournament:
    """The tournament, for one of its organisers (404 when unknown, 403 for others)."""
    tournament = folded_or_404(tournament_id)
    if not may_write(request.user, tournament_id):
        raise PermissionDenied(f"Only this tournament's organisers may {action}.")
    return tournament
