"""The organisers' API of the players' reports and the private links (issue 21):
the reports to decide, confirm or reject one; the links, issue or revoke one.
Only a tournament's organisers read these (reports are no results, links are keys)."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.domain import bodies
from tournaments.domain.reports import PLAYER, ROLES, current_round, reported_boards
from tournaments.store import commands, private_links
from tournaments.store.queries import may_write

from .serializers import command_body
from .views import TournamentAPIView, write_schema


class ReportSerializer(serializers.Serializer):
    start_rank = serializers.IntegerField()
    result = serializers.CharField(help_text="White's side first.")
    seq = serializers.IntegerField(help_text="The result.reported event.")


class ReportedBoardSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    match = serializers.IntegerField(allow_null=True, help_text="A team event's match, else null.")
    board = serializers.IntegerField()
    white = serializers.IntegerField(help_text="Start rank.")
    black = serializers.IntegerField()
    conflict = serializers.BooleanField(help_text="The two players reported different results.")
    reports = ReportSerializer(many=True)


class LinkSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=ROLES)
    holder = serializers.IntegerField(help_text="Player id (player) or team number (captain).")
    url = serializers.CharField()


class _OrganisersOnly(TournamentAPIView):
    def check_organiser(self, request: Request, tournament_id: int) -> None:
        if not may_write(request.user, tournament_id):
            raise PermissionDenied("Only this tournament's organisers read these.")


class ReportListView(_OrganisersOnly):
    """The boards of a round with reports still to confirm."""

    serializer_class = ReportedBoardSerializer
    pagination_class = None

    @extend_schema(
        summary="Reported results to confirm",
        parameters=[OpenApiParameter("round", int, description="Default: the last paired.")],
        responses=ReportedBoardSerializer(many=True),
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        self.check_organiser(request, tournament_id)
        state = self.folded().state
        asked = request.query_params.get("round", "")
        if asked and not asked.isdigit():
            raise ValidationError({"round": ["A round number."]})
        number = int(asked) if asked else current_round(state)
        out = [
            {
                "round": number,
                "match": b.key[1],
                "board": b.key[2],
                "white": b.seats.white,
                "black": b.seats.black,
                "conflict": b.conflict,
                "reports": [
                    {"start_rank": rank, "result": r.result, "seq": r.seq}
                    for rank, r in sorted(b.reports.items())
                ],
            }
            for b in reported_boards(state, number)
        ]
        return Response(ReportedBoardSerializer(out, many=True).data)


class ReportConfirmView(TournamentAPIView):
    @write_schema(command_body(bodies.ConfirmReport), "Confirm a board's reports (its result)")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.confirm_report)


class ReportRejectView(TournamentAPIView):
    @write_schema(command_body(bodies.RejectReport), "Reject a board's reports")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.reject_report)


class LinkListView(_OrganisersOnly):
    """The live private links; organisers issue new ones (each replaces its holder's)."""

    serializer_class = LinkSerializer
    pagination_class = None

    @extend_schema(
        summary="Private links",
        parameters=[OpenApiParameter("role", str, enum=ROLES, description="Default: player.")],
        responses=LinkSerializer(many=True),
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        self.check_organiser(request, tournament_id)
        role = request.query_params.get("role", PLAYER)
        if role not in ROLES:
            raise ValidationError({"role": [f"One of {', '.join(ROLES)}."]})
        links = [
            {
                "role": role,
                "holder": holder,
                "url": request.build_absolute_uri(reverse("live:link", args=[token])),
            }
            for holder, token in sorted(private_links.tokens(tournament_id, role).items())
        ]
        return Response(LinkSerializer(links, many=True).data)

    @write_schema(command_body(bodies.IssueLinks, server_fields=("nonces",)), "Issue private links")
    def post(self, request: Request, tournament_id: int) -> Response:
        holders = self.body().get("holders")
        count = len(holders) if isinstance(holders, list) else 0
        # The nonces are the server's, whatever the body says.
        return self.run(commands.issue_links, nonces=private_links.new_nonces(count))


class LinkRevokeView(TournamentAPIView):
    @write_schema(command_body(bodies.RevokeLink), "Revoke a private link")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.revoke_link)
