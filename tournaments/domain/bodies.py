"""The body of each command, typed: what the API, the console, the admin and the
file imports send, checked for its shape (types, ranges, choices) before a
decision (``decisions``) checks it against the tournament's state.

One class per command, named as the command (``RegisterPlayer`` for
``commands.register_player``), a frozen dataclass of ``shapes.given`` fields;
``parse(data)`` refuses with a ``CommandError`` naming the field and
``to_payload()`` is what the decision reads.  Pure Python: the API documents these
bodies with serializers built from them (``tournaments.api.bodies``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pairings.acceleration import BAKU, standard_scoring
from tiebreaks.errors import TieBreakError
from tiebreaks.model import Scoring, System, TournamentResults
from tiebreaks.prizes import PrizeError, parse_prize_list, prize_list_json
from tiebreaks.standings import DEFAULT_RULES, RULES, compute_standings
from tiebreaks.teams.boards import BoardAssignment, BoardOrder, BoardTiebreak, MinimumUnit
from tiebreaks.teams.model import Score
from tiebreaks.teams.standings import ROUND_ROBIN_DEFAULT, SWISS_DEFAULT, parse_team_code

from .errors import msg, text_of
from .reports import ROLES
from .shapes import (
    BirthDate,
    Body,
    Bool,
    Choice,
    Date,
    Int,
    Invalid,
    Items,
    Json,
    Nested,
    Nullable,
    Object,
    Points,
    Text,
    given,
)
from .state import BYE_POINTS, RESULTS, SYSTEMS, scoring_from_payload
from .teams import (
    COLOUR_TYPES,
    INDIVIDUAL,
    KINDS,
    LINEUP_ORDERS,
    MATCH_FORFEITS,
    PRIMARY_SCORES,
    RATING_ORDER,
    TEAM,
)

TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")
MAX_ROUNDS = 99
# TRF writes start ranks in four columns.
MAX_START_RANK = 9999
MAX_BOARDS = 64
MAX_ROSTER = 64
_DEFAULT_SCORING = Scoring().as_texts()
_FEDERATION = r"^[A-Z]{3}$"


def _round(help: str = "") -> Any:
    return given(Int(1, MAX_ROUNDS), help=help)


def _start_rank(help: str = "") -> Any:
    return given(Int(1, MAX_START_RANK), help=help)


def _supersedes() -> Any:
    return given(
        Int(1),
        optional=True,
        help="Seq of the result being corrected; omit to correct the current one.",
    )


def _points(name: str, help: str) -> Any:
    return given(Points(), default=_DEFAULT_SCORING[name], help=help)


# --- creating a tournament and changing its settings ---------------------------------


@dataclass(frozen=True, kw_only=True)
class ScoringSettings(Body):
    win: str = _points("win", "Points for a game won.")
    draw: str = _points("draw", "Points for a game drawn.")
    loss: str = _points("loss", "Points for a game lost.")
    forfeit_win: str = _points("forfeit_win", "Points for a forfeit win (+).")
    forfeit_loss: str = _points("forfeit_loss", "Points for a forfeit loss (-).")
    pab: str = _points("pab", "Points for a pairing-allocated bye.")
    fpb: str = _points("fpb", "Points for a full-point bye.")
    hpb: str = _points("hpb", "Points for a requested half-point bye.")
    zpb: str = _points("zpb", "Points for a requested zero-point bye or an absence.")


@dataclass(frozen=True, kw_only=True)
class TournamentDetails(Body):
    """What spectators read about the event (issue #12); every field optional."""

    start_date: str | None = given(Date(), optional=True)
    end_date: str | None = given(Date(), optional=True)
    place: str | None = given(Text(200), optional=True)
    federation: str | None = given(
        Text(pattern=_FEDERATION),
        optional=True,
        help="The organising federation's FIDE code (TRF 032).",
    )
    time_control: str | None = given(Text(200), optional=True)
    chief_arbiter: str | None = given(Text(200), optional=True)
    deputy_arbiters: list[str] | None = given(
        Items(Text(200), max_length=20),
        optional=True,
        help="Deputy chief arbiters, one name each (TRF 112).",
    )
    round_dates: list[str | None] | None = given(
        Items(Nullable(Date()), max_length=MAX_ROUNDS),
        optional=True,
        help="Date of each round from round 1 (null where unknown).",
    )

    @classmethod
    def completed(cls, values: dict[str, Any]) -> dict[str, Any]:
        dates = values.pop("round_dates", None) or []
        # Unknown dates at the end say nothing (and a TRF 132 record cannot keep them).
        while dates and dates[-1] is None:
            dates.pop()
        if dates:
            values["round_dates"] = dates
        return values


@dataclass(frozen=True, kw_only=True)
class MatchPoints(Body):
    win: str = given(Points(), default="2", help="Match points for a match won.")
    draw: str = given(Points(), default="1", help="Match points for a match drawn.")
    loss: str = given(Points(), default="0", help="Match points for a match lost.")


@dataclass(frozen=True, kw_only=True)
class CreateTournament(Body):
    """A tournament's settings, as created (event 1) or changed."""

    # ``kind`` is read as None for an individual event, whose payload stays as it always was.

    name: str = given(Text(200))
    rounds: int = _round()
    system: str = given(Choice(SYSTEMS), default=System.SWISS.value)
    scoring: ScoringSettings | None = given(Nested(ScoringSettings), optional=True)
    rules: str = given(
        Choice(RULES),
        default=DEFAULT_RULES,
        help="The FIDE C.07 edition; frozen for the whole tournament.",
    )
    tiebreaks: list[str] | None = given(
        Items(Text(40), max_length=12),
        optional=True,
        help='Ordered tie-break codes, e.g. ["BH/C1", "BH", "SB"]. '
        "Empty: the engine's default for the system, frozen at creation. "
        "NONFIDE_SB_TOP is a gaming platform's variant, not a FIDE tie-break.",
    )
    # Issue 8, ruling 6: omitted (the default) leaves unrated opponents out of Art. 10.
    unrated_rating: int | None = given(
        Int(1, 4000),
        optional=True,
        help="The rating unrated players count with in the rating-based tie-breaks "
        "(ARO, TPR, PTP, APRO, APPO, RTNG; C.07 10). Omit to leave unrated opponents out.",
    )
    # The organiser's choice per tournament; omitted (the default): no acceleration.
    acceleration: str | None = given(
        Choice((BAKU,)),
        optional=True,
        help="Swiss pairings with virtual points in the first rounds: "
        '"baku" (C.04.5.1, standard 1 - 1/2 - 0 scoring only; a team Swiss: a won '
        "match's match points, standard match points only). Omit for none.",
    )
    details: TournamentDetails | None = given(Nested(TournamentDetails), optional=True)
    initial_colour: str | None = given(
        Choice(("white1", "black1")),
        optional=True,
        help="Round 1's first colour (TRF XXC): the top player of round 1 has White "
        '("white1") or Black ("black1"). Omit for the server\'s default.',
    )
    check_in: bool | None = given(
        Bool(),
        optional=True,
        help="Pair only the players checked in for a round (POST check-ins/); "
        "the others are absent.",
    )
    max_half_byes: int | None = given(
        Int(0, MAX_ROUNDS),
        optional=True,
        help="C.04.2: the most half-point byes a player may request. Omit for no limit.",
    )
    no_half_byes_in: list[int] | None = given(
        Items(Int(1, MAX_ROUNDS), max_length=MAX_ROUNDS),
        optional=True,
        help="C.04.2: the rounds in which no half-point bye may be requested (typically the last).",
    )
    confirm_matching_reports: bool | None = given(
        Bool(),
        optional=True,
        help="true: two matching reports of a game by its players record the result "
        "without the organiser (issue 21). Omit for the organiser to confirm every report.",
    )
    kind: str | None = given(
        Choice(KINDS),
        default=INDIVIDUAL,
        help='"team": teams of `boards` players meet in matches; fixed at creation.',
    )
    boards: int | None = given(
        Int(1, MAX_BOARDS),
        optional=True,
        help="A team event: the boards of a match (required).",
    )
    match_points: MatchPoints | None = given(
        Nested(MatchPoints),
        optional=True,
        help="A team event: match points for a won, drawn, lost match.",
    )
    lineup_order: str | None = given(
        Choice(LINEUP_ORDERS),
        optional=True,
        help='A team event: the order of a line-up\'s players. "roster" (the default): '
        'roster order (FIDE Olympiad); "rating": a player may sit ahead of a '
        "roster-earlier one rated at most `lineup_tolerance` points higher; "
        '"free": any order.',
    )
    lineup_tolerance: int | None = given(
        Int(0, 4000),
        optional=True,
        help='With "rating": the most rating points by which a player sat behind may '
        "outrate the one ahead (0 when omitted).",
    )
    colour_type: str | None = given(
        Choice(tuple(COLOUR_TYPES)),
        optional=True,
        help='A team Swiss: the C.04.6 colour-preference type (1.7), "A" (the default), '
        '"B" (mild preferences too) or "none" (no colour preferences); TRF26 192.',
    )
    primary_score: str | None = given(
        Choice(PRIMARY_SCORES),
        optional=True,
        help="A team event: the score that ranks the teams and pairs a Swiss (C.07 11.1), "
        '"MP" match points (the default) or "GP" game points. '
        "Fixed once round 1 is paired; TRF26 192.",
    )
    pab_match_points: str | None = given(
        Points(),
        optional=True,
        help="A team event: the match points of the pairing-allocated bye (TRF26 320). "
        "Omit (or null) for a drawn match's.",
    )
    pab_game_points: str | None = given(
        Points(),
        optional=True,
        help="A team event: the game points of the pairing-allocated bye (TRF26 320). "
        "Omit (or null) for a drawn match's: half the boards' points.",
    )
    colour_sequence: str | None = given(
        Text(MAX_BOARDS, pattern=r"^W[WB]*$"),
        optional=True,
        help="A team event: the first-named team's colours on boards 1, 2... (TRF26 352), "
        'W and B letters starting with W, repeated down the boards: "WB" (the default) '
        'alternates, "WBBW" pairs the boards. Fixed once round 1 is paired.',
    )

    @classmethod
    def completed(cls, values: dict[str, Any]) -> dict[str, Any]:
        values.setdefault("scoring", ScoringSettings())
        values.setdefault("kind", INDIVIDUAL)
        if values["kind"] == TEAM:
            return _team_settings(values)
        for team_only in (
            "boards",
            "match_points",
            "lineup_order",
            "lineup_tolerance",
            "colour_type",
            "primary_score",
            "pab_match_points",
            "pab_game_points",
            "colour_sequence",
        ):
            if team_only in values:
                raise Invalid({team_only: [msg("applies to a team event only")]})
        values["kind"] = None
        late = [n for n in values.get("no_half_byes_in", ()) if n > values["rounds"]]
        if late:
            raise Invalid(
                {
                    "no_half_byes_in": [
                        msg(
                            "round %(round)s is after the last round (%(rounds)s)",
                            round=late[0],
                            rounds=values["rounds"],
                        )
                    ]
                }
            )
        if "no_half_byes_in" in values:
            values["no_half_byes_in"] = sorted(set(values["no_half_byes_in"]))
        if "acceleration" in values:
            if values.get("system", System.SWISS.value) != System.SWISS.value:
                raise Invalid({"acceleration": [msg("acceleration applies to a Swiss only")]})
            if not standard_scoring(scoring_from_payload(values["scoring"].to_payload())):
                raise Invalid(
                    {
                        "acceleration": [
                            msg("Baku acceleration needs the standard 1 - 1/2 - 0 scoring")
                        ]
                    }
                )
        values["tiebreaks"] = _checked_tiebreaks(
            values.get("tiebreaks") or [],
            values.get("rules", DEFAULT_RULES),
            System(values.get("system", System.SWISS.value)),
            values["rounds"],
        )
        return values


def _team_settings(values: dict[str, Any]) -> dict[str, Any]:
    """A team event's settings: boards given, team tie-break codes (the team
    engine's default list when empty)."""
    if "boards" not in values:
        raise Invalid({"boards": [msg("a team event needs its number of boards")]})
    if "acceleration" in values:
        _team_acceleration(values)
    if values.get("lineup_order") == RATING_ORDER:
        values.setdefault("lineup_tolerance", 0)
    elif "lineup_tolerance" in values:
        raise Invalid({"lineup_tolerance": [msg('applies to the line-up order "rating" only')]})
    swiss = values.get("system", System.SWISS.value) == System.SWISS.value
    if not swiss and values.get("colour_type", "A") != "A":
        raise Invalid({"colour_type": [msg("a round robin's colours are the Berger tables'")]})
    try:
        parsed = [parse_team_code(code).text for code in values.get("tiebreaks") or []]
    except TieBreakError as exc:
        raise Invalid({"tiebreaks": [text_of(exc)]}) from exc
    values["tiebreaks"] = parsed or list(SWISS_DEFAULT if swiss else ROUND_ROBIN_DEFAULT)
    return values


def _team_acceleration(values: dict[str, Any]) -> None:
    """Baku for a team Swiss: the method's 1 - 1/2 - 0 read as a won, drawn, lost
    match, so the match points must be standard (a draw half a win, a loss 0); with
    game points first, as the boards' points, which must be standard then."""
    if values.get("system", System.SWISS.value) != System.SWISS.value:
        raise Invalid({"acceleration": [msg("acceleration applies to a Swiss only")]})
    if values.get("primary_score") == Score.GP.value:
        # The method's points are then game points: the boards' 1 - 1/2 - 0.
        games = scoring_from_payload(values["scoring"].to_payload())
        if games.loss != 0 or games.draw * 2 != games.win:
            raise Invalid(
                {
                    "acceleration": [
                        msg("Baku acceleration on game points needs standard board points")
                    ]
                }
            )
        return
    points = values.get("match_points")
    if points is not None:
        given = points if isinstance(points, dict) else points.to_payload()
        defaults = {"win": 2, "draw": 1, "loss": 0}
        win, draw, loss = (Fraction(given.get(k, d)) for k, d in defaults.items())
        if loss != 0 or draw * 2 != win:
            raise Invalid(
                {
                    "acceleration": [
                        msg(
                            "Baku acceleration needs standard match points "
                            "(a drawn match half a won one, a lost one 0)"
                        )
                    ]
                }
            )


def _checked_tiebreaks(codes: list[str], rules: str, system: System, rounds: int) -> list[str]:
    """The tie-break list as the engine understands it (its default when empty)."""
    try:
        empty = TournamentResults(players=(), rounds=rounds, system=system)
        result = compute_standings(empty, tiebreaks=codes or None, rules=rules)
    except TieBreakError as exc:
        raise Invalid({"tiebreaks": [text_of(exc)]}) from exc
    return list(result.tiebreaks)


@dataclass(frozen=True, kw_only=True)
class ChangeSettings(Body):
    changes: dict[str, Any] = given(
        Object(),
        help="The settings changed, as in the tournament's creation; each checked "
        "with the others as at creation.",
    )


# --- players ---------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class PlayerData(Body):
    """A player's data as registered, defaults for what is omitted (also a team's
    new player, who is given no start rank)."""

    name: str = given(Text(200))
    rating: int = given(Int(0, 4000), default=0)
    title: str = given(Choice(("", *TITLES), blank=True), default="")
    federation: str = given(
        Text(blank=True, pattern=_FEDERATION), default="", help="FIDE code, e.g. ITA."
    )
    fide_id: str = given(Text(blank=True, pattern=r"^[0-9]{1,12}$"), default="")
    sex: str | None = given(Choice(("", "m", "w"), blank=True), optional=True, help="m or w (TRF).")
    birth_date: str | None = given(BirthDate(), optional=True)
    club: str | None = given(Text(100, blank=True), optional=True)


@dataclass(frozen=True, kw_only=True)
class PlayerChanges(Body):
    """A player's data as edited: only what is sent changes."""

    name: str | None = given(Text(200), optional=True)
    rating: int | None = given(Int(0, 4000), optional=True)
    title: str | None = given(Choice(("", *TITLES), blank=True), optional=True)
    federation: str | None = given(
        Text(blank=True, pattern=_FEDERATION), optional=True, help="FIDE code, e.g. ITA."
    )
    fide_id: str | None = given(Text(blank=True, pattern=r"^[0-9]{1,12}$"), optional=True)
    sex: str | None = given(Choice(("", "m", "w"), blank=True), optional=True, help="m or w (TRF).")
    birth_date: str | None = given(BirthDate(), optional=True)
    club: str | None = given(Text(100, blank=True), optional=True)


@dataclass(frozen=True, kw_only=True)
class RegisterPlayer(PlayerData):
    start_rank: int | None = given(
        Int(1, MAX_START_RANK),
        optional=True,
        help="Omit to take the next free start rank (the pairing number).",
    )
    player_id: int | None = given(
        Int(1), optional=True, help="Given by the server: the player's id, which never changes."
    )
    missed_rounds: str | None = given(
        Choice(("zero", "half")),
        optional=True,
        help="A late entry (rounds paired already): the bye each missed round "
        "counts as; zero when omitted.",
    )


@dataclass(frozen=True, kw_only=True)
class EditPlayer(Body):
    player_id: int = given(Int(1))
    changes: PlayerChanges = given(Nested(PlayerChanges))


@dataclass(frozen=True, kw_only=True)
class RankPlayers(Body):
    method: str | None = given(
        Choice(("fide",)),
        optional=True,
        help='"fide": by the C.04.2 initial ranking (rating, title, name).',
    )
    order: list[int] | None = given(
        Items(Int(1), max_length=MAX_START_RANK),
        optional=True,
        help="Player ids, pairing number 1 first; every player once.",
    )

    @classmethod
    def completed(cls, values: dict[str, Any]) -> dict[str, Any]:
        if ("method" in values) == ("order" in values):
            raise Invalid(
                {"method": [msg('Send either "method": "fide" or "order": [player ids].')]}
            )
        return values


@dataclass(frozen=True, kw_only=True)
class WithdrawPlayer(Body):
    start_rank: int = _start_rank()
    from_round: int = _round("The first round the player no longer plays.")


@dataclass(frozen=True, kw_only=True)
class ReinstatePlayer(Body):
    player_id: int = given(Int(1))
    from_round: int | None = given(
        Int(1, MAX_ROUNDS),
        optional=True,
        help="The first round the player plays again; omit for the first one possible.",
    )


@dataclass(frozen=True, kw_only=True)
class RequestBye(Body):
    start_rank: int = _start_rank()
    round: int = _round()
    points: str = given(
        Choice(tuple(BYE_POINTS)),
        default="half",
        help="half: a half-point bye; zero: a zero-point bye; full: a full-point bye.",
    )


@dataclass(frozen=True, kw_only=True)
class CancelBye(Body):
    player_id: int = given(Int(1))
    round: int = _round()


@dataclass(frozen=True, kw_only=True)
class CheckInPlayers(Body):
    round: int = _round()
    player_ids: list[int] = given(Items(Int(1), max_length=MAX_START_RANK, min_length=1))
    present: bool = given(
        Bool(), default=True, help="false: no longer checked in (marked absent again)."
    )


# --- rounds and results ----------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class PairingBoard(Body):
    board: int | None = given(
        Int(1, MAX_START_RANK), optional=True, help="Omit to number boards in list order."
    )
    white: int = _start_rank("Start rank.")
    black: int = _start_rank("Start rank.")

    @classmethod
    def completed(cls, values: dict[str, Any]) -> dict[str, Any]:
        if values["white"] == values["black"]:
            raise Invalid({"black": [msg("A player cannot play themselves.")]})
        return values


@dataclass(frozen=True, kw_only=True)
class RecordPairing(Body):
    round: int = _round()
    boards: list[PairingBoard] = given(Items(Nested(PairingBoard)))
    byes: list[int] = given(
        Items(Int(1, MAX_START_RANK)),
        default_factory=list,
        help="Start ranks given the pairing-allocated bye.",
    )

    def to_payload(self) -> dict[str, Any]:
        payload = super().to_payload()
        for number, board in enumerate(payload["boards"], start=1):
            board.setdefault("board", number)
        return payload


@dataclass(frozen=True, kw_only=True)
class UnpairRound(Body):
    round: int = _round()


@dataclass(frozen=True, kw_only=True)
class RecordResult(Body):
    round: int = _round()
    board: int = given(Int(1))
    result: str = given(
        Choice(RESULTS),
        help="White's side first; +/- and -/+ are forfeits, 0-0 a double forfeit.",
    )
    # Issue 8, ruling 2: omitted (the default) is a rated game.
    rated: bool | None = given(
        Bool(),
        optional=True,
        help="false: a game played but not rated (TRF W/D/L); omit for a rated game.",
    )


@dataclass(frozen=True, kw_only=True)
class CorrectResult(RecordResult):
    reason: str = given(Text(500))
    supersedes: int | None = _supersedes()


@dataclass(frozen=True, kw_only=True)
class CloseRound(Body):
    round: int = _round()


# --- the players' reports and the private links (issue 21) ----------------------------


@dataclass(frozen=True, kw_only=True)
class ReportResult(Body):
    """A player's report: the player is the link's holder, the board their own."""

    player_id: int = given(Int(1))
    result: str = given(Choice(RESULTS), help="White's side first.")
    # What the player's page showed: a page left open while the round was paired
    # (or re-paired) must not report on the game that replaced it.
    round: int | None = given(
        Int(1, MAX_ROUNDS), optional=True, help="The round reported on: refused if not current."
    )
    board: int | None = given(
        Int(1), optional=True, help="The board reported on: refused if not the player's."
    )


def _seen_reports() -> Any:
    return given(
        Items(Int(1), max_length=2),
        optional=True,
        help="The seqs of the reports decided on, as the organiser saw them: refused "
        "when the board's reports are others now (a player reported or changed theirs).",
    )


def _report_match() -> Any:
    return given(Int(1), optional=True, help="The board's match, in a team event (only there).")


@dataclass(frozen=True, kw_only=True)
class ConfirmReport(Body):
    round: int = _round()
    match: int | None = _report_match()
    board: int = given(Int(1))
    reports: list[int] | None = _seen_reports()
    result: str | None = given(
        Choice(RESULTS),
        optional=True,
        help="The result to record; omit to record the one the players reported "
        "(needed when their reports conflict).",
    )


@dataclass(frozen=True, kw_only=True)
class RejectReport(Body):
    round: int = _round()
    match: int | None = _report_match()
    board: int = given(Int(1))
    reports: list[int] | None = _seen_reports()
    reason: str = given(Text(500))


@dataclass(frozen=True, kw_only=True)
class IssueLinks(Body):
    role: str = given(Choice(ROLES))
    holders: list[int] = given(
        Items(Int(1), max_length=MAX_START_RANK, min_length=1),
        help="Player ids (role player) or team numbers (role captain).",
    )
    # Made by the server (tournaments.store.private_links), one per holder.
    nonces: list[str] = given(Items(Text(64)))


@dataclass(frozen=True, kw_only=True)
class RevokeLink(Body):
    role: str = given(Choice(ROLES))
    holder: int = given(Int(1))


@dataclass(frozen=True, kw_only=True)
class SetPrizeList(Body):
    definition: Any = given(Json(), help="The prize list, PRIZES.json (docs/prizes.md).")

    @classmethod
    def completed(cls, values: dict[str, Any]) -> dict[str, Any]:
        """The definition spelled out (``prize_list_json``), or the first wrong field
        named as ``parse_prize_list`` names it (``prizes[1].category.rating_max``)."""
        try:
            definition = parse_prize_list(values["definition"])
        except PrizeError as error:
            # "the prize list: expected an object" names no field of it.
            field = "definition" if " " in error.path else error.path
            raise Invalid({field: [error.reason]}) from error
        return {"definition": prize_list_json(definition)}


# --- team events (issue 22) ------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class RegisterTeam(Body):
    name: str = given(Text(200))
    short_name: str = given(Text(20, blank=True), default="")
    federation: str = given(Text(200, blank=True), default="", help="A federation or a club.")
    captain: str = given(Text(200, blank=True), default="")
    players: list[PlayerData] = given(
        Items(Nested(PlayerData), max_length=MAX_ROSTER),
        help="The roster in board order, reserves last.",
    )
    strength: str = given(
        Text(6, blank=True, pattern=r"^\d+(\.\d+)?$"),
        default="",
        help="The TRF26 310 strength factor (up to 6 characters, e.g. 2345.5), kept and "
        "exported; the pairing numbers' strength is the roster's ratings.",
    )


@dataclass(frozen=True, kw_only=True)
class TeamChanges(Body):
    """A team's data as corrected: only what is sent changes."""

    name: str | None = given(Text(200), optional=True)
    short_name: str | None = given(Text(20, blank=True), optional=True)
    federation: str | None = given(
        Text(200, blank=True), optional=True, help="A federation or a club."
    )
    captain: str | None = given(Text(200, blank=True), optional=True)


@dataclass(frozen=True, kw_only=True)
class EditTeam(Body):
    team: int = _start_rank()
    changes: TeamChanges = given(Nested(TeamChanges))


@dataclass(frozen=True, kw_only=True)
class RosterItem(PlayerData):
    """A player already on the roster (``start_rank`` alone) or a new one (its data)."""

    start_rank: int | None = given(Int(1, MAX_START_RANK), optional=True)
    name: str | None = given(Text(200), optional=True)  # type: ignore[assignment]

    @classmethod
    def completed(cls, values: dict[str, Any]) -> dict[str, Any]:
        if "start_rank" in values:
            if "name" in values:
                raise Invalid(
                    {"name": [msg("give a rostered player's start rank or a new player's data")]}
                )
            return {"start_rank": values["start_rank"]}
        if "name" not in values:
            raise Invalid({"name": [msg("a new player needs a name")]})
        return values

    def to_payload(self) -> dict[str, Any]:
        if self.start_rank is not None:
            return {"start_rank": self.start_rank}
        return super().to_payload()


@dataclass(frozen=True, kw_only=True)
class EditRoster(Body):
    team: int = _start_rank()
    roster: list[RosterItem] = given(
        Items(Nested(RosterItem), max_length=MAX_ROSTER), help="The whole roster in board order."
    )


@dataclass(frozen=True, kw_only=True)
class SubmitCaptainLineup(Body):
    """A captain's line-up (issue 21): the team is the link's, the round the one due."""

    team: int = _start_rank()
    players: list[int | None] = given(
        Items(Nullable(Int(1, MAX_START_RANK)), max_length=MAX_BOARDS),
        help="Start ranks by board, from the roster in roster order; null: an empty board.",
    )
    # The round the captain's page showed: once it started, the line-up due is the
    # next round's, which a page left open must not fill in.
    round: int | None = given(
        Int(1, MAX_ROUNDS), optional=True, help="The round meant: refused if another is due."
    )
    replaces: list[int | None] | None = given(
        Items(Nullable(Int(1, MAX_START_RANK)), max_length=MAX_BOARDS),
        optional=True,
        help="The line-up the sender saw ([]: none): refused when the stored one is another.",
    )


@dataclass(frozen=True, kw_only=True)
class SubmitLineup(SubmitCaptainLineup):
    """The organiser's line-up, for the round given."""

    round: int = _round()


@dataclass(frozen=True, kw_only=True)
class StartTeamRound(Body):
    round: int = _round()


@dataclass(frozen=True, kw_only=True)
class PairingMatch(Body):
    white: int = _start_rank("Team with White on board 1.")
    black: int = _start_rank()

    @classmethod
    def completed(cls, values: dict[str, Any]) -> dict[str, Any]:
        if values["white"] == values["black"]:
            raise Invalid({"black": [msg("A team cannot meet itself.")]})
        return values


@dataclass(frozen=True, kw_only=True)
class PairTeamRound(Body):
    round: int = _round()
    matches: list[PairingMatch] = given(Items(Nested(PairingMatch)))
    byes: list[int] = given(
        Items(Int(1, MAX_START_RANK), max_length=1),
        default_factory=list,
        help="The team given the pairing-allocated bye.",
    )


@dataclass(frozen=True, kw_only=True)
class PairNextTeamRound(Body):
    round: int | None = given(
        Int(1, MAX_ROUNDS),
        optional=True,
        help="The round meant: refused when another is the next to pair (a second click).",
    )
    swap_last_two: bool = given(
        Bool(),
        default=False,
        help="Double round robin: exchange the last two rounds of the first cycle.",
    )


@dataclass(frozen=True, kw_only=True)
class RecordBoardResult(Body):
    round: int = _round()
    match: int = given(Int(1))
    board: int = given(Int(1, MAX_BOARDS))
    result: str = given(
        Choice(RESULTS), help="White's side first; +/- and -/+ forfeits, 0-0 a double one."
    )
    # As an individual result (RecordResult): omitted is a rated game.
    rated: bool | None = given(
        Bool(),
        optional=True,
        help="false: a game played but not rated (TRF W/D/L); omit for a rated game.",
    )


@dataclass(frozen=True, kw_only=True)
class CorrectBoardResult(RecordBoardResult):
    reason: str = given(Text(500))
    supersedes: int | None = _supersedes()


@dataclass(frozen=True, kw_only=True)
class ForfeitMatch(Body):
    round: int = _round()
    match: int = given(Int(1))
    result: str = given(
        Choice(tuple(MATCH_FORFEITS)),
        help="From the first-named team's side: +/- it wins, -/+ it loses, 0-0 neither came.",
    )


@dataclass(frozen=True, kw_only=True)
class WithdrawTeam(Body):
    team: int = _start_rank()
    from_round: int = _round("The first round the team no longer plays.")


@dataclass(frozen=True, kw_only=True)
class ReinstateTeam(Body):
    team: int = _start_rank()
    from_round: int | None = given(
        Int(1, MAX_ROUNDS),
        optional=True,
        help="The first round the team plays again; omit for the first one possible.",
    )


@dataclass(frozen=True, kw_only=True)
class SetBoardPrizes(Body):
    order: str = given(
        Choice(tuple(o.value for o in BoardOrder)),
        help="performance: by performance rating; percentage: by the share of points.",
    )
    min_games: int | None = given(
        Nullable(Int(0, 999)),
        optional=True,
        help="Games on the board a player needs to be ranked; null: two thirds of the rounds.",
    )
    assignment: str = given(
        Choice(tuple(a.value for a in BoardAssignment)),
        default=BoardAssignment.EVERY_BOARD.value,
        help="every_board: each game counts on the board it was played on; most_played: "
        "all of a player's games count on the board they played most (the lower board "
        "when two were played equally often).",
    )
    reserve_min_games: int | None = given(
        Nullable(Int(0, 999)),
        optional=True,
        help="The minimum for reserves (the players after the first boards of a roster); "
        "null: as min_games.",
    )
    minimum_unit: str = given(
        Choice(tuple(u.value for u in MinimumUnit)),
        default=MinimumUnit.GAMES.value,
        help="games: the minimums are games; percent: percentages of the scheduled "
        "rounds, .5 rounded up (ECU: 70, reserves 50).",
    )
    rating_cap: int | None = given(
        Nullable(Int(1, 1000)),
        optional=True,
        help="An opponent rated more than this above or below the player counts at "
        "this difference in the performance (ECU: 400); null: no cap.",
    )
    unrated_rating: int | None = given(
        Nullable(Int(1, 3000)),
        optional=True,
        help="The rating an unrated opponent counts at in the performance (the "
        "Olympiad: 1000); null: such games are left out of the performance.",
    )
    tiebreaks: list[str] | None = given(
        Nullable(Items(Choice(tuple(t.value for t in BoardTiebreak)), max_length=5)),
        optional=True,
        help="What decides equal players, in turn, after the order (ECU: mutual, games, "
        "percentage, team_place); null: percentage then games (by performance), games "
        "then performance (by percentage).",
    )


@dataclass(frozen=True, kw_only=True)
class RequestTeamBye(Body):
    team: int = _start_rank()
    round: int = _round()
    points: str = given(
        Choice(tuple(BYE_POINTS)),
        default="half",
        help="half: a drawn match; zero: a lost one; full: a won one (a team Swiss only).",
    )


@dataclass(frozen=True, kw_only=True)
class CancelTeamBye(Body):
    team: int = _start_rank()
    round: int = _round()


@dataclass(frozen=True, kw_only=True)
class RankTeams(Body):
    method: str | None = given(
        Choice(("rating",)),
        optional=True,
        help='"rating": by the mean rating of the rosters\' first boards, then the name.',
    )
    order: list[int] | None = given(
        Items(Int(1), max_length=MAX_START_RANK),
        optional=True,
        help="Team pairing numbers as they are, the new number 1 first; every team once.",
    )

    @classmethod
    def completed(cls, values: dict[str, Any]) -> dict[str, Any]:
        if ("method" in values) == ("order" in values):
            raise Invalid(
                {"method": [msg('Send either "method": "rating" or "order": [team numbers].')]}
            )
        return values
