"""The public pages: the tournament index and each tournament's live standings."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.replay import TournamentNotFound, list_tournaments

from .snapshots import ensure_snapshot


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "live/index.html", {"tournaments": list_tournaments()})


def spectator(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The page frames the table; the standings themselves arrive over the websocket."""
    try:
        snapshot = ensure_snapshot(tournament_id)
    except TournamentNotFound as exc:
        raise Http404(str(exc)) from exc
    return render(
        request,
        "live/spectator.html",
        {"tournament": snapshot.body["tournament"], "hall": request.GET.get("hall") == "1"},
    )
