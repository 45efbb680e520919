"""Printouts for the organisers: A4 result slips, one per board of a round.

Each slip names the tournament, the round, the board and both players with
their pairing numbers and ratings, offers the results to tick and has lines for
the players' and the arbiter's signatures; the print style sheet fits several
slips to a page without cutting one.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from .registration import organised

SLIP_RESULTS = ("1-0", "½-½", "0-1")


@login_required
def result_slips(request: HttpRequest, tournament_id: int, round_number: int) -> HttpResponse:
    tournament = organised(request, tournament_id, "print result slips")
    state = tournament.state
    rnd = state.rounds.get(round_number)
    if rnd is None:
        raise Http404(f"round {round_number} is not paired yet")
    slips = [
        {"board": b.number, "white": state.players[b.white], "black": state.players[b.black]}
        for b in sorted(rnd.boards, key=lambda b: b.number)
    ]
    context = {
        "tournament": tournament,
        "round_number": round_number,
        "slips": slips,
        "results": SLIP_RESULTS,
    }
    return render(request, "live/slips.html", context)
