"""A tournament whose event log cannot be folded answers what is wrong, every time,
instead of a 500 with a traceback per request."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse

from tournaments.domain.errors import UnreadableLog
from tournaments.store import unreadable

# 409: the request is fine, the tournament's stored state does not allow it (as
# for a stale expected_seq); retrying does not help until the log is repaired.
STATUS = 409


class UnreadableLogMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        if not isinstance(exc, UnreadableLog):
            return None
        unreadable.report(exc)
        if request.path.startswith("/api/"):
            return JsonResponse({"detail": str(exc), "seq": exc.seq}, status=STATUS)
        return HttpResponse(str(exc), content_type="text/plain; charset=utf-8", status=STATUS)
