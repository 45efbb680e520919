"""The public prize list (printable on A4) with its winners, the last-round
calculator with its "what if" form, and the organisers' prize list editor.

Read from the folded event log through ``live.prizes``; the editor's page is
driven by ``static/live/prizes_edit.js``, which PUTs the list to the organisers'
API with the session and CSRF token and shows a refusal beside the text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie

from tiebreaks.errors import TieBreakError
from tiebreaks.messages import text_of
from tiebreaks.model import Outcome
from tiebreaks.prizes import Awards, Category, Prize, PrizeList, prize_list_json
from tiebreaks.stakes import PrizeOutlook, Reach, ResultOutlook, Stakes
from tiebreaks.stakes import WhatIf as Branch
from tournaments.store.queries import (
    FoldedTournament,
    PlayerState,
    may_write,
)
from tournaments.store.writes import translated

from . import spectator_content
from .pages import folded_or_404
from .prizes import prize_view, stakes_of, what_if_of

# White's result of an open game, as the what-if form offers it.
GAME_RESULTS = {"1-0": Outcome.WIN, "1/2-1/2": Outcome.DRAW, "0-1": Outcome.LOSS}
_CONDITIONS = {
    "rating_min": "rated {} or more",
    "rating_max": "rated {} or less",
    "born_after": "born after {}",
    "born_before": "born before {}",
    "unrated": "{}",
    "sex": "{}",
    "federations": "federation {}",
    "titles": "title {}",
    "clubs": "club {}",
}
_SEXES = {"w": "women", "m": "men"}


def category_text(category: Category | None) -> str:
    """Who a list admits, in words: "rated 1799 or less, born after 2009"."""
    if category is None:
        return "General"
    parts = []
    for f in fields(Category):
        value = getattr(category, f.name)
        if value is None:
            continue
        if f.name == "sex":
            value = _SEXES[value]
        elif f.name == "unrated":
            value = "unrated" if value else "rated"
        elif isinstance(value, frozenset):
            value = ", ".join(sorted(value))
        parts.append(_CONDITIONS[f.name].format(value))
    return "; ".join(parts)


def _money(amount: Decimal | None) -> str:
    return "" if amount is None else f"{amount:,.2f}"


@dataclass(frozen=True)
class PrizeLine:
    place: int
    name: str
    amount: str  # "" for a non-cash prize
    value: str  # what a non-cash prize counts as when a player must choose


@dataclass(frozen=True)
class WinnerLine:
    player: PlayerState
    place: str
    points: Any
    prizes: tuple[tuple[str, str, str], ...]  # name, amount, shared with (names)


def prize_texts(players: Mapping[int, PlayerState], awards: Awards) -> dict[int, str]:
    """Each winner's prizes in a few words, by start rank: "2nd 275.00 (shared)"."""
    return {
        winner.start_rank: "; ".join(
            " ".join(
                part
                for part in (
                    prize.name,
                    _money(prize.amount),
                    "(shared)" if prize.shared_with else "",
                )
                if part
            )
            for prize in winner.prizes
        )
        for winner in awards.winners
        if winner.start_rank in players
    }


def _prize_line(prize: Prize) -> PrizeLine:
    value = _money(prize.value) if prize.amount is None and prize.value else ""
    return PrizeLine(prize.place, prize.name, _money(prize.amount), value)


def _winner_lines(folded: FoldedTournament, awards: Any) -> list[WinnerLine]:
    players = folded.state.players
    return [
        WinnerLine(
            players[winner.start_rank],
            winner.place,
            winner.points,
            tuple(
                (
                    prize.name,
                    _money(prize.amount),
                    ", ".join(players[s].name for s in prize.shared_with),
                )
                for prize in winner.prizes
            ),
        )
        for winner in awards.winners
    ]


def _heading(folded: FoldedTournament, page: str) -> dict[str, Any]:
    return {
        "tournament": folded,
        "stage": spectator_content.stage(folded),
        "rounds": spectator_content.paired_rounds(folded),
        "page": page,
    }


def prize_list(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The prize list by list, the options that bind it, and the winners by the
    standings now."""
    folded = folded_or_404(tournament_id)
    view = prize_view(folded)
    context: dict[str, Any] = {
        **_heading(folded, "prizes"),
        "may_edit": may_write(request.user, tournament_id),
    }
    if view is not None:
        definition = view.definition
        context.update(
            definition=definition,
            lists=[
                (category_text(category), [_prize_line(p) for p in ladder])
                for category, ladder in definition.lists().items()
            ],
            hort_percent=f"{definition.hort_share * 100:g}",
            winners=_winner_lines(folded, view.awards),
            unawarded=view.awards.unawarded,
        )
    return render(request, "live/prizes.html", context)


def reach_lines(outcome: ResultOutlook, definition: PrizeList) -> list[str]:
    """One result's prizes, per list: the best prize certain (that place or better;
    with pooled sharing at least a share of the pool that holds it), then the
    possible ones with what they need of the other games."""
    pooled = definition.weights()[0] > 0
    lines = []
    by_list: dict[Category | None, list[PrizeOutlook]] = {}
    for seen in outcome.prizes:
        by_list.setdefault(seen.prize.category, []).append(seen)
    for seen_in_list in by_list.values():
        certain = [p.prize for p in seen_in_list if p.reach is Reach.CERTAIN]
        if certain:
            best = min(certain, key=lambda prize: prize.place)
            if pooled and best.amount is not None:
                lines.append(f"certain: {best.name}, or a share of a pool that holds it")
            else:
                lines.append(f"certain: {best.name}" + (" or better" if best.place > 1 else ""))
        for seen in seen_in_list:
            if seen.reach is Reach.POSSIBLE and seen.needs is not None:
                lines.append(f"possible: {seen.prize.name}, needs {seen.needs.describe()}")
    return lines


@dataclass(frozen=True)
class OpenGame:
    white: PlayerState
    black: PlayerState
    chosen: str  # the what-if form's result, "" for none


def _what_if_choices(
    folded: FoldedTournament, query: Mapping[str, str], found: Stakes
) -> tuple[list[OpenGame], dict[int, Outcome], str]:
    """The open games with the results chosen in the form (``?g<white>=1-0``), the
    results as ``what_if`` takes them, and what is wrong with the form, if anything."""
    players = folded.state.players
    games, results, error = [], {}, ""
    for white, black in found.open_games:
        chosen = query.get(f"g{white}", "")
        if chosen and chosen not in GAME_RESULTS:
            error = f"g{white}: expected one of {', '.join(GAME_RESULTS)}, not {chosen!r}"
            chosen = ""
        if chosen:
            results[white] = GAME_RESULTS[chosen]
        games.append(OpenGame(players[white], players[black], chosen))
    return games, results, error


def stakes_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Per player who can still reach a prize, what each result of their own game
    brings; below, a form to set hypothetical results and see what would follow."""
    folded = folded_or_404(tournament_id)
    context: dict[str, Any] = _heading(folded, "stakes")
    definition = folded.prize_list
    if definition is None:
        return render(request, "live/stakes.html", context)
    try:
        found = stakes_of(folded)
    except TieBreakError as exc:
        context["unavailable"] = translated(text_of(exc))
        return render(request, "live/stakes.html", context, status=200)
    assert found is not None  # there is a prize list
    games, results, error = _what_if_choices(folded, request.GET, found)
    branch: Branch | None = None
    if results and not error:
        try:
            branch = what_if_of(folded, results)
        except TieBreakError as exc:
            error = translated(text_of(exc))
    players = folded.state.players
    context.update(
        has_prizes=True,
        stakes=[
            (players[p.start_rank], p, [(o, reach_lines(o, definition)) for o in p.outcomes])
            for p in found.players
        ],
        open_games=games,
        what_if_error=error,
        branch_rows=(
            [(players[row.player.start_rank], row) for row in branch.standings.rows]
            if branch
            else None
        ),
        branch_winners=(_winner_lines(folded, branch.awards) if branch and branch.awards else None),
    )
    return render(request, "live/stakes.html", context, status=400 if error else 200)


@login_required
@ensure_csrf_cookie
def edit_prizes(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The prize list as PRIZES.json in a text area; the script PUTs it to the API."""
    folded = folded_or_404(tournament_id)
    if not may_write(request.user, tournament_id):
        raise PermissionDenied("Only this tournament's organisers may set its prize list.")
    current = folded.prize_list
    text = json.dumps(prize_list_json(current), indent=2) if current else EXAMPLE
    return render(
        request,
        "live/prizes_edit.html",
        {**_heading(folded, "prizes"), "text": text, "has_list": current is not None},
    )


EXAMPLE = json.dumps(
    {
        "sharing": "hort",
        "hort_share": "0.5",
        "one_prize_per_player": True,
        "prizes": [
            {"name": "1st", "amount": "500", "place": 1},
            {"name": "2nd", "amount": "300", "place": 2},
            {"name": "Best U1800", "amount": "100", "place": 1, "category": {"rating_max": 1799}},
        ],
    },
    indent=2,
)
