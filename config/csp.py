"""The Content-Security-Policy header of every response the project renders.

Scripts and styles come from the site only (no inline script or style, no CDN),
so that text an attacker slips into a page (a player's name) cannot run; the
spectators' websocket connects to the site itself.  Static files, served before
the middleware, need none.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", settings.CONTENT_SECURITY_POLICY)
        return response
