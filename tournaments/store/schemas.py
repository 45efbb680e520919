"""The payload schema of each event kind at its current version.

``validate(schema, data)`` (``events.validate_payload(kind, data)``) checks the
shape of a command's body (types, ranges, choices) and returns the payload to
store; checks against the tournament's state (is that player known? is the
board paired?) are the commands' job.  The same serializers document the API's request bodies.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from pairings.acceleration import BAKU, standard_scoring
from tiebreaks.errors import TieBreakError
from tiebreaks.model import Scoring, System, TournamentResults
from tiebreaks.prizes import PrizeError, parse_prize_list, prize_list_json
from tiebreaks.standings import DEFAULT_RULES, RULES, compute_standings
from tiebreaks.teams.boards import BoardOrder
from tiebreaks.teams.standings import ROUND_ROBIN_DEFAULT, SWISS_DEFAULT, parse_team_code
from tournaments.domain.errors import CommandError
from tournaments.domain.reports import ROLES
from tournaments.domain.state import BYE_POINTS, RESULTS, SYSTEMS, scoring_from_payload
from tournaments.domain.teams import INDIVIDUAL, KINDS, MATCH_FORFEITS, TEAM

TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")
MAX_ROUNDS = 99
# TRF writes start ranks in four columns.
MAX_START_RANK = 9999
MAX_POINTS = 100
MAX_BOARDS = 64
MAX_ROSTER = 64
# What Fraction reads, with an exponent of at most three digits (str() of a float uses one).
_POINTS_TEXT = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,3})?|[+-]?\d+/\d+")
_DEFAULT_SCORING = Scoring().as_texts()


@extend_schema_field(OpenApiTypes.STR)
class PointsField(serializers.Field):
    """Points as an exact fraction: 1, 0.5, "1/2" or "3"; stored as a string like "1/2"."""

    default_error_messages = {
        "invalid": 'Expected points such as 1, 0.5 or "1/2".',
        "negative": "Points cannot be negative.",
        "too_large": f"Points cannot exceed {MAX_POINTS}.",
    }

    def to_internal_value(self, data: Any) -> str:
        if isinstance(data, bool) or not isinstance(data, int | float | str):
            self.fail("invalid")
        text = str(data).strip()
        # Fraction("1e999999999") would spend minutes building the number.
        if not _POINTS_TEXT.fullmatch(text):
            self.fail("invalid")
        try:
            value = Fraction(text)
        except (ValueError, ZeroDivisionError):
            self.fail("invalid")
        if value < 0:
            self.fail("negative")
        if value > MAX_POINTS:
            self.fail("too_large")
        return str(value)

    def to_representation(self, value: Any) -> str:
        return str(value)


def _points(name: str, help_text: str) -> PointsField:
    return PointsField(default=_DEFAULT_SCORING[name], help_text=help_text, required=False)


class ScoringSerializer(serializers.Serializer):
    win = _points("win", "Points for a game won.")
    draw = _points("draw", "Points for a game drawn.")
    loss = _points("loss", "Points for a game lost.")
    forfeit_win = _points("forfeit_win", "Points for a forfeit win (+).")
    forfeit_loss = _points("forfeit_loss", "Points for a forfeit loss (-).")
    pab = _points("pab", "Points for a pairing-allocated bye.")
    fpb = _points("fpb", "Points for a full-point bye.")
    hpb = _points("hpb", "Points for a requested half-point bye.")
    zpb = _points("zpb", "Points for a requested zero-point bye or an absence.")


class TournamentDetailsSerializer(serializers.Serializer):
    """What spectators read about the event (issue #12); every field optional."""

    start_date = serializers.DateField(required=False)
    end_date = serializers.DateField(required=False)
    place = serializers.CharField(max_length=200, required=False)
    federation = serializers.RegexField(
        r"^[A-Z]{3}$", required=False, help_text="The organising federation's FIDE code (TRF 032)."
    )
    time_control = serializers.CharField(max_length=200, required=False)
    chief_arbiter = serializers.CharField(max_length=200, required=False)
    deputy_arbiters = serializers.ListField(
        child=serializers.CharField(max_length=200),
        max_length=20,
        required=False,
        help_text="Deputy chief arbiters, one name each (TRF 112).",
    )
    round_dates = serializers.ListField(
        child=serializers.DateField(allow_null=True),
        max_length=MAX_ROUNDS,
        required=False,
        help_text="Date of each round from round 1 (null where unknown).",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        # Stored as ISO text: the payload is JSON.
        for key in ("start_date", "end_date"):
            if key in attrs:
                attrs[key] = attrs[key].isoformat()
        if "round_dates" in attrs:
            dates = [d and d.isoformat() for d in attrs.pop("round_dates")]
            # Unknown dates at the end say nothing (and a TRF 132 record cannot keep them).
            while dates and dates[-1] is None:
                dates.pop()
            if dates:
                attrs["round_dates"] = dates
        return attrs


class MatchPointsSerializer(serializers.Serializer):
    win = PointsField(default="2", required=False, help_text="Match points for a match won.")
    draw = PointsField(default="1", required=False, help_text="Match points for a match drawn.")
    loss = PointsField(default="0", required=False, help_text="Match points for a match lost.")


class TournamentCreatedSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    rounds = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)
    system = serializers.ChoiceField(choices=SYSTEMS, default=System.SWISS.value)
    scoring = ScoringSerializer(required=False)
    rules = serializers.ChoiceField(
        choices=RULES,
        default=DEFAULT_RULES,
        help_text="The FIDE C.07 edition; frozen for the whole tournament.",
    )
    tiebreaks = serializers.ListField(
        child=serializers.CharField(max_length=40),
        required=False,
        max_length=12,
        help_text='Ordered tie-break codes, e.g. ["BH/C1", "BH", "SB"]. '
        "Empty: the engine's default for the system, frozen at creation. "
        "NONFIDE_SB_TOP is a gaming platform's variant, not a FIDE tie-break.",
    )
    # Issue 8, ruling 6: omitted (the default) leaves unrated opponents out of Art. 10.
    unrated_rating = serializers.IntegerField(
        min_value=1,
        max_value=4000,
        required=False,
        help_text="The rating unrated players count with in the rating-based tie-breaks "
        "(ARO, TPR, PTP, APRO, APPO, RTNG; C.07 10). Omit to leave unrated opponents out.",
    )
    # The organiser's choice per tournament; omitted (the default): no acceleration.
    acceleration = serializers.ChoiceField(
        choices=[BAKU],
        required=False,
        help_text="Swiss pairings with virtual points in the first rounds: "
        '"baku" (C.04.5.1, standard 1 - 1/2 - 0 scoring only). Omit for none.',
    )
    details = TournamentDetailsSerializer(required=False)
    initial_colour = serializers.ChoiceField(
        choices=("white1", "black1"),
        required=False,
        help_text="Round 1's first colour (TRF XXC): the top player of round 1 has White "
        '("white1") or Black ("black1"). Omit for the server\'s default.',
    )
    check_in = serializers.BooleanField(
        required=False,
        help_text="Pair only the players checked in for a round (POST check-ins/); "
        "the others are absent.",
    )
    max_half_byes = serializers.IntegerField(
        min_value=0,
        max_value=MAX_ROUNDS,
        required=False,
        help_text="C.04.2: the most half-point byes a player may request. Omit for no limit.",
    )
    no_half_byes_in = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS),
        required=False,
        max_length=MAX_ROUNDS,
        help_text="C.04.2: the rounds in which no half-point bye may be requested "
        "(typically the last).",
    )
    confirm_matching_reports = serializers.BooleanField(
        required=False,
        help_text="true: two matching reports of a game by its players record the result "
        "without the organiser (issue 21). Omit for the organiser to confirm every report.",
    )
    kind = serializers.ChoiceField(
        choices=KINDS,
        default=INDIVIDUAL,
        help_text='"team": teams of `boards` players meet in matches; fixed at creation.',
    )
    boards = serializers.IntegerField(
        min_value=1,
        max_value=MAX_BOARDS,
        required=False,
        help_text="A team event: the boards of a match (required).",
    )
    match_points = MatchPointsSerializer(
        required=False, help_text="A team event: match points for a won, drawn, lost match."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "scoring" not in attrs:
            attrs["scoring"] = dict(_DEFAULT_SCORING)
        if attrs["kind"] == TEAM:
            return _team_settings(attrs)
        for team_only in ("boards", "match_points"):
            if team_only in attrs:
                raise serializers.ValidationError({team_only: "applies to a team event only"})
        del attrs["kind"]  # an individual event's payload stays as it always was
        late = [n for n in attrs.get("no_half_byes_in", ()) if n > attrs["rounds"]]
        if late:
            raise serializers.ValidationError(
                {"no_half_byes_in": f"round {late[0]} is after the last round ({attrs['rounds']})"}
            )
        if "no_half_byes_in" in attrs:
            attrs["no_half_byes_in"] = sorted(set(attrs["no_half_byes_in"]))
        if "acceleration" in attrs:
            if attrs["system"] != System.SWISS.value:
                raise serializers.ValidationError(
                    {"acceleration": "acceleration applies to a Swiss only"}
                )
            if not standard_scoring(scoring_from_payload(attrs["scoring"])):
                raise serializers.ValidationError(
                    {"acceleration": "Baku acceleration needs the standard 1 - 1/2 - 0 scoring"}
                )
        attrs["tiebreaks"] = _checked_tiebreaks(
            attrs.get("tiebreaks") or [], attrs["rules"], System(attrs["system"]), attrs["rounds"]
        )
        return attrs


def _team_settings(attrs: dict[str, Any]) -> dict[str, Any]:
    """A team event's settings: boards given, team tie-break codes (the team
    engine's default list when empty)."""
    if "boards" not in attrs:
        raise serializers.ValidationError({"boards": "a team event needs its number of boards"})
    if "acceleration" in attrs:
        raise serializers.ValidationError({"acceleration": "not for team events"})
    codes = attrs.get("tiebreaks") or []
    try:
        parsed = [parse_team_code(code).text for code in codes]
    except TieBreakError as exc:
        raise serializers.ValidationError({"tiebreaks": [str(exc)]}) from exc
    swiss = attrs["system"] == System.SWISS.value
    attrs["tiebreaks"] = parsed or list(SWISS_DEFAULT if swiss else ROUND_ROBIN_DEFAULT)
    return attrs


def _checked_tiebreaks(codes: list[str], rules: str, system: System, rounds: int) -> list[str]:
    """The tie-break list as the engine understands it (its default when empty)."""
    try:
        empty = TournamentResults(players=(), rounds=rounds, system=system)
        result = compute_standings(empty, tiebreaks=codes or None, rules=rules)
    except TieBreakError as exc:
        raise serializers.ValidationError({"tiebreaks": [str(exc)]}) from exc
    return list(result.tiebreaks)


class BirthDateField(serializers.RegexField):
    """A year (1990) or a date (1990-05-31), as ISO text."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(r"^(19|20)[0-9]{2}(-[0-9]{2}-[0-9]{2})?$", **kwargs)

    def to_internal_value(self, data: Any) -> str:
        text = super().to_internal_value(data)
        if len(text) > 4:
            try:
                date.fromisoformat(text)
            except ValueError:
                raise serializers.ValidationError(f"{text} is not a date") from None
        return text


def _player_fields(*, defaults: bool) -> dict[str, serializers.Field]:
    """A player's data, as registered (with defaults) or as edited (each optional)."""

    def optional(default: Any) -> dict[str, Any]:
        return {"default": default} if defaults else {"required": False}

    return {
        "name": serializers.CharField(max_length=200, **({} if defaults else optional(""))),
        "rating": serializers.IntegerField(min_value=0, max_value=4000, **optional(0)),
        "title": serializers.ChoiceField(choices=("", *TITLES), allow_blank=True, **optional("")),
        "federation": serializers.RegexField(
            r"^[A-Z]{3}$", allow_blank=True, help_text="FIDE code, e.g. ITA.", **optional("")
        ),
        "fide_id": serializers.RegexField(r"^[0-9]{1,12}$", allow_blank=True, **optional("")),
        "sex": serializers.ChoiceField(
            choices=("", "m", "w"), allow_blank=True, required=False, help_text="m or w (TRF)."
        ),
        "birth_date": BirthDateField(allow_blank=True, required=False),
        "club": serializers.CharField(max_length=100, allow_blank=True, required=False),
    }


# A player's data as registered (defaults for what is omitted; also a team's new
# player, who is given no start rank) and as edited.
if TYPE_CHECKING:  # mypy takes no class built by type() as a base class

    class PlayerDataSerializer(serializers.Serializer): ...

else:
    PlayerDataSerializer = type(
        "PlayerDataSerializer", (serializers.Serializer,), _player_fields(defaults=True)
    )
PlayerChangesSerializer = type(
    "PlayerChangesSerializer", (serializers.Serializer,), _player_fields(defaults=False)
)


class PlayerRegisteredSerializer(PlayerDataSerializer):
    start_rank = serializers.IntegerField(
        min_value=1,
        max_value=MAX_START_RANK,
        required=False,
        help_text="Omit to take the next free start rank (the pairing number).",
    )
    player_id = serializers.IntegerField(
        min_value=1,
        required=False,
        help_text="Given by the server: the player's id, which never changes.",
    )
    missed_rounds = serializers.ChoiceField(
        choices=("zero", "half"),
        required=False,
        help_text="A late entry (rounds paired already): the bye each missed round "
        "counts as; zero when omitted.",
    )


class PlayerEditedSerializer(serializers.Serializer):
    player_id = serializers.IntegerField(min_value=1)
    changes = PlayerChangesSerializer()


class PlayersRankedSerializer(serializers.Serializer):
    method = serializers.ChoiceField(
        choices=("fide",),
        required=False,
        help_text='"fide": by the C.04.2 initial ranking (rating, title, name).',
    )
    order = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        max_length=MAX_START_RANK,
        help_text="Player ids, pairing number 1 first; every player once.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("method" in attrs) == ("order" in attrs):
            raise serializers.ValidationError(
                {"method": ['Send either "method": "fide" or "order": [player ids].']}
            )
        return attrs


class ByeCancelledSerializer(serializers.Serializer):
    player_id = serializers.IntegerField(min_value=1)
    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)


class PlayerReinstatedSerializer(serializers.Serializer):
    player_id = serializers.IntegerField(min_value=1)
    from_round = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        required=False,
        help_text="The first round the player plays again; omit for the first one possible.",
    )


class PlayersCheckedInSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)
    player_ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1), min_length=1, max_length=MAX_START_RANK
    )
    present = serializers.BooleanField(
        default=True, help_text="false: no longer checked in (marked absent again)."
    )


class RoundUnpairedSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)


class SettingsChangedSerializer(serializers.Serializer):
    changes = serializers.DictField(
        help_text="The settings changed, as in the tournament's creation; each checked "
        "with the others as at creation."
    )


class TeamRegisteredSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    short_name = serializers.CharField(max_length=20, default="", allow_blank=True)
    federation = serializers.CharField(
        max_length=200, default="", allow_blank=True, help_text="A federation or a club."
    )
    captain = serializers.CharField(max_length=200, default="", allow_blank=True)
    players = serializers.ListField(
        child=PlayerDataSerializer(),
        max_length=MAX_ROSTER,
        help_text="The roster in board order, reserves last.",
    )


class RosterItemSerializer(PlayerDataSerializer):
    """A player already on the roster (``start_rank`` alone) or a new one (its data)."""

    start_rank = serializers.IntegerField(min_value=1, max_value=MAX_START_RANK, required=False)
    name = serializers.CharField(max_length=200, required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "start_rank" in attrs:
            if "name" in attrs:
                raise serializers.ValidationError(
                    {"name": "give a rostered player's start rank or a new player's data"}
                )
            return {"start_rank": attrs["start_rank"]}
        if "name" not in attrs:
            raise serializers.ValidationError({"name": "a new player needs a name"})
        return attrs


class RosterEditedSerializer(serializers.Serializer):
    team = serializers.IntegerField(min_value=1, max_value=MAX_START_RANK)
    roster = serializers.ListField(
        child=RosterItemSerializer(),
        max_length=MAX_ROSTER,
        help_text="The whole roster in board order.",
    )


class CaptainLineupSerializer(serializers.Serializer):
    """A captain's line-up (issue 21): the team is the link's, the round the one due."""

    team = serializers.IntegerField(min_value=1, max_value=MAX_START_RANK)
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_START_RANK, allow_null=True),
        max_length=MAX_BOARDS,
        help_text="Start ranks by board, from the roster in roster order; null: an empty board.",
    )


class LineupSubmittedSerializer(CaptainLineupSerializer):
    """The organiser's line-up, for the round given."""

    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)


class TeamRoundStartedSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)


class PairingMatchSerializer(serializers.Serializer):
    white = serializers.IntegerField(
        min_value=1, max_value=MAX_START_RANK, help_text="Team with White on board 1."
    )
    black = serializers.IntegerField(min_value=1, max_value=MAX_START_RANK)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["white"] == attrs["black"]:
            raise serializers.ValidationError({"black": ["A team cannot meet itself."]})
        return attrs


class TeamRoundPairedSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)
    matches = PairingMatchSerializer(many=True, allow_empty=True)
    byes = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_START_RANK),
        default=list,
        max_length=1,
        help_text="The team given the pairing-allocated bye.",
    )


class NextTeamRoundSerializer(serializers.Serializer):
    swap_last_two = serializers.BooleanField(
        default=False,
        help_text="Double round robin: exchange the last two rounds of the first cycle.",
    )


class BoardResultRecordedSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)
    match = serializers.IntegerField(min_value=1)
    board = serializers.IntegerField(min_value=1, max_value=MAX_BOARDS)
    result = serializers.ChoiceField(
        choices=RESULTS, help_text="White's side first; +/- and -/+ forfeits, 0-0 a double one."
    )


class BoardResultCorrectedSerializer(BoardResultRecordedSerializer):
    reason = serializers.CharField(max_length=500)
    supersedes = serializers.IntegerField(
        min_value=1,
        required=False,
        help_text="Seq of the result being corrected; omit to correct the current one.",
    )


class MatchForfeitedSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)
    match = serializers.IntegerField(min_value=1)
    result = serializers.ChoiceField(
        choices=tuple(MATCH_FORFEITS),
        help_text="From the first-named team's side: +/- it wins, -/+ it loses, 0-0 neither came.",
    )


class TeamWithdrawnSerializer(serializers.Serializer):
    team = serializers.IntegerField(min_value=1, max_value=MAX_START_RANK)
    from_round = serializers.IntegerField(
        min_value=1, max_value=MAX_ROUNDS, help_text="The first round the team no longer plays."
    )


class TeamReinstatedSerializer(serializers.Serializer):
    team = serializers.IntegerField(min_value=1, max_value=MAX_START_RANK)
    from_round = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        required=False,
        help_text="The first round the team plays again; omit for the first one possible.",
    )


class BoardPrizesSetSerializer(serializers.Serializer):
    order = serializers.ChoiceField(
        choices=[o.value for o in BoardOrder],
        help_text="performance: by performance rating; percentage: by the share of points.",
    )
    min_games = serializers.IntegerField(
        min_value=0,
        max_value=999,
        required=False,
        allow_null=True,
        help_text="Games on the board a player needs to be ranked; null: two thirds of the rounds.",
    )


class TeamByeRequestedSerializer(serializers.Serializer):
    team = serializers.IntegerField(min_value=1, max_value=MAX_START_RANK)
    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)
    points = serializers.ChoiceField(
        choices=tuple(BYE_POINTS),
        default="half",
        help_text="half: a drawn match; zero: a lost one; full: a won one (a team Swiss only).",
    )


class TeamByeCancelledSerializer(serializers.Serializer):
    team = serializers.IntegerField(min_value=1, max_value=MAX_START_RANK)
    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)


class TeamsRankedSerializer(serializers.Serializer):
    method = serializers.ChoiceField(
        choices=("rating",),
        required=False,
        help_text='"rating": by the mean rating of the rosters\' first boards, then the name.',
    )
    order = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        max_length=MAX_START_RANK,
        help_text="Team pairing numbers as they are, the new number 1 first; every team once.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("method" in attrs) == ("order" in attrs):
            raise serializers.ValidationError(
                {"method": ['Send either "method": "rating" or "order": [team numbers].']}
            )
        return attrs


class PlayerWithdrawnSerializer(serializers.Serializer):
    start_rank = serializers.IntegerField(min_value=1, max_value=MAX_START_RANK)
    from_round = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        help_text="The first round the player no longer plays.",
    )


class ByeRequestedSerializer(serializers.Serializer):
    start_rank = serializers.IntegerField(min_value=1, max_value=MAX_START_RANK)
    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)
    points = serializers.ChoiceField(
        choices=tuple(BYE_POINTS),
        default="half",
        help_text="half: a half-point bye; zero: a zero-point bye; full: a full-point bye.",
    )


class PairingBoardSerializer(serializers.Serializer):
    board = serializers.IntegerField(
        min_value=1,
        max_value=MAX_START_RANK,
        required=False,
        help_text="Omit to number boards in list order.",
    )
    white = serializers.IntegerField(min_value=1, max_value=MAX_START_RANK, help_text="Start rank.")
    black = serializers.IntegerField(min_value=1, max_value=MAX_START_RANK, help_text="Start rank.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["white"] == attrs["black"]:
            raise serializers.ValidationError({"black": ["A player cannot play themselves."]})
        return attrs


class RoundPairedSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)
    boards = PairingBoardSerializer(many=True, allow_empty=True)
    byes = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_START_RANK),
        default=list,
        help_text="Start ranks given the pairing-allocated bye.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        for number, board in enumerate(attrs["boards"], start=1):
            board.setdefault("board", number)
        return attrs


class ResultRecordedSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)
    board = serializers.IntegerField(min_value=1)
    result = serializers.ChoiceField(
        choices=RESULTS,
        help_text="White's side first; +/- and -/+ are forfeits, 0-0 a double forfeit.",
    )
    # Issue 8, ruling 2: omitted (the default) is a rated game.
    rated = serializers.BooleanField(
        required=False,
        help_text="false: a game played but not rated (TRF W/D/L); omit for a rated game.",
    )


class ResultCorrectedSerializer(ResultRecordedSerializer):
    reason = serializers.CharField(max_length=500)
    supersedes = serializers.IntegerField(
        min_value=1,
        required=False,
        help_text="Seq of the result being corrected; omit to correct the current one.",
    )


class ResultReportedSerializer(serializers.Serializer):
    """A player's report: the player is the link's holder, the board their own."""

    player_id = serializers.IntegerField(min_value=1)
    result = serializers.ChoiceField(choices=RESULTS, help_text="White's side first.")


class ReportConfirmedSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)
    board = serializers.IntegerField(min_value=1)
    result = serializers.ChoiceField(
        choices=RESULTS,
        required=False,
        help_text="The result to record; omit to record the one the players reported "
        "(needed when their reports conflict).",
    )


class ReportRejectedSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)
    board = serializers.IntegerField(min_value=1)
    reason = serializers.CharField(max_length=500)


class LinksIssuedSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=ROLES)
    holders = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        min_length=1,
        max_length=MAX_START_RANK,
        help_text="Player ids (role player) or team numbers (role captain).",
    )
    # Made by the server (tournaments.store.private_links), one per holder.
    nonces = serializers.ListField(child=serializers.CharField(max_length=64))


class LinkRevokedSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=ROLES)
    holder = serializers.IntegerField(min_value=1)


class RoundClosedSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)


class OrganiserSerializer(serializers.Serializer):
    """Who is granted (or loses) the right to write to the tournament."""

    user_id = serializers.IntegerField(min_value=1)
    username = serializers.CharField(max_length=150, help_text="As it was at the time.")


def validate(schema: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    """The payload ``schema`` makes of ``data``, or CommandError naming the first bad field."""
    return PayloadValidator(schema)(data)


class PayloadValidator:
    """``validate`` with one schema, reusable for many payloads (a bulk append).

    DRF deep-copies a serializer's fields for every instance, most of the time a
    small payload's validation takes; one instance validates every payload, as a
    ListSerializer does its items.  Not shared between threads.
    """

    def __init__(self, schema: type[serializers.Serializer]) -> None:
        self.serializer = schema()

    def __call__(self, data: Any) -> dict[str, Any]:
        try:
            validated = self.serializer.run_validation(data)
        except serializers.ValidationError as exc:
            errors = flatten_errors(exc.detail)
            field, messages = next(iter(errors.items()))
            raise CommandError(field, messages[0], errors) from None
        return _plain(validated)


def flatten_errors(errors: Any, prefix: str = "") -> dict[str, list[str]]:
    """DRF's nested error structure as {"boards.0.white": ["..."]}."""
    if isinstance(errors, Mapping):
        items: list[tuple[Any, Any]] = list(errors.items())
    elif isinstance(errors, list) and not all(isinstance(e, str) for e in errors):
        items = [(index, error) for index, error in enumerate(errors) if error]
    else:
        messages = errors if isinstance(errors, list) else [errors]
        return {prefix or "non_field_errors": [str(m) for m in messages]}
    flat: dict[str, list[str]] = {}
    for key, value in items:
        flat.update(flatten_errors(value, f"{prefix}.{key}" if prefix else str(key)))
    return flat


def _plain(value: Any) -> Any:
    """Validated data as plain JSON types (no OrderedDict / ReturnDict)."""
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


class PrizeListSetSerializer(serializers.Serializer):
    definition = serializers.JSONField(help_text="The prize list, PRIZES.json (docs/prizes.md).")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """The definition spelled out (``prize_list_json``), or the first wrong field
        named as ``parse_prize_list`` names it (``prizes[1].category.rating_max``)."""
        try:
            definition = parse_prize_list(attrs["definition"])
        except PrizeError as error:
            field, _, message = str(error).partition(": ")
            # "the prize list: expected an object" names no field of it.
            raise serializers.ValidationError(
                {"definition" if " " in field else field: [message]}
            ) from error
        return {"definition": prize_list_json(definition)}
