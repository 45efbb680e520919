"""The organiser's side of the players' reports and the private links (issue 21):
confirm or reject a board's reports from the result-entry page, issue, re-issue
and revoke links from the result slips (players) and the team page (captains)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.store import writes
from tournaments.store.queries import CAPTAIN, PLAYER, FoldedTournament
from tournaments.store.writes import CommandError

from .registration import organised, signed_in


@login_required
@require_POST
def report_action(request: HttpRequest, tournament_id: int, round_number: int) -> HttpResponse:
    """Confirm (``result`` needed when the reports conflict) or reject a board's
    reports, from the entry page or, naming the board's ``match``, a team event's page."""
    tournament = organised(request, tournament_id, "confirm reported results")
    post = request.POST
    board = int(post["board"]) if post.get("board", "").isdigit() else 0
    body: dict[str, object] = {"round": round_number, "board": board}
    if post.get("match", "").isdigit():
        body["match"] = int(post["match"])
    # A team event's boards are named with their match.
    team = "match" in body
    names = {**body, "match": body.get("match", "")}
    if "reports" in post:  # the reports the page showed: refused if they are others now
        body["reports"] = post.getlist("reports")
    try:
        if post.get("action") == "reject":
            writes.reject_report(
                tournament_id, {**body, "reason": post.get("reason", "")}, author=signed_in(request)
            )
            done = (
                _("The reports of board %(board)s of match %(match)s are rejected.")
                if team
                else _("The reports of board %(board)s are rejected.")
            )
            messages.success(request, done % names)
        else:
            if post.get("result"):
                body["result"] = post["result"]
            writes.confirm_report(tournament_id, body, author=signed_in(request))
            done = (
                _("Match %(match)s, board %(board)s: the reported result is recorded.")
                if team
                else _("Board %(board)s: the reported result is recorded.")
            )
            messages.success(request, done % names)
    except CommandError as exc:
        refused = (
            _("Match %(match)s, board %(board)s: %(field)s: %(reason)s")
            if team
            else _("Board %(board)s: %(field)s: %(reason)s")
        )
        reason = writes.translated(exc.message)
        messages.error(request, refused % {**names, "field": exc.field, "reason": reason})
    if tournament.is_team:
        back = reverse("live:team-manage", args=[tournament_id])
        return HttpResponseRedirect(f"{back}?round={round_number}")
    return HttpResponseRedirect(reverse("live:enter", args=[tournament_id, round_number]))


@login_required
@require_POST
def link_action(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """``issue`` links to every holder of ``role`` without one (or to ``holder``,
    a new link replacing theirs), or ``revoke`` ``holder``'s link."""
    tournament = organised(request, tournament_id, "give out private links")
    post = request.POST
    role = CAPTAIN if post.get("role") == CAPTAIN else PLAYER
    holder = int(post["holder"]) if post.get("holder", "").isdigit() else None
    try:
        if post.get("action") == "revoke":
            writes.revoke_link(
                tournament_id, {"role": role, "holder": holder}, author=signed_in(request)
            )
            gone = (
                _("The link of team %(holder)s's captain no longer works.")
                if role == CAPTAIN
                else _("The link of player %(holder)s no longer works.")
            )
            messages.success(request, gone % {"holder": holder})
        else:
            holders = [holder] if holder is not None else _without_link(tournament, role)
            if holders:
                writes.issue_links(tournament_id, role, holders, author=signed_in(request))
            messages.success(
                request,
                ngettext(
                    "%(count)s new private link.", "%(count)s new private links.", len(holders)
                )
                % {"count": len(holders)},
            )
    except CommandError as exc:
        messages.error(
            request,
            _("Not done: %(field)s: %(reason)s")
            % {"field": exc.field, "reason": writes.translated(exc.message)},
        )
    back = post.get("round", "")
    if role == PLAYER and back.isdigit():
        return HttpResponseRedirect(reverse("live:slips", args=[tournament_id, int(back)]))
    return HttpResponseRedirect(reverse("live:team-manage", args=[tournament_id]))


def _without_link(tournament: FoldedTournament, role: str) -> list[int]:
    state = tournament.state
    everyone = sorted(state.player_ids) if role == PLAYER else sorted(state.teams)
    return [h for h in everyone if (role, h) not in state.links]
