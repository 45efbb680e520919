from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
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
    # The language switcher posts here (set_language: a cookie remembers the choice).
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(packages=["live"]), name="javascript-catalog"),
    path("", include("live.urls")),
]
