"""The team tie-breaks of FIDE C.07 Art. 11-13, one function per tie-break.

Each takes the :class:`~tiebreaks.teams.context.TeamContext` and the parsed code and
returns a :class:`~tiebreaks.definitions.Column` (one value per team, sheet order), or,
for the tie-breaks that rank inside a tied group (DE, EDE and its board steps, TBR,
BBE), the group's ordered subgroups.

Art. 13 applies Art. 6-10 to teams on match or game points: ``BH:GP`` is Buchholz on
game points, ``BH`` (or ``BH:MP``) on the primary score.  Those are the individual
engine's own functions run on the team sheet of that score, so Art. 14-16 (cuts, the
VUR exception, unplayed rounds with their dummies and caps, round-robin forfeits) are
the individual ones, each edition's differences included.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from operator import mul

from tiebreaks import definitions as individual
from tiebreaks import modifiers
from tiebreaks.codes import Code
from tiebreaks.definitions import CUTS, Column, Definition, Printed
from tiebreaks.scores import ScoreSheet
from tiebreaks.teams.context import TeamContext
from tiebreaks.teams.model import Score

_NONE: frozenset[str] = frozenset()


def score_of(tctx: TeamContext, code: Code) -> Score:
    """The score a code is computed on: ``:MP`` or ``:GP``, else the primary score (the
    Art. 13 default)."""
    return Score(code.score) if code.score in ("MP", "GP") else tctx.primary


def _on_score(function: individual.TieBreak) -> Callable[[TeamContext, Code], Column]:
    def on_score(tctx: TeamContext, code: Code) -> Column:
        return function(tctx.context(score_of(tctx, code)), code)

    on_score.__doc__ = function.__doc__
    on_score.__name__ = function.__name__
    return on_score


pts = _on_score(individual.pts)
bh = _on_score(individual.bh)
fb = _on_score(individual.fb)
aob = _on_score(individual.aob)
ps = _on_score(individual.ps)
win = _on_score(individual.win)
ks = _on_score(individual.ks)
tpn = _on_score(individual.tpn)


def de(tctx: TeamContext, code: Code, group: Sequence[int]) -> list[list[int]]:
    """DE, Direct Encounter (C.07 6 via 13): Art. 6 on the match or game points the
    tied teams scored against each other."""
    return individual.de(tctx.context(score_of(tctx, code)), code, group)


def mpvgp(tctx: TeamContext, code: Code) -> Column:
    """MPvGP, Match Points or Game Points (C.07 13.1): the game points when the primary
    score is match points, the match points when it is game points."""
    sheet = tctx.sheet(tctx.primary.other)
    return Column(list(sheet.score), sheet.unit)


# ---- 13.2 Extended Sonneborn-Berger

_ESB_SCORES = {
    "EMMSB": (Score.MP, Score.MP),
    "EMGSB": (Score.MP, Score.GP),
    "EGMSB": (Score.GP, Score.MP),
    "EGGSB": (Score.GP, Score.GP),
}


def esb_scores(tctx: TeamContext, code: Code) -> tuple[Score, Score]:
    if code.acronym in _ESB_SCORES:
        return _ESB_SCORES[code.acronym]
    if code.score in ("MM", "MG", "GM", "GG"):
        return Score(code.score[0] + "P"), Score(code.score[1] + "P")
    return tctx.primary, tctx.primary


def esb(tctx: TeamContext, code: Code) -> Column:
    """ESB, Extended Sonneborn-Berger (C.07 13.2): per round the opponent's final score
    times the score made against that opponent; EMMSB opponent's MP x own MP, EMGSB
    opponent's MP x own GP, EGMSB opponent's GP x own MP, EGGSB opponent's GP x own GP
    (ESB: the primary score for both, or ``ESB:MG`` and so on).  Unplayed rounds as
    Art. 16 says (dummy on the opponent's side); /C1 cuts the contribution of the
    opponent with the lowest score of the first kind, the lower one among equals
    (14.1.2), a VUR first per 16.5; /P counts forfeits as played."""
    opponent_score, own_score = esb_scores(tctx, code)
    theirs = tctx.context(opponent_score).elements(code.forfeits_as_games)
    mine = tctx.context(own_score).elements(code.forfeits_as_games)
    values: list[int] = []
    for their, own in zip(theirs, mine, strict=True):
        contributions = list(map(mul, their.values, own.points))
        values.append(modifiers.cut(code.cut, their.values, contributions, their.vur)[0])
    scale = tctx.sheet(opponent_score).unit * tctx.sheet(own_score).unit
    return Column(values, scale)


# ---- Art. 12 board tie-breaks


def _board_totals(tctx: TeamContext, index: int) -> list[Fraction]:
    totals = [Fraction(0)] * tctx.tournament.boards
    for per_board in tctx.board_points(index):
        totals = [a + b for a, b in zip(totals, per_board, strict=True)]
    return totals


def bc(tctx: TeamContext, code: Code) -> Column:
    """BC, Board Count (C.07 12.1): the sum over the boards of the board number times
    the game points scored on that board in all rounds; lower is better (the points
    were made on higher boards).  Board forfeits count as wins and losses, a PAB as a
    win on every board (Art. 12)."""
    count = len(tctx.match_sheet.players)
    return Column(
        [
            sum(
                (b * p for b, p in enumerate(_board_totals(tctx, i), 1)),
                Fraction(0),
            )
            for i in range(count)
        ],
        lower_is_better=True,
    )


def _split_by(group: Sequence[int], keys: Sequence[Callable[[int], Fraction]]) -> list[list[int]]:
    """Order ``group`` by the first key, each remaining tie by the next (higher first)."""
    if len(group) < 2 or not keys:
        return [list(group)]
    key = keys[0]
    ordered = sorted(group, key=key, reverse=True)
    out: list[list[int]] = []
    start = 0
    while start < len(ordered):
        end = start
        while end < len(ordered) and key(ordered[end]) == key(ordered[start]):
            end += 1
        out.extend(_split_by(ordered[start:end], keys[1:]))
        start = end
    return out


def _top_boards(
    totals: Callable[[int], list[Fraction]], boards: int
) -> list[Callable[[int], Fraction]]:
    def on_board(board: int) -> Callable[[int], Fraction]:
        return lambda i: totals(i)[board]

    return [on_board(b) for b in range(boards)]


def _bottom_elimination(
    totals: Callable[[int], list[Fraction]], boards: int
) -> list[Callable[[int], Fraction]]:
    def on_top_boards(kept: int) -> Callable[[int], Fraction]:
        return lambda i: sum(totals(i)[:kept], Fraction(0))

    return [on_top_boards(kept) for kept in range(boards - 1, 0, -1)]


def tbr(tctx: TeamContext, code: Code, group: Sequence[int]) -> list[list[int]]:
    """TBR, Top Board Results (C.07 12.2): the game points on board 1 over the whole
    event, then on board 2, and so on, until the tie is broken."""
    return _split_by(group, _top_boards(lambda i: _board_totals(tctx, i), tctx.tournament.boards))


def bbe(tctx: TeamContext, code: Code, group: Sequence[int]) -> list[list[int]]:
    """BBE, Bottom Board Elimination (C.07 12.3): the game points on every board but
    the last, then without the last two, and so on, until the tie is broken."""
    return _split_by(
        group, _bottom_elimination(lambda i: _board_totals(tctx, i), tctx.tournament.boards)
    )


# ---- 13.3 Extended Direct Encounter

# The board steps of 13.3.2, by acronym (2026 names): BC, then TBR or BBE.
_EDE_BOARD_STEPS = {
    "EDE": (),
    "EDET": ("TBR",),
    "EDEB": ("BBE",),
    "EDEBT": ("BC", "TBR"),
    "EDEBB": ("BC", "BBE"),
}


def _encounter_board_points(
    tctx: TeamContext, members: Sequence[int], forfeits: bool
) -> dict[int, list[Fraction]]:
    """Each team's points per board in its matches against the other members."""
    sheet = tctx.match_sheet
    inside = set(members)
    out = {}
    for i in members:
        totals = [Fraction(0)] * tctx.tournament.boards
        team = sheet.players[i].start_rank
        for r, (k, o) in enumerate(zip(sheet.kind[i], sheet.opp[i], strict=True)):
            if o in inside and sheet.is_encounter(k, o, forfeits):
                per_board = tctx.results[team][r].board_points
                totals = [a + b for a, b in zip(totals, per_board, strict=True)]
        out[i] = totals
    return out


def _ede_steps(
    tctx: TeamContext, code: Code
) -> tuple[list[Callable[[list[int]], list[list[int]]]], list[str]]:
    scores = (tctx.primary, tctx.primary.other)
    steps: list[Callable[[list[int]], list[list[int]]]] = [
        partial(individual.de, tctx.context(s), code) for s in scores
    ]
    return steps, list(_EDE_BOARD_STEPS[code.acronym])


def _ede_board_split(
    tctx: TeamContext, members: list[int], step: str, forfeits: bool
) -> list[list[int]]:
    points = _encounter_board_points(tctx, members, forfeits)
    boards = tctx.tournament.boards
    if step == "BC":
        count = {i: sum((b * p for b, p in enumerate(points[i], 1)), Fraction(0)) for i in members}
        return _split_by(members, [lambda i: -count[i]])
    if step == "TBR":
        return _split_by(members, _top_boards(points.__getitem__, boards))
    return _split_by(members, _bottom_elimination(points.__getitem__, boards))


def ede(tctx: TeamContext, code: Code, group: Sequence[int]) -> list[list[int]]:
    """EDE, Extended Direct Encounter (C.07 13.3), and EDET, EDEB, EDEBT, EDEBB.

    13.3.1: Direct Encounter (Art. 6) on the primary score, then, for teams still
    tied, on the secondary score.  13.3.3: whenever a step splits the group, each new
    tied subset starts again from the primary score.  13.3.2: when exactly two teams
    are still tied, the board steps the acronym names are applied to the matches
    between them: EDET top board results (12.2), EDEB bottom board elimination (12.3),
    EDEBT board count (12.1, lower better) then top boards, EDEBB board count then
    bottom board elimination.  Swiss: unplayed matches are ignored unless /P; round
    robins count forfeits as matches (15.2).  The value is the place in the tied group.
    """
    de_steps, board_steps = _ede_steps(tctx, code)
    return _ede(tctx, list(group), de_steps, board_steps, code.forfeits_as_games)


def _ede(
    tctx: TeamContext,
    members: list[int],
    de_steps: list[Callable[[list[int]], list[list[int]]]],
    board_steps: list[str],
    forfeits: bool,
) -> list[list[int]]:
    if len(members) < 2:
        return [members]
    splits: list[Callable[[list[int]], list[list[int]]]] = list(de_steps)
    if len(members) == 2:
        splits += [partial(_ede_board_split, tctx, step=s, forfeits=forfeits) for s in board_steps]
    for split in splits:
        parts = split(members)
        if len(parts) > 1:
            out: list[list[int]] = []
            for part in parts:
                out.extend(_ede(tctx, part, de_steps, board_steps, forfeits))
            return out
    return [members]


# ---- 13.4 Scores and Schedule Strength Combination


def _factor(tctx: TeamContext, sheet: ScoreSheet, code: Code) -> int:
    """13.4: /Kn, else the highest primary score achievable in the tournament divided by
    the highest secondary score achievable in one match, rounded down (at least 1)."""
    if code.factor:
        return code.factor
    secondary = tctx.sheet(tctx.primary.other)
    most = Fraction(sheet.win * sheet.rounds, sheet.unit)
    per_match = Fraction(secondary.win, secondary.unit)
    return max(1, int(most // per_match)) if per_match else 1


def sssc(tctx: TeamContext, code: Code) -> Column:
    """SSSC, Scores and Schedule Strength Combination (C.07 13.4): the secondary score
    plus the Buchholz on the primary score (/F: Fore Buchholz) divided by the
    normalising factor (/Kn, else the highest primary score achievable over the
    tournament divided by the highest secondary score achievable in one match, rounded
    down); /P counts forfeits as played.  Exact."""
    primary = tctx.sheet(tctx.primary)
    secondary = tctx.sheet(tctx.primary.other)
    strength = tctx.context(tctx.primary).buchholz(code.fore, code.forfeits_as_games)
    factor = _factor(tctx, primary, code)
    return Column(
        [
            Fraction(own, secondary.unit) + Fraction(bh, primary.unit * factor)
            for own, bh in zip(secondary.score, strength, strict=True)
        ]
    )


_W, _TWO = Printed.WHOLE, Printed.TWO_DECIMALS
_P = frozenset({"P"})
TEAM_DEFINITIONS: tuple[Definition, ...] = (
    Definition("PTS", "Points", "MTB26", _NONE, pts),
    Definition("MPVGP", "Match Points or Game Points", "13.1", _NONE, mpvgp),
    Definition("DE", "Direct Encounter", "6, 13", _P, de, _W, group=True),
    Definition("EDE", "Extended Direct Encounter", "13.3", _P, ede, _W, group=True),
    Definition("EDET", "Extended Direct Encounter, Top Board", "13.3", _P, ede, _W, group=True),
    Definition("EDEB", "Extended Direct Encounter, Bottom Board", "13.3", _P, ede, _W, group=True),
    Definition(
        "EDEBT",
        "Extended Direct Encounter, Board Count, Top Board",
        "13.3",
        _P,
        ede,
        _W,
        group=True,
    ),
    Definition(
        "EDEBB",
        "Extended Direct Encounter, Board Count, Bottom Board",
        "13.3",
        _P,
        ede,
        _W,
        group=True,
    ),
    Definition("BC", "Board Count", "12.1", _NONE, bc),
    Definition("TBR", "Top Board Results", "12.2", _NONE, tbr, _W, group=True),
    Definition("BBE", "Bottom Board Elimination", "12.3", _NONE, bbe, _W, group=True),
    Definition("ESB", "Extended Sonneborn-Berger", "13.2", frozenset({"C1", "P"}), esb),
    Definition("EMMSB", "Extended Sonneborn-Berger MP x MP", "13.2", frozenset({"C1", "P"}), esb),
    Definition("EMGSB", "Extended Sonneborn-Berger MP x GP", "13.2", frozenset({"C1", "P"}), esb),
    Definition("EGMSB", "Extended Sonneborn-Berger GP x MP", "13.2", frozenset({"C1", "P"}), esb),
    Definition("EGGSB", "Extended Sonneborn-Berger GP x GP", "13.2", frozenset({"C1", "P"}), esb),
    Definition(
        "SSSC",
        "Scores and Schedule Strength Combination",
        "13.4",
        frozenset({"K", "P", "F"}),
        sssc,
    ),
    Definition("WIN", "Number of Wins", "7.1, 13", _NONE, win, _W),
    Definition("PS", "Sum of Progressive Scores", "7.5, 13", frozenset({"C1", "C2"}), ps),
    Definition("BH", "Buchholz", "8.1, 13", CUTS | {"P"}, bh),
    Definition("FB", "Fore Buchholz", "8.3, 13", CUTS | {"P"}, fb),
    Definition("AOB", "Average of Opponents' Buchholz", "8.2, 13", frozenset({"F"}), aob, _TWO),
    Definition("KS", "Koya System", "9.2, 13", frozenset({"L"}), ks),
    Definition("TPN", "Team Pairing Number", "7.8, 13", frozenset({"R"}), tpn, _W),
)
TEAM_CATALOGUE: dict[str, Definition] = {d.acronym: d for d in TEAM_DEFINITIONS}
TEAM_ALIASES: dict[str, str] = {}
