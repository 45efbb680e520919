"""The organiser's check-in page: before a round, the players marked present one
click each, or all at once.  With the tournament's ``check_in`` setting only the
players checked in are paired; the others are absent in the round.

Every click runs the same command as ``POST /api/tournaments/ID/check-ins/``
(``players.checked_in``); a refusal is shown as an error, nothing stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.store import writes
from tournaments.store.queries import PlayerState, TournamentState
from tournaments.store.writes import CommandError, Conflict

from .console import arrived_since
from .registration import organised, signed_in

# A player's state for the round: only "absent" players may be checked in.
CHECKED_IN, ABSENT, WITHDRAWN, BYE = "checked_in", "absent", "withdrawn", "bye"


@dataclass(frozen=True)
class CheckInRow:
    player: PlayerState
    status: str


def rows(state: TournamentState, number: int) -> list[CheckInRow]:
    checked = state.checked_in.get(number, frozenset())
    found = []
    for player in sorted(state.players.values(), key=lambda p: p.start_rank):
        if player.withdrawn_in(number):
            status = WITHDRAWN
        elif state.requested_bye(number, player.start_rank) is not None:
            status = BYE
        else:
            status = CHECKED_IN if player.player_id in checked else ABSENT
        found.append(CheckInRow(player, status))
    return found


@login_required
def check_in_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = organised(request, tournament_id, "check players in")
    state = tournament.state
    number = state.last_paired_round + 1
    if request.method == "POST":
        _record(request, tournament_id, state, number)
        return HttpResponseRedirect(reverse("live:check-in", args=[tournament_id]))
    listed = rows(state, number) if number <= state.settings.rounds else []
    context: dict[str, Any] = {
        "tournament": tournament,
        "round": number,
        "rows": listed,
        "version": state.last_seq,
        "checked": sum(row.status == CHECKED_IN for row in listed),
        "waiting": sum(row.status == ABSENT for row in listed),
        "uses_check_in": state.settings.check_in,
        "all_paired": number > state.settings.rounds,
    }
    return render(request, "live/check_in.html", context)


def _record(request: HttpRequest, tournament_id: int, state: TournamentState, number: int) -> None:
    action = request.POST.get("action", "")
    asked = request.POST.get("round", "")
    if asked != str(number):
        # A page left open while the round was paired must not check in for the next.
        messages.error(request, _("Round %(round)s is paired: nothing changed.") % {"round": asked})
        return
    expected_seq: int | None = None
    if action == "all":
        # "All" is who the page showed waiting: a player another tab has since
        # marked absent (or checked in and out) must not be checked in unseen.
        text = request.POST.get("expected_seq", "")
        if not text.isdigit() or len(text) > 9:
            messages.error(request, _("Not done: reload the page (the form lacked its version)."))
            return
        expected_seq = int(text)
        ids = [row.player.player_id for row in rows(state, number) if row.status == ABSENT]
        present = True
    elif action in ("in", "out"):
        text = request.POST.get("player_id", "")
        ids = [int(text)] if text.isdigit() and len(text) <= 9 else [0]
        present = action == "in"
    else:
        messages.error(request, _("Unknown action: use the page's buttons."))
        return
    if not ids:
        messages.error(request, _("Every player is checked in already."))
        return
    body = {"round": number, "player_ids": ids, "present": present}
    try:
        writes.check_in_players(
            tournament_id, body, author=signed_in(request), expected_seq=expected_seq
        )
    except Conflict:
        assert expected_seq is not None  # only a form's version conflicts
        messages.error(
            request,
            _(
                "Not done: something was stored since your page was loaded (%(arrived)s). "
                "Here is the list now: check it and click again."
            )
            % {"arrived": arrived_since(tournament_id, expected_seq)},
        )
        return
    except CommandError as exc:
        messages.error(
            request,
            _("Not done: %(field)s: %(why)s")
            % {"field": exc.field, "why": writes.translated(exc.message)},
        )
        return
    if action == "all":
        done = ngettext(
            "%(count)d player checked in for round %(round)d.",
            "%(count)d players checked in for round %(round)d.",
            len(ids),
        ) % {"count": len(ids), "round": number}
    else:
        name = state.players[state.player_ids[ids[0]]].name
        template = (
            _("%(name)s is checked in for round %(round)d.")
            if present
            else _("%(name)s is no longer checked in for round %(round)d.")
        )
        done = template % {"name": name, "round": number}
    messages.success(request, done)
