"""The organisers' API of a team event (issue 22): teams and rosters, line-ups,
rounds of matches, board results, corrections and match forfeits.  Thin, as
``views``: reads fold the event log, writes run a command."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.domain import bodies
from tournaments.domain.teams import match_boards, match_score
from tournaments.store import commands
from tournaments.store.queries import FoldedTournament, may_write

from .serializers import PlayerSerializer, command_body
from .views import TournamentAPIView, write_schema


class TeamSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="Pairing number (registration order).")
    name = serializers.CharField()
    short_name = serializers.CharField()
    federation = serializers.CharField(help_text="Federation or club.")
    captain = serializers.CharField()
    strength = serializers.CharField(help_text='The TRF26 310 strength factor as given ("": none).')
    roster = serializers.SerializerMethodField(help_text="Players in board order, reserves last.")
    withdrawn_from = serializers.IntegerField(
        allow_null=True, help_text="The first round the team no longer plays; null: it plays."
    )
    byes = serializers.SerializerMethodField(
        help_text='Requested byes: round -> "half", "zero" or "full".'
    )

    def get_roster(self, team: Any) -> list[dict[str, Any]]:
        players = self.context["folded"].state.players
        return [dict(PlayerSerializer(players[rank]).data) for rank in team.roster]

    def get_byes(self, team: Any) -> dict[str, str]:
        byes = self.context["folded"].state.team_byes
        return {str(r): points[team.number] for r, points in byes.items() if team.number in points}


class MatchBoardSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    white_team = serializers.IntegerField(help_text="The team whose player has White.")
    white = serializers.IntegerField(allow_null=True, help_text="Start rank; null: empty board.")
    black = serializers.IntegerField(allow_null=True)
    result = serializers.CharField(allow_null=True)
    implied = serializers.BooleanField(help_text="A forfeit because a seat is empty.")
    rated = serializers.BooleanField(help_text="False: a game played but not rated (TRF W/D/L).")


class MatchSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    white = serializers.IntegerField(help_text="The team with White on board 1.")
    black = serializers.IntegerField()
    forfeit = serializers.CharField(allow_null=True)
    score = serializers.ListField(
        child=serializers.CharField(), help_text="Game points so far, white team first."
    )
    boards = MatchBoardSerializer(many=True, help_text="Empty until both line-ups are in.")
    result_seqs = serializers.DictField(
        child=serializers.IntegerField(), help_text="Board -> the event that set its result."
    )


class TeamRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    matches = MatchSerializer(many=True)
    byes = serializers.ListField(child=serializers.IntegerField())
    lineups = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField(allow_null=True)),
        help_text="Team -> start ranks by board.",
    )


def team_rounds(folded: FoldedTournament, organiser: bool) -> list[dict[str, Any]]:
    """Every paired round with its matches, boards, scores and line-ups (for others
    than its organisers, only the line-ups of the rounds that have started)."""
    state = folded.state
    lineups_shown = state.lineups if organiser else state.public_lineups
    out = []
    for number, rnd in sorted(state.team_rounds.items()):
        matches = []
        for match in rnd.matches:
            score = match_score(state, number, match)
            matches.append(
                {
                    "match": match.number,
                    "white": match.white,
                    "black": match.black,
                    "forfeit": match.forfeit,
                    "score": [str(score[match.white]), str(score[match.black])],
                    "boards": match_boards(
                        match,
                        lineups_shown,
                        number,
                        state.settings.boards,
                        state.settings.colour_sequence,
                    ),
                    "result_seqs": {str(b): seq for b, (_, seq) in match.results.items()},
                }
            )
        lineups = {
            str(team): list(players)
            for (r, team), players in sorted(lineups_shown.items())
            if r == number
        }
        out.append({"round": number, "matches": matches, "byes": rnd.byes, "lineups": lineups})
    return out


class TeamListView(TournamentAPIView):
    """A team event's teams with their rosters; organisers register more."""

    serializer_class = TeamSerializer
    pagination_class = None

    @extend_schema(summary="Teams by pairing number", responses=TeamSerializer(many=True))
    def get(self, request: Request, tournament_id: int) -> Response:
        folded = self.folded()
        teams = sorted(folded.state.teams.values(), key=lambda t: t.number)
        return Response(TeamSerializer(teams, many=True, context={"folded": folded}).data)

    @write_schema(command_body(bodies.RegisterTeam), "Register a team and its players")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.register_team)


class RosterView(TournamentAPIView):
    """A team's roster replaced (players by start rank, or new ones with their data)."""

    @write_schema(command_body(bodies.EditRoster), "Replace a team's roster")
    def post(self, request: Request, tournament_id: int, team: int) -> Response:
        return self.run(commands.edit_roster, team=team)


class TeamView(TournamentAPIView):
    """A team's name, short name, federation or club and captain corrected (the
    fields given)."""

    @write_schema(command_body(bodies.TeamChanges), "Correct a team's data")
    def patch(self, request: Request, tournament_id: int, team: int) -> Response:
        return self.run(commands.edit_team, into="changes", team=team)


class TeamWithdrawalView(TournamentAPIView):
    """A team withdrawn from a round on: not paired in that round or any later one."""

    @write_schema(command_body(bodies.WithdrawTeam), "Withdraw a team")
    def post(self, request: Request, tournament_id: int, team: int) -> Response:
        return self.run(commands.withdraw_team, team=team)


class TeamReinstatementView(TournamentAPIView):
    """A withdrawn team playing again from the first round not paired yet."""

    @write_schema(command_body(bodies.ReinstateTeam), "Undo a team's withdrawal")
    def post(self, request: Request, tournament_id: int, team: int) -> Response:
        return self.run(commands.reinstate_team, team=team)


class BoardPrizeSettingsView(TournamentAPIView):
    """The board prizes' order and minimum of games: the public board prize page's
    and API's defaults (a reader's ``?order=`` and ``?min_games=`` override them)."""

    @write_schema(command_body(bodies.SetBoardPrizes), "Set the board prize rules")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.set_board_prizes)


class TeamByeView(TournamentAPIView):
    """A team's half-, zero- or full-point bye in a Swiss round not paired yet."""

    @write_schema(command_body(bodies.RequestTeamBye), "Request a team bye")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.request_team_bye)


class TeamByeCancellationView(TournamentAPIView):
    """A team's requested bye cancelled, while its round is not paired."""

    @write_schema(command_body(bodies.CancelTeamBye), "Cancel a team bye")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.cancel_team_bye)


class TeamRankingView(TournamentAPIView):
    """The teams' pairing numbers before round 1: by rating, or in the order given."""

    @write_schema(command_body(bodies.RankTeams), "Give the teams pairing numbers")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.rank_teams)


class LineupView(TournamentAPIView):
    """A team's line-up for a round: players by board, from the roster in roster order."""

    @write_schema(command_body(bodies.SubmitLineup), "Submit a line-up")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.submit_lineup)


class TeamRoundListView(TournamentAPIView):
    """Rounds of matches; organisers pair the next one as given."""

    serializer_class = TeamRoundSerializer
    pagination_class = None

    @extend_schema(
        summary="Rounds with matches and boards", responses=TeamRoundSerializer(many=True)
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        organiser = may_write(request.user, tournament_id)
        rounds = team_rounds(self.folded(), organiser)
        return Response(TeamRoundSerializer(rounds, many=True).data)

    @write_schema(command_body(bodies.PairTeamRound), "Pair the next round as given")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.pair_team_round)


class TeamRoundStartView(TournamentAPIView):
    """Mark a paired round started: its line-ups become public (issue 21)."""

    @write_schema(command_body(bodies.StartTeamRound), "Mark a round started")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.start_team_round)


class TeamRoundPairView(TournamentAPIView):
    """The next round by the system: Berger tables or the team Swiss (C.04.6)."""

    @write_schema(command_body(bodies.PairNextTeamRound), "Pair the next round")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.pair_next_team_round)


class BoardResultView(TournamentAPIView):
    @write_schema(command_body(bodies.RecordBoardResult), "Record a board's result")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.record_board_result)


class BoardCorrectionView(TournamentAPIView):
    @write_schema(command_body(bodies.CorrectBoardResult), "Correct a board's result")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.correct_board_result)


class MatchForfeitView(TournamentAPIView):
    @write_schema(command_body(bodies.ForfeitMatch), "Forfeit a whole match")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.forfeit_match)
