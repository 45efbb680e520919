"""A TRF file as the JaVaFo interface reads it: the rounds played, the round to pair.

The rounds played are those in which somebody has a game, a forfeit or the
pairing-allocated bye; the round after them is the round to pair, and in its
column ``0000 - H``, ``Z`` or ``F`` marks a player who is not to be paired
(a requested bye, a withdrawal: C.04.2).  ``XXC white1`` or ``XXC black1`` gives
the initial colour; without it the colour the top player had in round 1 (white
for a tournament that has not started).

Acceleration (C.04.5), as bbpPairings reads it: ``XXA NNNN pp.p pp.p ...`` gives
player NNNN's virtual points for rounds 1, 2, ... (columns 10-13, 15-18, ...; a
blank field is 0), and the TRF26 tournament type ``192 FIDE_DUTCH_BAKU`` asks for
the Baku method's virtual points.  TRF26 gives them in ``250`` records instead
(``acceleration_records``; for individuals the points are in the game-points columns
10-13, the match points 5-8 stay blank or 0): the same virtual points, read as the
XXA lines that say the same thing.  A file with both must have them agree; 250
records, as TRF26 has it, make a ``192 ..._BAKU`` be disregarded, and ``--baku``
with them is refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from types import MappingProxyType

from pairings.acceleration import Acceleration, baku
from pairings.acceleration_records import (
    GAME_POINTS_COLUMN,
    MATCH_POINTS_COLUMN,
    Points,
    expand,
    parse_records,
    per_round,
)
from pairings.players import made_by_pairing, other
from tiebreaks.errors import TrfError
from tiebreaks.messages import msg
from tiebreaks.model import Color, TournamentResults, Unplayed, UnplayedRound
from tiebreaks.trf import TrfFile

_NOT_TO_PAIR = frozenset({Unplayed.HPB, Unplayed.ZPB, Unplayed.FPB, Unplayed.ABSENT})
_INITIAL = {"white1": Color.WHITE, "black1": Color.BLACK}


@dataclass(frozen=True)
class PairingRequest:
    tournament: TournamentResults
    round: int
    absent: frozenset[int]
    initial_colour: Color
    acceleration: Acceleration | None = None


def rounds_played(tournament: TournamentResults) -> int:
    return max(
        (
            number
            for player in tournament.players
            for number, entry in enumerate(player.rounds, start=1)
            if made_by_pairing(entry)
        ),
        default=0,
    )


def not_paired_in(tournament: TournamentResults, round_number: int) -> frozenset[int]:
    """Players whose entry for the round says they were (or are) not to be paired."""
    return frozenset(
        p.start_rank
        for p in tournament.players
        if isinstance(entry := p.round(round_number), UnplayedRound)
        and entry.kind in _NOT_TO_PAIR
        and not (entry.kind is Unplayed.ABSENT and round_number > rounds_played(tournament))
    )


def _xxc(trf: TrfFile) -> Iterator[tuple[int, Color]]:
    for number, raw in enumerate(trf.headers.lines, start=1):
        if raw.startswith("XXC"):
            words = raw[3:].split()
            for word in words:
                if word.lower() in _INITIAL:
                    yield number, _INITIAL[word.lower()]
                    break
            else:
                raise TrfError(number, 5, msg("XXC expects white1 or black1"))


def round_one_colour(tournament: TournamentResults) -> Color | None:
    """The initial colour as round 1 shows it: the colour the pairing gave its top
    player (a forfeited game keeps the colour it was scheduled with), who had the
    initial colour if his pairing number in round 1 is odd; None before round 1.
    Only the players round 1 paired have a number (``players.pairing_numbers``)."""
    paired = [p for p in tournament.players if made_by_pairing(p.round(1))]
    for number, player in enumerate(sorted(paired, key=lambda p: p.start_rank), start=1):
        colour = getattr(player.round(1), "color", None)
        if colour is not None:
            return colour if number % 2 else other(colour)
    return None


def xxc_colour(trf: TrfFile) -> Color | None:
    """The initial colour the ``XXC`` record gives, if the file has one."""
    return next((colour for _, colour in _xxc(trf)), None)


def initial_colour(trf: TrfFile) -> Color:
    """``XXC``, else what round 1 shows, else white."""
    return xxc_colour(trf) or round_one_colour(trf.tournament) or Color.WHITE


def _virtual_points(number: int, line: str, column: int) -> Fraction:
    field = line[column - 1 : column + 3]
    if not field.strip():
        return Fraction(0)
    try:
        points = Fraction(Decimal(field.strip()))
    except InvalidOperation:
        raise TrfError(
            number, column, msg("XXA expects points like 1.0, not %(field)s", field=repr(field))
        ) from None
    if points < 0:
        raise TrfError(number, column, msg("XXA virtual points cannot be negative"))
    return points


def _xxa(trf: TrfFile) -> dict[int, tuple[Fraction, ...]]:
    """Every XXA line: pairing number -> virtual points for rounds 1, 2, ..."""
    known = {p.start_rank for p in trf.tournament.players}
    points: dict[int, tuple[Fraction, ...]] = {}
    for number, raw in enumerate(trf.headers.lines, start=1):
        line = raw.rstrip("\r\n")
        if not line.startswith("XXA"):
            continue
        try:
            player = int(line[4:8])
        except ValueError:
            raise TrfError(number, 5, msg("XXA expects a pairing number in columns 5-8")) from None
        if player not in known:
            raise TrfError(
                number,
                5,
                msg("XXA names player %(player)s, who is not in the file", player=player),
            )
        columns = range(10, len(line) + 1, 5)
        rounds = tuple(_virtual_points(number, line, column) for column in columns)
        if len(rounds) > trf.tournament.rounds:
            raise TrfError(number, 10, msg("XXA lists more rounds than the tournament has"))
        points[player] = rounds
    return points


def baku_requested(trf: TrfFile) -> int | None:
    """The line of a ``192 FIDE_DUTCH_BAKU`` (TRF26 tournament type), if any."""
    for number, raw in enumerate(trf.headers.lines, start=1):
        if raw.startswith("192") and raw[4:].strip().upper().endswith("_BAKU"):
            return number
    return None


def _records(trf: TrfFile) -> dict[tuple[int, int], tuple[Points, int]]:
    """(player, round) -> (points, line) of the file's 250 records: an individual's
    virtual points are game points, match points are for teams."""
    records = parse_records(trf.headers.lines)
    for record in records:
        if record.match_points:
            raise TrfError(
                record.line,
                MATCH_POINTS_COLUMN,
                msg(
                    "250 match points are for teams: a player's virtual points go in columns 10-13"
                ),
            )
    players = {p.start_rank for p in trf.tournament.players}
    return expand(records, players, trf.tournament.rounds, noun="player")


def _first_line(trf: TrfFile, code: str) -> int:
    return next(n for n, raw in enumerate(trf.headers.lines, start=1) if raw.startswith(code))


def _check_agreement(
    trf: TrfFile,
    listed: dict[int, tuple[Fraction, ...]],
    given: dict[tuple[int, int], tuple[Points, int]],
) -> None:
    """XXA lines and 250 records in one file must give the same virtual points: the
    first player and round they disagree on is refused, at the XXA line (the 250
    record when the player has none)."""
    lines = enumerate(trf.headers.lines, start=1)
    xxa_line = {int(raw[4:8]): n for n, raw in lines if raw.startswith("XXA")}
    for player in sorted(set(listed) | {player for player, _ in given}):
        xxa = listed.get(player, ())
        for rnd in range(1, trf.tournament.rounds + 1):
            from_xxa = xxa[rnd - 1] if rnd <= len(xxa) else Fraction(0)
            (_, from_250), record = given.get((player, rnd), ((Fraction(0), Fraction(0)), 0))
            if from_xxa == from_250:
                continue
            where = msg("line %(line)s", line=record) if record else msg("no record")
            reason = msg(
                "XXA and 250 disagree: player %(player)s round %(round)s has %(xxa)s"
                " virtual points in XXA, %(given)s in 250 (%(where)s)",
                player=player,
                round=rnd,
                xxa=f"{float(from_xxa):.1f}",
                given=f"{float(from_250):.1f}",
                where=where,
            )
            if player in xxa_line:
                raise TrfError(xxa_line[player], GAME_POINTS_COLUMN + 5 * (rnd - 1), reason)
            raise TrfError(record, GAME_POINTS_COLUMN, reason)


def listed_acceleration(trf: TrfFile) -> tuple[Acceleration, int] | None:
    """The virtual points the file's XXA lines or 250 records list, with the line of
    the first of them; None when it has neither.  Both must agree."""
    listed = _xxa(trf)
    given = _records(trf)
    if listed and given:
        _check_agreement(trf, listed, given)
    if given:
        return Acceleration(MappingProxyType(per_round(given, 1))), _first_line(trf, "250")
    if listed:
        return Acceleration(MappingProxyType(listed)), _first_line(trf, "XXA")
    return None


def acceleration(
    trf: TrfFile, baku_option: bool = False, absent: frozenset[int] = frozenset()
) -> Acceleration | None:
    """The virtual points the file (XXA lines, 250 records, or 192 ..._BAKU) or
    ``--baku`` asks for; XXA lines together with a Baku request, 250 records with
    ``--baku``, and XXA lines and 250 records that disagree are refused."""
    listed = listed_acceleration(trf)
    requested = baku_requested(trf)
    has_xxa = any(raw.startswith("XXA") for raw in trf.headers.lines)
    if has_xxa and (baku_option or requested):
        line = requested or _first_line(trf, "XXA")
        raise TrfError(line, 1, msg("XXA lines and Baku acceleration both give virtual points"))
    if listed is not None:
        points, line = listed
        if baku_option:
            raise TrfError(line, 1, msg("250 records and --baku both give virtual points"))
        return points
    if baku_option or requested:
        return baku(trf.tournament, absent)
    return None


def pairing_request(trf: TrfFile, baku_option: bool = False) -> PairingRequest:
    tournament = trf.tournament
    next_round = rounds_played(tournament) + 1
    absent = not_paired_in(tournament, next_round)
    return PairingRequest(
        tournament=tournament,
        round=next_round,
        absent=absent,
        initial_colour=initial_colour(trf),
        acceleration=acceleration(trf, baku_option, absent),
    )
