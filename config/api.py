"""Project-wide DRF defaults that keep bad requests out of the 500s."""

from __future__ import annotations

import hashlib
import logging
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.cache import cache
from redis.exceptions import RedisError
from rest_framework import parsers
from rest_framework.authentication import TokenAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed, ParseError, Throttled
from rest_framework.metadata import SimpleMetadata

if TYPE_CHECKING:  # rest_framework.views imports this module (its default classes)
    from rest_framework.request import Request
    from rest_framework.views import APIView

logger = logging.getLogger(__name__)
UNCOUNTED = "bad API tokens not counted: the cache is unreachable"


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
    """Token authentication that refuses (429) for TOKEN_FAILURE_WINDOW_SECONDS:

    * a token refused TOKEN_FAILURE_LIMIT times (a client retrying a stale or
      mistyped token), and only that token;
    * every token from an address that presented TOKEN_FAILURE_LIMIT_PER_ADDRESS
      bad ones (guessing), a limit far above the first: behind a proxy or a club's
      router one address is every organiser, and one's stale token must not lock
      out the others.

    Counted in Django's cache, which is Redis (shared by every web process) when
    REDIS_URL is set.  With the cache unreachable nothing is counted: organisers
    keep working while Redis restarts.
    """

    def authenticate(self, request: Request) -> Any:
        offered = get_authorization_header(request).split()
        if not offered or offered[0].lower() != self.keyword.lower().encode():
            return None  # no token: other authentication, or anonymous reading
        limits = {
            # A digest, so that the cache holds no token, good or bad.
            _failure_key("token", hashlib.sha256(b" ".join(offered[1:])).hexdigest()):
            settings.TOKEN_FAILURE_LIMIT,
            _failure_key("address", request.META.get("REMOTE_ADDR", "")):
            settings.TOKEN_FAILURE_LIMIT_PER_ADDRESS,
        }  # fmt: skip
        window = settings.TOKEN_FAILURE_WINDOW_SECONDS
        try:
            counts = cache.get_many(list(limits))
        except RedisError:
            logger.warning(UNCOUNTED, exc_info=True)
            counts = {}
        if any(counts.get(key, 0) >= limit for key, limit in limits.items()):
            raise Throttled(wait=window, detail="Too many failed authentications.")
        try:
            return super().authenticate(request)
        except AuthenticationFailed:
            try:
                for key in limits:
                    _count(key, window)
            except RedisError:
                logger.warning(UNCOUNTED, exc_info=True)
            raise


def _failure_key(kind: str, value: str) -> str:
    return f"crosstable:token-failures:{kind}:{value}"


def _count(key: str, window: int) -> None:
    """One more failure in ``key``'s window (opened by its first failure)."""
    if cache.add(key, 1, window):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between the two calls: a new window
        cache.add(key, 1, window)
