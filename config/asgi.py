"""ASGI entry point: HTTP through Django, websockets through Channels."""

import os

from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# daphne serves the few static files itself (no separate web server needed for
# a club-sized deployment); a CDN or nginx can take over without code changes.
django_asgi_app = ASGIStaticFilesHandler(get_asgi_application())

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
