"""The organiser's file endpoints: TRF import and export, standings as CSV, and a Swiss
round handed over as a TRF.

Thin views over ``trf_import`` and ``round_import``; refusals of a
file answer 400 ``{"detail": "line L, column C: ...", "line": L, "column": C}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

from django.core.files.base import ContentFile
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import BaseParser, DataAndFiles, FormParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tiebreaks.errors import TrfError
from tiebreaks.messages import text_of
from tiebreaks.standings import RULES
from tiebreaks.trf import decode
from tournaments.store import round_import
from tournaments.store.refusals import translated
from tournaments.store.trf_import import export_trf, import_trf, standings_csv

from .views import WRITE_RESPONSES, TournamentAPIView, created

_REFUSED_FILE = OpenApiResponse(
    description='The file was refused whole: {"detail": "line L, column C: reason", '
    '"line": L, "column": C}; nothing is stored.'
)


class PlainTextParser(BaseParser):
    """A TRF sent as the raw request body, handed on as if uploaded as the form's ``file``."""

    media_type = "text/plain"

    def parse(
        self,
        stream: IO[Any],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> DataAndFiles[dict[str, Any], dict[str, ContentFile[bytes]]]:
        return DataAndFiles({}, {"file": ContentFile(stream.read())})


class TrfUploadView(TournamentAPIView):
    """Reads the TRF of a request: a multipart ``file``, or a text/plain body."""

    parser_classes = [MultiPartParser, FormParser, PlainTextParser]

    def trf_text(self) -> str:
        upload = self.body().get("file")
        if upload is None or isinstance(upload, str):
            raise ValidationError({"file": ["Send the TRF as a multipart 'file' or text/plain."]})
        text = decode(upload.read())
        if not text.strip():
            raise ValidationError({"file": ["The TRF is empty."]})
        return text

    def option(self, name: str) -> Any:
        """A setting from the form fields, else the query string (text/plain bodies)."""
        return self.body().get(name) or self.request.query_params.get(name)

    @staticmethod
    def refused(exc: TrfError) -> Response:
        return Response(
            {"detail": translated(text_of(exc)), "line": exc.line, "column": exc.column},
            status=status.HTTP_400_BAD_REQUEST,
        )


class ImportedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    players = serializers.IntegerField()
    rounds_paired = serializers.IntegerField()
    events = serializers.IntegerField()
    warnings = serializers.ListField(
        child=serializers.CharField(),
        help_text="What was read but not used, e.g. declared points that disagree with the "
        "results (the results count).",
    )


class TrfImportView(TrfUploadView):
    """Creates a tournament from a TRF; the importing user becomes its organiser."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Create a tournament from a TRF file",
        parameters=[
            OpenApiParameter(
                "rules", OpenApiTypes.STR, enum=RULES, description="C.07 edition to freeze."
            )
        ],
        request={"multipart/form-data": OpenApiTypes.OBJECT, "text/plain": OpenApiTypes.STR},
        responses={201: ImportedSerializer, 400: _REFUSED_FILE},
    )
    def post(self, request: Request) -> Response:
        rules = self.option("rules")
        if rules is not None and rules not in RULES:
            raise ValidationError({"rules": [f"One of {', '.join(RULES)}."]})
        try:
            imported = import_trf(self.trf_text(), author=self.author(), rules=rules)
        except TrfError as exc:
            return self.refused(exc)
        answer = ImportedSerializer(imported).data
        answer["warnings"] = [translated(warning) for warning in imported.warnings]
        return Response(answer, status=status.HTTP_201_CREATED)


class RoundTrfImportView(TrfUploadView):
    """Pairs the next round from a TRF of the tournament so far plus that round."""

    @extend_schema(
        summary="Pair the next round from a TRF (the tournament so far plus the new round)",
        parameters=[
            OpenApiParameter(
                "confirm_repeats",
                OpenApiTypes.BOOL,
                description="Allow pairing players who already played each other.",
            )
        ],
        request={"multipart/form-data": OpenApiTypes.OBJECT, "text/plain": OpenApiTypes.STR},
        responses={**WRITE_RESPONSES, 400: _REFUSED_FILE},
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        flag = self.option("confirm_repeats")
        if flag not in (None, "true", "false", "1", "0"):
            raise ValidationError({"confirm_repeats": ["Must be true or false."]})
        confirm = flag in ("true", "1")
        try:
            event = round_import.pair_from_trf(
                tournament_id, self.trf_text(), author=self.author(), confirm_repeats=confirm
            )
        except TrfError as exc:
            return self.refused(exc)
        return created(event)


class TrfExportView(TournamentAPIView):
    """The tournament as a TRF26 file, points and ranks from its standings."""

    @extend_schema(
        summary="Export the tournament as a TRF file",
        responses={(200, "text/plain"): OpenApiTypes.STR},
    )
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        return _download(export_trf(tournament_id), "text/plain", f"tournament-{tournament_id}.trf")


class StandingsCsvView(TournamentAPIView):
    """The standings as CSV: rank, place, player, points, then each tie-break."""

    @extend_schema(summary="Standings as CSV", responses={(200, "text/csv"): OpenApiTypes.STR})
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        return _download(
            standings_csv(tournament_id), "text/csv", f"tournament-{tournament_id}-standings.csv"
        )


def _download(text: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
