"""The organiser's page that creates a tournament: name, details, system, rounds,
rule edition, tie-breaks (with the engine's presets), scoring, acceleration and
co-organisers.

It runs the same command as ``POST /api/tournaments/``; a refusal is shown next
to the field it names, and nothing is stored.  Co-organisers are granted after
the creation, each an ``organiser.granted`` event.
"""

from __future__ import annotations

import copy
from datetime import date
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pairings.acceleration import BAKU
from tiebreaks.definitions import CATALOGUE
from tiebreaks.model import Scoring, System
from tiebreaks.standings import DEFAULT_RULES, ROUND_ROBIN_DEFAULT, RULES, SWISS_DEFAULT
from tiebreaks.teams import standings as team_standings
from tiebreaks.teams.definitions import TEAM_CATALOGUE
from tournaments.store import writes
from tournaments.store.queries import settings_payload
from tournaments.store.writes import CommandError, grant_organiser

from .console import players_page
from .registration import FederationField, organised, signed_in
from .tiebreak_names import TEAM_SPELLING, team_tiebreak_name, tiebreak_name

SCORINGS = {"standard": Scoring(), "three_one_zero": Scoring.three_one_zero()}
# The engine's defaults are the C.07 recommendations (tiebreaks.standings).
PRESETS = {
    gettext_lazy("Swiss"): SWISS_DEFAULT,
    gettext_lazy("round robin"): ROUND_ROBIN_DEFAULT,
    gettext_lazy("team Swiss"): team_standings.SWISS_DEFAULT,
    gettext_lazy("team round robin"): team_standings.ROUND_ROBIN_DEFAULT,
}
# A team event's match points for a won, drawn and lost match (2-1-0 when left out).
MATCH_POINTS = {"2-1-0": None, "3-1-0": {"win": "3", "draw": "1", "loss": "0"}}
MAX_BOARDS = 64  # as the API takes (tournaments.domain.bodies)
SYSTEM_NAMES = {
    System.SWISS: gettext_lazy("Swiss"),
    System.ROUND_ROBIN: gettext_lazy("Round robin"),
    System.DOUBLE_ROUND_ROBIN: gettext_lazy("Double round robin"),
}
# Settings the form leaves out when blank (unset): clearing them is leaving them out.
PAIRING_SETTINGS = (
    "acceleration",
    "confirm_matching_reports",
    "initial_colour",
    "check_in",
    "max_half_byes",
    "no_half_byes_in",
)
TEAM_SCORING_HELP = gettext_lazy("A team event: the points of a game on a board (game points).")
# The individual event's settings a team event has no use for on this page: check-in,
# half-point byes and matching reports are a player's; a team Swiss's acceleration is
# set on the team page, next to the pairing it changes.
INDIVIDUAL_ONLY = (
    "acceleration",
    "confirm_matching_reports",
    "check_in",
    "max_half_byes",
    "no_half_byes_in",
)
DETAIL_FIELDS = (
    "start_date",
    "end_date",
    "place",
    "federation",
    "time_control",
    "chief_arbiter",
    "deputy_arbiters",
    "round_dates",
)


def code_tables() -> dict[str, Any]:
    """The tie-break codes the help lists, an individual event's then a team event's:
    (code, name, C.07 article)."""
    return {
        "presets": {name: ", ".join(codes) for name, codes in PRESETS.items()},
        "codes": sorted(
            (d.acronym, tiebreak_name(d.acronym), d.article) for d in CATALOGUE.values()
        ),
        "team_codes": [
            (TEAM_SPELLING.get(d.acronym, d.acronym), team_tiebreak_name(d.acronym), d.article)
            for d in TEAM_CATALOGUE.values()
        ],
    }


class TournamentForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=200)
    kind = forms.ChoiceField(
        label=gettext_lazy("Kind of event"),
        choices=[
            ("individual", gettext_lazy("Individual: players meet in games")),
            ("team", gettext_lazy("Team: teams meet in matches, board against board")),
        ],
        initial="individual",
        required=False,  # left out: individual, as the API's default
        help_text=gettext_lazy("Fixed once created."),
    )
    boards = forms.IntegerField(
        label=gettext_lazy("Boards per match"),
        min_value=1,
        max_value=MAX_BOARDS,
        required=False,
        help_text=gettext_lazy("A team event only; fixed once created."),
    )
    match_points = forms.ChoiceField(
        label=gettext_lazy("Match points (won - drawn - lost match)"),
        choices=[(name, name.replace("-", " - ")) for name in MATCH_POINTS],
        initial="2-1-0",
        required=False,
        help_text=gettext_lazy("A team event only."),
    )
    system = forms.ChoiceField(
        label=gettext_lazy("System"), choices=[(s.value, SYSTEM_NAMES[s]) for s in System]
    )
    rounds = forms.IntegerField(label=gettext_lazy("Rounds"), min_value=1, max_value=99)
    rules = forms.ChoiceField(
        label=gettext_lazy("Tie-break rules (C.07 edition)"),
        choices=[(r, r) for r in RULES],
        initial=DEFAULT_RULES,
    )
    tiebreaks = forms.CharField(
        label=gettext_lazy("Tie-breaks, in order"),
        required=False,
        help_text=gettext_lazy(
            "Codes separated by commas; blank: the C.07 recommendation for the system."
        ),
    )
    scoring = forms.ChoiceField(
        label=gettext_lazy("Scoring"),
        choices=[("standard", "1 - ½ - 0"), ("three_one_zero", "3 - 1 - 0")],
        initial="standard",
        help_text=TEAM_SCORING_HELP,
    )
    acceleration = forms.ChoiceField(
        label=gettext_lazy("Acceleration"),
        choices=[("", gettext_lazy("none")), (BAKU, gettext_lazy("Baku (C.04.5.1)"))],
        required=False,
    )
    start_date = forms.DateField(
        label=gettext_lazy("Start date"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    end_date = forms.DateField(
        label=gettext_lazy("End date"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    place = forms.CharField(label=gettext_lazy("Place"), max_length=200, required=False)
    federation = FederationField()
    time_control = forms.CharField(
        label=gettext_lazy("Time control"), max_length=200, required=False
    )
    chief_arbiter = forms.CharField(
        label=gettext_lazy("Chief arbiter"), max_length=200, required=False
    )
    confirm_matching_reports = forms.BooleanField(
        label=gettext_lazy("Matching reports record the result"),
        required=False,
        help_text=gettext_lazy(
            "When both players report the same result through their private links, "
            "it is recorded without you; otherwise you confirm each report."
        ),
    )
    deputy_arbiters = forms.CharField(
        label=gettext_lazy("Deputy arbiters"),
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
        help_text=gettext_lazy("One per line."),
    )
    round_dates = forms.CharField(
        label=gettext_lazy("Round dates"),
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        help_text=gettext_lazy(
            "One date per line (YYYY-MM-DD), round 1 first; a blank line for unknown."
        ),
    )
    initial_colour = forms.ChoiceField(
        label=gettext_lazy("Initial colour (C.04.3)"),
        choices=[
            ("", gettext_lazy("the server's default")),
            ("white1", gettext_lazy("White for the top player of round 1")),
            ("black1", gettext_lazy("Black for the top player of round 1")),
        ],
        required=False,
    )
    check_in = forms.BooleanField(
        label=gettext_lazy("Pair only the players checked in"),
        required=False,
        help_text=gettext_lazy("Players not checked in for a round are absent in it."),
    )
    max_half_byes = forms.IntegerField(
        label=gettext_lazy("Half-point byes per player, at most"),
        min_value=0,
        max_value=99,
        required=False,
        help_text=gettext_lazy("Blank: no limit."),
    )
    no_half_byes_in = forms.CharField(
        label=gettext_lazy("Rounds without half-point byes"),
        required=False,
        help_text=gettext_lazy("Round numbers separated by commas, e.g. the last: 9"),
    )
    organisers = forms.CharField(
        label=gettext_lazy("Co-organisers"),
        required=False,
        help_text=gettext_lazy("User names, separated by commas."),
    )

    def clean_no_half_byes_in(self) -> list[int]:
        words = self.cleaned_data["no_half_byes_in"].replace(",", " ").split()
        if not all(word.isdigit() and len(word) <= 2 for word in words):
            raise forms.ValidationError(_("Give round numbers separated by commas."))
        return sorted({int(word) for word in words})

    def clean_organisers(self) -> list[Any]:
        names = [n.strip() for n in self.cleaned_data["organisers"].split(",") if n.strip()]
        users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=names)}
        unknown = [n for n in names if n not in users]
        if unknown:
            raise forms.ValidationError(
                _("No user named %(names)s.") % {"names": ", ".join(unknown)}
            )
        return [users[n] for n in names]


def _errors_on(form: forms.Form, exc: CommandError) -> None:
    """A refusal's messages next to the fields they name ("details.place": place)."""
    for field, errors in writes.translated_errors(exc).items():
        parts = field.split(".")
        name = parts[1] if parts[0] in ("details", "changes") and len(parts) > 1 else parts[0]
        form.add_error(name if name in form.fields else None, errors)


def creation_body(data: dict[str, Any]) -> dict[str, Any]:
    """The ``tournament.created`` body of the form's cleaned data."""
    scoring = SCORINGS[data["scoring"]]
    body: dict[str, Any] = {
        "name": data["name"],
        "system": data["system"],
        "rounds": data["rounds"],
        "rules": data["rules"],
        "scoring": _scoring_text(scoring),
        "tiebreaks": [c.strip() for c in data["tiebreaks"].split(",") if c.strip()],
    }
    if data.get("kind") == "team":
        body["kind"] = "team"
        if data.get("boards") is not None:
            body["boards"] = data["boards"]
        if MATCH_POINTS.get(data.get("match_points") or ""):
            body["match_points"] = MATCH_POINTS[data["match_points"]]
    for key in PAIRING_SETTINGS:
        if data.get(key) not in (None, "", False, []):
            body[key] = data[key]
    details: dict[str, Any] = {}
    for key in DETAIL_FIELDS:
        value = data.get(key)
        if isinstance(value, date):
            value = value.isoformat()
        elif key == "deputy_arbiters":
            value = [line.strip() for line in (value or "").splitlines() if line.strip()]
        elif key == "round_dates":
            value = [line.strip() or None for line in (value or "").splitlines()]
        if value:
            details[key] = value
    if details:
        body["details"] = details
    return body


@login_required
def create_page(request: HttpRequest) -> HttpResponse:
    context: dict[str, Any] = code_tables()
    if request.method != "POST":
        context["form"] = TournamentForm(initial={"rounds": 7})
        return render(request, "live/setup.html", context)
    form = TournamentForm(request.POST)
    context["form"] = form
    if not form.is_valid():
        return render(request, "live/setup.html", context, status=400)
    author = signed_in(request)
    try:
        with transaction.atomic():
            created = writes.create_tournament(creation_body(form.cleaned_data), author=author)
            for user in form.cleaned_data["organisers"]:
                if user != author:
                    grant_organiser(created.tournament_id, user, author=author)
    except CommandError as exc:
        _errors_on(form, exc)
        return render(request, "live/setup.html", context, status=400)
    name = form.cleaned_data["name"]
    if form.cleaned_data["kind"] == "team":
        messages.success(request, _("%(name)s is created: register its teams.") % {"name": name})
        return HttpResponseRedirect(reverse("live:team-manage", args=[created.tournament_id]))
    messages.success(request, _("%(name)s is created: register its players.") % {"name": name})
    return HttpResponseRedirect(reverse("live:register", args=[created.tournament_id]))


class SettingsForm(TournamentForm):
    """The creation's form without the co-organisers (granted on their own) and the
    kind of event and its boards (fixed at creation)."""

    organisers = None  # type: ignore[assignment]
    kind = None  # type: ignore[assignment]
    boards = None  # type: ignore[assignment]
    match_points = None  # type: ignore[assignment]


@login_required
def settings_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = organised(request, tournament_id, "change the settings")
    current = settings_payload(tournament.state.settings)
    context: dict[str, Any] = {
        "tournament": tournament,
        "heading": _("%(name)s: settings") % {"name": tournament.name},
        "submit": _("Save"),
        **code_tables(),
    }
    team = tournament.state.settings.is_team
    form = SettingsForm(request.POST or None, initial=form_initial(current))
    if team:
        _as_team_form(form, paired=bool(tournament.state.team_rounds))
    else:
        form.fields["scoring"].help_text = ""
    context["form"] = form
    if request.method != "POST":
        return render(request, "live/setup.html", context)
    if not form.is_valid():
        return render(request, "live/setup.html", context, status=400)
    wanted = creation_body(form.cleaned_data)
    changes = {key: value for key, value in wanted.items() if value != current.get(key)}
    # A setting the form leaves out is cleared (no details, no acceleration); one it
    # does not show is left as it is.
    changes.update(
        {
            key: None
            for key in ("details", *PAIRING_SETTINGS)
            if key in current and key not in wanted and (key == "details" or key in form.fields)
        }
    )
    # Left out of the form (or fixed, once paired): as they are.
    chosen = team and form.cleaned_data["match_points"] or _match_points_name(current)
    if chosen != _match_points_name(current):
        changes["match_points"] = MATCH_POINTS[chosen]
    try:
        writes.change_settings(tournament_id, {"changes": changes}, author=signed_in(request))
    except CommandError as exc:
        _errors_on(form, exc)
        return render(request, "live/setup.html", context, status=400)
    messages.success(request, _("Settings saved: %(fields)s.") % {"fields": ", ".join(changes)})
    return HttpResponseRedirect(reverse(players_page(tournament), args=[tournament_id]))


def _as_team_form(form: forms.Form, *, paired: bool) -> None:
    """The settings form of a team event: its match points (until round 1 is paired,
    as the standings and pairings so far were made with them), the board scoring, and
    none of the individual event's settings."""
    for name in INDIVIDUAL_ONLY:
        del form.fields[name]
    match_points = copy.deepcopy(TournamentForm.base_fields["match_points"])
    match_points.help_text = gettext_lazy("Fixed once round 1 is paired.")
    match_points.disabled = paired
    form.fields["match_points"] = match_points


def _match_points_name(settings: dict[str, Any]) -> str:
    """The match points' name in the form ("2-1-0" when not set)."""
    given = settings.get("match_points")
    for name, points in MATCH_POINTS.items():
        if points is not None and given == points:
            return name
    return "2-1-0"


def form_initial(settings: dict[str, Any]) -> dict[str, Any]:
    """The settings as the form shows them."""
    details = settings.get("details", {})
    scoring = next(
        (name for name, s in SCORINGS.items() if settings["scoring"] == _scoring_text(s)),
        "standard",
    )
    return {
        **{key: settings.get(key) for key in ("name", "system", "rounds", "rules")},
        "tiebreaks": ", ".join(settings["tiebreaks"]),
        "scoring": scoring,
        "acceleration": settings.get("acceleration", ""),
        "initial_colour": settings.get("initial_colour", ""),
        "check_in": settings.get("check_in", False),
        "max_half_byes": settings.get("max_half_byes"),
        "no_half_byes_in": ", ".join(map(str, settings.get("no_half_byes_in", ()))),
        "confirm_matching_reports": settings.get("confirm_matching_reports", False),
        "match_points": _match_points_name(settings),
        **{key: details.get(key) for key in DETAIL_FIELDS if key not in _LISTS},
        **{key: "\n".join(d or "" for d in details.get(key, ())) for key in _LISTS},
    }


_LISTS = ("deputy_arbiters", "round_dates")


def _scoring_text(scoring: Scoring) -> dict[str, str]:
    return {name: str(getattr(scoring, name)) for name in Scoring.__dataclass_fields__}
