"""The public pages: the tournament index and each tournament's live standings."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.api.permissions import may_write
from tournaments.store.queries import TournamentNotFound, list_tournaments

from .snapshots import ensure_snapshot, latest_heading


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "live/index.html", {"tournaments": list_tournaments()})


def spectator(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The page frames the table; the standings themselves arrive over the websocket.

    Organisers also get a link to the current round's result entry.
    """
    heading = latest_heading(tournament_id)
    if heading is None:
        try:
            body = ensure_snapshot(tournament_id).body
        except TournamentNotFound as exc:
            raise Http404(str(exc)) from exc
        heading = (body["tournament"], body["rounds"]["current"])
    tournament, current_round = heading
    may_enter = current_round > 0 and may_write(request.user, tournament_id)
    return render(
        request,
        "live/spectator.html",
        {
            "tournament": tournament,
            "hall": request.GET.get("hall") == "1",
            "enter_round": current_round if may_enter else None,
        },
    )
