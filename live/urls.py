from django.templatetags.static import static
from django.urls import path
from django.views.generic import RedirectView

from . import (
    check_in,
    console,
    event_log,
    printouts,
    private_pages,
    prize_pages,
    registration,
    reports_admin,
    result_entry,
    setup,
    team_admin,
    trf_upload,
    views,
)

app_name = "live"

urlpatterns = [
    path("", views.index, name="index"),
    # Pages without a <link rel="icon"> (admin, browsable API) make browsers ask here.
    path(
        "favicon.ico",
        RedirectView.as_view(url=static("live/favicon.svg"), permanent=True),
        name="favicon",
    ),
    path("tournaments/<tid:tournament_id>/live/", views.spectator, name="spectator"),
    path(
        "tournaments/<tid:tournament_id>/rounds/<int:round_number>/",
        views.round_pairings,
        name="round",
    ),
    path("tournaments/<tid:tournament_id>/crosstable/", views.crosstable, name="crosstable"),
    path("tournaments/<tid:tournament_id>/timeline/", views.timeline, name="timeline"),
    # The starting list's first address, kept for links already shared.
    path(
        "tournaments/<tid:tournament_id>/players/",
        RedirectView.as_view(pattern_name="live:starting-list", permanent=True),
    ),
    path(
        "tournaments/<tid:tournament_id>/rounds/<int:round_number>/matches/<int:match_number>/",
        views.team_match,
        name="team-match",
    ),
    path(
        "tournaments/<tid:tournament_id>/teams/<int:team_number>/",
        views.team_card,
        name="team",
    ),
    path(
        "tournaments/<tid:tournament_id>/board-prizes/",
        views.board_prizes,
        name="board-prizes",
    ),
    path(
        "tournaments/<tid:tournament_id>/starting-rank/",
        views.starting_list,
        name="starting-list",
    ),
    path(
        "tournaments/<tid:tournament_id>/rounds/<int:round_number>/slips/",
        printouts.result_slips,
        name="slips",
    ),
    path(
        "tournaments/<tid:tournament_id>/players/<int:start_rank>/",
        views.player_card,
        name="player",
    ),
    path("tournaments/<tid:tournament_id>/prizes/", prize_pages.prize_list, name="prizes"),
    path(
        "tournaments/<tid:tournament_id>/prizes/edit/",
        prize_pages.edit_prizes,
        name="prizes-edit",
    ),
    path("tournaments/<tid:tournament_id>/stakes/", prize_pages.stakes_page, name="stakes"),
    path(
        "tournaments/<tid:tournament_id>/corrections/<int:seq>/",
        views.correction,
        name="correction",
    ),
    path("tournaments/<tid:tournament_id>/roster.json", views.roster, name="roster"),
    # Organiser pages: result entry and its sign-in.
    path(
        "tournaments/<tid:tournament_id>/rounds/<int:round_number>/enter/",
        result_entry.enter_results,
        name="enter",
    ),
    path(
        "tournaments/<tid:tournament_id>/teams/manage/",
        team_admin.manage_teams,
        name="team-manage",
    ),
    path("tournaments/import/", trf_upload.import_page, name="import"),
    path("tournaments/new/", setup.create_page, name="create"),
    path("tournaments/<tid:tournament_id>/log/", event_log.event_log, name="event-log"),
    path("tournaments/<tid:tournament_id>/pair/", console.pair_page, name="pair"),
    path("tournaments/<tid:tournament_id>/check-in/", check_in.check_in_page, name="check-in"),
    path("tournaments/<tid:tournament_id>/settings/", setup.settings_page, name="settings"),
    path(
        "tournaments/<tid:tournament_id>/rounds/<int:round_number>/cancel/",
        console.unpair,
        name="unpair",
    ),
    path(
        "tournaments/<tid:tournament_id>/players/actions/",
        console.player_action,
        name="player-action",
    ),
    path(
        "tournaments/<tid:tournament_id>/players/<int:player_id>/edit/",
        console.edit_player,
        name="edit-player",
    ),
    path(
        "tournaments/<tid:tournament_id>/players/register/",
        registration.register_page,
        name="register",
    ),
    # A player's or a team captain's private link (issue 21): the link is the key.
    path("link/<str:link>/", private_pages.link_page, name="link"),
    path(
        "tournaments/<tid:tournament_id>/rounds/<int:round_number>/reports/",
        reports_admin.report_action,
        name="reports",
    ),
    path("tournaments/<tid:tournament_id>/links/", reports_admin.link_action, name="links"),
    path("accounts/login/", result_entry.EntryLoginView.as_view(), name="login"),
]
