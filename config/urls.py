from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from live.api import CrosstableView, StandingsView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Its start-up script from a URL of its own, not inline (Content-Security-Policy).
    path(
        "api/docs/",
        SpectacularSwaggerSplitView.as_view(url_name="schema", template_name="api/swagger_ui.html"),
        name="api-docs",
    ),
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
