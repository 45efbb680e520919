"""The pages behind a private link (issue 21): a player reports their game's
result (in a team event, their board's in the current match), a team captain
submits the line-up of the next round.  One view for both:
the link says whose it is (``tournaments.store.private_links``).

Nobody signs in: the link is the key.  Every request on a link is throttled per
link, as DRF throttles the "what if" API (its cache, its rates setting), with the
rate ``PRIVATE_LINK_RATE``; a revoked link answers 403, a link that is none 404,
each with a page that says so.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from redis.exceptions import RedisError
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView

from tournaments.store.queries import (
    CAPTAIN,
    PLAYER,
    FoldedTournament,
    RevokedLink,
    UnknownLink,
    captain_round,
    current_board,
    load_tournament,
    resolve,
)
from tournaments.store.writes import (
    Command,
    CommandError,
    report_result,
    submit_captain_lineup,
    translated,
)

logger = logging.getLogger(__name__)

# What a player may report: the games played (a forfeit is the arbiter's to enter).
REPORTABLE = (("1-0", "1–0"), ("1/2-1/2", "½–½"), ("0-1", "0–1"))


class LinkThrottle(SimpleRateThrottle):
    """DRF's rate throttle (its cache, its rates setting), counted per link: a hall's
    players share one address (the club's Wi-Fi)."""

    scope = "private_link"

    def __init__(self, link: str) -> None:
        super().__init__()
        self.digest = hashlib.sha256(link.encode()).hexdigest()  # the cache holds no link

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.digest}

    def allows(self, request: HttpRequest) -> bool:
        # SimpleRateThrottle reads neither the request nor the view beyond the key.
        try:
            return self.allow_request(cast(Request, request), cast(APIView, None))
        except RedisError:
            # As for bad API tokens (config.api): players keep reporting while Redis
            # restarts, uncounted.
            logger.warning("private link requests not counted: the cache is unreachable")
            return True


# Nothing but the link is needed (no session, no cookie): a form posted from
# another site would have to know the link, which is the secret itself.
@csrf_exempt
def link_page(request: HttpRequest, link: str) -> HttpResponse:
    if not LinkThrottle(link).allows(request):
        return _gone(request, 429, _("Too many requests on this link: wait a minute."))
    try:
        holder = resolve(link)
    except UnknownLink:
        return _gone(request, 404, _("This link is not one of ours. Ask the organiser."))
    except RevokedLink:
        return _gone(request, 403, _("This link no longer works: ask the organiser for a new one."))
    page = _PAGES[holder.role]
    status = 200
    if request.method == "POST":
        try:
            page.command(holder.tournament_id, page.body(request, holder.holder))
        except CommandError as exc:
            messages.error(request, f"{exc.field}: {translated(exc.message)}")
            status = 400
        else:
            messages.success(request, page.thanks)
            return redirect("live:link", link=link)
    return page.show(request, load_tournament(holder.tournament_id), holder.holder, status)


def _gone(request: HttpRequest, status: int, message: str) -> HttpResponse:
    return render(request, "live/link_gone.html", {"message": message}, status=status)


def _shown(request: HttpRequest, *names: str) -> dict[str, Any]:
    """What the page was drawn for (its hidden fields), checked by the command."""
    return {name: request.POST[name] for name in names if name in request.POST}


def _report_body(request: HttpRequest, player_id: int) -> dict[str, Any]:
    body = {"player_id": player_id, "result": request.POST.get("result")}
    return body | _shown(request, "round", "board")


def _player_page(
    request: HttpRequest, folded: FoldedTournament, player_id: int, status: int
) -> HttpResponse:
    state = folded.state
    context: dict[str, Any] = {"tournament": folded, "buttons": REPORTABLE}
    try:
        at = current_board(state, player_id)
    except CommandError as exc:
        context["nothing"] = translated(exc.message)
        return render(request, "live/report.html", context, status=status)
    theirs, own = at.opponents_report, at.own_report
    context |= {
        "me": state.players[at.player],
        "opponent": state.players[at.opponent],
        "white": at.plays_white,
        "round_number": at.round,
        "board_number": at.board,
        "result": at.seats.result,
        "own_report": own,
        "conflict": bool(own and theirs and theirs.result != own.result),
    }
    if at.match is not None:
        opposing = state.teams[at.opposing_team or 0]
        context |= {"match_number": at.match, "opposing_team": opposing}
    return render(request, "live/report.html", context, status=status)


def _lineup_body(request: HttpRequest, team: int) -> dict[str, Any]:
    players = [int(p) if p.isdigit() else None for p in request.POST.getlist("board")]
    body = {"team": team, "players": players} | _shown(request, "round")
    shown = request.POST.get("shown")
    if shown is not None:  # the line-up the page showed ("1, -, 3"; "": none)
        body["replaces"] = [int(p) if p.isdigit() else None for p in shown.split(", ") if shown]
    return body


def _captain_page(
    request: HttpRequest, folded: FoldedTournament, team_number: int, status: int
) -> HttpResponse:
    state = folded.state
    team = state.teams[team_number]
    context: dict[str, Any] = {"tournament": folded, "team": team}
    try:
        number = captain_round(state)
    except CommandError as exc:
        context["nothing"] = translated(exc.message)
        return render(request, "live/captain.html", context, status=status)
    current = state.lineups.get((number, team.number), ())
    boards = range(state.settings.boards)
    paired = state.team_rounds.get(number)
    match = paired.match_of(team.number) if paired else None
    if match is not None:
        other = match.black if match.white == team.number else match.white
        context |= {"match_number": match.number, "opponent": state.teams[other]}
    context |= {
        "round_number": number,
        "paired": paired is not None,
        "allocated_bye": paired is not None and team.number in paired.byes,
        "roster": [state.players[rank] for rank in team.roster],
        "seats": [(i + 1, current[i] if i < len(current) else None) for i in boards],
        "submitted": bool(current),
        "shown": ", ".join("-" if p is None else str(p) for p in current),
    }
    return render(request, "live/captain.html", context, status=status)


@dataclass(frozen=True)
class _LinkPage:
    """What a link of one role does: the command a POST runs (its body read from the
    form, for the link's holder), its thanks, and the page it shows."""

    command: Command
    body: Callable[[HttpRequest, int], dict[str, Any]]
    thanks: Any  # a lazy translation: in the language of each request
    show: Callable[[HttpRequest, FoldedTournament, int, int], HttpResponse]


_PAGES = {
    PLAYER: _LinkPage(
        report_result,
        _report_body,
        gettext_lazy("Thank you: your report is with the organiser."),
        _player_page,
    ),
    CAPTAIN: _LinkPage(
        submit_captain_lineup, _lineup_body, gettext_lazy("Line-up received."), _captain_page
    ),
}
