from django.urls import path

from tournaments.api import files, reports, teams, views

app_name = "tournaments"

tournament = "tournaments/<tid:tournament_id>/"

urlpatterns = [
    path("tournaments/", views.TournamentListView.as_view(), name="tournament-list"),
    path(tournament, views.TournamentDetailView.as_view(), name="tournament-detail"),
    path(tournament + "players/", views.PlayerListView.as_view(), name="player-list"),
    path(tournament + "players/rank/", views.PlayerRankView.as_view(), name="player-rank"),
    path(
        tournament + "players/<int:player_id>/",
        views.PlayerDetailView.as_view(),
        name="player-detail",
    ),
    path(
        tournament + "reinstatements/",
        views.ReinstatementView.as_view(),
        name="reinstatement-create",
    ),
    path(tournament + "check-ins/", views.CheckInView.as_view(), name="check-in-create"),
    path(tournament + "withdrawals/", views.WithdrawalView.as_view(), name="withdrawal-create"),
    path(tournament + "byes/", views.ByeListView.as_view(), name="bye-list"),
    path(
        tournament + "byes/<int:round_number>/<int:player_id>/",
        views.ByeDetailView.as_view(),
        name="bye-detail",
    ),
    path(tournament + "rounds/", views.RoundListView.as_view(), name="round-list"),
    path(tournament + "rounds/pair/", views.RoundPairView.as_view(), name="round-pair"),
    path(
        tournament + "rounds/<int:round_number>/",
        views.RoundDetailView.as_view(),
        name="round-detail",
    ),
    path(
        tournament + "rounds/<int:round_number>/unpair/",
        views.RoundUnpairView.as_view(),
        name="round-unpair",
    ),
    path(
        tournament + "rounds/<int:round_number>/close/",
        views.RoundCloseView.as_view(),
        name="round-close",
    ),
    path(tournament + "results/", views.ResultView.as_view(), name="result-create"),
    path(tournament + "corrections/", views.CorrectionView.as_view(), name="correction-create"),
    path(tournament + "prizes/", views.PrizeListView.as_view(), name="prize-list"),
    path(tournament + "pairing-check/", views.PairingCheckView.as_view(), name="pairing-check"),
    path(tournament + "events/", views.EventListView.as_view(), name="event-list"),
    # TRF files and CSV (api.files).
    path("tournaments/import/", files.TrfImportView.as_view(), name="tournament-import"),
    path(
        tournament + "export.trf",
        files.TrfExportView.as_view(),
        name="tournament-export",
    ),
    path(
        tournament + "standings.csv",
        files.StandingsCsvView.as_view(),
        name="standings-csv",
    ),
    path(tournament + "schedule/", views.ScheduleView.as_view(), name="schedule-create"),
    path(
        tournament + "rounds/import-trf/",
        files.RoundTrfImportView.as_view(),
        name="round-import-trf",
    ),
    # Team events (api.teams).
    path(tournament + "teams/", teams.TeamListView.as_view(), name="team-list"),
    path(tournament + "teams/<int:team>/", teams.TeamView.as_view(), name="team-detail"),
    path(tournament + "teams/<int:team>/roster/", teams.RosterView.as_view(), name="team-roster"),
    path(
        tournament + "teams/<int:team>/withdrawal/",
        teams.TeamWithdrawalView.as_view(),
        name="team-withdrawal",
    ),
    path(
        tournament + "teams/<int:team>/reinstatement/",
        teams.TeamReinstatementView.as_view(),
        name="team-reinstatement",
    ),
    path(
        tournament + "board-prize-settings/",
        teams.BoardPrizeSettingsView.as_view(),
        name="board-prize-settings",
    ),
    path(tournament + "teams/rank/", teams.TeamRankingView.as_view(), name="team-ranking"),
    path(tournament + "team-byes/", teams.TeamByeView.as_view(), name="team-bye-create"),
    path(
        tournament + "team-byes/cancel/",
        teams.TeamByeCancellationView.as_view(),
        name="team-bye-cancel",
    ),
    path(tournament + "lineups/", teams.LineupView.as_view(), name="lineup-create"),
    path(tournament + "team-rounds/", teams.TeamRoundListView.as_view(), name="team-round-list"),
    path(
        tournament + "team-rounds/start/",
        teams.TeamRoundStartView.as_view(),
        name="team-round-start",
    ),
    # The players' reports and the private links (api.reports, issue 21).
    path(tournament + "reports/", reports.ReportListView.as_view(), name="report-list"),
    path(
        tournament + "reports/confirm/", reports.ReportConfirmView.as_view(), name="report-confirm"
    ),
    path(tournament + "reports/reject/", reports.ReportRejectView.as_view(), name="report-reject"),
    path(tournament + "links/", reports.LinkListView.as_view(), name="link-list"),
    path(tournament + "links/revoke/", reports.LinkRevokeView.as_view(), name="link-revoke"),
    path(
        tournament + "team-rounds/pair/", teams.TeamRoundPairView.as_view(), name="team-round-pair"
    ),
    path(
        tournament + "board-results/",
        teams.BoardResultView.as_view(),
        name="board-result-create",
    ),
    path(
        tournament + "board-corrections/",
        teams.BoardCorrectionView.as_view(),
        name="board-correction-create",
    ),
    path(
        tournament + "match-forfeits/",
        teams.MatchForfeitView.as_view(),
        name="match-forfeit-create",
    ),
]
