"""The public pages: the tournament index, each tournament's live standings (the
table arrives over the websocket), any round's pairings, the crosstable, player
cards and the roster marks the live page adds to the pushed table.

The pages other than the live one are rendered from the folded event log
(``live.spectator_content``) and carry the tournament's version as their ETag.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import segno
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import condition

from tournaments.store.queries import (
    FoldedTournament,
    TournamentNotFound,
    initial_ranking,
    last_seq,
    list_tournaments,
    may_write,
    organised_by,
    pairing_verdict,
    team_seeds,
)

from . import spectator_content, team_pages
from .corrections import correction_view, corrections
from .moments import MomentError, entrant_names, moment, table_at
from .overview import latest_progress
from .pages import folded_or_404
from .prize_pages import prize_texts
from .prizes import prize_view
from .snapshots import ensure_snapshot, latest_version
from .timeline import step_view
from .wire import parse_follow

# ?dwell=: seconds each hall page stays up.
DEFAULT_DWELL = 10.0
MIN_DWELL, MAX_DWELL = 0.5, 300.0
HALL_SHOWS = ("standings", "pairings", "names")
# A team event's hall: the team standings and the current matches; "find your board"
# is the players', who are lined up by their captains.
TEAM_HALL_SHOWS = ("standings", "pairings")


def _version_etag(request: HttpRequest, tournament_id: int, **kwargs: Any) -> str | None:
    """The event log's version and the standings snapshot's (the ranking order the
    pages show comes from the snapshot, which catches up a moment later)."""
    version = last_seq(tournament_id)
    if version is None:
        return None
    # The pages are rendered in the reader's language: one ETag per language.
    return f"{version}.{latest_version(tournament_id) or 0}.{get_language()}"


def index(request: HttpRequest) -> HttpResponse:
    """Every tournament with where it stands, from the latest standings snapshots
    (``live.overview``): no event log is folded."""
    summaries = list_tournaments()
    progress = latest_progress()
    names = Counter(summary.name for summary in summaries)
    organised = organised_by(request.user)
    tournaments = []
    for summary in summaries:
        known = progress.get(summary.id)  # None until the worker's first snapshot
        tournaments.append(
            {
                "summary": summary,
                "stage": (
                    spectator_content.stage_text(
                        summary.rounds, known.current, known.finished, known.players
                    )
                    if known
                    else ""
                ),
                "players": known.players if known else None,
                "same_name": names[summary.name] > 1,
                "organised": summary.id in organised,
            }
        )
    return render(request, "live/index.html", {"tournaments": tournaments})


def _hall_options(request: HttpRequest, team: bool) -> dict[str, Any] | None:
    """``?hall=1[&dwell=SECONDS][&show=standings|pairings|names]`` (``names`` not for a
    ``team`` event); None off the hall."""
    if request.GET.get("hall") != "1":
        return None
    try:
        dwell = float(request.GET.get("dwell", DEFAULT_DWELL))
    except ValueError:
        dwell = DEFAULT_DWELL
    if not MIN_DWELL <= dwell <= MAX_DWELL:  # also refuses nan
        dwell = DEFAULT_DWELL
    show = request.GET.get("show", "standings")
    shows = TEAM_HALL_SHOWS if team else HALL_SHOWS
    return {"dwell": dwell, "show": show if show in shows else "standings"}


def follow_live(request: HttpRequest, tournament_id: int) -> dict[str, str]:
    """The live page's address and its QR code as inline SVG, for the wall and the
    printouts."""
    url = request.build_absolute_uri(reverse("live:spectator", args=[tournament_id]))
    qr = segno.make(url, error="m").svg_inline(scale=4, border=2, omitsize=True)
    return {"live_url": url, "qr": qr}


def spectator(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The page frames the table; the standings themselves arrive over the websocket,
    with the rows of the players in ``?follow=`` in its first frame.  At ``?as_of=`` /
    ``?round=`` the standings of that moment, frozen (``_frozen_standings``).

    Organisers also get a link to the current round's result entry.
    """
    try:
        past = _moment(request, tournament_id)
    except MomentError as error:
        return _bad_moment(error)
    if past is not None:
        return _frozen_standings(request, past)
    folded = folded_or_404(tournament_id)
    try:
        followed = folded.state.teams if folded.is_team else folded.state.players
        follow = parse_follow(request.GET.getlist("follow"), followed, teams=folded.is_team)
    except ValueError as exc:
        return HttpResponseBadRequest(str(exc), content_type="text/plain; charset=utf-8")
    current_round = folded.state.last_paired_round
    may_enter = current_round > 0 and may_write(request.user, tournament_id)
    return render(
        request,
        "live/spectator.html",
        {
            "tournament": folded,
            "stage": spectator_content.stage(folded),
            "details": spectator_content.details(folded),
            "rounds": spectator_content.paired_rounds(folded),
            "hall": _hall_options(request, folded.is_team),
            "follow": ",".join(map(str, follow)),
            "enter_round": current_round if may_enter else None,
            "flags": spectator_content.flags(folded),
            # The live table's column help, in the page's language (spectator-extras.js).
            "tiebreak_names": spectator_content.tiebreak_names(folded),
            **follow_live(request, tournament_id),
        },
    )


def _frozen_standings(request: HttpRequest, past: FoldedTournament) -> HttpResponse:
    """The live page at ``?as_of=`` / ``?round=``: the standings then, rendered here
    and frozen (no websocket: nothing that arrives later belongs to that moment)."""
    table = table_at(past).table
    names = entrant_names(past)
    rows = [
        {"number": number, "name": names[number], "standing": standing}
        for number, standing in spectator_content.standings_order(table)
    ]
    context = {
        **_heading(past),
        "seq": past.version,
        "round": past.state.last_paired_round,
        "rows": rows,
        # A team event's codes are the team engine's, named by its table (as on the
        # live page: ``spectator_content.tiebreak_names``).
        "tiebreaks": (
            [
                spectator_content.TiebreakColumn(c, table.tiebreak_names.get(c, c))
                for c in table.tiebreaks
            ]
            if past.is_team
            else spectator_content.tiebreak_columns(table)
        ),
    }
    return render(request, "live/spectator_moment.html", context)


def _heading(folded: FoldedTournament) -> dict[str, Any]:
    """What every tournament page's header shows: the event, its stage, its rounds."""
    return {
        "tournament": folded,
        "stage": spectator_content.stage(folded),
        "rounds": spectator_content.paired_rounds(folded),
    }


def _standings_order(tournament_id: int) -> list[tuple[int, spectator_content.Standing]]:
    return spectator_content.standings_order(ensure_snapshot(tournament_id).standings)


def _moment(request: HttpRequest, tournament_id: int) -> FoldedTournament | None:
    """The tournament at ``?as_of=`` / ``?round=`` (``live.moments``), None for now."""
    try:
        return moment(tournament_id, request.GET)
    except TournamentNotFound as exc:
        raise Http404(str(exc)) from exc


def _bad_moment(error: MomentError) -> HttpResponse:
    return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")


@condition(etag_func=_version_etag)
def round_pairings(request: HttpRequest, tournament_id: int, round_number: int) -> HttpResponse:
    """Round ``round_number`` now, or at ``?as_of=`` / ``?round=``."""
    try:
        past = _moment(request, tournament_id)
    except MomentError as error:
        return _bad_moment(error)
    folded = past or folded_or_404(tournament_id)
    if folded.is_team:
        return _team_round(request, folded, round_number)
    view = spectator_content.round_view(folded, round_number)
    if view is None:
        raise Http404(f"Round {round_number} is not paired.")
    context = {
        **_heading(folded),
        "round": view,
        "corrections": corrections(tournament_id, round_number),
        "as_of": past.version if past else None,
        "pairing_verdict": pairing_verdict(tournament_id, round_number),
        **follow_live(request, tournament_id),
    }
    return render(request, "live/round.html", context)


@condition(etag_func=_version_etag)
def crosstable(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The whole page, or with ``?fragment=1`` only the table (the live page's tab);
    now, or at ``?as_of=`` / ``?round=``."""
    try:
        past = _moment(request, tournament_id)
    except MomentError as error:
        return _bad_moment(error)
    if past is None:
        folded = folded_or_404(tournament_id)
        table = ensure_snapshot(tournament_id).standings
    else:
        folded, table = past, table_at(past).table
    as_of = past.version if past else None
    if folded.is_team:
        rows = team_pages.team_crosstable(folded, table)
        context = {**_heading(folded), "rows": rows, "as_of": as_of}
        return render(request, "live/team_crosstable.html", context)
    view = prize_view(folded)
    context = {
        **_heading(folded),
        "rows": spectator_content.crosstable(folded, spectator_content.standings_order(table)),
        "tiebreaks": spectator_content.tiebreak_columns(table),
        "as_of": as_of,
        # Beside each winner, by the standings shown (None: no prize list, no column).
        "prizes": prize_texts(folded.state.players, view.awards) if view else None,
    }
    if request.GET.get("fragment") == "1":
        return render(request, "live/crosstable_table.html", context)
    context.update(follow_live(request, tournament_id))
    return render(request, "live/crosstable.html", context)


@condition(etag_func=_version_etag)
def timeline(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """One step of the log (a result or a correction): the standings after it and the
    places it moved; ``?as_of=SEQ`` or ``?step=N``, the last step without either.
    ``?fragment=1``: the step alone (the live page's timeline tab)."""
    folded = folded_or_404(tournament_id)
    try:
        view = step_view(folded, request.GET)
    except MomentError as error:
        return _bad_moment(error)
    context = {**_heading(folded), "view": view}
    if request.GET.get("fragment") == "1":
        return render(request, "live/timeline_step.html", context)
    return render(request, "live/timeline.html", context)


def _team_round(request: HttpRequest, folded: FoldedTournament, number: int) -> HttpResponse:
    """A team event's round: its matches, each board with players, colours, results."""
    matches = team_pages.match_views(folded, number)
    if matches is None:
        raise Http404(f"Round {number} is not paired.")
    state = folded.state
    byes = [team_pages.team_name(folded, t) for t in state.team_rounds[number].byes]
    context = {**_heading(folded), "round_number": number, "matches": matches, "byes": byes}
    context["corrections"] = corrections(folded.id, number)
    asked = state.team_byes.get(number, {})
    for points in ("half", "zero", "full"):
        teams = sorted(t for t, kind in asked.items() if kind == points)
        context[f"{points}_byes"] = [team_pages.team_name(folded, t) for t in teams]
    gone = sorted(t.number for t in state.teams.values() if t.withdrawn_in(number))
    context["withdrawn"] = [team_pages.team_name(folded, t) for t in gone]
    return render(request, "live/team_round.html", context)


@condition(etag_func=_version_etag)
def team_match(
    request: HttpRequest, tournament_id: int, round_number: int, match_number: int
) -> HttpResponse:
    """One match: each board's players, colours and result, the match score so far."""
    folded = folded_or_404(tournament_id)
    matches = team_pages.match_views(folded, round_number) if folded.is_team else None
    match = next((m for m in matches or () if m.number == match_number), None)
    if match is None:
        raise Http404(f"Round {round_number} has no match {match_number}.")
    return render(request, "live/team_match.html", {**_heading(folded), "match": match})


@condition(etag_func=_version_etag)
def starting_list(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The players by pairing number (chess-results' "Starting rank"), before round 1
    and after; before round 1 it also says whether they are in the C.04.2 initial
    ranking's order yet."""
    folded = folded_or_404(tournament_id)
    context = {**_heading(folded), **follow_live(request, tournament_id)}
    if folded.is_team:
        # A team event's list is its teams, by strength (issue 22: team_seeds).
        seeds = team_seeds(folded.state)
        teams = [(seed, folded.state.teams[seed.number]) for seed in seeds]
        unsorted = not folded.state.team_rounds and seeds != initial_ranking(seeds)
        context.update(teams=teams, unsorted=unsorted, boards=folded.state.settings.boards)
    else:
        players = spectator_content.starting_list(folded)
        unsorted = not folded.state.rounds and players != initial_ranking(players)
        context.update(players=players, unsorted=unsorted)
    return render(request, "live/starting_list.html", context)


@condition(etag_func=_version_etag)
def player_card(request: HttpRequest, tournament_id: int, start_rank: int) -> HttpResponse:
    folded = folded_or_404(tournament_id)
    if folded.is_team:
        return _team_player_card(request, folded, start_rank)
    standing = dict(_standings_order(tournament_id)).get(start_rank)
    card = spectator_content.player_card(folded, start_rank, standing)
    if card is None:
        raise Http404(f"No player with start rank {start_rank}.")
    return render(request, "live/player.html", {**_heading(folded), "card": card})


def _team_player_card(
    request: HttpRequest, folded: FoldedTournament, start_rank: int
) -> HttpResponse:
    """A team event player's rounds: the team's opponent, board, colour, opponent, result."""
    card = team_pages.team_player_card(folded, start_rank)
    if card is None:
        raise Http404(f"No player with start rank {start_rank} on a team.")
    return render(request, "live/team_player.html", {**_heading(folded), "card": card})


def _team_event(tournament_id: int) -> FoldedTournament:
    folded = folded_or_404(tournament_id)
    if not folded.is_team:
        raise Http404(f"Tournament {tournament_id} is no team event.")
    return folded


@condition(etag_func=_version_etag)
def team_card(request: HttpRequest, tournament_id: int, team_number: int) -> HttpResponse:
    """A team's roster and, per round, its opponent, the match score and the boards."""
    folded = _team_event(tournament_id)
    table = ensure_snapshot(tournament_id).standings
    card = team_pages.team_card(folded, team_number, table)
    if card is None:
        raise Http404(f"No team {team_number}.")
    return render(request, "live/team.html", {**_heading(folded), "card": card})


@condition(etag_func=_version_etag)
def board_prizes(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Each board's players ranked for the board prizes (``?order=``, ``?min_games=``,
    ``?assignment=``)."""
    folded = _team_event(tournament_id)
    try:
        rules = team_pages.board_prize_query(
            request.GET, folded.state.board_prizes, folded.team_results.rounds
        )
    except ValueError as exc:
        return HttpResponseBadRequest(str(exc), content_type="text/plain; charset=utf-8")
    prizes, tables = team_pages.board_prize_tables(
        folded, rules.order, rules.min_games, rules.assignment, rules.settings
    )
    context = {
        **_heading(folded),
        "prizes": prizes,
        "tables": tables,
        "assignments": team_pages.board_assignments(),
        "prize_settings": rules.settings,
        "tiebreak_names": team_pages.board_tiebreak_names(prizes),
    }
    return render(request, "live/board_prizes.html", context)


@condition(etag_func=_version_etag)
def roster(request: HttpRequest, tournament_id: int) -> JsonResponse:
    return JsonResponse(spectator_content.roster(folded_or_404(tournament_id)))


@condition(etag_func=_version_etag)
def correction(request: HttpRequest, tournament_id: int, seq: int) -> HttpResponse:
    """What correction ``seq`` changed: the result, the reason, who and when, and the
    places and tie-breaks before and after."""
    folded = folded_or_404(tournament_id)
    view = correction_view(tournament_id, seq)
    if view is None:
        raise Http404(f"Event {seq} is no correction of this tournament.")
    return render(request, "live/correction.html", {**_heading(folded), "correction": view})
