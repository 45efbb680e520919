"""Printouts for the organisers: A4 result slips of a round, one per board of an
individual event and one per match of a team event (issue 22).

A board's slip names the tournament, the round, the board and both players with
their pairing numbers and ratings, offers the results to tick and has lines for
the players' and the arbiter's signatures.  A match's slip names the round, the
match and its teams, and gives each board's two players, the results to tick,
the match score to write and lines for the captains' and the arbiter's
signatures.  A player with a private link (issue 21) finds its QR code beside
their name, to report the result from a phone.  The print style sheet fits
several slips to a page without cutting one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import segno
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from tournaments.store.queries import PLAYER, FoldedTournament, PlayerState, tokens

from . import team_pages
from .registration import organised

SLIP_RESULTS = ("1-0", "½-½", "0-1")

QrCode = Callable[[PlayerState | None], SafeString | None]


def link_qr_codes(request: HttpRequest, tournament_id: int, scale: float = 2) -> QrCode:
    """A player's private link as an inline SVG QR code of ``scale`` pixels a module
    (None: the player, or the seat, has no link)."""
    links = tokens(tournament_id, PLAYER)

    def qr(player: PlayerState | None) -> SafeString | None:
        link = None if player is None else links.get(player.player_id)
        if link is None:
            return None
        url = request.build_absolute_uri(reverse("live:link", args=[link]))
        # segno writes the SVG itself (no text of ours in it): safe to inline.
        return mark_safe(segno.make(url, error="m").svg_inline(scale=scale, title=url))  # noqa: S308

    return qr


def _page(tournament: FoldedTournament, round_number: int, slips: list[Any]) -> dict[str, Any]:
    """What both slip pages show around the slips."""
    state = tournament.state
    return {
        "tournament": tournament,
        "round_number": round_number,
        "slips": slips,
        "results": SLIP_RESULTS,
        "without_link": len(state.players) - sum(1 for role, _ in state.links if role == PLAYER),
    }


@login_required
def result_slips(request: HttpRequest, tournament_id: int, round_number: int) -> HttpResponse:
    tournament = organised(request, tournament_id, "print result slips")
    if tournament.is_team:
        # A match's slip carries two codes a board: smaller, so that two slips of
        # four boards share an A4 page (still some 16 mm wide, read by any phone).
        return _match_slips(
            request, tournament, round_number, link_qr_codes(request, tournament_id, 1.5)
        )
    qr = link_qr_codes(request, tournament_id)
    state = tournament.state
    rnd = state.rounds.get(round_number)
    if rnd is None:
        raise Http404(f"round {round_number} is not paired yet")
    slips = [
        {
            "board": b.number,
            "white": state.players[b.white],
            "black": state.players[b.black],
            "white_qr": qr(state.players[b.white]),
            "black_qr": qr(state.players[b.black]),
        }
        for b in sorted(rnd.boards, key=lambda b: b.number)
    ]
    return render(request, "live/slips.html", _page(tournament, round_number, slips))


def _match_slips(
    request: HttpRequest, tournament: FoldedTournament, round_number: int, qr: QrCode
) -> HttpResponse:
    """A slip per match not forfeited; the line-ups as the organisers see them (the
    slips are printed before the round starts).  A match without both line-ups
    gets a line per board to write the players in."""
    matches = team_pages.match_views(tournament, round_number, organiser=True)
    if matches is None:
        raise Http404(f"round {round_number} is not paired yet")
    state = tournament.state
    captains = {n: team.captain for n, team in state.teams.items()}
    slips: list[dict[str, Any]] = []
    for match in matches:
        if match.forfeit is not None:
            continue
        boards = [
            {"line": b, "white_qr": qr(b.white), "black_qr": qr(b.black)} for b in match.boards
        ]
        slips.append(
            {
                "match": match,
                "white_captain": captains[match.white_number],
                "black_captain": captains[match.black_number],
                "boards": boards,
                "codes": any(b["white_qr"] or b["black_qr"] for b in boards),
                "unlined": () if match.lined_up else range(1, state.settings.boards + 1),
            }
        )
    return render(request, "live/match_slips.html", _page(tournament, round_number, slips))
