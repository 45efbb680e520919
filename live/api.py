"""GET /api/tournaments/<id>/standings/ and /crosstable/, with ETag = version.

The standings are the stored read model as it is (``live.wire.Standings``, the
websocket's full table in one frame), or with ``?view=objects`` the same table
with named fields (``live.wire.object_view``).  Spectators' pages fetch the
standings when they notice a gap in the versions pushed over the websocket, and
the crosstable when they open it (the socket does not carry it);
``?version=N`` or ``If-None-Match: "N"`` answers 304 when nothing newer than N
exists.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import msgspec
from django.http import HttpResponse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from tiebreaks.errors import TieBreakError
from tiebreaks.messages import text_of
from tiebreaks.model import Outcome
from tiebreaks.prizes import awards_json
from tiebreaks.stakes import stakes_json
from tiebreaks.standings import to_json_number
from tournaments.store.queries import (
    FoldedTournament,
    TournamentNotFound,
    last_seq,
    load_tournament,
)
from tournaments.store.writes import translated

from .moments import MomentError, moment, table_at
from .prizes import OUTCOME_NAMES, prize_view, stakes_of, what_if_of
from .projection import crosstable_body, standings_table
from .snapshots import ensure_snapshot, parse_version
from .tasks import schedule_recompute
from .team_pages import BoardPrizeLine, BoardPrizeQuery, board_prize_query, board_prize_tables
from .wire import Standings, StandingsObjects, encode_json, object_view

logger = logging.getLogger(__name__)

_version_field = serializers.IntegerField(min_value=0)
VIEWS = ("rows", "objects")
_view_field = serializers.ChoiceField(choices=VIEWS)


def etag(version: int) -> str:
    return f'"{version}"'


def _query_version(request: Request) -> int | None:
    if "version" not in request.query_params:
        return None
    try:
        return _version_field.run_validation(request.query_params["version"])
    except serializers.ValidationError as exc:
        raise ValidationError({"version": exc.detail}) from exc


def _known_version(request: Request) -> int | None:
    """The version the client has, from ``?version=`` or ``If-None-Match``."""
    known = _query_version(request)
    if known is None:
        known = _if_none_match(request)
    return known


def _if_none_match(request: Request) -> int | None:
    """The newest version among the client's entity tags, if any is one of ours."""
    versions = [
        version
        for raw in request.headers.get("If-None-Match", "").split(",")
        if (version := parse_version(raw.strip().removeprefix("W/").strip('"'))) is not None
    ]
    return max(versions, default=None)


# How a client says which version it has (both views answer 304 when nothing is newer).
_VERSION_PARAMETERS = [
    OpenApiParameter(
        "version",
        OpenApiTypes.INT,
        description="The version the client has: 304 when nothing is newer.",
    ),
    OpenApiParameter(
        "If-None-Match",
        OpenApiTypes.STR,
        OpenApiParameter.HEADER,
        description='The ETag last received, e.g. "42": 304 when nothing is newer.',
    ),
]


def openapi_schema(struct: type[msgspec.Struct]) -> dict[str, Any]:
    """The schema of ``struct`` (msgspec's JSON Schema) as OpenAPI 3.0 writes it:
    references written out in place, ``nullable`` for "or null", and any array's
    items typed (3.0 has no tuples: a board's items are described, not typed)."""
    (schema,), components = msgspec.json.schema_components([struct], ref_template="{name}")

    def convert(node: Any) -> Any:
        if isinstance(node, list):
            return [convert(value) for value in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            return convert(components[node["$ref"]])
        node = {key: convert(value) for key, value in node.items()}
        options = node.get("anyOf", [])
        if {"type": "null"} in options:
            rest = [option for option in options if option != {"type": "null"}]
            del node["anyOf"]
            node.update(rest[0] if len(rest) == 1 else {"anyOf": rest})
            node["nullable"] = True
        if node.get("type") == "array" and not isinstance(node.get("items"), dict):
            node.pop("prefixItems", None)
            node["items"] = {}
        return node

    return convert(schema)


_MOMENT_PARAMETERS = [
    OpenApiParameter(
        "as_of",
        OpenApiTypes.INT,
        description="The standings as they stood after event seq as_of (1 to the last).",
    ),
    OpenApiParameter(
        "round",
        OpenApiTypes.INT,
        description="The standings after round N: before round N + 1 was paired.",
    ),
]


def _moment(request: Request, tournament_id: int) -> FoldedTournament | None:
    """The tournament at ``?as_of=`` / ``?round=``, None for the present."""
    try:
        return moment(tournament_id, request.query_params)
    except MomentError as exc:
        raise ValidationError({exc.field: [exc.message]}) from exc
    except TournamentNotFound as exc:
        raise NotFound(f"No tournament {tournament_id}.") from exc


def _query_view(request: Request) -> str:
    try:
        return _view_field.run_validation(request.query_params.get("view", "rows"))
    except serializers.ValidationError as exc:
        raise ValidationError({"view": exc.detail}) from exc


class StandingsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The tournament's latest standings snapshot",
        parameters=[
            *_VERSION_PARAMETERS,
            *_MOMENT_PARAMETERS,
            OpenApiParameter(
                "view",
                OpenApiTypes.STR,
                enum=VIEWS,
                description="rows (the default): each row an array in the order of "
                "`columns`, as the websocket sends them, ranks and places derived from "
                "`ties`; objects: the same table with rows and boards as objects, rank "
                "and place spelled out.",
            ),
        ],
        responses={
            200: OpenApiResponse(
                {"oneOf": [openapi_schema(Standings), openapi_schema(StandingsObjects)]},
                description="The table at the snapshot's version: the websocket's full "
                'table in one frame ("pages": 1, rows `[start_rank, name, title, '
                "federation, rating, points, tie-break values...]` in standings order, "
                "`ties` the 0-based positions sharing the rank of the row above, boards "
                "`[board, white, black, result]`), or with ?view=objects the same with "
                "named fields.",
            ),
            304: OpenApiResponse(description="Nothing newer than the client's version."),
            400: OpenApiResponse(
                description="version is not a non-negative integer, view is not one of "
                + ", ".join(VIEWS)
                + ", or as_of or round names no moment of the log (the field is named)."
            ),
            404: OpenApiResponse(description="No such tournament."),
        },
    )
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        known = _known_version(request)
        view = _query_view(request)
        past = _moment(request, tournament_id)
        if past is not None:
            found = table_at(past)
            content = encode_json(object_view(found.table)) if view == "objects" else found.json
            # The standings of a past moment never change.
            headers = {"ETag": etag(past.version), "Cache-Control": "public, max-age=3600"}
            return HttpResponse(content, content_type="application/json", headers=headers)
        try:
            snapshot = ensure_snapshot(tournament_id)
        except TournamentNotFound as exc:
            raise NotFound(f"No tournament {tournament_id}.") from exc
        if snapshot.version < (last_seq(tournament_id) or 0):
            # Events the snapshot has not caught up with: normally a recompute is
            # queued already (and this adds nothing, being coalesced), but a lost
            # task message would otherwise leave the table stale until the next
            # result; any reader's request heals it.  Best effort: with the broker
            # down the stored table is still the answer (the periodic sweep heals it).
            try:
                schedule_recompute(tournament_id)
            except Exception:
                logger.warning("standings: could not queue a recomputation", exc_info=True)
        headers = _cache_headers(snapshot.version)
        if _matches_any(request):
            known = snapshot.version
        if known is not None and snapshot.version <= known:
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
        if view == "objects":
            content = encode_json(object_view(snapshot.standings))
        else:
            content = snapshot.body_json  # as stored: a big Swiss's table is megabytes
        return HttpResponse(content, content_type="application/json", headers=headers)


# Encoded once per version in each process: a 9,999-player crosstable is
# megabytes, and a whole hall of spectators opens it after the same result.  Keyed
# by the version just read from the event log, so it only speeds reads.
@lru_cache(maxsize=8)
def _crosstable_json_process_cache(tournament_id: int, version: int) -> tuple[int, str]:
    """(version, JSON) of the crosstable at ``version`` or, if more events came
    meanwhile, at the newer version folded."""
    body = crosstable_body(load_tournament(tournament_id))
    return body["version"], encode_json(body)


class CrosstableView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="Every player's rounds so far (the crosstable and the player cards)",
        parameters=_VERSION_PARAMETERS,
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="tournament, version, rounds (paired so far) and rows: "
                "[start_rank, [[opponent, color, result], ...]] by start rank.",
            ),
            304: OpenApiResponse(description="Nothing newer than the client's version."),
            400: OpenApiResponse(description="version is not a non-negative integer."),
            404: OpenApiResponse(description="No such tournament."),
        },
    )
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        known = _known_version(request)
        latest = last_seq(tournament_id)
        if latest is None:
            raise NotFound(f"No tournament {tournament_id}.")
        if _matches_any(request) or (known is not None and latest <= known):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers=_cache_headers(latest))
        version, content = _crosstable_json_process_cache(tournament_id, latest)
        return HttpResponse(
            content, content_type="application/json", headers=_cache_headers(version)
        )


def _matches_any(request: Request) -> bool:
    """If-None-Match: * matches any stored representation (RFC 9110, 13.1.2)."""
    return request.headers.get("If-None-Match", "").strip() == "*"


def _cache_headers(version: int) -> dict[str, str]:
    return {"ETag": etag(version), "Cache-Control": "no-cache"}


def _folded_or_404(tournament_id: int) -> FoldedTournament:
    try:
        return load_tournament(tournament_id)
    except TournamentNotFound as exc:
        raise NotFound(f"No tournament {tournament_id}.") from exc


def _no_prize_list(tournament_id: int) -> NotFound:
    return NotFound(f"tournament {tournament_id} has no prize list yet")


class AwardsView(APIView):
    """Who wins what by the standings now (docs/prizes.md)."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="The prize winners by the current standings",
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="version; winners in standings order, each "
                '{"start_rank", "place", "points", "prizes": [{"name", "amount", '
                '"shared_with"}]} (amounts as decimal strings, null for a non-cash '
                'prize); unawarded: the prizes that lapsed, [{"name", "place"}].',
            ),
            404: OpenApiResponse(description="No such tournament, or no prize list."),
        },
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        folded = _folded_or_404(tournament_id)
        view = prize_view(folded)
        if view is None:
            raise _no_prize_list(tournament_id)
        return Response(
            {
                "version": folded.version,
                "winners": awards_json(view.awards),
                "unawarded": [{"name": p.name, "place": p.place} for p in view.awards.unawarded],
            }
        )


class BoardPrizesView(APIView):
    """Each board's players ranked for the board prizes (docs/teams.md)."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="Board-by-board individual results, ranked for the board prizes",
        parameters=[BoardPrizeQuery],
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="version, order, min_games and reserve_min_games (in games; "
                "reserve_min_games null: as min_games), assignment (every_board: each "
                "game on its board; most_played: each player once, all their games on the "
                "board they played most), rating_cap, unrated_rating (null: none), "
                "tiebreaks (after the order); boards: [{board, players: "
                "[{rank (null: fewer games than min_games), start_rank, name, team, "
                "points, games, percentage (0-100), opponents_average, performance}]}] "
                "(forfeits and byes are no games; performance over the rated games).",
            ),
            400: OpenApiResponse(description="order, min_games or assignment is wrong."),
            404: OpenApiResponse(description="No such tournament, or not a team event."),
        },
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        folded = _folded_or_404(tournament_id)
        if not folded.is_team:
            raise NotFound(f"tournament {tournament_id} is no team event")
        try:
            rules = board_prize_query(
                request.query_params, folded.state.board_prizes, folded.team_results.rounds
            )
        except ValueError as exc:
            raise ValidationError(str(exc)) from exc
        prizes, tables = board_prize_tables(
            folded, rules.order, rules.min_games, rules.assignment, rules.settings
        )
        return Response(
            {
                "version": folded.version,
                "order": prizes.order.value,
                "min_games": prizes.min_games,
                "assignment": prizes.assignment.value,
                "reserve_min_games": prizes.reserve_min_games,
                "rating_cap": rules.settings.rating_cap,
                "unrated_rating": rules.settings.unrated_rating,
                "tiebreaks": [t.value for t in prizes.tiebreaks],
                "boards": [
                    {"board": t.board, "players": [_board_prize_line(line) for line in t.lines]}
                    for t in tables
                ],
            }
        )


def _board_prize_line(line: BoardPrizeLine) -> dict[str, Any]:
    record = line.record
    share = record.percentage
    return {
        "rank": line.rank,
        "start_rank": line.player.start_rank,
        "name": line.player.name,
        "team": line.team,
        "points": to_json_number(record.points),
        "games": record.played,
        "percentage": None if share is None else to_json_number(100 * share),
        "opponents_average": record.opponents_average,
        "performance": record.performance,
    }


class StakesView(APIView):
    """The last-round calculator (docs/prizes.md): per player who can still reach a
    prize, per result of their own game, places and the reach of each prize."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="What each result can still bring (the last-round calculator)",
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="version, open_games [[white, black]], players: per "
                "player results (win, draw, loss; one null entry without an open game) "
                "with points, best and worst place, tiebreaks_decide and prizes "
                "(reach: certain, possible or out of reach; needs.text for people).",
            ),
            404: OpenApiResponse(description="No such tournament, or no prize list."),
            409: OpenApiResponse(description="A player has more than one open game."),
        },
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        folded = _folded_or_404(tournament_id)
        try:
            found = stakes_of(folded)
        except TieBreakError as exc:
            return Response({"detail": translated(text_of(exc))}, status=status.HTTP_409_CONFLICT)
        if found is None:
            raise _no_prize_list(tournament_id)
        return Response({"version": folded.version, **stakes_json(found)})


class WhatIfRequest(serializers.Serializer):
    results = serializers.DictField(
        child=serializers.ChoiceField(choices=sorted(OUTCOME_NAMES)),
        allow_empty=True,
        help_text='Start rank -> that player\'s result in their open game: {"12": "win"}; '
        "giving one side of a game is enough.",
    )

    def validate_results(self, value: dict[str, str]) -> dict[int, Outcome]:
        out = {}
        for key, result in value.items():
            rank = parse_version(str(key))  # a non-negative whole number
            if rank is None:
                raise serializers.ValidationError(f"{key!r} is not a start rank")
            out[rank] = OUTCOME_NAMES[result]
        return out


class WhatIfView(APIView):
    """Standings and prizes if open games ended as given: computed on a branch of the
    results, nothing stored.  Anyone may ask (throttled)."""

    permission_classes = [AllowAny]
    # Nothing is written: no session, so no CSRF check either.
    authentication_classes: list[type] = []
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "what_if"

    @extend_schema(
        summary="What if: standings and prizes for hypothetical results (nothing stored)",
        request=WhatIfRequest,
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="version, standings (as ?view=objects of the standings) and "
                "winners (null without a prize list).",
            ),
            400: OpenApiResponse(description="results names the entry that cannot be."),
            404: OpenApiResponse(description="No such tournament."),
            429: OpenApiResponse(description="Too many requests."),
        },
    )
    def post(self, request: Request, tournament_id: int) -> HttpResponse:
        body = WhatIfRequest(data=request.data)
        body.is_valid(raise_exception=True)
        folded = _folded_or_404(tournament_id)
        branch = hypothetical(folded, body.validated_data["results"])
        return HttpResponse(encode_json(branch), content_type="application/json")


def hypothetical(folded: FoldedTournament, results: Mapping[int, Outcome]) -> dict[str, Any]:
    """The what-if answer; ValidationError naming ``results.N`` for an entry that
    cannot be (no such player, no open game, two sides that disagree)."""
    for rank in results:
        if rank not in folded.state.players:
            raise ValidationError({f"results.{rank}": [f"no player has start rank {rank}"]})
    try:
        branch = what_if_of(folded, results)
    except TieBreakError as exc:
        # "results[3]: why": the field of the body, then why in the reader's language.
        params = getattr(text_of(exc), "params", {})
        if "field" in params and isinstance(params.get("message"), str):
            where, reason = str(params["field"]), translated(params["message"])
        else:
            where, _, reason = str(exc).partition(": ")
        field = where.replace("[", ".").rstrip("]") if where.startswith("results") else "results"
        raise ValidationError({field: [reason]}) from exc
    table = standings_table(folded, branch.standings, timezone.now())
    return {
        "version": folded.version,
        "standings": object_view(table),
        "winners": None if branch.awards is None else awards_json(branch.awards),
    }
