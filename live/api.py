"""GET /api/tournaments/<id>/standings/: the latest snapshot, with ETag = version.

Spectators' pages fetch it when they notice a gap in the versions pushed over
the websocket; ``?version=N`` or ``If-None-Match: "N"`` answers 304 when
nothing newer than N exists.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.store.queries import TournamentNotFound, current_version

from .snapshots import ensure_snapshot
from .tasks import schedule_recompute

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


def _if_none_match(request: Request) -> int | None:
    """The newest version among the client's entity tags, if any is one of ours."""
    versions = [
        int(tag)
        for raw in request.headers.get("If-None-Match", "").split(",")
        # isdigit() alone would pass "²", which int() refuses.
        if (tag := raw.strip().removeprefix("W/").strip('"')).isascii() and tag.isdigit()
    ]
    return max(versions, default=None)


class StandingsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The tournament's latest standings snapshot",
        parameters=[
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
        ],
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
        known = _query_version(request)
        if known is None:
            known = _if_none_match(request)
        try:
            snapshot = ensure_snapshot(tournament_id)
        except TournamentNotFound as exc:
            raise NotFound(f"No tournament {tournament_id}.") from exc
        if snapshot.version < (current_version(tournament_id) or 0):
            # Events the snapshot has not caught up with: normally a recompute is
            # queued already (and this adds nothing, being coalesced), but a lost
            # task message would otherwise leave the table stale until the next
            # result; any reader's request heals it.
            schedule_recompute(tournament_id)
        headers = {"ETag": etag(snapshot.version), "Cache-Control": "no-cache"}
        # "*" matches any stored representation (RFC 9110, 13.1.2).
        if request.headers.get("If-None-Match", "").strip() == "*":
            known = snapshot.version
        if known is not None and snapshot.version <= known:
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
        return Response(snapshot.body, headers=headers)
