"""Writing a ``TrfFile`` back (an unchanged player byte for byte) or a tournament
built in code as a TRF16/TRF26 file."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from math import lcm
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from tiebreaks.formatting import format_points
from tiebreaks.model import (
    Game,
    Outcome,
    Pending,
    Player,
    Round,
    Scoring,
    System,
    TournamentResults,
    Unplayed,
    UnplayedRound,
)
from tiebreaks.trf.tables import (
    ABSENT_CELL,
    BYES,
    CELL_WIDTH,
    DATE_RECORDS,
    DEPUTY_ARBITER,
    FIRST_CELL,
    FORFEITS,
    GAMES,
    ROUND_DATES,
    TEXT_RECORDS,
    TRF16,
    TRF26,
    XXS_FIELDS,
    ByeRecord,
    TrfFile,
    TrfHeaders,
)

if TYPE_CHECKING:
    from tiebreaks.standings import Standings


def write_trf(trf: TrfFile, *, standings: Standings | None = None) -> str:
    """The file's text.  A player unchanged since reading is written as read (with
    points and rank from ``standings`` when given); a changed or new player gets a
    fresh 001 record; a player no longer in the tournament is left out."""
    tournament = trf.tournament
    points_and_rank = _points_and_rank(tournament, standings)
    standing = {row.player.start_rank for row in standings.rows} if standings else set()
    current = {p.start_rank: p for p in tournament.players}
    read = trf.headers.players
    read_ranks = {p.start_rank for p in read.values()}

    out: list[str] = []
    last_player = -1
    for index, raw in enumerate(trf.headers.lines):
        as_read = read.get(index)
        if as_read is None:
            out.append(raw)
            continue
        player = current.get(as_read.start_rank)
        if player is None:
            continue
        ending = "\r" if raw.endswith("\r") else ""
        line = raw[: len(raw) - len(ending)]
        if player != as_read:
            line = _player_line(player, *points_and_rank(player), trf.version)
        elif player.start_rank in standing:
            line = _with_points_and_rank(line, *points_and_rank(player))
        out.append(line + ending)
        last_player = len(out) - 1
    new = [
        _player_line(p, *points_and_rank(p), trf.version)
        for p in tournament.players
        if p.start_rank not in read_ranks
    ]
    if new:
        at = last_player + 1 if last_player >= 0 else _end_of_text(out)
        out[at:at] = new
    return "\n".join(out)


def trf_from_tournament(
    tournament: TournamentResults,
    tiebreaks: Sequence[str] = (),
    *,
    version: str = TRF26,
    standings: Standings | None = None,
    details: Mapping[str, Any] | None = None,
    byes: Sequence[ByeRecord] = (),
) -> TrfFile:
    """A TrfFile for a tournament built in code: headers for the name, ``details``
    (place, dates, arbiters..., as ``trf.details.tournament_details`` reads them),
    the number of players, the system, rounds, scoring (and in TRF26 the
    tie-breaks and ``byes`` requested for rounds not paired yet; TRF16 has no
    record for them), one 001 record per player with points and rank from
    ``standings`` when given, else points from the scoring and rank by points."""
    if version not in (TRF16, TRF26):
        raise ValueError(f"version must be {TRF16} or {TRF26}, not {version!r}")
    # A start rank is a 4-column field of the 001 records and of every opponent cell:
    # a longer one would shift the columns of the whole line, and readers misread it.
    if too_long := [p.start_rank for p in tournament.players if not 0 < p.start_rank <= 9999]:
        raise ValueError(f"start rank {too_long[0]} does not fit the TRF's 4-column field")
    lines = []
    if tournament.name:
        lines.append(f"012 {tournament.name}")
    lines.extend(_detail_records(tournament, details or {}))
    default = Scoring()
    if version == TRF26:
        lines.append(f"142 {tournament.rounds}")
        if tournament.scoring != default:
            lines.extend(_scoring_records_26(tournament.scoring))
        if tiebreaks:
            lines.append(f"202 {','.join(tiebreaks)}")
        lines.extend(_bye_record(bye) for bye in byes)
    else:
        lines.append(f"XXR {tournament.rounds}")
        if tournament.scoring != default:
            lines.append(_xxs_record(tournament.scoring))
    points_and_rank = _points_and_rank(tournament, standings)
    players: dict[int, Player] = {}
    for player in sorted(tournament.players, key=lambda p: p.start_rank):
        players[len(lines)] = player
        lines.append(_player_line(player, *points_and_rank(player), version))
    lines.append("")  # the text ends with a newline
    # Every 001 record is the player's own: write_trf then keeps it as it is.
    headers = TrfHeaders(lines=tuple(lines), players=MappingProxyType(players), version=version)
    return TrfFile(tournament=tournament, tiebreaks=tuple(tiebreaks), headers=headers)


def _detail_records(tournament: TournamentResults, details: Mapping[str, Any]) -> list[str]:
    """022 to 132 in the order of their codes: the details given, the counts of players
    and of rated players (062, 072; 082, teams, is 0: the tournament is individual)
    and the system (092)."""
    records = [(code, details.get(key)) for code, key in TEXT_RECORDS.items()]
    records += [
        (code, (details.get(key) or "").replace("-", "/")) for code, key in DATE_RECORDS.items()
    ]
    records += [(DEPUTY_ARBITER, name) for name in details.get("deputy_arbiters", ())]
    records += [
        ("062", str(len(tournament.players))),
        ("072", str(sum(1 for p in tournament.players if p.rating))),
        ("082", "0"),
        ("092", _SYSTEM_TEXT[tournament.system]),
    ]
    lines = [f"{code} {value}" for code, value in sorted(records, key=itemgetter(0)) if value]
    if any(details.get("round_dates", ())):
        # YY/MM/DD: eight columns per round, under the rounds' cells of the 001 records.
        cells = [(day or "")[2:].replace("-", "/") for day in details["round_dates"]]
        row = "".join(cell.ljust(CELL_WIDTH) for cell in cells).rstrip()
        lines.append(ROUND_DATES.ljust(FIRST_CELL) + row)
    return lines


def _bye_record(bye: ByeRecord) -> str:
    """A 240 record: type at column 5, round at 7-9, start ranks at 11-14, 16-19..."""
    ranks = " ".join(f"{rank:>4}" for rank in bye.start_ranks)
    return f"240 {_CODE_OF_UNPLAYED[bye.kind]} {bye.round:03d} {ranks}"


_SYSTEM_TEXT = {
    System.SWISS: "Individual: Swiss-System",
    System.ROUND_ROBIN: "Individual: Round robin",
    System.DOUBLE_ROUND_ROBIN: "Individual: Double round robin",
}


def _scoring_records_26(scoring: Scoring) -> list[str]:
    """162 when it can say it all (W covers forfeit wins and FPB, D covers HPB, A covers
    ZPB and forfeit losses), else 162 for the games plus XXS for the rest."""
    # Symbol at column 6 + 9k, points right-aligned in the four columns after it.
    record = (
        "162 "
        + "".join(
            f" {symbol}{_points_text(points)}    "
            for symbol, points in (
                ("W", scoring.win),
                ("D", scoring.draw),
                ("L", scoring.loss),
                ("A", scoring.zpb),
                ("P", scoring.pab),
            )
        ).rstrip()
    )
    fits = (
        scoring.forfeit_win == scoring.fpb == scoring.win
        and scoring.hpb == scoring.draw
        and scoring.forfeit_loss == scoring.zpb
    )
    return [record] if fits else [record, _xxs_record(scoring)]


def _xxs_record(scoring: Scoring) -> str:
    """Every XXS code that names one Scoring field, in the reader's order."""
    return "XXS " + " ".join(
        f"{code}={format_points(getattr(scoring, names[0]))}"
        for code, names in XXS_FIELDS.items()
        if len(names) == 1
    )


def _points_and_rank(
    tournament: TournamentResults, standings: Standings | None
) -> Callable[[Player], tuple[Fraction, int]]:
    """What a player's 001 record says in columns 81-89: the points and rank of
    ``standings`` when it has the player, else points by the scoring and rank by
    points alone (computed once, and only if some player needs them)."""
    rows = {r.player.start_rank: (r.points, r.rank) for r in standings.rows} if standings else {}
    by_points: dict[int, tuple[Fraction, int]] = {}

    def points_and_rank(player: Player) -> tuple[Fraction, int]:
        found = rows.get(player.start_rank)
        if found is not None:
            return found
        if not by_points:
            by_points.update(points_ranks(tournament))
        return by_points[player.start_rank]

    return points_and_rank


def points_ranks(tournament: TournamentResults) -> dict[int, tuple[Fraction, int]]:
    """Each player's points and rank by points alone, ties sharing a rank (TRF26 allows
    ties in columns 86-89).  Points are added as integers in the scoring's smallest
    unit: one Fraction addition per round made this a second for 10,000 players."""
    scoring = tournament.scoring
    value: dict[object, Fraction] = {None: Fraction(0)}
    value.update({outcome: scoring.for_outcome(outcome) for outcome in Outcome})
    value.update({kind: scoring.for_unplayed(kind) for kind in Unplayed})
    unit = lcm(*(points.denominator for points in value.values()))
    units = {key: int(points * unit) for key, points in value.items()}
    totals = {
        player.start_rank: sum(
            units[
                rnd.outcome
                if type(rnd) is Game
                else rnd.kind
                if type(rnd) is UnplayedRound
                else None  # no result yet: None or Pending
            ]
            for rnd in player.rounds
        )
        for player in tournament.players
    }
    first: dict[int, int] = {}
    for position, total in enumerate(sorted(totals.values(), reverse=True), 1):
        first.setdefault(total, position)
    points = {total: Fraction(total, unit) for total in first}
    return {rank: (points[total], first[total]) for rank, total in totals.items()}


def _points_text(points: Fraction) -> str:
    """Points right-aligned in the four columns of a TRF points field (81-84)."""
    text = format_points(points)
    if len(text) > 4:
        raise ValueError(f"points {text} do not fit the four columns of a TRF points field")
    return text.rjust(4)


def _player_line(player: Player, points: Fraction, rank: int, version: str) -> str:
    head = (
        f"001 {player.start_rank:>4} {player.sex:1.1}{player.title:>3.3} {player.name:<33.33} "
        f"{player.rating or '':>4} {player.federation:<3.3} {player.fide_id:>11.11} "
        f"{player.birth_date:<10.10} {_points_text(points)} {rank:>4} "
    )
    cells = "  ".join(_cell_text(rnd, version) for rnd in player.rounds)
    return (head + " " + cells).rstrip()


def _with_points_and_rank(line: str, points: Fraction, rank: int) -> str:
    line = line.ljust(89)
    return f"{line[:80]}{_points_text(points)} {rank:>4}{line[89:]}"


_CODE_OF_GAME = {(outcome, rated): code for code, (outcome, rated) in GAMES.items()}
_CODE_OF_UNPLAYED = {kind: code for code, kind in (*FORFEITS.items(), *BYES.items())}


def _cell_text(rnd: Round, version: str) -> str:
    if rnd is None:
        return " " * 8
    colour = rnd.color.value if rnd.color is not None else "-"
    if isinstance(rnd, Pending):
        # As pairing programs write the round being played: opponent, colour, no result.
        return f"{rnd.opponent:>4} {colour}  "
    if isinstance(rnd, Game):
        return f"{rnd.opponent:>4} {colour} {_CODE_OF_GAME[rnd.outcome, rnd.rated]}"
    if rnd.kind is Unplayed.ABSENT:
        return ABSENT_CELL[version]  # distinct from a cell not written yet (all blank)
    opponent = f"{rnd.opponent:>4}" if rnd.opponent else "0000"
    return f"{opponent} {colour} {_CODE_OF_UNPLAYED[rnd.kind]}"


def _end_of_text(lines: list[str]) -> int:
    """Where to add lines: before the empty remainder after a final newline."""
    return len(lines) - 1 if lines and lines[-1] == "" else len(lines)
