from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from live import feed
from live.api import (
    AwardsView,
    BoardPrizesView,
    CrosstableView,
    StakesView,
    StandingsView,
    WhatIfView,
)

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
    path(
        "api/tournaments/<tid:tournament_id>/prizes/awards/",
        AwardsView.as_view(),
        name="prize-awards",
    ),
    path(
        "api/tournaments/<tid:tournament_id>/board-prizes/",
        BoardPrizesView.as_view(),
        name="board-prizes",
    ),
    path("api/tournaments/<tid:tournament_id>/stakes/", StakesView.as_view(), name="stakes"),
    path("api/tournaments/<tid:tournament_id>/what-if/", WhatIfView.as_view(), name="what-if"),
    path("api/tournaments/<tid:tournament_id>/feed/", feed.feed, name="feed"),
    path("api/tournaments/<tid:tournament_id>/feed.jsonl", feed.feed_jsonl, name="feed-jsonl"),
    path("api/", include("tournaments.urls")),
    # The language switcher posts here (set_language: a cookie remembers the choice).
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(packages=["live"]), name="javascript-catalog"),
    path("", include("live.urls")),
]
