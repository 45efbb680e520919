from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import path, re_path

from .consumers import StandingsConsumer


class NoSuchSocket(AsyncWebsocketConsumer):
    """Any other websocket path: the handshake is refused (Channels' router would raise: a 500)."""

    channel_layer_alias = StandingsConsumer.channel_layer_alias  # needs no channel layer

    async def connect(self) -> None:
        await self.close()


# Channels routes ASGI applications with Django's path(), which django-stubs types
# for views only; URLRouter takes the list as it is.
websocket_urlpatterns: list[Any] = [
    path(
        "ws/tournaments/<tid:tournament_id>/standings/",
        StandingsConsumer.as_asgi(),  # type: ignore[arg-type]
    ),
    re_path(r"", NoSuchSocket.as_asgi()),  # type: ignore[arg-type]
]
