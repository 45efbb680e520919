"""A tournament whose event log cannot be folded answers what is wrong, every time,
instead of a 500 with a traceback per request."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.deprecation import MiddlewareMixin

from tournaments.domain.errors import UnreadableLog
from tournaments.store import unreadable

# 409: the request is fine, the tournament's stored state does not allow it (as
# for a stale expected_seq); retrying does not help until the log is repaired.
STATUS = 409


# MiddlewareMixin, as Django's own middleware: usable in a sync and an async chain.
class UnreadableLogMiddleware(MiddlewareMixin):
    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        if not isinstance(exc, UnreadableLog):
            return None
        unreadable.report(exc)
        if request.path.startswith("/api/"):
            return JsonResponse({"detail": str(exc), "seq": exc.seq}, status=STATUS)
        return HttpResponse(str(exc), content_type="text/plain; charset=utf-8", status=STATUS)
