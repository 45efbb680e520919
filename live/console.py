"""The organiser's console actions on a tournament: pairing a round from a preview,
cancelling a round, pairing numbers, player edits, withdrawals and byes.

Every action runs the same command as the REST API; a refusal comes back as an
error message on the page it was sent from, a success as a success message,
and nothing is stored on a refusal.  Pairing publishes with the round and the
``expected_seq`` of the preview the organiser saw: if anything was stored
since, the page shows the new preview and what arrived.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.store import writes
from tournaments.store.queries import (
    BYE_POINTS,
    FoldedTournament,
    TournamentState,
    check_round_asked,
    load_tournament,
    pairing_preview,
    payload_of,
    summarise,
    tournament_events,
)
from tournaments.store.writes import CommandError, Conflict, translated

from .registration import PlayerForm, organised, registration_body, signed_in


def arrived_since(tournament_id: int, seq: int) -> str:
    """The events stored after ``seq`` (the first ten), one summary each: what made a
    page's form stale."""
    since = tournament_events(tournament_id).filter(seq__gt=seq).order_by("seq")[:10]
    return "; ".join(translated(summarise(e)) for e in since)


def _refused(exc: CommandError) -> str:
    field = "" if exc.field in ("non_field_errors", "round", "changes") else f"{exc.field}: "
    return f"{field}{translated(exc.message)}"


# --- pairing ------------------------------------------------------------------------


@login_required
def pair_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = organised(request, tournament_id, "pair rounds")
    if request.method != "POST":
        return _pairing(request, tournament, _engine_pairing(tournament.state))
    state = tournament.state
    try:
        asked = int(request.POST.get("round", ""))
        expected_seq = int(request.POST.get("expected_seq", ""))
    except ValueError:
        messages.error(request, _("Preview the round again: the form lacked its round or version."))
        return HttpResponseRedirect(reverse("live:pair", args=[tournament_id]))
    edited = _edited(request.POST, state)
    if request.POST.get("action") == "check":
        payload = {"round": asked, **edited} if edited else _engine_pairing(state)
        return _pairing(request, tournament, payload, checked=True)
    try:
        if edited:
            payload = {"round": check_round_asked(state, asked), **edited}
            confirm = request.POST.get("confirm_repeats") == "on"
            command = writes.pair_round_checked(confirm_repeats=confirm)
            command(tournament_id, payload, author=signed_in(request), expected_seq=expected_seq)
        else:
            writes.pair_next_round(
                tournament_id, author=signed_in(request), expected_seq=expected_seq, asked=asked
            )
    except Conflict:
        current = load_tournament(tournament_id)
        if asked in current.state.rounds:  # the same round published from another tab
            messages.error(
                request, _("Not published: round %(round)s is already paired") % {"round": asked}
            )
            return _pairing(request, current, _engine_pairing(current.state), status=400)
        arrived = arrived_since(tournament_id, expected_seq)
        messages.error(
            request,
            _(
                "Not published: something was stored since your preview (%(arrived)s). "
                "Here is the pairing now: check it and publish again."
            )
            % {"arrived": arrived},
        )
        return _pairing(request, current, _engine_pairing(current.state), status=409)
    except CommandError as exc:
        messages.error(request, _("Not published: %(reason)s") % {"reason": _refused(exc)})
        payload = {"round": asked, **edited} if edited else _engine_pairing(state)
        return _pairing(request, tournament, payload, status=400)
    messages.success(request, _("Round %(round)s is published.") % {"round": asked})
    return HttpResponseRedirect(reverse("live:enter", args=[tournament_id, asked]))


def _engine_pairing(state: TournamentState) -> dict[str, Any] | CommandError:
    try:
        return writes.preview_next_round(state).to_payload()
    except CommandError as exc:
        return exc


def _edited(post: Any, state: TournamentState) -> dict[str, Any] | None:
    """Boards and byes as edited on the page (start ranks), or None when not sent."""
    if "white_1" not in post:
        return None
    boards = []
    number = 1
    while f"white_{number}" in post:
        white, black = post.get(f"white_{number}", ""), post.get(f"black_{number}", "")
        if white.strip() or black.strip():
            boards.append({"white": _rank(white), "black": _rank(black)})
        number += 1
    byes = [_rank(r) for r in post.get("byes", "").replace(",", " ").split()]
    return {"boards": boards, "byes": byes}


def _rank(text: str) -> int:
    """A start rank typed on the page (0: not a number, which the command refuses)."""
    text = text.strip()
    return int(text) if text.isdigit() and len(text) <= 5 else 0


def _pairing(
    request: HttpRequest,
    tournament: FoldedTournament,
    payload: dict[str, Any] | CommandError,
    *,
    checked: bool = False,
    status: int = 200,
) -> HttpResponse:
    state = tournament.state
    context: dict[str, Any] = {"tournament": tournament, "version": state.last_seq}
    if isinstance(payload, CommandError):
        context["impossible"] = _refused(payload)
        return render(request, "live/pair.html", context, status=status)
    known = set(state.players)
    unknown = [
        rank for b in payload["boards"] for rank in (b["white"], b["black"]) if rank not in known
    ] + [rank for rank in payload["byes"] if rank not in known]
    if unknown:
        context["impossible"] = _("No player has pairing number %(number)s.") % {
            "number": unknown[0]
        }
        context["round"] = payload["round"]
        return render(request, "live/pair.html", context, status=400)
    context.update(
        {
            "round": payload["round"],
            "preview": pairing_preview(state, payload),
            "checked": checked,
            "blank_boards": range(len(payload["boards"]) + 1, len(payload["boards"]) + 3),
        }
    )
    return render(request, "live/pair.html", context, status=status)


@login_required
@require_POST
def unpair(request: HttpRequest, tournament_id: int, round_number: int) -> HttpResponse:
    organised(request, tournament_id, "cancel rounds")
    try:
        writes.unpair_round(tournament_id, {"round": round_number}, author=signed_in(request))
    except CommandError as exc:
        messages.error(
            request,
            _("Round %(round)s is not cancelled: %(reason)s")
            % {"round": round_number, "reason": _refused(exc)},
        )
        return HttpResponseRedirect(reverse("live:enter", args=[tournament_id, round_number]))
    messages.success(
        request, _("Round %(round)s is cancelled: pair it again.") % {"round": round_number}
    )
    return HttpResponseRedirect(reverse("live:pair", args=[tournament_id]))


# --- players ------------------------------------------------------------------------


@login_required
@require_POST
def player_action(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """One of the players page's buttons: rank, withdraw, reinstate, request or
    cancel a bye."""
    tournament = organised(request, tournament_id, "change players")
    post = request.POST
    action = post.get("action", "")
    try:
        done = _ACTIONS[action](tournament, post, signed_in(request))
    except KeyError:
        messages.error(
            request, _("Unknown action %(action)r: use the page's buttons.") % {"action": action}
        )
    except (CommandError, ValueError) as exc:
        text = _refused(exc) if isinstance(exc, CommandError) else str(exc)
        messages.error(request, _("Not done: %(reason)s") % {"reason": text})
    else:
        messages.success(request, done)
    return HttpResponseRedirect(reverse("live:register", args=[tournament_id]))


def _number(post: Any, name: str) -> int:
    text = post.get(name, "").strip()
    if not text.isdigit() or len(text) > 5:
        raise ValueError(_("%(field)s must be a whole number") % {"field": name.replace("_", " ")})
    return int(text)


def _rank_fide(tournament: FoldedTournament, post: Any, user: Any) -> str:
    writes.rank_players(tournament.id, {"method": "fide"}, author=user)
    return _("The players are in the order of the initial ranking (C.04.2).")


def _rank_order(tournament: FoldedTournament, post: Any, user: Any) -> str:
    """Pairing numbers as typed in the list (ties keep the current order)."""
    players = tournament.state.players.values()
    wanted = {p.player_id: _number(post, f"number_{p.player_id}") for p in players}
    order = sorted(wanted, key=lambda pid: (wanted[pid], tournament.state.player_ids[pid]))
    writes.rank_players(tournament.id, {"order": order}, author=user)
    return _("The pairing numbers are changed.")


def _withdraw(tournament: FoldedTournament, post: Any, user: Any) -> str:
    player = _player(tournament, post)
    body = {"start_rank": player.start_rank, "from_round": _number(post, "from_round")}
    writes.withdraw_player(tournament.id, body, author=user)
    return _("%(name)s is withdrawn from round %(round)s on.") % {
        "name": player.name,
        "round": body["from_round"],
    }


def _reinstate(tournament: FoldedTournament, post: Any, user: Any) -> str:
    player = _player(tournament, post)
    event = writes.reinstate_player(tournament.id, {"player_id": player.player_id}, author=user)
    return _("%(name)s plays again from round %(round)s.") % {
        "name": player.name,
        "round": payload_of(event)["from_round"],
    }


def _bye(tournament: FoldedTournament, post: Any, user: Any) -> str:
    player = _player(tournament, post)
    points = post.get("points", "")
    if points not in BYE_POINTS:
        raise ValueError(
            _("points must be one of %(choices)s") % {"choices": ", ".join(BYE_POINTS)}
        )
    body = {"start_rank": player.start_rank, "round": _number(post, "round"), "points": points}
    writes.request_bye(tournament.id, body, author=user)
    return _("%(name)s has a %(points)s-point bye in round %(round)s.") % {
        "name": player.name,
        "points": points,
        "round": body["round"],
    }


def _cancel_bye(tournament: FoldedTournament, post: Any, user: Any) -> str:
    player = _player(tournament, post)
    body = {"player_id": player.player_id, "round": _number(post, "round")}
    writes.cancel_bye(tournament.id, body, author=user)
    return _("%(name)s's bye in round %(round)s is cancelled.") % {
        "name": player.name,
        "round": body["round"],
    }


def _player(tournament: FoldedTournament, post: Any) -> Any:
    state = tournament.state
    player_id = _number(post, "player_id")
    try:
        return state.players[state.player_ids[player_id]]
    except KeyError:
        raise ValueError(_("no player has id %(id)s") % {"id": player_id}) from None


_ACTIONS = {
    "rank_fide": _rank_fide,
    "rank_order": _rank_order,
    "withdraw": _withdraw,
    "reinstate": _reinstate,
    "bye": _bye,
    "cancel_bye": _cancel_bye,
}


@login_required
def edit_player(request: HttpRequest, tournament_id: int, player_id: int) -> HttpResponse:
    tournament = organised(request, tournament_id, "edit players")
    state = tournament.state
    try:
        player = state.players[state.player_ids[player_id]]
    except KeyError:
        raise Http404(f"no player has id {player_id}") from None
    initial = {name: getattr(player, name) for name in PlayerForm.base_fields}
    form = PlayerForm(request.POST or None, initial=initial)
    context = {
        "tournament": tournament,
        "player": player,
        "form": form,
        "back": reverse(players_page(tournament), args=[tournament_id]),
    }
    if request.method != "POST" or not form.is_valid():
        return render(request, "live/edit_player.html", context, status=400 if form.errors else 200)
    data = {**form.cleaned_data, "rating": form.cleaned_data["rating"] or 0}
    changes = {
        name: value
        for name, value in registration_body(data, blanks=True).items()
        if value != getattr(player, name)
    }
    try:
        body = {"player_id": player_id, "changes": changes}
        writes.edit_player(tournament_id, body, author=signed_in(request))
    except CommandError as exc:
        name = exc.field.removeprefix("changes.")
        form.add_error(name if name in form.fields else None, translated(exc.message))
        return render(request, "live/edit_player.html", context, status=400)
    messages.success(
        request,
        _("%(name)s: %(fields)s changed.") % {"name": player.name, "fields": ", ".join(changes)},
    )
    return HttpResponseRedirect(reverse(players_page(tournament), args=[tournament_id]))


def players_page(tournament: FoldedTournament) -> str:
    """Where an event's players are kept: a team event's rosters are on its
    organiser's page."""
    return "live:team-manage" if tournament.is_team else "live:register"
