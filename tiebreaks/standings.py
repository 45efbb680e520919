"""Standings: the public API of the tie-break engine.

``compute_standings(tournament, tiebreaks, rules, after_round)`` ranks players by
score, then by the tie-break list in order (C.07 4.2), sharing a place when
everything is equal.  ``explain`` shows, round by round, why a player's numbers
are what they are.

Default tie-break lists (C.07 has none since 2023: the organiser chooses, 4.1;
these follow one author's suggestion, with PS from the old C.02 13.16.4 list):

- Swiss: BH/C1, BH, SB, PS, DE, WIN
- round robin (single or double): DE, WIN, SB, KS

Rule editions: ``fide-2026`` (default), ``fide-2023``, ``fide-pre2023``; see
:mod:`tiebreaks.rules`.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from operator import attrgetter
from typing import cast

from tiebreaks.codes import Code, parse_code
from tiebreaks.definitions import CATALOGUE, Column, Context, Definition, Printed, Value
from tiebreaks.errors import TieBreakError
from tiebreaks.formatting import decimal_text, format_points
from tiebreaks.messages import msg
from tiebreaks.model import Player, System, TournamentResults
from tiebreaks.modifiers import cut
from tiebreaks.ranking import GroupStep, KeyStep, rank, sort_key
from tiebreaks.rules import DEFAULT_RULES, EDITIONS, get_rules
from tiebreaks.scores import KIND_LABELS, NONE, VOLUNTARY, ScoreSheet, build_sheet

RULES = tuple(EDITIONS)
SWISS_DEFAULT = ("BH/C1", "BH", "SB", "PS", "DE", "WIN")
ROUND_ROBIN_DEFAULT = ("DE", "WIN", "SB", "KS")

__all__ = [
    "DEFAULT_RULES",
    "RULES",
    "Explanation",
    "Ranking",
    "Standings",
    "StandingsRow",
    "compute_standings",
    "default_tiebreaks",
    "column_keys",
    "exact_points",
    "exact_values",
    "explain",
    "format_value",
    "no_cyclic_gc",
    "to_json_number",
    "unrated_warnings",
]


@dataclass(frozen=True)
class StandingsRow:
    rank: int
    place: str  # "2", or "2-4" when shared
    player: Player
    points: Fraction
    modified_points: Fraction  # the score the player's opponents see (C.07 16.3)
    tiebreaks: dict[str, Fraction | int | None]  # keyed by each code exactly as given


@dataclass(frozen=True)
class Standings:
    rules: str
    tiebreaks: tuple[str, ...]
    rows: tuple[StandingsRow, ...]
    warnings: tuple[str, ...] = ()  # what the reader of the table must know (unrated players)


def default_tiebreaks(system: System) -> tuple[str, ...]:
    """The list used when none is given (see the module docstring)."""
    return ROUND_ROBIN_DEFAULT if system.predetermined else SWISS_DEFAULT


def _codes(tournament: TournamentResults, tiebreaks: Sequence[str] | str | None) -> list[Code]:
    if tiebreaks is None:
        tiebreaks = default_tiebreaks(tournament.system)
    elif isinstance(tiebreaks, str):
        tiebreaks = [t for t in tiebreaks.split(",") if t.strip()]
    return [parse_code(t) for t in tiebreaks]


class Ranking:
    """Participants ranked by a score, then by a tie-break list in order (C.07 4.2):
    each tie-break's column computed once, and the places a group tie-break (DE and
    the like) gave inside the groups it split.  ``context`` is what the catalogue's
    functions take: the individual Context here, the team one for teams."""

    def __init__(
        self,
        score: Sequence[int],
        codes: Sequence[Code],
        catalogue: Mapping[str, Definition],
        context: object,
    ) -> None:
        self.count = len(score)
        self.codes = codes
        self.columns: dict[str, Column] = {}
        self.group_values: dict[str, dict[int, int]] = {}
        steps: list[KeyStep | GroupStep] = [score]
        # The casts: a definition's function splits a tied group when ``group`` is set
        # and gives a Column otherwise; one field whose type follows another field's
        # value, which a dataclass cannot state.
        for code in codes:
            definition = catalogue[code.acronym]
            if definition.group:
                self.group_values.setdefault(code.text, {})
                split = cast(
                    Callable[[object, Code, list[int]], list[list[int]]], definition.function
                )
                steps.append(partial(split, context, code))
                continue
            if code.text not in self.columns:
                self.columns[code.text] = cast(Column, definition.function(context, code))
            steps.append(column_keys(self.columns[code.text]))
        placed = rank(self.count, steps, self._record_group)
        self.placed = sorted(placed, key=attrgetter("rank", "index"))

    def _record_group(self, step: int, group: list[int], subgroups: list[list[int]]) -> None:
        values = self.group_values[self.codes[step - 1].text]
        position = 1
        for sub in subgroups:
            for i in sub:
                values.setdefault(i, position)
            position += len(sub)

    def tiebreaks(self) -> list[dict[str, Value]]:
        """Each participant's tie-break values (exact), keyed by the codes as given."""
        texts = [code.text for code in self.codes]
        columns: list[Sequence[Value]] = []
        for text in texts:
            column = self.columns.get(text)
            if column is None:
                found = self.group_values[text]
                columns.append([found.get(i) for i in range(self.count)])
            else:
                columns.append(exact_values(column))
        if not columns:
            return [{} for _ in range(self.count)]
        return [dict(zip(texts, values, strict=True)) for values in zip(*columns, strict=True)]


class _Computation:
    """One standings computation: the sheet, the tie-break columns and the ranking."""

    def __init__(
        self,
        tournament: TournamentResults,
        tiebreaks: Sequence[str] | str | None,
        rules: str,
        after_round: int | None,
    ) -> None:
        self.rules = get_rules(rules)
        self.codes = _codes(tournament, tiebreaks)
        self.sheet = build_sheet(tournament, self.rules, after_round)
        self.context = Context(self.sheet)
        self.ranking = Ranking(self.sheet.score, self.codes, CATALOGUE, self.context)

    def rows(self) -> tuple[StandingsRow, ...]:
        sheet = self.sheet
        tiebreaks = self.ranking.tiebreaks()
        points = exact_points(sheet.score, sheet.unit)
        adjusted = exact_points(sheet.adjusted, sheet.unit)
        return tuple(
            StandingsRow(
                rank=placed.rank,
                place=placed.place,
                player=sheet.players[placed.index],
                points=points[placed.index],
                modified_points=adjusted[placed.index],
                tiebreaks=tiebreaks[placed.index],
            )
            for placed in self.ranking.placed
        )


def exact_points(units: Sequence[int], unit: int) -> list[Fraction]:
    """Scores counted in 1/``unit`` points as exact points: one Fraction per distinct value."""
    made = {v: Fraction(v, unit) for v in set(units)}
    return [made[v] for v in units]


def exact_values(column: Column) -> Sequence[Value]:
    """The column's values as exact numbers: one Fraction per distinct value."""
    if column.scale is None:
        return column.values
    scale = column.scale
    made: dict[Value, Value] = {v: Fraction(v, scale) for v in set(column.values) if v is not None}
    made[None] = None
    return [made[v] for v in column.values]


def column_keys(column: Column) -> KeyStep:
    values = column.values
    defined = [v for v in values if v is not None]
    if len(defined) == len(values):
        return [-v for v in defined] if column.lower_is_better else defined
    return [sort_key(v, column.lower_is_better) for v in values]


def compute_standings(
    tournament: TournamentResults,
    tiebreaks: Sequence[str] | None = None,
    rules: str = DEFAULT_RULES,
    after_round: int | None = None,
) -> Standings:
    """Rank ``tournament`` (rounds 1..after_round) by score and ``tiebreaks``.

    ``tiebreaks`` None uses :func:`default_tiebreaks`.  Raises TieBreakError for an
    unknown code or rule edition, or an impossible ``after_round``.
    """
    with no_cyclic_gc():
        computation = _Computation(tournament, tiebreaks, rules, after_round)
        return Standings(
            rules=computation.rules.name,
            tiebreaks=tuple(c.text for c in computation.codes),
            rows=computation.rows(),
            warnings=unrated_warnings(tournament, computation.codes),
        )


def unrated_warnings(tournament: TournamentResults, codes: Sequence[Code]) -> tuple[str, ...]:
    """Ruling 6: C.07 10 drops the rating-based tie-breaks when unrated players take part
    unless the rules say how to treat them; by default they are left out of those
    tie-breaks, and never silently."""
    rating_based = [code.text for code in codes if CATALOGUE[code.acronym].rating_based]
    if not rating_based or tournament.unrated_rating:
        return ()
    unrated = sorted(p.start_rank for p in tournament.players if not p.rating)
    if not unrated:
        return ()
    return (
        f"{len(unrated)} unrated player(s) (start ranks {', '.join(map(str, unrated))}) take "
        f"part: {', '.join(rating_based)} leave their games out (C.07 10); give unrated "
        "players a rating (the tournament's unrated_rating, --unrated-rating) to count them",
    )


@contextmanager
def no_cyclic_gc() -> Iterator[None]:
    """Pause the cycle collector while the standings are built (or, by a caller, the
    tables built around them).

    A big event allocates some 100k small, acyclic lists and tuples; each automatic
    collection would walk them and the whole tournament again (a third of the time
    for 10k players).  Reference counting still frees everything; collection
    resumes afterwards.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def format_value(code: str, value: Value) -> str:
    """A tie-break value as arbiters print it: AOB with two decimals, ratings and
    counts whole, points as "6.5"; an undefined value as "-"."""
    if value is None:
        return "-"
    printed = CATALOGUE[parse_code(code).acronym].printed
    if printed is Printed.TWO_DECIMALS:
        return decimal_text(Fraction(value), 2)
    if printed is Printed.WHOLE:
        return str(int(value))
    return format_points(Fraction(value))


def to_json_number(value: Value) -> int | float | None:
    """A value for JSON: whole numbers as int, others as float, None as None."""
    if value is None or isinstance(value, int):
        return value
    # One call instead of the numerator and denominator properties and float()'s
    # own: the live worker converts some 80k values per result of a 10k-player event.
    numerator, denominator = value.as_integer_ratio()
    return numerator if denominator == 1 else numerator / denominator


# --- explain -----------------------------------------------------------------------


@dataclass(frozen=True)
class RoundLine:
    round: int
    kind: str
    opponent: int | None  # start rank
    points: Fraction | None  # None: result not known yet
    value: Fraction | None  # the opponent's value in the player's own BH/SB
    rule: str
    vur: bool


@dataclass(frozen=True)
class TieBreakLine:
    code: str
    value: Value
    text: str
    contributions: tuple[tuple[int, Fraction], ...] = ()  # (round, contribution)
    cut_rounds: tuple[int, ...] = ()


@dataclass(frozen=True)
class Explanation:
    player: Player
    rules: str
    points: Fraction
    modified_points: Fraction
    rank: int
    place: str
    rounds: tuple[RoundLine, ...]
    tiebreaks: tuple[TieBreakLine, ...]

    def lines(self) -> list[str]:
        p = self.player
        out = [
            f"{p.start_rank} {p.name}".rstrip() + f" - rules {self.rules}, place {self.place}",
            f"points {format_points(self.points)}; "
            f"as an opponent (C.07 16.3) {format_points(self.modified_points)}",
        ]
        for r in self.rounds:
            opponent = f" vs {r.opponent}" if r.opponent is not None else ""
            points = "?" if r.points is None else format_points(r.points)
            value = "" if r.value is None else f", counts {format_points(r.value)}"
            vur = ", VUR" if r.vur else ""
            out.append(f"  R{r.round}: {r.kind}{opponent}, {points} pts{value}{vur} ({r.rule})")
        for t in self.tiebreaks:
            out.append(f"  {t.code} = {format_value(t.code, t.value)}: {t.text}")
            if t.contributions:
                parts = ", ".join(f"R{r} {format_points(c)}" for r, c in t.contributions)
                out.append(f"    contributions: {parts}")
            if t.cut_rounds:
                out.append("    cut: " + ", ".join(f"R{r}" for r in t.cut_rounds))
        return out


def _round_lines(sheet: ScoreSheet, i: int) -> tuple[RoundLine, ...]:
    lines = []
    for r in range(sheet.rounds):
        kind, o = sheet.kind[i][r], sheet.opp[i][r]
        opponent = sheet.players[o].start_rank if o >= 0 else None
        points: Fraction | None = sheet.points(sheet.pts[i][r])
        value: int | None = None
        vur = False
        if kind == NONE:
            points, rule = None, "left out"
        elif sheet.is_encounter(kind, o):
            value = sheet.adjusted[o]
            rule = "opponent's score" if sheet.predetermined else "opponent's adjusted score"
        elif sheet.predetermined:
            rule = "15.2 round-robin bye: ignored"
        else:
            value, rule = sheet.dummy(i, r)
            rule = f"{sheet.category[i, r].article}; {rule}"
            vur = kind in VOLUNTARY  # 16.1.2, whatever the edition does with it
        shown = None if value is None else sheet.points(value)
        lines.append(RoundLine(r + 1, KIND_LABELS[kind], opponent, points, shown, rule, vur))
    return tuple(lines)


def _tiebreak_line(computation: _Computation, code: Code, i: int, value: Value) -> TieBreakLine:
    function = CATALOGUE[code.acronym].function
    text = (function.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
    if code.acronym not in ("BH", "FB", "SB"):
        return TieBreakLine(code.text, value, " ".join(text.split()))
    sheet = computation.sheet
    ctx = computation.context
    elements = ctx.elements(code.forfeits_as_games, fore=code.acronym == "FB")[i]
    if code.acronym == "SB":
        contributions = [v * p for v, p in zip(elements.values, elements.points, strict=True)]
        scale = sheet.unit * sheet.unit
    else:
        contributions, scale = list(elements.values), sheet.unit
    _, removed = cut(code.cut, elements.values, contributions, elements.vur)
    return TieBreakLine(
        code.text,
        value,
        " ".join(text.split()),
        tuple(
            (r + 1, Fraction(c, scale)) for r, c in zip(elements.rounds, contributions, strict=True)
        ),
        tuple(elements.rounds[e] + 1 for e in removed),
    )


def explain(
    tournament: TournamentResults,
    start_rank: int,
    tiebreaks: Sequence[str] | None = None,
    rules: str = DEFAULT_RULES,
    after_round: int | None = None,
) -> Explanation:
    """Why player ``start_rank``'s numbers are what they are: per round the kind,
    the points, the value used for the opponent (score, dummy or virtual) with the
    rule applied and the VUR flag; per tie-break its value, each round's
    contribution and which rounds a cut removed."""
    if start_rank not in tournament:
        raise TieBreakError(msg("there is no player with start rank %(rank)s", rank=start_rank))
    computation = _Computation(tournament, tiebreaks, rules, after_round)
    sheet = computation.sheet
    i = sheet.index[start_rank]
    row = next(r for r in computation.rows() if r.player.start_rank == start_rank)
    return Explanation(
        player=row.player,
        rules=computation.rules.name,
        points=row.points,
        modified_points=row.modified_points,
        rank=row.rank,
        place=row.place,
        rounds=_round_lines(sheet, i),
        tiebreaks=tuple(
            _tiebreak_line(computation, code, i, row.tiebreaks[code.text])
            for code in computation.codes
        ),
    )
