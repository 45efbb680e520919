"""The organiser's result-entry page for one round, made for a phone at the board.

The page is rendered from the folded tournament and then driven by
``static/live/entry.js``, which posts to the organisers' API with the session
cookie and CSRF token and the version the page was drawn at (``expected_seq``),
so that two arbiters entering the same board cannot silently overwrite each
other: the second gets a 409 and is told what the board now holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import ensure_csrf_cookie

from tournaments.store.queries import (
    BYE_POINTS,
    PlayerState,
    Report,
    ReportedBoard,
    conflicting,
    may_write,
    reported_boards,
)

from .pages import folded_or_404

# The one-tap results, white's side first, as the API takes them.
RESULT_BUTTONS = (
    ("1-0", "1-0", gettext_lazy("White won")),
    ("1/2-1/2", "½-½", gettext_lazy("Draw")),
    ("0-1", "0-1", gettext_lazy("Black won")),
    ("+/-", "+/−", gettext_lazy("Black forfeited")),
    ("-/+", "−/+", gettext_lazy("White forfeited")),
    ("0-0", "0-0", gettext_lazy("Double forfeit")),
)
RESULT_LABELS = {value: label for value, label, _ in RESULT_BUTTONS}


class EntryLoginView(LoginView):
    """Organisers sign in here (the admin's login only admits staff)."""

    template_name = "live/login.html"
    next_page = "live:index"  # without ?next=: the tournament list (a URL name resolves)


@dataclass(frozen=True)
class ReportLine:
    """A board's reports still to confirm (issue 21), as the organisers' pages show
    them: the individual entry page and a team event's page (issue 22)."""

    white: int  # start ranks
    black: int
    reports: Mapping[int, Report]

    def _label(self, rank: int) -> str:
        report = self.reports.get(rank)
        return RESULT_LABELS[report.result] if report else ""

    @property
    def white_report(self) -> str:
        return self._label(self.white)

    @property
    def black_report(self) -> str:
        return self._label(self.black)

    @property
    def conflict(self) -> bool:
        return conflicting(self.reports)


def report_line(reported: ReportedBoard | None) -> ReportLine | None:
    if reported is None:
        return None
    return ReportLine(reported.seats.white, reported.seats.black, reported.reports)


@dataclass(frozen=True)
class BoardRow:
    number: int
    white: PlayerState
    black: PlayerState
    result: str | None
    result_seq: int | None
    reported: ReportLine | None  # the players' reports still to confirm

    @property
    def result_label(self) -> str:
        return RESULT_LABELS.get(self.result or "", "")


@login_required
@ensure_csrf_cookie
def enter_results(request: HttpRequest, tournament_id: int, round_number: int) -> HttpResponse:
    tournament = folded_or_404(tournament_id)
    if not may_write(request.user, tournament_id):
        raise PermissionDenied("Only this tournament's organisers may enter results.")
    state = tournament.state
    rnd = state.rounds.get(round_number)
    if rnd is None:
        raise Http404(f"round {round_number} is not paired yet")
    players = state.players
    reported = {b.key[2]: b for b in reported_boards(state, round_number)}
    boards = [
        BoardRow(
            b.number,
            players[b.white],
            players[b.black],
            b.result,
            b.result_seq,
            report_line(reported.get(b.number)),
        )
        for b in rnd.boards
    ]
    active = [p for _, p in sorted(players.items()) if p.withdrawn_from is None]
    return render(
        request,
        "live/entry.html",
        {
            "tournament": tournament,
            "round": rnd,
            "boards": boards,
            "byes": [players[rank] for rank in rnd.byes],
            "requested_byes": [
                (players[rank], points)
                for rank, points in sorted(state.requested_byes.get(round_number, {}).items())
            ],
            "rounds": sorted(state.rounds),
            "buttons": RESULT_BUTTONS,
            "missing": [b.number for b in rnd.boards if b.result is None],
            "reported": [number for number in reported],
            "last_paired": state.last_paired_round,
            "results_in_round": any(b.result is not None for b in rnd.boards),
            "active_players": active,
            "bye_points": tuple(BYE_POINTS),
            "next_round": min(state.last_paired_round + 1, tournament.rounds),
        },
    )
