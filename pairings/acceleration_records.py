"""TRF26 ``250`` records, the virtual points of an accelerated tournament, for
individuals and teams alike: columns 5-8 the match points (teams), 10-13 the game
points (an individual's points), 15-17 and 19-21 the first and last round, 23-26 and
28-31 the first and last pairing number (player or team) they apply to.

Reading checks each field (naming line and column), that the rounds are within the
tournament and the numbers are in the file, and that no record gives a number and a
round another one gave already (the file would not say which one holds).  Writing
makes compact ranges: one record per value, run of rounds with that value and run of
consecutive numbers.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from pairings.acceleration import Acceleration
from tiebreaks.errors import TrfError

ZERO = Fraction(0)
MATCH_POINTS_COLUMN = 5
GAME_POINTS_COLUMN = 10
IDS = ((23, "first"), (28, "last"))
# (match points, game points) one record gives a number in a round.
Points = tuple[Fraction, Fraction]


@dataclass(frozen=True)
class Record:
    """One ``250`` record as written, with its 1-based line number."""

    line: int
    match_points: Fraction
    game_points: Fraction
    first_round: int
    last_round: int
    first: int
    last: int


def _field(line: str, start: int, end: int) -> str:
    return line[start - 1 : end].strip()


def _points(number: int, line: str, start: int, what: str) -> Fraction:
    text = _field(line, start, start + 3)
    if not text:
        return ZERO
    try:
        points = Fraction(Decimal(text))
    except InvalidOperation:
        raise TrfError(number, start, f"250 expects {what} like 1.0, not {text!r}") from None
    if points < 0:
        raise TrfError(number, start, f"250 {what} cannot be negative")
    return points


def _int(number: int, line: str, start: int, end: int, what: str) -> int:
    try:
        return int(_field(line, start, end))
    except ValueError:
        raise TrfError(number, start, f"250 expects the {what} in columns {start}-{end}") from None


def parse_records(lines: Sequence[str]) -> list[Record]:
    """Every ``250`` record of the file's lines, its fields read and checked."""
    found = []
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r\n")
        if not line.startswith("250"):
            continue
        mp = _points(number, line, MATCH_POINTS_COLUMN, "match points")
        gp = _points(number, line, GAME_POINTS_COLUMN, "game points")
        first, last = (_int(number, line, c, c + 2, "round") for c in (15, 19))
        low, high = (_int(number, line, c, c + 3, f"{end} id") for c, end in IDS)
        found.append(Record(number, mp, gp, first, last, low, high))
    return found


def expand(
    records: Iterable[Record], numbers: Collection[int], rounds: int, noun: str = "team"
) -> dict[tuple[int, int], tuple[Points, int]]:
    """(number, round) -> ((match points, game points), line) of every record, checked
    against the tournament: its ``rounds``, the pairing ``numbers`` of its ``noun``s."""
    which = "who" if noun == "player" else "which"
    given: dict[tuple[int, int], tuple[Points, int]] = {}
    for record in records:
        number, first, last = record.line, record.first_round, record.last_round
        if not 1 <= first <= last <= rounds:
            raise TrfError(number, 15, f"250 rounds {first}-{last} are not within 1-{rounds}")
        if record.first > record.last:
            raise TrfError(
                number, 23, f"250 {noun}s {record.first}-{record.last}: the first is after the last"
            )
        for listed in range(record.first, record.last + 1):
            if listed not in numbers:
                raise TrfError(number, 23, f"250 names {noun} {listed}, {which} is not in the file")
            for rnd in range(first, last + 1):
                if (listed, rnd) in given:
                    earlier = given[listed, rnd][1]
                    raise TrfError(
                        number, 15, f"250 gives {noun} {listed} round {rnd} again (line {earlier})"
                    )
                given[listed, rnd] = (record.match_points, record.game_points), number
    return given


def per_round(
    given: Mapping[tuple[int, int], tuple[Points, int]], index: int
) -> dict[int, tuple[Fraction, ...]]:
    """Number -> points (0 match points, 1 game points) for rounds 1 to the last one
    any record names; a round a number's records leave out has none."""
    rounds = max((rnd for _, rnd in given), default=0)
    return {
        listed: tuple(
            given[listed, rnd][0][index] if (listed, rnd) in given else ZERO
            for rnd in range(1, rounds + 1)
        )
        for listed in sorted({listed for listed, _ in given})
    }


def _runs(numbers: Iterable[int]) -> Iterator[tuple[int, int]]:
    """Consecutive numbers as (first, last) runs."""
    run: list[int] = []
    for n in sorted(numbers):
        if run and n != run[-1] + 1:
            yield run[0], run[-1]
            run = []
        run.append(n)
    if run:
        yield run[0], run[-1]


def _cell(value: Fraction) -> str:
    return f"{float(value):4.1f}"


def format_records(values: Mapping[int, Sequence[Points]]) -> list[str]:
    """The 250 records giving each number its (match points, game points) for rounds
    1, 2, ...: one per value, run of rounds with that value and run of consecutive
    numbers, by first round then first number; no virtual points, no record."""
    segments: dict[tuple[int, int, Fraction, Fraction], list[int]] = {}
    for listed, points in values.items():
        start = 0
        for end in range(1, len(points) + 1):
            if end == len(points) or points[end] != points[start]:
                if points[start] != (ZERO, ZERO):
                    segments.setdefault((start + 1, end, *points[start]), []).append(listed)
                start = end
    out = []
    for (first, last, mp, gp), members in segments.items():
        for low, high in _runs(members):
            rounds, ids = f"{first:03d} {last:03d}", f"{low:04d} {high:04d}"
            out.append((first, low, f"250 {_cell(mp)} {_cell(gp)} {rounds} {ids}"))
    return [line for *_, line in sorted(out)]


def player_records(acceleration: Acceleration) -> list[str]:
    """An individual tournament's virtual points as 250 records (game-points columns)."""
    return format_records(
        {number: [(ZERO, p) for p in points] for number, points in acceleration.points.items()}
    )
