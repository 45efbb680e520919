"""The organiser's page of a team event (issue 22): teams and rosters, pairing the
next round, line-ups, board results (with corrections) and match forfeits, as plain
server-rendered forms.

Each form runs one command (``tournaments.store.writes``) as the API does: a
refusal is shown with the field it names and stores nothing; a command that went
through redirects back to the page (POST, redirect, GET).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pairings.acceleration import BAKU
from tournaments.store import writes
from tournaments.store.queries import (
    BYE_POINTS,
    CAPTAIN,
    FREE_ORDER,
    PLAYER,
    RATING_ORDER,
    ROSTER_ORDER,
    FoldedTournament,
    initial_ranking,
    may_write,
    reported_boards,
    round_complete,
    team_seeds,
    tokens,
)

from . import team_pages
from .pages import folded_or_404
from .result_entry import RESULT_BUTTONS, ReportLine, report_line

FORFEITS = (
    ("+/-", gettext_lazy("first team wins")),
    ("-/+", gettext_lazy("second team wins")),
    ("0-0", gettext_lazy("neither came")),
)
# A team's bye by its points (BYE_POINTS' keys).
BYE_NAMES = {
    "half": gettext_lazy("half-point bye"),
    "zero": gettext_lazy("zero-point bye"),
    "full": gettext_lazy("full-point bye"),
}


class FormError(ValueError):
    """A form field the page itself cannot read (before any command runs)."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


def _int(data: QueryDict, name: str) -> int:
    text = data.get(name, "").strip()
    if not text.isdigit():
        raise FormError(name, _("expected a whole number, not %(text)r") % {"text": text[:20]})
    return int(text)


def _player_line(line: str, field: str) -> dict[str, Any]:
    """``Name, rating[, title[, FED]]``: a new player's data.  The name is all
    before the first number, so ``Carlsen, Magnus, 2830`` keeps its comma; a
    line pasted from a spreadsheet may separate the columns by tabs instead."""
    parts = [part.strip() for part in line.split("\t" if "\t" in line else ",")]
    first_number = next((i for i, part in enumerate(parts) if part.isdigit()), len(parts))
    name, rest = ", ".join(parts[:first_number]), parts[first_number:]
    player: dict[str, Any] = {"name": name}
    for key, value in zip(("rating", "title", "federation"), rest, strict=False):
        if value:
            player[key] = int(value) if key == "rating" and value.isdigit() else value
    if not name:
        raise FormError(field, _("a player needs a name: %(line)r") % {"line": line})
    return player


def _roster_line(line: str, field: str) -> dict[str, Any]:
    """``#12 ...`` keeps start rank 12 (whatever follows is its name, shown only);
    anything else is a new player."""
    if line.startswith("#"):
        number = line[1:].split(maxsplit=1)[0] if line[1:].strip() else ""
        if not number.isdigit():
            raise FormError(field, _("expected a start rank after #: %(line)r") % {"line": line})
        return {"start_rank": int(number)}
    return _player_line(line, field)


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def _lineup(text: str) -> list[int | None]:
    """``1, 2, -, 5``: start ranks by board, ``-`` an empty board."""
    players: list[int | None] = []
    for index, item in enumerate(part.strip() for part in text.split(",")):
        if item in ("-", ""):
            players.append(None)
        elif item.isdigit():
            players.append(int(item))
        else:
            message = _("%(item)r is not a start rank") % {"item": item[:20]}
            raise FormError(f"players.{index}", message)
    return players


def _named(field: str, action: str) -> str:
    """A refusal's field as the page's forms name it: ``players.2.rating`` is
    the rating on the third line of the players (or of a roster), ``players.2``
    of a line-up its third board."""
    field = field.removeprefix("changes.")  # a team's data as corrected
    name, _dot, rest = field.partition(".")
    index, _dot, detail = rest.partition(".")
    if name not in ("players", "roster") or not index.isdigit():
        return field
    where = _("board %(n)s") if action == "lineup" else _("line %(n)s")
    shown = f"{name}, {where % {'n': int(index) + 1}}"
    return f"{shown}, {detail}" if detail else shown


Action = Callable[[QueryDict], tuple[writes.Command, dict[str, Any]]]


def _register(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    players = [_player_line(line, "players") for line in _lines(data.get("players", ""))]
    fields = ("name", "short_name", "federation", "captain", "strength")
    body = {k: data.get(k, "").strip() for k in fields}
    return writes.register_team, {**body, "players": players}


def _roster(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    roster = [_roster_line(line, "roster") for line in _lines(data.get("roster", ""))]
    return writes.edit_roster, {"team": _int(data, "team"), "roster": roster}


TEAM_FIELDS = ("name", "short_name", "federation", "captain")


def _edit_team(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    """The team's data as the form shows them; the command keeps only what changed."""
    changes = {k: data.get(k, "").strip() for k in TEAM_FIELDS}
    return writes.edit_team, {"team": _int(data, "team"), "changes": changes}


def _pair(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    # The round the button named: a second click must not pair the one after it.
    body: dict[str, Any] = {"round": _int(data, "round")} if "round" in data else {}
    return writes.pair_next_team_round, {**body, "swap_last_two": data.get("swap_last_two") == "on"}


def _submit_lineup(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    body: dict[str, Any] = {"round": _int(data, "round"), "team": _int(data, "team")}
    shown = data.get("shown")
    if shown is not None:  # the line-up the page showed: refused if another is stored now
        body["replaces"] = _lineup(shown) if shown.strip() else []
    return writes.submit_lineup, {**body, "players": _lineup(data.get("players", ""))}


def _start(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    return writes.start_team_round, {"round": _int(data, "round")}


def _board(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    body: dict[str, Any] = {k: _int(data, k) for k in ("round", "match", "board")}
    body["result"] = data.get("result", "")
    if data.get("unrated") == "on":  # played but not rated (TRF W/D/L)
        body["rated"] = False
    if data.get("current"):  # the board had a result: this replaces it
        if data.get("supersedes"):  # the one the page showed, not one entered since
            body["supersedes"] = _int(data, "supersedes")
        return writes.correct_board_result, {**body, "reason": data.get("reason", "").strip()}
    return writes.record_board_result, body


def _forfeit(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    body = {"round": _int(data, "round"), "match": _int(data, "match")}
    return writes.forfeit_match, {**body, "result": data.get("result", "")}


def _withdraw(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    body = {"team": _int(data, "team"), "from_round": _int(data, "from_round")}
    return writes.withdraw_team, body


def _reinstate(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    return writes.reinstate_team, {"team": _int(data, "team")}


def _optional_int(data: QueryDict, name: str) -> int | None:
    return _int(data, name) if data.get(name, "").strip() else None


def _board_prizes(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    """The board prizes' order, minimum of games (blank: the default) and board
    assignment (left out: every board, as the command's default), and the
    regulations' options: each blank or left out is its default (none); the
    tie-breaks are names separated by commas."""
    body: dict[str, Any] = {
        "order": data.get("order", ""),
        "min_games": _optional_int(data, "min_games"),
    }
    for name in ("assignment", "minimum_unit"):
        if name in data:
            body[name] = data.get(name, "")
    for name in ("reserve_min_games", "rating_cap", "unrated_rating"):
        body[name] = _optional_int(data, name)
    ties = [t.strip() for t in data.get("tiebreaks", "").split(",") if t.strip()]
    body["tiebreaks"] = ties or None
    return writes.set_board_prizes, body


def _lineup_order(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    """The regulations' line-up order; the tolerance only with "rating" (blank: 0)."""
    order = data.get("lineup_order", "")
    given = order == RATING_ORDER and data.get("lineup_tolerance", "").strip()
    tolerance = _int(data, "lineup_tolerance") if given else None
    changes = {"lineup_order": order, "lineup_tolerance": tolerance}
    return writes.change_settings, {"changes": changes}


def _colour_type(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    """A team Swiss's C.04.6 colour-preference type."""
    return writes.change_settings, {"changes": {"colour_type": data.get("colour_type", "")}}


def _primary_score(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    """The score the teams are ranked and a Swiss paired on, MP or GP."""
    return writes.change_settings, {"changes": {"primary_score": data.get("primary_score", "")}}


def _pab_value(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    """The PAB's match and game points (blank: a drawn match's)."""
    changes = {k: data.get(k, "").strip() or None for k in ("pab_match_points", "pab_game_points")}
    return writes.change_settings, {"changes": changes}


def _colour_sequence(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    """The first-named team's colours down the boards (TRF26 352)."""
    sequence = data.get("colour_sequence", "").strip().upper()
    return writes.change_settings, {"changes": {"colour_sequence": sequence}}


def _acceleration(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    """A team Swiss's acceleration: Baku, or none (blank clears it)."""
    return writes.change_settings, {"changes": {"acceleration": data.get("acceleration") or None}}


def _bye(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    body = {"team": _int(data, "team"), "round": _int(data, "bye_round")}
    return writes.request_team_bye, {**body, "points": data.get("points", "")}


def _cancel_bye(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    return writes.cancel_team_bye, {"team": _int(data, "team"), "round": _int(data, "bye_round")}


def _rank(data: QueryDict) -> tuple[writes.Command, dict[str, Any]]:
    """By rating, or the pairing numbers as typed (ties keep the current order)."""
    if data.get("method") == "rating":
        return writes.rank_teams, {"method": "rating"}
    wanted = {
        int(name.removeprefix("number_")): _int(data, name)
        for name in data
        if name.startswith("number_") and name.removeprefix("number_").isdigit()
    }
    return writes.rank_teams, {"order": sorted(wanted, key=lambda team: (wanted[team], team))}


ACTIONS: dict[str, Action] = {
    "register": _register,
    "roster": _roster,
    "team": _edit_team,
    "pair": _pair,
    "lineup": _submit_lineup,
    "start": _start,
    "board": _board,
    "forfeit": _forfeit,
    "withdraw": _withdraw,
    "reinstate": _reinstate,
    "board_prizes": _board_prizes,
    "lineup_order": _lineup_order,
    "colour_type": _colour_type,
    "primary_score": _primary_score,
    "pab_value": _pab_value,
    "colour_sequence": _colour_sequence,
    "acceleration": _acceleration,
    "bye": _bye,
    "cancel_bye": _cancel_bye,
    "rank": _rank,
}


def _folded(tournament_id: int) -> FoldedTournament:
    folded = folded_or_404(tournament_id)
    if not folded.is_team:
        raise Http404("not a team event")
    return folded


@login_required
def manage_teams(request: HttpRequest, tournament_id: int) -> HttpResponse:
    folded = _folded(tournament_id)
    if not may_write(request.user, tournament_id):
        raise PermissionDenied("Only this tournament's organisers may change it.")
    error = ""
    if request.method == "POST":
        form = request.POST.get("action", "")
        action = ACTIONS.get(form)
        try:
            if action is None:
                raise FormError("action", _("unknown form"))
            command, body = action(request.POST)
            command(tournament_id, body, author=cast(User, request.user))
        except FormError as exc:
            error = f"{_named(exc.field, form)}: {exc.message}"
        except writes.CommandError as exc:
            errors = writes.translated_errors(exc).items()
            error = "; ".join(f"{_named(f, form)}: {' '.join(m)}" for f, m in errors)
        else:
            url = reverse("live:team-manage", args=[tournament_id])
            return HttpResponseRedirect(f"{url}?round={request.POST.get('round', '')}", status=303)
        folded = _folded(tournament_id)
    shown = request.POST.get("round", "") if error else request.GET.get("round", "")
    # A refused form shows what was typed into it again, to be fixed rather than retyped.
    posted = request.POST.dict() if error else {}
    context = {**_context(folded, shown, posted), "error": error, "posted": posted}
    return render(request, "live/team_manage.html", context, status=400 if error else 200)


def _context(
    folded: FoldedTournament, requested: str, posted: dict[str, str] | None = None
) -> dict[str, Any]:
    state = folded.state
    paired = sorted(state.team_rounds)
    number = int(requested) if requested.isdigit() and int(requested) in paired else None
    number = number or (paired[-1] if paired else 1)
    links = tokens(folded.id, CAPTAIN)
    player_links = tokens(folded.id, PLAYER)
    paired_round = state.team_rounds.get(number)
    allocated = set(paired_round.byes) if paired_round else set()
    teams = []
    seeds = team_seeds(state)
    for team, seed in zip(sorted(state.teams.values(), key=lambda t: t.number), seeds, strict=True):
        roster = "\n".join(f"#{rank} {state.players[rank].name}" for rank in team.roster)
        lineup = state.lineups.get((number, team.number))
        shown = ", ".join("-" if p is None else str(p) for p in lineup) if lineup else ""
        details = {k: getattr(team, k) for k in TEAM_FIELDS}
        if posted and posted.get("team") == str(team.number):
            if posted.get("action") == "roster":
                roster = posted.get("roster", "")
            elif posted.get("action") == "lineup":
                shown = posted.get("players", "")
            elif posted.get("action") == "team":
                details = {k: posted.get(k, "") for k in TEAM_FIELDS}
        byes = sorted(
            (r, BYE_NAMES[b[team.number]]) for r, b in state.team_byes.items() if team.number in b
        )
        link = links.get(team.number)
        teams.append(
            {
                "team": team,
                "roster_text": roster,
                "details": details,
                "players": [state.players[rank] for rank in team.roster],
                "placeholder": ", ".join(map(str, team.roster[: state.settings.boards])),
                "lineup": shown,
                "playing": not team.withdrawn_in(number)
                and state.team_bye(number, team.number) is None
                and team.number not in allocated,
                "allocated_bye": team.number in allocated,
                "strength": round(float(seed.rating)),
                "byes": byes,
                "link": _link_path(link),
                "player_links": [
                    (player, _link_path(player_links.get(player.player_id)))
                    for player in (state.players[rank] for rank in team.roster)
                ],
            }
        )
    return {
        "tournament": folded,
        "teams": teams,
        "round_number": number,
        "paired": paired,
        "matches": _matches(folded, number),
        "started": state.team_round_started(number),
        "results": RESULT_BUTTONS,
        "forfeits": FORFEITS,
        "all_paired": len(paired) >= folded.rounds,
        "pair_blocked": _pair_blocked(folded, paired),
        "double": folded.system == "double round robin",
        "swiss": folded.system == "swiss",
        "bye_points": [(points, BYE_NAMES[points]) for points in BYE_POINTS],
        "board_prizes": state.board_prizes,
        "board_orders": (("performance", _("rating performance")), ("percentage", _("percentage"))),
        "board_assignments": team_pages.board_assignments(),
        "minimum_units": (("games", _("games")), ("percent", _("percent of the rounds"))),
        "board_tiebreaks": ", ".join(state.board_prizes.tiebreaks or ()),
        "settings": state.settings,
        "lineup_orders": (
            (ROSTER_ORDER, _("roster order (FIDE Olympiad)")),
            (RATING_ORDER, _("by rating, within the tolerance")),
            (FREE_ORDER, _("any order")),
        ),
        "colour_types": (
            ("A", _("type A: every preference strong")),
            ("B", _("type B: mild preferences too")),
            ("none", _("no colour preferences")),
        ),
        "primary_scores": (("MP", _("Match points")), ("GP", _("Game points"))),
        "unsorted": not paired and seeds != initial_ranking(seeds),
        "without_link": sum(1 for player_id in state.player_ids if player_id not in player_links),
        "accelerations": (("", _("none")), (BAKU, _("Baku (C.04.5.1)"))),
    }


def _pair_blocked(folded: FoldedTournament, paired: list[int]) -> str | None:
    """Why the next round cannot be paired yet, as the pairing would refuse it: a team
    Swiss pairs on the results, so the round before must have them all."""
    last = folded.state.team_rounds.get(paired[-1]) if paired else None
    if folded.system != "swiss" or last is None or round_complete(folded.state, last):
        return None
    return _("round %(round)s still has boards without a result") % {"round": paired[-1]}


def _link_path(token: str | None) -> str | None:
    return token and reverse("live:link", args=[token])


def _matches(
    folded: FoldedTournament, number: int
) -> list[tuple[team_pages.MatchView, list[tuple[team_pages.MatchBoardLine, ReportLine | None]]]]:
    """The round's matches, each board with the players' reports still to confirm."""
    reported = {b.key[1:]: b for b in reported_boards(folded.state, number)}
    return [
        (
            view,
            [(line, report_line(reported.get((view.number, line.board)))) for line in view.boards],
        )
        for view in team_pages.match_views(folded, number, organiser=True) or []
    ]
