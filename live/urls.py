from django.urls import path

from . import views

app_name = "live"

urlpatterns = [
    path("", views.index, name="index"),
    path("tournaments/<int:tournament_id>/live/", views.spectator, name="spectator"),
]
