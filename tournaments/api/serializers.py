"""API representations of folded tournaments and stored events, and the
documented request bodies (an event payload plus ``expected_seq``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.domain import bodies
from tournaments.domain.events import EventKind, schema_version
from tournaments.domain.pairing_origin import RoundVerdict
from tournaments.domain.shapes import Body
from tournaments.models import Event
from tournaments.store.events import payload_of
from tournaments.store.pairing_check import PendingVerdict

from .bodies import serializer_for


def command_body(
    body: type[Body] | None, server_fields: tuple[str, ...] = ()
) -> type[serializers.Serializer]:
    """A command's request body: its fields (none: ``None``) but the ``server_fields``
    the server fills in, plus ``expected_seq``."""
    schema = serializer_for(body) if body else serializers.Serializer
    name = f"{body.__name__ if body else 'Empty'}Request"
    expected_seq = serializers.IntegerField(
        min_value=0,
        required=False,
        help_text="The seq the client last saw; a different current seq answers 409.",
    )
    # DRF leaves out a declared field its subclass sets to None.
    attrs = {"expected_seq": expected_seq, "__module__": __name__, **dict.fromkeys(server_fields)}
    return type(name, (schema,), attrs)


RegisterPlayerRequest = command_body(bodies.RegisterPlayer)
WithdrawPlayerRequest = command_body(bodies.WithdrawPlayer)
RequestByeRequest = command_body(bodies.RequestBye)
PairRoundRequest = command_body(bodies.RecordPairing)
RecordResultRequest = command_body(bodies.RecordResult)
CorrectResultRequest = command_body(bodies.CorrectResult)
CloseRoundRequest = command_body(None)
EditPlayerRequest = command_body(bodies.PlayerChanges)
RankPlayersRequest = command_body(bodies.RankPlayers)
ReinstatePlayerRequest = command_body(bodies.ReinstatePlayer)
CheckInRequest = command_body(bodies.CheckInPlayers)


class PairNextRoundRequest(serializers.Serializer):
    """Pair the next round by the engine, or store the boards given (edited by hand)."""

    round = serializers.IntegerField(
        min_value=1, required=False, help_text="The round meant: refused unless it is the next."
    )
    expected_seq = serializers.IntegerField(
        min_value=0,
        required=False,
        help_text="The seq of the preview published; a different current seq answers 409 "
        "with the current preview.",
    )
    boards = serializer_for(bodies.PairingBoard)(
        many=True, required=False, help_text="Boards edited by hand; omit for the engine's."
    )
    byes = serializers.ListField(child=serializers.IntegerField(min_value=1), required=False)
    confirm_repeats = serializers.BooleanField(
        required=False, help_text="With boards: allow a pairing of two players who met."
    )


class PairingConflictSerializer(serializers.Serializer):
    detail = serializers.CharField()
    current_seq = serializers.IntegerField()
    preview = serializers.DictField(
        allow_null=True, help_text="The pairing the engine makes now (null: none possible)."
    )
    since = serializers.ListField(
        child=serializers.CharField(), help_text="What was appended since the seq expected."
    )


class EventSerializer(serializers.ModelSerializer):
    """A stored event, its payload read at the kind's current schema version."""

    tournament = serializers.IntegerField(source="tournament_id", read_only=True)
    author: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True
    )
    schema_version = serializers.SerializerMethodField()
    payload = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = ["tournament", "seq", "kind", "schema_version", "payload", "author", "created_at"]

    def get_schema_version(self, event: Event) -> int:
        return schema_version(event.kind)

    def get_payload(self, event: Event) -> dict[str, Any]:
        return payload_of(event)


class ConflictSerializer(serializers.Serializer):
    detail = serializers.CharField()
    current_seq = serializers.IntegerField()


class EventFilterSerializer(serializers.Serializer):
    """Query parameters of the event log."""

    round = serializers.IntegerField(min_value=1, required=False)
    kind = serializers.ChoiceField(choices=[kind.value for kind in EventKind], required=False)
    since = serializers.IntegerField(
        min_value=0, required=False, help_text="Only events with a greater seq."
    )


class TournamentFieldsSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    version = serializers.IntegerField(help_text="Seq of the last event.")
    rounds = serializers.IntegerField()
    system = serializers.CharField()
    rules = serializers.CharField()


class TournamentSummarySerializer(TournamentFieldsSerializer):
    created_at = serializers.DateTimeField()


class TournamentSerializer(TournamentFieldsSerializer):
    """A folded tournament's settings and progress."""

    tiebreaks = serializers.ListField(child=serializers.CharField())
    scoring = serializer_for(bodies.ScoringSettings)(source="state.settings.scoring")
    players = serializers.SerializerMethodField(help_text="Players registered.")
    rounds_paired = serializers.IntegerField(source="state.last_paired_round")
    unrated_rating = serializers.IntegerField(
        source="state.settings.unrated_rating",
        allow_null=True,
        help_text="Rating of unrated players in rating-based tie-breaks; null: left out.",
    )
    acceleration = serializers.CharField(
        source="state.settings.acceleration",
        help_text='Swiss acceleration (C.04.5): "baku", or "" for none.',
    )

    initial_colour = serializers.CharField(
        source="state.settings.initial_colour",
        help_text='Round 1\'s first colour (TRF XXC): "white1", "black1", or "" for the '
        "server's default.",
    )
    check_in = serializers.BooleanField(
        source="state.settings.check_in", help_text="Only the players checked in are paired."
    )
    max_half_byes = serializers.IntegerField(
        source="state.settings.max_half_byes",
        allow_null=True,
        help_text="C.04.2: the most half-point byes per player; null: no limit.",
    )
    no_half_byes_in = serializers.ListField(
        source="state.settings.no_half_byes_in",
        child=serializers.IntegerField(),
        help_text="C.04.2: the rounds without half-point byes.",
    )
    kind = serializers.CharField(source="state.settings.kind", help_text='"individual" or "team".')
    boards = serializers.IntegerField(
        source="state.settings.boards", help_text="A team event's boards per match (0: none)."
    )
    lineup_order = serializers.CharField(
        source="state.settings.lineup_order",
        help_text='A team event\'s line-up order: "roster", "rating" or "free".',
    )
    lineup_tolerance = serializers.IntegerField(
        source="state.settings.lineup_tolerance",
        allow_null=True,
        help_text='With "rating": the tolerance in rating points.',
    )
    colour_type = serializers.CharField(
        source="state.settings.colour_type",
        help_text='A team Swiss\'s C.04.6 colour-preference type: "A", "B" or "none".',
    )
    primary_score = serializers.CharField(
        source="state.settings.primary_score",
        help_text='A team event\'s primary score (C.07 11.1): "MP" or "GP".',
    )
    colour_sequence = serializers.CharField(
        source="state.settings.colour_sequence",
        help_text="A team event's TRF26 352: the first-named team's colours down the boards "
        '("WB": alternating).',
    )
    pab_match_points = serializers.CharField(
        source="state.settings.pab_match_points",
        allow_null=True,
        help_text="A team event's pairing-allocated bye in match points (null: a drawn match's).",
    )
    pab_game_points = serializers.CharField(
        source="state.settings.pab_game_points",
        allow_null=True,
        help_text="A team event's pairing-allocated bye in game points (null: a drawn match's).",
    )

    def get_players(self, tournament: Any) -> int:
        return len(tournament.state.players)


class PlayerSerializer(serializers.Serializer):
    player_id = serializers.IntegerField(help_text="Given at registration; never changes.")
    start_rank = serializers.IntegerField(help_text="The pairing number.")
    name = serializers.CharField()
    rating = serializers.IntegerField()
    title = serializers.CharField()
    federation = serializers.CharField()
    fide_id = serializers.CharField()
    sex = serializers.CharField()
    birth_date = serializers.CharField()
    club = serializers.CharField()
    withdrawn_from = serializers.IntegerField(allow_null=True)
    first_round = serializers.IntegerField(
        help_text="The first round the player could be paired in: 1, or a late entry's "
        "(the rounds before it are byes)."
    )


class BoardSerializer(serializers.Serializer):
    board = serializers.IntegerField(source="number")
    white = serializers.IntegerField()
    black = serializers.IntegerField()
    result = serializers.CharField(allow_null=True)
    result_seq = serializers.IntegerField(
        allow_null=True, help_text="The event that set the result (pass it as supersedes)."
    )


class RoundSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="number")
    closed = serializers.BooleanField()
    complete = serializers.BooleanField(help_text="Every board has a result.")
    boards = BoardSerializer(many=True)
    byes = serializers.ListField(
        child=serializers.IntegerField(), help_text="Pairing-allocated byes."
    )


class ByeSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    start_rank = serializers.IntegerField()
    player_id = serializers.IntegerField()
    points = serializers.CharField()


VERDICT_STATUSES = ["checked", "pending"]


class RoundVerdictSerializer(serializers.Serializer):
    """One round of the pairing check (``domain.pairing_origin.RoundVerdict``, or
    ``store.pairing_check.PendingVerdict`` while its verdict is being computed)."""

    round = serializers.IntegerField()
    seq = serializers.IntegerField(help_text="The round.paired event checked.")
    # A PendingVerdict has none of the verdict's fields below: they read as null.
    status = serializers.SerializerMethodField(
        help_text='"pending": the verdict is being computed after the pairing (a Swiss '
        "round of a big event takes seconds); the fields below are null until a later "
        "request finds it."
    )
    verdict = serializers.CharField(
        allow_null=True,
        help_text='Swiss: "as the engine pairs", "edited by hand: <the checker\'s findings>" '
        'or "differs: <boards> (the engine: <boards>); first criterion: <C.04.3 rule>". '
        'Round robin: "as the Berger tables schedule" or "differs: <boards> (the tables: ...)".',
    )
    identical = serializers.BooleanField(
        allow_null=True,
        help_text="The boards are the engine's (or the Berger tables') exactly.",
    )
    input_digest = serializers.ChoiceField(
        ["matches", "differs", "not recorded"],
        allow_null=True,
        help_text="The digest the event recorded of its input, against the log's.",
    )
    engine = serializers.CharField(
        allow_null=True, help_text="The engine recorded (empty: not recorded)."
    )
    by_hand = serializers.BooleanField(allow_null=True, help_text="An organiser gave the boards.")

    @extend_schema_field(serializers.ChoiceField(VERDICT_STATUSES))
    def get_status(self, verdict: RoundVerdict | PendingVerdict) -> str:
        return "pending" if isinstance(verdict, PendingVerdict) else "checked"


class PairingCheckSerializer(serializers.Serializer):
    system = serializers.CharField()
    rounds = RoundVerdictSerializer(many=True)
