"""Small builders for tie-break tests, in the seed documents' notation.

``strip("+W27 =B5 -F5 +BYE")`` reads one player's rounds: ``+W27`` a win with White
against 27, ``=B5`` a draw with Black, ``-W1`` a loss; ``+F6``/``-F5`` a forfeit
win/loss against 6/5; ``+BYE`` a pairing-allocated bye, ``=BYE`` a half-point bye,
``-BYE`` or ``--`` a zero-point bye, ``---`` absent (withdrawn); ``?`` a round
without a result yet; ``?W2`` a game paired with White against 2, result not in yet.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import count
from typing import Any

from tiebreaks.model import (
    Color,
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
from tiebreaks.standings import StandingsRow, compute_standings, explain

_TOKEN = re.compile(r"^(?P<sign>[+=?-])(?P<kind>[WBF])(?P<opponent>\d+)$")
_OUTCOMES = {"+": Outcome.WIN, "=": Outcome.DRAW, "-": Outcome.LOSS}
_BYES = {
    "+BYE": UnplayedRound(Unplayed.PAB),
    "=BYE": UnplayedRound(Unplayed.HPB),
    "-BYE": UnplayedRound(Unplayed.ZPB),
    "--": UnplayedRound(Unplayed.ZPB),
    "---": UnplayedRound(Unplayed.ABSENT),
    "?": None,
}
# Either kind of result, mirrored to the same kind.
_MIRROR: dict[Any, Any] = {
    Outcome.WIN: Outcome.LOSS,
    Outcome.DRAW: Outcome.DRAW,
    Outcome.LOSS: Outcome.WIN,
    Unplayed.FORFEIT_WIN: Unplayed.FORFEIT_LOSS,
    Unplayed.FORFEIT_LOSS: Unplayed.FORFEIT_WIN,
}
_OTHER_COLOUR = {Color.WHITE: Color.BLACK, Color.BLACK: Color.WHITE, None: None}
FILLERS_FROM = 1000  # start ranks of the filler players lone_strip() invents


def token(text: str) -> Round:
    if text.upper() in _BYES:
        return _BYES[text.upper()]
    found = _TOKEN.match(text.upper())
    if found is None:
        raise ValueError(f"cannot read round {text!r}")
    sign, kind, opponent = found["sign"], found["kind"], int(found["opponent"])
    if kind == "F":
        if sign in "=?":
            raise ValueError(f"a forfeit is won or lost, not drawn or pending: {text!r}")
        forfeit = Unplayed.FORFEIT_WIN if sign == "+" else Unplayed.FORFEIT_LOSS
        return UnplayedRound(forfeit, opponent)
    colour = Color.WHITE if kind == "W" else Color.BLACK
    if sign == "?":
        return Pending(opponent, colour)
    return Game(opponent, _OUTCOMES[sign], colour)


def strip(text: str) -> tuple[Round, ...]:
    return tuple(token(t) for t in text.split())


def mirror(rnd: Round, start_rank: int) -> Round:
    """The same round seen from the opponent's side."""
    if isinstance(rnd, Game):
        return Game(start_rank, _MIRROR[rnd.outcome], _OTHER_COLOUR[rnd.color])
    if isinstance(rnd, Pending):
        return Pending(start_rank, _OTHER_COLOUR[rnd.color])
    assert rnd is not None and rnd.kind.is_forfeit
    return UnplayedRound(_MIRROR[rnd.kind], start_rank, _OTHER_COLOUR[rnd.color])


def tournament_from_strips(
    strips: Mapping[int, str],
    rounds: int | None = None,
    *,
    names: Mapping[int, str] | None = None,
    system: System = System.SWISS,
    scoring: Scoring | None = None,
) -> TournamentResults:
    """A tournament from every listed player's strip.  Opponents who are not listed get
    the mirror of the games played against them and no result in other rounds; two
    listed sides that disagree raise ValueError."""
    rows = {rank: list(strip(text)) for rank, text in strips.items()}
    n = rounds or max(len(r) for r in rows.values())
    for row in rows.values():
        row.extend([None] * (n - len(row)))
    for rank, row in list(rows.items()):
        for r, rnd in enumerate(row):
            if rnd is None or rnd.opponent is None:
                continue
            other = rows.setdefault(rnd.opponent, [None] * n)
            seen = mirror(rnd, rank)
            if other[r] is None and rnd.opponent not in strips:
                other[r] = seen
            elif other[r] != seen:
                raise ValueError(
                    f"round {r + 1}: {rank} says {rnd}, {rnd.opponent} says {other[r]}"
                )
    players = tuple(
        Player(rank, (names or {}).get(rank, ""), rounds=tuple(row))
        for rank, row in sorted(rows.items())
    )
    return TournamentResults(players, n, scoring=scoring or Scoring(), system=system)


def with_ratings(tournament: TournamentResults, ratings: Mapping[int, int]) -> TournamentResults:
    """The same tournament with the given players' ratings (others stay unrated)."""
    players = tuple(replace(p, rating=ratings.get(p.start_rank, 0)) for p in tournament.players)
    return replace(tournament, players=players)


def lone_strip(
    start_rank: int,
    text: str,
    opponent_scores: Mapping[int, str | float],
    rounds: int | None = None,
) -> TournamentResults:
    """A tournament where only one player's strip and the opponents' final scores are
    known (the seed documents' examples).  Each opponent gets the mirror of the game,
    and games against fresh filler players in the other rounds to end on the stated
    score with no unplayed round, so that its adjusted score equals its final score."""
    hero = strip(text)
    n = rounds or len(hero)
    fillers = count(FILLERS_FROM)
    half = Fraction(1, 2)
    rows: dict[int, list[Round]] = {start_rank: list(hero)}
    for r, rnd in enumerate(hero):
        if rnd is None or rnd.opponent is None:
            continue
        row: list[Round] = [None] * n
        row[r] = mirror(rnd, start_rank)
        missing = Fraction(str(opponent_scores[rnd.opponent])) - Scoring().points(row[r])
        for other in (q for q in range(n) if q != r):
            outcome = (
                Outcome.WIN if missing >= 1 else Outcome.DRAW if missing >= half else Outcome.LOSS
            )
            missing -= Scoring().for_outcome(outcome)
            filler = next(fillers)
            row[other] = Game(filler, outcome, Color.WHITE)
            rows[filler] = [None] * n
            rows[filler][other] = mirror(row[other], rnd.opponent)
        if missing:
            raise ValueError(
                f"opponent {rnd.opponent} cannot score {opponent_scores[rnd.opponent]}"
            )
        rows[rnd.opponent] = row
    players = tuple(Player(rank, rounds=tuple(row)) for rank, row in sorted(rows.items()))
    return TournamentResults(players, n)


def berger_rounds(size: int) -> list[list[tuple[int, int]]]:
    """Round-robin pairings of players 0..size-1 by the circle method (a bye for an
    odd size is the pairing with index ``size``)."""
    seats = list(range(size + size % 2))
    out = []
    for _ in range(len(seats) - 1):
        half = len(seats) // 2
        out.append(list(zip(seats[:half], reversed(seats[half:]), strict=True)))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return out


def round_robin(
    table: Sequence[str], *, cycles: int = 1, names: Sequence[str] = ()
) -> TournamentResults:
    """A (double) round robin from a crosstable: row i lists player i+1's results
    against every other player in order, own cell left out.  Each cell holds one
    result per cycle separated by ':' - ``1``, ``0``, ``1/2`` or ``0.5``, and ``+``/``-``
    for a forfeit win/loss."""
    size = len(table)
    cells = [row.split() for row in table]
    for row in cells:
        if len(row) != size - 1:
            raise ValueError(f"a row needs {size - 1} cells: {row}")

    def result(i: int, j: int, cycle: int) -> str:
        return cells[i][j if j < i else j - 1].split(":")[cycle]

    rows: list[list[Round]] = [[] for _ in range(size)]
    for cycle in range(cycles):
        for pairs in berger_rounds(size):
            for a, b in pairs:
                if size in (a, b):  # the rest round of an odd-sized round robin
                    rows[min(a, b)].append(UnplayedRound(Unplayed.PAB))
                    continue
                white, black = (a, b) if cycle % 2 == 0 else (b, a)
                rows[white].append(_rr_round(result(white, black, cycle), black + 1, Color.WHITE))
                rows[black].append(_rr_round(result(black, white, cycle), white + 1, Color.BLACK))
    players = tuple(
        Player(i + 1, names[i] if names else "", rounds=tuple(row)) for i, row in enumerate(rows)
    )
    system = System.ROUND_ROBIN if cycles == 1 else System.DOUBLE_ROUND_ROBIN
    # A round robin's rest round scores nothing.
    return TournamentResults(players, len(rows[0]), scoring=Scoring(pab=Fraction(0)), system=system)


def _rr_round(cell: str, opponent: int, colour: Color) -> Round:
    if cell in "+-":
        kind = Unplayed.FORFEIT_WIN if cell == "+" else Unplayed.FORFEIT_LOSS
        return UnplayedRound(kind, opponent, colour)
    points = Fraction(cell) if "/" in cell else Fraction(str(cell))
    outcome = {Fraction(1): Outcome.WIN, Fraction(1, 2): Outcome.DRAW, Fraction(0): Outcome.LOSS}
    return Game(opponent, outcome[points], colour)


def row(
    tournament: TournamentResults,
    start_rank: int,
    tiebreaks: Sequence[str] = (),
    rules: str = "fide-2026",
) -> StandingsRow:
    """One player's standings row."""
    standings = compute_standings(tournament, tiebreaks, rules=rules)
    return next(r for r in standings.rows if r.player.start_rank == start_rank)


def value(
    tournament: TournamentResults, start_rank: int, code: str, rules: str = "fide-2026"
) -> Fraction | int | None:
    """One tie-break value of one player."""
    return row(tournament, start_rank, [code], rules).tiebreaks[code]


def opponent_values(
    tournament: TournamentResults, start_rank: int, rules: str = "fide-2026"
) -> list[Fraction | None]:
    """Per round, the value that stands for the opponent in the player's own BH/SB
    (an opponent's adjusted score, or the dummy / virtual opponent), from explain()."""
    return [line.value for line in explain(tournament, start_rank, ["BH"], rules).rounds]
