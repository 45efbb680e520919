from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from live.api import CrosstableView, StandingsView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path(
        "api/tournaments/<tid:tournament_id>/standings/",
        StandingsView.as_view(),
        name="standings",
    ),
    path(
        "api/tournaments/<tid:tournament_id>/crosstable/",
        CrosstableView.as_view(),
        name="crosstable",
    ),
    path("api/", include("tournaments.urls")),
    path("", include("live.urls")),
]
