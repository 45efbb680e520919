"""The tie-breaks of FIDE C.07 Art. 5, one function per tie-break, named after its acronym.

Every function takes the shared :class:`Context` (one ScoreSheet plus caches) and
the parsed :class:`~tiebreaks.codes.Code`, and returns a :class:`Column`: one value
per player (sheet index order), as integers in ``scale`` (points: the scoring's
unit; SB: unit squared) so that ranking compares integers and Fractions are only
made for output.  Direct Encounter (Type A) is the exception: it is computed
inside a still-tied group and returns that group's ordered subgroups.

Round robins follow C.07 15.2: forfeits are games, except that rating-based
tie-breaks (Art. 10) treat every forfeit as unplayed, and (2026 text) forfeit
losses stay unplayed for Type B tie-breaks (Art. 7).

Rating-based tie-breaks (Art. 10) use the games played over the board (10.1),
TRF W/D/L games included: they were played, only not rated (ruling 2, as FIDE's
reference checker counts them).  C.07 10 asks organisers to drop these tie-breaks
when unrated players take part unless their rules say how to treat them: by default
unrated opponents are left out (and the standings carry a warning); a tournament's
``unrated_rating`` gives them that rating instead (ruling 6).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cached_property
from itertools import accumulate
from math import lcm
from operator import mul
from typing import TYPE_CHECKING

from tiebreaks import modifiers, rating
from tiebreaks.model import System
from tiebreaks.scores import (
    FORFEIT_LOSS,
    FORFEITS,
    GAME,
    NONE,
    VOLUNTARY,
    Elements,
    ScoreSheet,
    opponent_elements,
)

if TYPE_CHECKING:  # codes reads the catalogue below to know the acronyms and modifiers
    from tiebreaks.codes import Code

Value = int | Fraction | None


@dataclass(frozen=True)
class Column:
    """A tie-break's values for every player.  A value v stands for v/scale points
    when ``scale`` is set, else for itself (counts, ratings, exact averages)."""

    values: Sequence[Value]
    scale: int | None = None
    lower_is_better: bool = False


class Context:
    """What several tie-breaks share: the sheet, and values computed once."""

    def __init__(self, sheet: ScoreSheet) -> None:
        self.sheet = sheet
        self._elements: dict[tuple[bool, bool], list[Elements]] = {}

    @cached_property
    def fore_sheet(self) -> ScoreSheet:
        return self.sheet.fore()

    def elements(self, forfeits_as_games: bool = False, fore: bool = False) -> list[Elements]:
        key = (forfeits_as_games, fore)
        if key not in self._elements:
            sheet = self.fore_sheet if fore else self.sheet
            self._elements[key] = opponent_elements(sheet, forfeits_as_games)
        return self._elements[key]

    def buchholz(self, fore: bool = False, forfeits_as_games: bool = False) -> list[int]:
        """Each player's Buchholz (C.07 8.1, 8.3 with ``fore``), uncut."""
        return [sum(e.values) for e in self.elements(forfeits_as_games, fore)]

    @cached_property
    def ratings(self) -> list[int]:
        """Each player's rating for Art. 10; 0 (left out) for the unrated unless the
        tournament gives them a rating."""
        fixed = self.sheet.tournament.unrated_rating or 0
        return [p.rating or fixed for p in self.sheet.players]

    @cached_property
    def rated_games(self) -> list[tuple[list[int], int]]:
        """Per player: the ratings of the rated opponents met over the board (once per
        game, 4.4) and the points scored in those games in halves."""
        sheet = self.sheet
        ratings = self.ratings
        out = []
        halves_of = {sheet.loss: 0, sheet.draw: 1, sheet.win: 2}
        for k_row, o_row, p_row in zip(sheet.kind, sheet.opp, sheet.pts, strict=True):
            if k_row and min(k_row) == GAME == max(k_row):
                opp_ratings = [ratings[o] for o in o_row]
                if 0 not in opp_ratings:
                    out.append((opp_ratings, sum(map(halves_of.__getitem__, p_row))))
                    continue
            opp_ratings, halves = [], 0
            for k, o, p in zip(k_row, o_row, p_row, strict=True):
                if k == GAME and ratings[o] > 0:
                    opp_ratings.append(ratings[o])
                    halves += halves_of[p]
            out.append((opp_ratings, halves))
        return out

    @cached_property
    def performances(self) -> list[int | None]:
        return [rating.performance(r, h) if r else None for r, h in self.rated_games]

    @cached_property
    def perfect_performances(self) -> list[int | None]:
        return [rating.perfect_performance(r, h) if r else None for r, h in self.rated_games]


def _opponent_sum(ctx: Context, code: Code, *, fore: bool = False) -> Column:
    elements = ctx.elements(code.forfeits_as_games, fore)
    if code.cut is None:
        return Column([sum(e.values) for e in elements], ctx.sheet.unit)
    return Column(
        [modifiers.cut(code.cut, e.values, e.values, e.vur)[0] for e in elements], ctx.sheet.unit
    )


def pts(ctx: Context, code: Code) -> Column:
    """PTS, Points: the score itself (MTB26 lists it; as a tie-break it breaks nothing
    the score has not, but a list that names it is accepted)."""
    return Column(list(ctx.sheet.score), ctx.sheet.unit)


def bh(ctx: Context, code: Code) -> Column:
    """BH, Buchholz (C.07 8.1): the sum of the opponents' scores, with the unplayed
    rounds of Art. 16 and the modifiers /C1 /C2 /M1 /M2 (14.1-14.4, 16.5) and /P."""
    return _opponent_sum(ctx, code)


def fb(ctx: Context, code: Code) -> Column:
    """FB, Fore Buchholz (C.07 8.3): Buchholz as if every game paired for the final
    round had ended in a draw; same modifiers as BH.  The final round is the last
    scheduled one (ruling 10): before it is paired FB equals BH."""
    return _opponent_sum(ctx, code, fore=True)


def aob(ctx: Context, code: Code) -> Column:
    """AOB, Average of Opponents' Buchholz (C.07 8.2): the average of the Buchholz
    (with /F: Fore Buchholz) of the opponents played over the board (round robin:
    forfeits too, 15.2).  Exact; printed with two decimals."""
    sheet = ctx.sheet
    bhs = ctx.buchholz(fore=code.fore)
    values: list[Value] = []
    for k_row, o_row in zip(sheet.kind, sheet.opp, strict=True):
        met = [bhs[o] for k, o in zip(k_row, o_row, strict=True) if sheet.is_encounter(k, o)]
        values.append(Fraction(sum(met), len(met) * sheet.unit) if met else None)
    return Column(values)


def sb(ctx: Context, code: Code) -> Column:
    """SB, Sonneborn-Berger (C.07 9.1): the sum over rounds of the points scored times
    the opponent's score (Art. 16 for unplayed rounds); /C1 /C2 cut the contribution of
    the lowest-scoring opponent (14.1.1.d), VURs per 16.5; /P."""
    sheet = ctx.sheet
    elements = ctx.elements(code.forfeits_as_games)
    if code.cut is None:
        values = [sum(map(mul, e.values, e.points)) for e in elements]
    else:
        values = [
            modifiers.cut(code.cut, e.values, list(map(mul, e.values, e.points)), e.vur)[0]
            for e in elements
        ]
    return Column(values, sheet.unit * sheet.unit)


def nonfide_sb_top(ctx: Context, code: Code) -> Column:
    """NONFIDE_SB_TOP, a gaming platform's simplified Sonneborn-Berger,
    not FIDE (seed 003); FIDE's C.07 SB is ``sb``.  For the players tied on the top
    score only, the sum of the final scores of the opponents beaten or drawn, each
    draw at the opponent's FULL score.  Everyone else: None."""
    sheet = ctx.sheet
    top = max(sheet.score, default=0)
    values: list[Value] = []
    for i, (k_row, o_row, p_row) in enumerate(zip(sheet.kind, sheet.opp, sheet.pts, strict=True)):
        if sheet.score[i] != top:
            values.append(None)
            continue
        values.append(
            sum(
                sheet.score[o]
                for k, o, p in zip(k_row, o_row, p_row, strict=True)
                if sheet.is_encounter(k, o) and p >= sheet.draw
            )
        )
    return Column(values, sheet.unit)


def ks(ctx: Context, code: Code) -> Column:
    """KS, Koya System (C.07 9.2): the points scored against the participants who
    scored at least 50% of the maximum possible score; /L±n moves that limit by n
    half points (14.5)."""
    sheet = ctx.sheet
    games = sheet.rounds
    if sheet.predetermined:
        # The most a player can score: one game per opponent and cycle; the rest round
        # of an odd-sized round robin is no game (15.2), so 5 players play 4 of 5 rounds.
        cycles = 2 if sheet.tournament.system is System.DOUBLE_ROUND_ROBIN else 1
        games = min(games, (len(sheet.players) - 1) * cycles)
    # score >= games x win / 2 + limit / 2 points, in units and doubled to stay whole.
    threshold = games * sheet.win + code.limit * sheet.unit
    strong = [2 * s >= threshold for s in sheet.score]
    values = []
    for k_row, o_row, p_row in zip(sheet.kind, sheet.opp, sheet.pts, strict=True):
        values.append(
            sum(
                p
                for k, o, p in zip(k_row, o_row, p_row, strict=True)
                if sheet.is_encounter(k, o, code.forfeits_as_games) and strong[o]
            )
        )
    return Column(values, sheet.unit)


def _own_kinds(sheet: ScoreSheet) -> list[list[int]]:
    """Round kinds as Type B tie-breaks see them: in a round robin a forfeit is a game
    (15.2), except a forfeit loss when the edition keeps it unplayed (2026)."""
    if not sheet.predetermined:
        return sheet.kind
    keep_loss = sheet.rules.rr_forfeit_losses_unplayed_in_own_results
    return [
        [GAME if k in FORFEITS and not (keep_loss and k == FORFEIT_LOSS) else k for k in row]
        for row in sheet.kind
    ]


def win(ctx: Context, code: Code) -> Column:
    """WIN, Number of Wins (C.07 7.1): rounds where the player obtained, with or
    without playing, as many points as a win."""
    points_for_win = ctx.sheet.win
    if points_for_win:  # a round without a result scores 0, never a win
        return Column([p_row.count(points_for_win) for p_row in ctx.sheet.pts])
    return Column(
        [
            sum(1 for k, p in zip(k_row, p_row, strict=True) if k != NONE and p == points_for_win)
            for k_row, p_row in zip(ctx.sheet.kind, ctx.sheet.pts, strict=True)
        ]
    )


def won(ctx: Context, code: Code) -> Column:
    """WON, Number of Games Won (C.07 7.2): games won over the board."""
    points_for_win = ctx.sheet.win
    return Column(
        [
            sum(1 for k, p in zip(k_row, p_row, strict=True) if k == GAME and p == points_for_win)
            for k_row, p_row in zip(_own_kinds(ctx.sheet), ctx.sheet.pts, strict=True)
        ]
    )


def bpg(ctx: Context, code: Code) -> Column:
    """BPG, Number of Games Played with Black (C.07 7.3)."""
    return Column(
        [
            sum(1 for k, black in zip(k_row, b_row, strict=True) if black and k == GAME)
            for k_row, b_row in zip(_own_kinds(ctx.sheet), ctx.sheet.black, strict=True)
        ]
    )


def bwg(ctx: Context, code: Code) -> Column:
    """BWG, Number of Games Won with Black (C.07 7.4)."""
    sheet = ctx.sheet
    return Column(
        [
            sum(
                1
                for k, p, black in zip(k_row, p_row, b_row, strict=True)
                if black and k == GAME and p == sheet.win
            )
            for k_row, p_row, b_row in zip(_own_kinds(sheet), sheet.pts, sheet.black, strict=True)
        ]
    )


def rep(ctx: Context, code: Code) -> Column:
    """REP (alias GE), Rounds one Elected to Play in (C.07 7.6): the rounds less the
    half-point byes, zero-point byes (absences) and forfeit losses."""
    return Column(
        [
            sum(1 for k in k_row if k != NONE and k not in VOLUNTARY)
            for k_row in _own_kinds(ctx.sheet)
        ]
    )


def std(ctx: Context, code: Code) -> Column:
    """STD, Standard Points (C.07 7.7, 2026): 1 for each round where the player scored
    more than the scheduled opponent (without opponent: more than a draw), 1/2 for
    the same.  Kept in half units."""
    sheet = ctx.sheet
    values = []
    for k_row, o_row, p_row in zip(sheet.kind, sheet.opp, sheet.pts, strict=True):
        halves = 0
        for r, (k, o, p) in enumerate(zip(k_row, o_row, p_row, strict=True)):
            if k == NONE:
                continue
            other = sheet.pts[o][r] if o >= 0 else sheet.draw
            halves += 2 if p > other else 1 if p == other else 0
        values.append(halves)
    return Column(values, 2)


def ps(ctx: Context, code: Code) -> Column:
    """PS, Progressive Scores (C.07 7.5): the sum of the player's score after each
    round; /C1 /C2 drop the scores after the first one or two rounds (14.1.1.c: the
    earliest is the least significant)."""
    sheet = ctx.sheet
    skip = {None: 0, "C1": 1, "C2": 2}[code.cut]
    values = []
    for k_row, p_row in zip(sheet.kind, sheet.pts, strict=True):
        known = p_row if NONE not in k_row else [p for k, p in zip(k_row, p_row, strict=True) if k]
        values.append(sum(list(accumulate(known))[skip:]))
    return Column(values, sheet.unit)


def tpn(ctx: Context, code: Code) -> Column:
    """TPN, Tournament Pairing Number (C.07 7.8, 2026): the lower number ranks first;
    TPN/R reverses the order."""
    return Column([p.start_rank for p in ctx.sheet.players], lower_is_better=not code.reverse)


def rtng(ctx: Context, code: Code) -> Column:
    """RTNG, Rating (C.07 10.6, 2026): the higher rating ranks first; RTNG/R reverses."""
    return Column(list(ctx.ratings), lower_is_better=code.reverse)


def aro(ctx: Context, code: Code) -> Column:
    """ARO, Average Rating of Opponents (C.07 10.1): rounded, 0.5 up; /C1 /C2 /M1 /M2
    cut the lowest/highest ratings.  None when nothing is left (TEC-EX ex. 18 prints 0;
    C.07 has no rule for it)."""
    values: list[Value] = []
    for ratings, _ in ctx.rated_games:
        total, removed = modifiers.cut(code.cut, ratings, ratings)
        left = len(ratings) - len(removed)
        values.append(rating.round_half_up(total, left) if left else None)
    return Column(values)


def tpr(ctx: Context, code: Code) -> Column:
    """TPR, Tournament Performance Rating (C.07 10.2): ARO plus dp of the fractional
    score (FIDE table 8.1a, p to two decimals, half up)."""
    return Column(list(ctx.performances))


def ptp(ctx: Context, code: Code) -> Column:
    """PTP, Perfect Tournament Performance (C.07 10.3): the lowest rating whose
    expected score (table 8.1b, full scale) reaches the score."""
    return Column(list(ctx.perfect_performances))


def _average_of_opponents(ctx: Context, per_player: Sequence[int | None]) -> Column:
    sheet = ctx.sheet
    values: list[Value] = []
    for k_row, o_row in zip(sheet.kind, sheet.opp, strict=True):
        found = [
            known
            for k, o in zip(k_row, o_row, strict=True)
            if k == GAME and (known := per_player[o]) is not None
        ]
        values.append(rating.round_half_up(sum(found), len(found)) if found else None)
    return Column(values)


def apro(ctx: Context, code: Code) -> Column:
    """APRO, Average Performance Rating of Opponents (C.07 10.4), rounded 0.5 up."""
    return _average_of_opponents(ctx, ctx.performances)


def appo(ctx: Context, code: Code) -> Column:
    """APPO, Average Perfect Performance of Opponents (C.07 10.5), rounded 0.5 up."""
    return _average_of_opponents(ctx, ctx.perfect_performances)


def de(ctx: Context, code: Code, group: Sequence[int]) -> list[list[int]]:
    """DE, Direct Encounter (C.07 Art. 6): among players still tied, the points scored
    in the games they played against each other; the value shown is the player's
    position inside that tied group (1 = first).

    Returns the ordered subgroups it separates ``group`` into.

    6.1: each player's score in the games among the group (6.1.1: forfeits only in
    round robins or with /P; 6.1.2: repeated meetings count as their average).
    6.2: when everyone met everyone those separate standings rank the group, and
    Art. 6 is reapplied to every still-tied subset.  6.3 (Swiss): otherwise a player
    who stays alone on top whatever the missing games give is ranked first, then
    the next one likewise; Art. 6 is then reapplied to the rest.  Only the games
    inside the group are looked at, so a group of m players costs m x rounds.
    """
    return _direct_encounter(ctx.sheet, list(group), code.forfeits_as_games)


def _direct_encounter(sheet: ScoreSheet, members: list[int], forfeits: bool) -> list[list[int]]:
    if len(members) < 2:
        return [members]
    inside = set(members)
    games: dict[int, dict[int, list[int]]] = {}
    for i in members:
        met_games: dict[int, list[int]] = defaultdict(list)
        for k, o, p in zip(sheet.kind[i], sheet.opp[i], sheet.pts[i], strict=True):
            if o in inside and sheet.is_encounter(k, o, forfeits):
                met_games[o].append(p)
        games[i] = met_games
    # 6.1.2 averages: in units x the LCM of the meeting counts, to stay in integers.
    scale = lcm(1, *(len(ps) for g in games.values() for ps in g.values()))
    scores = {i: sum(sum(ps) * scale // len(ps) for ps in g.values()) for i, g in games.items()}
    met = {i: len(g) for i, g in games.items()}
    ordered = sorted(members, key=lambda i: -scores[i])
    if all(met[i] == len(members) - 1 for i in members):
        return _split_and_reapply(sheet, ordered, scores, forfeits, len(members))
    if sheet.predetermined:
        return [members]
    # 6.3: the best a player can still reach wins every missing game.
    best = {i: scores[i] + (len(members) - 1 - met[i]) * sheet.win * scale for i in members}
    by_best = sorted(members, key=lambda i: -best[i])
    ranked: list[list[int]] = []
    done: set[int] = set()
    for candidate in ordered:
        rival = next((q for q in by_best if q not in done and q != candidate), None)
        if rival is not None and scores[candidate] <= best[rival]:
            break
        ranked.append([candidate])
        done.add(candidate)
    rest = [i for i in ordered if i not in done]
    if not ranked:
        return [members]
    return ranked + (_direct_encounter(sheet, rest, forfeits) if rest else [])


def _split_and_reapply(
    sheet: ScoreSheet,
    ordered: list[int],
    scores: dict[int, int],
    forfeits: bool,
    size: int,
) -> list[list[int]]:
    out: list[list[int]] = []
    start = 0
    while start < len(ordered):
        end = start
        while end < len(ordered) and scores[ordered[end]] == scores[ordered[start]]:
            end += 1
        tied = ordered[start:end]
        out.extend(_direct_encounter(sheet, tied, forfeits) if len(tied) < size else [tied])
        start = end
    return out


TieBreak = Callable[[Context, "Code"], Column]
# Direct Encounter ranks inside a tied group: the group in, its ordered subgroups out.
GroupTieBreak = Callable[[Context, "Code", Sequence[int]], list[list[int]]]


class Printed(Enum):
    """How a value is printed (``standings.format_value``)."""

    POINTS = "points"  # "6.5", "9.25"
    WHOLE = "whole"  # counts, ratings, positions
    TWO_DECIMALS = "two decimals"  # AOB


CUTS = frozenset({"C1", "C2", "M1", "M2"})  # C.07 14.1-14.4
_NONE: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Definition:
    """One tie-break: its C.07 Art. 5 acronym and name, its article, the modifiers it
    accepts (C.07 Art. 14 and the MTB26 list of codes: /Cn /Mn cuts, /L Koya limit,
    /P forfeits as played games, /F on Fore Buchholz, /R reverse order), the function
    that computes it and how its value prints."""

    acronym: str
    name: str
    article: str
    modifiers: frozenset[str]
    function: Callable[..., Column | list[list[int]]]  # TieBreak or GroupTieBreak; teams' own
    printed: Printed = Printed.POINTS
    group: bool = False  # ranks inside a tied group (DE) instead of giving a column

    @property
    def rating_based(self) -> bool:
        """Art. 10, the rating-based tie-breaks: they need a rule for unrated players."""
        return self.article.startswith("10.")


# UNCERTAIN: transcriptions of the Art. 5 table put the Cut-1 mark on FB or on REP; the
# MTB26 list of codes has FB/C1...FB/M2 and no REP cut, so that is what is accepted.
_W, _TWO = Printed.WHOLE, Printed.TWO_DECIMALS
DEFINITIONS: tuple[Definition, ...] = (
    # The score itself, as MTB26 lists and FIDE's reference checker accept it in a list.
    Definition("PTS", "Points", "MTB26", _NONE, pts),
    Definition("DE", "Direct Encounter", "6", frozenset({"P"}), de, _W, group=True),
    Definition("WIN", "Number of Wins", "7.1", _NONE, win, _W),
    Definition("WON", "Number of Games Won", "7.2", _NONE, won, _W),
    Definition("BPG", "Number of Games Played with Black", "7.3", _NONE, bpg, _W),
    Definition("BWG", "Number of Games Won with Black", "7.4", _NONE, bwg, _W),
    Definition("REP", "Rounds one Elected to Play in", "7.6", _NONE, rep, _W),
    Definition("STD", "Standard Points", "7.7", _NONE, std),
    Definition("TPN", "Tournament Pairing Number", "7.8", frozenset({"R"}), tpn, _W),
    Definition("RTNG", "Rating", "10.6", frozenset({"R"}), rtng, _W),
    Definition("PS", "Sum of Progressive Scores", "7.5", frozenset({"C1", "C2"}), ps),
    Definition("BH", "Buchholz", "8.1", CUTS | {"P"}, bh),
    Definition("FB", "Fore Buchholz", "8.3", CUTS | {"P"}, fb),
    Definition("AOB", "Average of Opponents' Buchholz", "8.2", frozenset({"F"}), aob, _TWO),
    Definition("SB", "Sonneborn-Berger", "9.1", frozenset({"C1", "C2", "P"}), sb),
    Definition("KS", "Koya System", "9.2", frozenset({"L"}), ks),
    Definition("ARO", "Average Rating of Opponents", "10.1", CUTS, aro, _W),
    Definition("TPR", "Tournament Performance Rating", "10.2", _NONE, tpr, _W),
    Definition("PTP", "Perfect Tournament Performance", "10.3", _NONE, ptp, _W),
    Definition("APRO", "Average Performance Rating of Opponents", "10.4", _NONE, apro, _W),
    Definition("APPO", "Average Perfect Performance of Opponents", "10.5", _NONE, appo, _W),
    Definition(
        "NONFIDE_SB_TOP",
        "Non-FIDE variant: a gaming platform's simplified Sonneborn-Berger of the top scorers",
        "not FIDE (seed 003)",
        _NONE,
        nonfide_sb_top,
    ),
)
CATALOGUE: dict[str, Definition] = {d.acronym: d for d in DEFINITIONS}
# Older names still read: GE is REP's 2023/2024 name; OTHER_SB003 was NONFIDE_SB_TOP's,
# which tournaments created before and files written then still carry.
ALIASES = {"GE": "REP", "OTHER_SB003": "NONFIDE_SB_TOP"}
