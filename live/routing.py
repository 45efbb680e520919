from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import path, re_path

from .consumers import StandingsConsumer


class NoSuchSocket(AsyncWebsocketConsumer):
    """Any other websocket path: the handshake is refused (Channels' router would raise: a 500)."""

    channel_layer_alias = StandingsConsumer.channel_layer_alias  # needs no channel layer

    async def connect(self) -> None:
        await self.close()


websocket_urlpatterns = [
    path("ws/tournaments/<tid:tournament_id>/standings/", StandingsConsumer.as_asgi()),
    re_path(r"", NoSuchSocket.as_asgi()),
]
