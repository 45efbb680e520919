"""The organiser's side of the players' reports and the private links (issue 21):
confirm or reject a board's reports from the result-entry page, issue, re-issue
and revoke links from the result slips (players) and the team page (captains)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from tournaments.store import writes
from tournaments.store.queries import CAPTAIN, PLAYER, FoldedTournament
from tournaments.store.writes import CommandError

from .registration import organised, signed_in


@login_required
@require_POST
def report_action(request: HttpRequest, tournament_id: int, round_number: int) -> HttpResponse:
    """Confirm (``result`` needed when the reports conflict) or reject a board's reports."""
    organised(request, tournament_id, "confirm reported results")
    post = request.POST
    board = int(post["board"]) if post.get("board", "").isdigit() else 0
    body: dict[str, object] = {"round": round_number, "board": board}
    try:
        if post.get("action") == "reject":
            writes.reject_report(
                tournament_id, {**body, "reason": post.get("reason", "")}, author=signed_in(request)
            )
            messages.success(request, f"The reports of board {board} are rejected.")
        else:
            if post.get("result"):
                body["result"] = post["result"]
            writes.confirm_report(tournament_id, body, author=signed_in(request))
            messages.success(request, f"Board {board}: the reported result is recorded.")
    except CommandError as exc:
        messages.error(request, f"Board {board}: {exc.field}: {exc.message}")
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
            messages.success(request, f"The link of {role} {holder} no longer works.")
        else:
            holders = [holder] if holder is not None else _without_link(tournament, role)
            if holders:
                writes.issue_links(tournament_id, role, holders, author=signed_in(request))
            messages.success(request, f"{len(holders)} new private link(s).")
    except CommandError as exc:
        messages.error(request, f"{exc.field}: {exc.message}")
    back = post.get("round", "")
    if role == PLAYER and back.isdigit():
        return HttpResponseRedirect(reverse("live:slips", args=[tournament_id, int(back)]))
    return HttpResponseRedirect(reverse("live:team-manage", args=[tournament_id]))


def _without_link(tournament: FoldedTournament, role: str) -> list[int]:
    state = tournament.state
    everyone = sorted(state.player_ids) if role == PLAYER else sorted(state.teams)
    return [h for h in everyone if (role, h) not in state.links]
