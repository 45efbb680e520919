"""The organisers' API.  Thin: reads fold the event log (``store.queries``), writes run
a command (``commands``) with the request body as the event payload.

Every write answers 201 with the stored event; the same ``Idempotency-Key``
again answers with the event first stored.  Refusals: 400 naming the field,
409 ``{"detail", "current_seq"}`` on a stale ``expected_seq``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from django.contrib.auth.models import User
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from tiebreaks.prizes import prize_list_json
from tournaments.domain import bodies, decisions
from tournaments.domain.errors import msg, text_of
from tournaments.domain.events import payload_lookup
from tournaments.domain.pairing_preview import pairing_preview
from tournaments.domain.pairing_rules import confirm_repeats_of
from tournaments.domain.state import TournamentState
from tournaments.models import Event
from tournaments.store import commands, queries
from tournaments.store.commands import CommandError, Conflict, TournamentNotFound
from tournaments.store.events import summarise
from tournaments.store.pairing_check import served_check
from tournaments.store.refusals import translated, translated_errors
from tournaments.store.scheduling import schedule_round_robin
from tournaments.store.state_cache import current_state

from . import serializers as api
from .bodies import serializer_for
from .permissions import IsOrganiserOrReadOnly

IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="Any unique string (max 200); a retry with the same key stores nothing "
    "and answers with the event first stored.",
)
WRITE_RESPONSES = {
    201: api.EventSerializer,
    400: OpenApiResponse(description="Invalid: the body names each offending field."),
    401: OpenApiResponse(description="Not signed in."),
    403: OpenApiResponse(description="Not an organiser of this tournament."),
    404: OpenApiResponse(description="No such tournament."),
    409: api.ConflictSerializer,
}
_expected_seq_field = serializers.IntegerField(min_value=0, allow_null=True)


def write_schema(request: type[serializers.Serializer], summary: str) -> Any:
    return extend_schema(
        request=request, responses=WRITE_RESPONSES, parameters=[IDEMPOTENCY_KEY], summary=summary
    )


class TournamentAPIView(generics.GenericAPIView):
    # Maps the domain's refusals onto HTTP answers (no docstring: the schema
    # would show it as every endpoint's description).
    permission_classes = [IsOrganiserOrReadOnly]

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, CommandError):
            exc = ValidationError(translated_errors(exc))
        elif isinstance(exc, TournamentNotFound):
            exc = NotFound(str(exc))
        elif isinstance(exc, Conflict):
            return Response(
                {"detail": translated(text_of(exc)), "current_seq": exc.current_seq},
                status=status.HTTP_409_CONFLICT,
            )
        return super().handle_exception(exc)

    def folded(self) -> queries.FoldedTournament:
        return queries.load_tournament(self.kwargs["tournament_id"])

    def body(self) -> dict[str, Any]:
        if not isinstance(self.request.data, Mapping):
            raise ValidationError({"non_field_errors": ["Expected a JSON object."]})
        return dict(self.request.data.items())

    def author(self) -> User:
        """The user writing: the permission lets only signed-in users write."""
        return cast(User, self.request.user)

    def idempotency_key(self) -> str:
        key = self.request.headers.get("Idempotency-Key", "")
        if len(key) > 200:
            raise ValidationError({"Idempotency-Key": ["At most 200 characters."]})
        return key

    def run(
        self, command: Callable[..., Event], *, into: str | None = None, **payload: Any
    ) -> Response:
        """Run ``command`` (a ``commands.Command``) with the body (plus ``payload``; the
        body under the key ``into`` when given) and answer with its event."""
        body = self.body()
        try:
            expected_seq = _expected_seq_field.run_validation(body.pop("expected_seq", None))
        except serializers.ValidationError as exc:
            raise ValidationError({"expected_seq": exc.detail}) from exc
        event = command(
            self.kwargs["tournament_id"],
            {into: body, **payload} if into else {**body, **payload},
            author=self.author(),
            expected_seq=expected_seq,
            idempotency_key=self.idempotency_key(),
        )
        return created(event)


def created(event: Event) -> Response:
    return Response(api.EventSerializer(event).data, status=status.HTTP_201_CREATED)


class TournamentListView(TournamentAPIView):
    """Tournaments: anyone reads; any signed-in user creates one and becomes its organiser."""

    serializer_class = api.TournamentSummarySerializer

    @extend_schema(
        summary="List tournaments, newest first",
        responses=api.TournamentSummarySerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(queries.list_tournaments())
        return self.get_paginated_response(self.get_serializer(page, many=True).data)

    @extend_schema(
        request=serializer_for(bodies.CreateTournament),
        responses=WRITE_RESPONSES,
        parameters=[IDEMPOTENCY_KEY],
        summary="Create a tournament (you become its organiser)",
    )
    def post(self, request: Request) -> Response:
        event = commands.create_tournament(
            self.body(), author=self.author(), idempotency_key=self.idempotency_key()
        )
        return created(event)


class TournamentDetailView(TournamentAPIView):
    """A tournament folded from its event log (name, settings, progress)."""

    serializer_class = api.TournamentSerializer

    @extend_schema(summary="A tournament's settings and progress")
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(self.get_serializer(self.folded()).data)

    @extend_schema(
        request=serializer_for(bodies.CreateTournament),
        responses=WRITE_RESPONSES,
        parameters=[IDEMPOTENCY_KEY],
        summary="Change settings (the system, rule edition or acceleration only before "
        "round 1 is paired; never fewer rounds than paired)",
    )
    def patch(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.change_settings, into="changes")


class PlayerListView(TournamentAPIView):
    """The players; organisers register more (start rank: the next free one unless given)."""

    serializer_class = api.PlayerSerializer
    pagination_class = None

    @extend_schema(summary="Players by start rank", responses=api.PlayerSerializer(many=True))
    def get(self, request: Request, tournament_id: int) -> Response:
        players = sorted(self.folded().state.players.values(), key=lambda p: p.start_rank)
        return Response(self.get_serializer(players, many=True).data)

    @write_schema(api.RegisterPlayerRequest, "Register a player")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.register_player)


class PlayerDetailView(TournamentAPIView):
    """One player, by the id given at registration; organisers correct the data."""

    serializer_class = api.PlayerSerializer

    @extend_schema(summary="A player")
    def get(self, request: Request, tournament_id: int, player_id: int) -> Response:
        state = self.folded().state
        try:
            player = state.players[state.player_ids[player_id]]
        except KeyError:
            raise NotFound(f"no player has id {player_id}") from None
        return Response(self.get_serializer(player).data)

    @write_schema(api.EditPlayerRequest, "Correct a player's data (the fields given)")
    def patch(self, request: Request, tournament_id: int, player_id: int) -> Response:
        return self.run(commands.edit_player, into="changes", player_id=player_id)


class PlayerRankView(TournamentAPIView):
    """Pairing numbers, before round 1: by the C.04.2 initial ranking or as ordered."""

    @write_schema(api.RankPlayersRequest, "Give the players their pairing numbers")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.rank_players)


class CheckInView(TournamentAPIView):
    """Players marked present for a round not paired yet (or, ``present`` false, not);
    with the ``check_in`` setting only they are paired."""

    @write_schema(api.CheckInRequest, "Check players in for a round")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.check_in_players)


class ReinstatementView(TournamentAPIView):
    """A withdrawal undone: the player is paired again from a round not paired yet."""

    @write_schema(api.ReinstatePlayerRequest, "Undo a withdrawal from a round on")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.reinstate_player)


class WithdrawalView(TournamentAPIView):
    """Withdrawals: the player is absent from ``from_round`` on."""

    @write_schema(api.WithdrawPlayerRequest, "Withdraw a player from a round on")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.withdraw_player)


class ByeListView(TournamentAPIView):
    """Requested byes (half, zero or full point) for rounds not paired yet."""

    serializer_class = api.ByeSerializer
    pagination_class = None

    @extend_schema(summary="Requested byes", responses=api.ByeSerializer(many=True))
    def get(self, request: Request, tournament_id: int) -> Response:
        state = self.folded().state
        byes = [
            {
                "round": number,
                "start_rank": rank,
                "player_id": state.players[rank].player_id,
                "points": points,
            }
            for number, by_rank in sorted(state.requested_byes.items())
            for rank, points in sorted(by_rank.items())
        ]
        return Response(self.get_serializer(byes, many=True).data)

    @write_schema(api.RequestByeRequest, "Request a bye for a round not paired yet")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.request_bye)


class ByeDetailView(TournamentAPIView):
    """A requested bye of a round not paired yet, by round and player id."""

    @write_schema(api.CloseRoundRequest, "Cancel a requested bye")
    def delete(
        self, request: Request, tournament_id: int, round_number: int, player_id: int
    ) -> Response:
        return self.run(commands.cancel_bye, round=round_number, player_id=player_id)


class RoundListView(TournamentAPIView):
    """Rounds: organisers pair the next one with boards (white, black by start rank)
    and pairing-allocated byes."""

    serializer_class = api.RoundSerializer
    pagination_class = None

    @extend_schema(
        summary="Paired rounds with their boards", responses=api.RoundSerializer(many=True)
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        rounds = sorted(self.folded().state.rounds.values(), key=lambda r: r.number)
        return Response(self.get_serializer(rounds, many=True).data)

    @write_schema(api.PairRoundRequest, "Pair the next round")
    def post(self, request: Request, tournament_id: int) -> Response:
        # Every active player paired once, no repeat unless "confirm_repeats".
        confirm = confirm_repeats_of(self.body())
        return self.run(commands.pair_round_checked(confirm_repeats=confirm))


class RoundPairView(TournamentAPIView):
    """The next Swiss round paired by the FIDE Dutch system (or PAIRING_ENGINE)."""

    @extend_schema(
        request=api.PairNextRoundRequest,
        responses={**WRITE_RESPONSES, 409: api.PairingConflictSerializer},
        parameters=[
            IDEMPOTENCY_KEY,
            OpenApiParameter(
                "preview",
                OpenApiTypes.BOOL,
                description="Answer the pairing with names, ratings, points, colours and "
                "the rules it breaks, and the expected_seq to publish it with; store nothing.",
            ),
        ],
        summary="Pair the next round (Dutch system, or the boards given); ?preview=1 only shows it",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        body = self.body()
        try:
            asked = _round_field.run_validation(body["round"]) if "round" in body else None
        except serializers.ValidationError as exc:
            raise ValidationError({"round": exc.detail}) from exc
        preview = request.query_params.get("preview") in ("1", "true")
        if "boards" in body:
            state = self.folded().state
            payload = {
                "round": decisions.check_round_asked(state, asked),
                "boards": body["boards"],
                "byes": body.get("byes", []),
            }
            if preview:
                checked = bodies.RecordPairing.parse(payload).to_payload()
                return Response(_preview_answer(state, checked))
            command: Callable[..., Event] = commands.pair_round_checked(
                confirm_repeats=confirm_repeats_of(body)
            )
        elif preview:
            state = self.folded().state
            paired = commands.preview_next_round(state, asked)
            return Response(_preview_answer(state, paired.to_payload()))
        else:
            payload = {}

            # Decided on the state it is stored after; a retry with its key finds the
            # round it paired and answers that event, instead of pairing the next.
            def pair_next(tid: int, _body: Any, **options: Any) -> Event:
                return commands.pair_next_round(tid, asked=asked, **options)

            command = pair_next

        try:
            return self.run(command, **payload)
        except Conflict as exc:
            # The round published already (another tab): that is the answer, not a preview.
            decisions.check_round_asked(queries.load_tournament(tournament_id).state, asked)
            return _stale_pairing(tournament_id, exc)


_round_field = serializers.IntegerField(min_value=1, max_value=99)


def _preview_answer(state: TournamentState, payload: dict[str, Any]) -> dict[str, Any]:
    """The pairing as the API gave it (start ranks), the preview to check it by, and
    the seq to publish it with."""
    return {
        "round": payload["round"],
        "boards": [{"white": b["white"], "black": b["black"]} for b in payload["boards"]],
        "byes": list(payload["byes"]),
        "preview": pairing_preview(state, payload).to_json(),
        "expected_seq": state.last_seq,
    }


def _stale_pairing(tournament_id: int, conflict: Conflict) -> Response:
    """409: the preview published is stale; the answer holds the pairing now and what
    was appended since the preview (so the page can say "a withdrawal arrived")."""
    state = queries.load_tournament(tournament_id).state
    stale = text_of(conflict)
    try:
        paired = commands.preview_next_round(state)
        preview: dict[str, Any] | None = _preview_answer(state, paired.to_payload())
        detail = msg("%(conflict)s: something was stored since your preview.", conflict=stale)
    except CommandError as exc:
        preview = None
        detail = msg(
            "%(conflict)s: something was stored since your preview. No pairing now: %(reason)s.",
            conflict=stale,
            reason=exc.message,
        )
    since = Event.objects.filter(tournament_id=tournament_id, seq__gt=conflict.expected_seq or 0)
    body = {
        "detail": translated(detail),
        "current_seq": conflict.current_seq,
        "preview": preview,
        "since": [f"#{e.seq} {translated(summarise(e))}" for e in since.order_by("seq")[:50]],
    }
    return Response(body, status=status.HTTP_409_CONFLICT)


class PairingCheckView(TournamentAPIView):
    """Every round re-derived from the event log: a Swiss round paired again by the
    built-in Dutch engine from the tournament as it stood before the round, a round
    robin's rounds checked against the Berger tables (docs/arbiter/pairing-tools.md).
    Only cached verdicts are served; a round without one is "pending" while the
    verdicts' task computes it."""

    serializer_class = api.PairingCheckSerializer

    @extend_schema(
        summary="Re-derive every round's pairing from the event log",
        description="A Swiss round's verdict is computed once, by a background task, after "
        'the round is paired; until it is there the round is `"status": "pending"` with its '
        "verdict fields null, and asking again later gives the verdict.",
        responses={
            200: api.PairingCheckSerializer,
            404: OpenApiResponse(description="No such tournament."),
        },
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        rounds = served_check(tournament_id)
        system = current_state(tournament_id).settings.system.value
        return Response(self.get_serializer({"system": system, "rounds": rounds}).data)


class ScheduleRequest(serializers.Serializer):
    swap_last_two = serializers.BooleanField(
        default=False,
        help_text="Double round robin: exchange the last two rounds of the first cycle, as "
        "C.05 Annex 1 recommends, so nobody has the same colour three times running.",
    )


class ScheduledSerializer(serializers.Serializer):
    rounds = serializers.IntegerField(help_text="Rounds paired.")
    first_seq = serializers.IntegerField()
    last_seq = serializers.IntegerField()


class ScheduleView(TournamentAPIView):
    """Pairs every round of a round robin from the Berger tables, in one go."""

    @extend_schema(
        summary="Pair a round robin's whole schedule (FIDE Berger tables)",
        request=ScheduleRequest,
        responses={**WRITE_RESPONSES, 201: ScheduledSerializer},
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        body = ScheduleRequest(data=self.body())
        body.is_valid(raise_exception=True)
        events = schedule_round_robin(
            tournament_id, swap_last_two=body.validated_data["swap_last_two"], author=self.author()
        )
        summary = {"rounds": len(events), "first_seq": events[0].seq, "last_seq": events[-1].seq}
        return Response(ScheduledSerializer(summary).data, status=status.HTTP_201_CREATED)


class RoundDetailView(TournamentAPIView):
    """One round's boards, results and byes."""

    serializer_class = api.RoundSerializer

    @extend_schema(summary="One round's boards and results")
    def get(self, request: Request, tournament_id: int, round_number: int) -> Response:
        try:
            rnd = self.folded().state.rounds[round_number]
        except KeyError:
            raise NotFound(f"round {round_number} is not paired") from None
        return Response(self.get_serializer(rnd).data)


class RoundUnpairView(TournamentAPIView):
    """Cancelling the last round paired, while none of its boards has a result."""

    @write_schema(api.CloseRoundRequest, "Cancel a round without results")
    def post(self, request: Request, tournament_id: int, round_number: int) -> Response:
        return self.run(commands.unpair_round, round=round_number)


class RoundCloseView(TournamentAPIView):
    """Closing a round once every board has a result."""

    @write_schema(api.CloseRoundRequest, "Close a round whose boards all have results")
    def post(self, request: Request, tournament_id: int, round_number: int) -> Response:
        return self.run(commands.close_round, round=round_number)


class ResultView(TournamentAPIView):
    """A board's first result; a board that has one needs a correction."""

    @write_schema(api.RecordResultRequest, "Record a board's result")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.record_result)


class CorrectionView(TournamentAPIView):
    """A correction replaces a board's result; the original stays in the event log."""

    @write_schema(api.CorrectResultRequest, "Correct a recorded result, with a reason")
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.run(commands.correct_result)


class EventListView(TournamentAPIView):
    """The append-only event log, oldest first, filtered by ``round``, ``kind``
    or ``since`` (a seq)."""

    serializer_class = api.EventSerializer

    @extend_schema(
        parameters=[api.EventFilterSerializer],
        responses=api.EventSerializer(many=True),
        summary="The event log, by seq",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        filters = api.EventFilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        if not Event.objects.filter(tournament_id=tournament_id).exists():
            raise TournamentNotFound(tournament_id)
        events = self._filtered(tournament_id, filters.validated_data)
        page = self.paginate_queryset(events)
        return self.get_paginated_response(self.get_serializer(page, many=True).data)

    @staticmethod
    def _filtered(tournament_id: int, filters: dict[str, Any]) -> Any:
        events = Event.objects.filter(tournament_id=tournament_id).select_related("author")
        if "round" in filters:
            events = events.filter(**{payload_lookup("round"): filters["round"]})
        if "kind" in filters:
            events = events.filter(kind=filters["kind"])
        if "since" in filters:
            events = events.filter(seq__gt=filters["since"])
        return events.order_by("seq")


class PrizeListView(TournamentAPIView):
    """The prize list (PRIZES.json, docs/prizes.md): anyone reads it, organisers set
    it (each PUT is a ``prizes.set`` event replacing the list before)."""

    @extend_schema(
        summary="The prize list, spelled out (404 until one is set)",
        responses={200: OpenApiTypes.OBJECT, 404: OpenApiResponse(description="No prize list.")},
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        definition = self.folded().state.prize_list
        if definition is None:
            raise NotFound(f"tournament {tournament_id} has no prize list yet")
        return Response(prize_list_json(definition))

    @extend_schema(
        request=OpenApiTypes.OBJECT,
        responses=WRITE_RESPONSES,
        parameters=[IDEMPOTENCY_KEY],
        summary="Set the prize list (PRIZES.json; 400 names the first wrong field)",
    )
    def put(self, request: Request, tournament_id: int) -> Response:
        return self.run(
            lambda tid, body, **options: commands.set_prize_list(
                tid, {"definition": body}, **options
            )
        )
