"""Project-wide DRF defaults that keep bad requests out of the 500s."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.cache import cache
from rest_framework import parsers
from rest_framework.authentication import TokenAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed, ParseError, Throttled
from rest_framework.metadata import SimpleMetadata

if TYPE_CHECKING:  # rest_framework.views imports this module (its default classes)
    from rest_framework.request import Request
    from rest_framework.views import APIView


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, with too deeply nested input a 400 (DRF's own lets the
    RecursionError out: a 500)."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise ParseError("JSON parse error - nested too deeply") from exc


class Metadata(SimpleMetadata):
    """OPTIONS answers; the write views that validate through their command have no
    serializer to describe (asking for one raised, a 500)."""

    def determine_actions(self, request: Request, view: APIView) -> dict[str, Any]:
        if getattr(view, "serializer_class", None) is None:
            return {}
        return super().determine_actions(request, view)


class ThrottledTokenAuthentication(TokenAuthentication):
    """Token authentication that refuses (429) an address after TOKEN_FAILURE_LIMIT
    bad tokens within TOKEN_FAILURE_WINDOW_SECONDS, so tokens cannot be guessed.

    Counted in the process's cache: each web process counts its own failures.
    """

    def authenticate(self, request: Request) -> Any:
        offered = get_authorization_header(request).split()
        if not offered or offered[0].lower() != self.keyword.lower().encode():
            return None  # no token: other authentication, or anonymous reading
        key = f"crosstable:token-failures:{request.META.get('REMOTE_ADDR', '')}"
        window = settings.TOKEN_FAILURE_WINDOW_SECONDS
        if cache.get(key, 0) >= settings.TOKEN_FAILURE_LIMIT:
            raise Throttled(wait=window, detail="Too many failed authentications.")
        try:
            return super().authenticate(request)
        except AuthenticationFailed:
            if not cache.add(key, 1, window):
                cache.incr(key)
            raise
