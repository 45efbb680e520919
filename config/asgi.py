"""ASGI entry point: HTTP through Django, websockets through Channels."""

import os

import django
from asgiref.sync import sync_to_async
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest, HttpResponseBase

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


class OneHopASGIHandler(ASGIHandler):
    """Django's ASGI handler running the middleware chain and the view in one hop
    to a worker thread, as WSGI would.

    Every middleware and view here is synchronous, but Django's own middleware
    (``MiddlewareMixin``) declares itself async-capable, so Django's handler runs
    the chain in async mode and each middleware's process_request and
    process_response hops to the request's thread and back on its own (Django
    ticket #37177, open).  Under a burst (8 organisers posting results at once,
    bench/burst_bench.py) each hop waits for the GIL held by another request's
    thread, and so does the tournament lock's holder.

    It overrides two methods of ``django.core.handlers``: Django is pinned to the
    tested 5.2 series in pyproject.toml, and
    tests/hardening/test_framework_internals.py fails when either changes.
    """

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)


django.setup(set_prefix=False)
# daphne serves the few static files itself (no separate web server needed for
# a club-sized deployment); a CDN or nginx can take over without code changes.
django_asgi_app = ASGIStaticFilesHandler(OneHopASGIHandler())

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from config.server import HealthCheck, install, origin_validated  # noqa: E402
from live.routing import websocket_urlpatterns  # noqa: E402

install()  # daphne refuses oversized and anonymous large bodies before reading them

application = HealthCheck(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            # The standings socket is public and read-only: no session or user lookup,
            # which would queue behind the table being built in Django's one database
            # thread and miss daphne's 5 s handshake limit on a 9,999-player event.
            "websocket": origin_validated(URLRouter(websocket_urlpatterns)),
        }
    )
)
