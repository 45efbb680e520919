"""GET /api/tournaments/<id>/standings/ and /crosstable/, with ETag = version.

Spectators' pages fetch the standings when they notice a gap in the versions
pushed over the websocket, and the crosstable when they open it (the socket
does not carry it); ``?version=N`` or ``If-None-Match: "N"`` answers 304 when
nothing newer than N exists.
"""

from __future__ import annotations

import logging
from functools import lru_cache

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.store.queries import TournamentNotFound, last_seq, load_tournament

from .projection import crosstable_body, encode_json
from .snapshots import ensure_snapshot, parse_version
from .tasks import schedule_recompute

logger = logging.getLogger(__name__)

_version_field = serializers.IntegerField(min_value=0)


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


class StandingsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The tournament's latest standings snapshot",
        parameters=_VERSION_PARAMETERS,
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="The snapshot body: tournament, version, tiebreaks, rows, rounds.",
            ),
            304: OpenApiResponse(description="Nothing newer than the client's version."),
            400: OpenApiResponse(description="version is not a non-negative integer."),
            404: OpenApiResponse(description="No such tournament."),
        },
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        known = _known_version(request)
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
        # The stored JSON as it is: a big Swiss's body is megabytes.
        return HttpResponse(snapshot.body_json, content_type="application/json", headers=headers)


# Encoded once per version: a 9,999-player crosstable is megabytes, and a whole
# hall of spectators opens it after the same result.
@lru_cache(maxsize=8)
def _crosstable_json(tournament_id: int, version: int) -> tuple[int, str]:
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
        version, content = _crosstable_json(tournament_id, latest)
        return HttpResponse(
            content, content_type="application/json", headers=_cache_headers(version)
        )


def _matches_any(request: Request) -> bool:
    """If-None-Match: * matches any stored representation (RFC 9110, 13.1.2)."""
    return request.headers.get("If-None-Match", "").strip() == "*"


def _cache_headers(version: int) -> dict[str, str]:
    return {"ETag": etag(version), "Cache-Control": "no-cache"}
