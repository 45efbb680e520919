"""The Content-Security-Policy header of every response the project renders.

Scripts and styles come from the site only (no inline script or style, no CDN),
so that text an attacker slips into a page (a player's name) cannot run; the
spectators' websocket connects to the site itself.  Static files, served before
the middleware, need none.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin


# MiddlewareMixin, as Django's own middleware: usable in a sync and an async chain,
# so that it does not force a thread hop on the stock ASGI handler.
class ContentSecurityPolicyMiddleware(MiddlewareMixin):
    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        response.headers.setdefault("Content-Security-Policy", settings.CONTENT_SECURITY_POLICY)
        return response
