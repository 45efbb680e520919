from django.urls import path

from .consumers import StandingsConsumer

websocket_urlpatterns = [
    path("ws/tournaments/<tid:tournament_id>/standings/", StandingsConsumer.as_asgi()),
]
