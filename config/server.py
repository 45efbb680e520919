"""What daphne must do before the application sees a request.

daphne (through twisted) reads a whole request body, then queues all of it for
the application at once, with no size limit of its own (django/daphne#126): four
concurrent 50 MB uploads take a bare web process from 109 MB to 897 MB, and an
anonymous client can do it as well as an organiser.  Here the request is
answered as soon as its headers are in, before any of its body is read: 413
when it declares (or, chunked, sends) more than MAX_REQUEST_BODY_BYTES, and 401
when a body larger than ANONYMOUS_BODY_BYTES comes without credentials (no
Authorization header and no session cookie; the view authenticates them for
real afterwards).  A reverse proxy's body limit does not replace it: the
embedded demo and a web process reached directly have none, and no proxy
setting tells an organiser's large upload from an anonymous one.  A request
line or header section over twisted's limits gets 431 (``BoundedHTTPChannel``).

``install()`` runs when config.asgi is imported, which daphne and runserver do
before they build their HTTP factory.  It replaces the request class daphne's
HTTPFactory builds and relies on twisted's request hooks (``gotLength``,
``handleContentChunk``): daphne is pinned to the tested 4.2 series in
pyproject.toml, and tests/hardening/test_framework_internals.py fails when the
class or a hook changes.
"""

from __future__ import annotations

import json
from typing import Any

from asgiref.typing import ASGI3Application, ASGIReceiveCallable, ASGISendCallable, Scope
from channels.security.websocket import OriginValidator
from daphne import http_protocol
from django.conf import settings
from twisted.web import http

# How long a connection refused for its headers stays open for the client to read
# the answer (it is closed sooner when the client closes its side).
REFUSED_LINGER_SECONDS = 5


def _refusal(status: int, reason: str, detail: str) -> bytes:
    body = json.dumps({"detail": detail}).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    )
    return head.encode() + body


TOO_LARGE_DETAIL = "The request body is larger than {limit} bytes."
ANONYMOUS_DETAIL = "Authentication credentials were not provided."


class BoundedWebRequest(http_protocol.WebRequest):
    refused = False
    body_bytes = 0

    def gotLength(self, length: int | None) -> None:
        if length is not None and length > settings.MAX_REQUEST_BODY_BYTES:
            self._refuse(413, "Content Too Large", self._too_large())
            return
        if length is not None and length > settings.ANONYMOUS_BODY_BYTES and self._anonymous():
            self._refuse(401, "Unauthorized", ANONYMOUS_DETAIL)
            return
        super().gotLength(length)

    def handleContentChunk(self, data: bytes) -> None:
        if self.refused:
            return
        self.body_bytes += len(data)
        if self.body_bytes > settings.MAX_REQUEST_BODY_BYTES:  # chunked, no length declared
            self._refuse(413, "Content Too Large", self._too_large())
            return
        super().handleContentChunk(data)

    def _anonymous(self) -> bool:
        session = settings.SESSION_COOKIE_NAME.encode()
        has_token = self.requestHeaders.hasHeader(b"authorization")
        return not has_token and session not in self.received_cookies

    @staticmethod
    def _too_large() -> str:
        return TOO_LARGE_DETAIL.format(limit=settings.MAX_REQUEST_BODY_BYTES)

    def _refuse(self, status: int, reason: str, detail: str) -> None:
        self.refused = True
        self.channel.transport.write(_refusal(status, reason, detail))
        self.channel.transport.loseConnection()


HEADERS_TOO_LARGE_DETAIL = (
    "The request line or header fields are larger than {limit} bytes (each line, and all together)."
)


class BoundedHTTPChannel(http.HTTPChannel):
    """twisted's HTTP channel, answering 431 to a request line or header section
    over its limits (16 KB per line, 16 KB in all).  twisted dropped the connection
    without a word on a longer line, and answered a bare 400 to too many headers."""

    refused = False

    def dataReceived(self, data: bytes) -> None:
        if not self.refused:  # the rest of a refused request is read and dropped
            super().dataReceived(data)

    def lineReceived(self, line: bytes) -> None:
        if self.refused:
            return
        if self._receivedHeaderSize + len(line) > self.totalHeadersSize:
            self._refuse_headers()
            return
        super().lineReceived(line)

    def lineLengthExceeded(self, line: bytes) -> None:
        self._refuse_headers()

    def _refuse_headers(self) -> None:
        self.refused = True
        detail = HEADERS_TOO_LARGE_DETAIL.format(limit=self.totalHeadersSize)
        # Any: twisted's transports are zope interfaces, whose methods mypy (without
        # a zope plugin) reads as functions missing ``self``.
        transport: Any = self.transport
        transport.write(_refusal(431, "Request Header Fields Too Large", detail))
        # Closed once the answer is out, reading (and dropping) what the client
        # still sends meanwhile: closing with unread data would reset the
        # connection, and the client could lose the answer with it.
        transport.loseWriteConnection()
        self.setTimeout(REFUSED_LINGER_SECONDS)


def install() -> None:
    # daphne's HTTP factory builds each request from this module attribute, and
    # twisted each connection's channel from this one.
    http_protocol.WebRequest = BoundedWebRequest
    setattr(http, "HTTPChannel", BoundedHTTPChannel)  # noqa: B010  (mypy refuses assigning to a class name)


class HealthCheck:
    """ASGI: ``GET /healthz/`` answers 200 while the process serves, whatever the
    Host (the container's own health check) and without PostgreSQL or Redis (an
    outage of those must not get the web process restarted)."""

    def __init__(self, application: ASGI3Application) -> None:
        self.application = application

    async def __call__(
        self, scope: Scope, receive: ASGIReceiveCallable, send: ASGISendCallable
    ) -> None:
        if scope["type"] == "http" and scope["path"] == "/healthz/":
            await send(
                {
                    "type": "http.response.start",
                    "status": 200,
                    "headers": [(b"content-type", b"text/plain")],
                    "trailers": False,
                }
            )
            await send({"type": "http.response.body", "body": b"ok\n", "more_body": False})
            return
        await self.application(scope, receive, send)


class BrowserOriginValidator(OriginValidator):
    """Websocket handshakes from a browser carry an Origin, which must be one of
    ALLOWED_HOSTS (no other site's page may open a socket).  A handshake without
    one is from a program (a hall-screen app, bench/live_latency.py), not a
    browser, so there is nothing cross-site to refuse; channels refuses those
    unless ALLOWED_HOSTS has "*", which the settings refuse when DEBUG is off."""

    def valid_origin(self, parsed_origin: Any) -> bool:
        return parsed_origin is None or super().valid_origin(parsed_origin)


def origin_validated(application: ASGI3Application) -> BrowserOriginValidator:
    return BrowserOriginValidator(application, settings.ALLOWED_HOSTS)
