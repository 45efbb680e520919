"""Scores as C.07 sees them: final, adjusted (16.3) and the dummy/virtual values (16.4).

Everything is read once into per-player, per-round integer arrays in the scoring's
smallest unit (the LCM of the denominators of the Scoring values: half-points for
1 - 1/2 - 0), so that tie-breaks over ten thousand players add integers, not
Fractions.  ``ScoreSheet.points`` turns a unit count back into exact points.

Rounds whose entry is None or Pending (result not known yet) are left out of every
sum and of every "followed by" test: for the rules a round that has no result yet
does not exist; only Fore Buchholz (8.3) sees a Pending game's pairing, kept sparse
in ``ScoreSheet.pending``.

Standings after round k are those of the tournament as if it had k rounds
(ruling 3): its number of rounds (16.4.2, the pre-2023 virtual opponent's n, KS's
maximum, "the last round" of 16.2.5) is k, as in the TEC reference code Gacrux.
k is ``after_round`` when given, else the last round anybody has an entry for (a
result, a bye or a pending pairing): a file whose later rounds have no data yet and
the live standings of a round in progress are the event so far.  Once the last
round is paired k is the scheduled number, so the final standings do not change.
Fore Buchholz's "final round" is not k but the scheduled last round (ruling 10).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import IntEnum
from fractions import Fraction
from math import lcm

from tiebreaks.errors import TieBreakError
from tiebreaks.model import Color, Game, Outcome, Pending, Player, TournamentResults, Unplayed
from tiebreaks.rules import OpponentView, OwnUnplayed, RuleSet

# Round kinds as small ints: the hot loops compare these, not enum members.
NONE, GAME, FORFEIT_WIN, FORFEIT_LOSS, PAB, FPB, HPB, ZPB, ABSENT = range(9)
_KIND = {
    Unplayed.FORFEIT_WIN: FORFEIT_WIN,
    Unplayed.FORFEIT_LOSS: FORFEIT_LOSS,
    Unplayed.PAB: PAB,
    Unplayed.FPB: FPB,
    Unplayed.HPB: HPB,
    Unplayed.ZPB: ZPB,
    Unplayed.ABSENT: ABSENT,
}
KIND_LABELS = {
    NONE: "result not known",
    GAME: "game",
    FORFEIT_WIN: "forfeit win",
    FORFEIT_LOSS: "forfeit loss",
    PAB: "pairing-allocated bye",
    FPB: "full-point bye",
    HPB: "half-point bye",
    ZPB: "zero-point bye",
    ABSENT: "absent",
}
# The model's C.07 definitions, as sets of these ints.
FORFEITS = frozenset(_KIND[k] for k in Unplayed if k.is_forfeit)
REQUESTED = frozenset(_KIND[k] for k in Unplayed if k.is_requested_bye)  # 16.1.1
VOLUNTARY = frozenset(_KIND[k] for k in Unplayed if k.is_voluntary)  # 16.1.2 (VUR)


class Category(IntEnum):
    """The C.07 16.2 category of an unplayed round (Swiss)."""

    PAIRING_BYE = 1  # 16.2.1 pairing-allocated or full-point bye
    FORFEIT_WIN = 2  # 16.2.2
    REQUESTED_THEN_PLAYED = 3  # 16.2.3 requested bye followed by a round that is not a VUR
    FORFEIT_LOSS = 4  # 16.2.4
    REQUESTED_TO_END = 5  # 16.2.5 requested bye followed only by VURs, or in the last round

    @property
    def article(self) -> str:
        return f"16.2.{self.value}"


_CATEGORY = {
    PAB: Category.PAIRING_BYE,
    FPB: Category.PAIRING_BYE,
    FORFEIT_WIN: Category.FORFEIT_WIN,
    FORFEIT_LOSS: Category.FORFEIT_LOSS,
}


@dataclass(eq=False)
class ScoreSheet:
    """One tournament's results under one rule edition, as integer arrays.

    Players are indexed 0..N-1 in start-rank order; rounds 0..n-1.  ``opp`` is the
    opponent's index or -1; ``pts`` the points in units.  Unplayed rounds are rare,
    so what only they have is kept sparse, keyed by (player, round): ``category``
    (16.2) and ``own_value`` (the dummy or virtual opponent's score, 16.4); so are
    ``pending`` games (paired, no result yet: the
    opponent's index; their round is NONE everywhere else).
    """

    tournament: TournamentResults
    rules: RuleSet
    rounds: int
    unit: int
    win: int
    draw: int
    loss: int
    predetermined: bool
    players: tuple[Player, ...]
    index: dict[int, int]
    kind: list[list[int]]
    opp: list[list[int]]
    pts: list[list[int]]
    black: list[list[bool]]
    pending: dict[tuple[int, int], int]
    score: list[int]
    adjusted: list[int]
    category: dict[tuple[int, int], Category]
    own_value: dict[tuple[int, int], int]

    def points(self, units: int) -> Fraction:
        return Fraction(units, self.unit)

    def is_encounter(self, kind: int, opponent: int, forfeits_as_games: bool = False) -> bool:
        """A round that counts as a game against its opponent: an over-the-board game,
        or a forfeit against a known opponent in a round robin (15.2) or when the code
        says /P (TRF allows a forfeit without an opponent)."""
        return kind == GAME or (
            kind in FORFEITS and opponent >= 0 and (self.predetermined or forfeits_as_games)
        )

    def fore(self) -> ScoreSheet:
        """The sheet Fore Buchholz (C.07 8.3) sees: every game paired for the final
        round counted as a draw, whether it has a result (forfeits included: they
        were paired) or is still pending.  Byes known before the round stay as they
        are.  Only kinds, points, scores and the pending games' opponents change.

        "The final round" is the tournament's last scheduled round (ruling 10), not
        round k of ruling 3: standings computed before it cannot see its pairings,
        so there FB is BH (the same sheet)."""
        last = self.rounds - 1
        if last < 0 or self.rounds < self.tournament.rounds:
            return self
        kind = [list(k) for k in self.kind]
        pts = [list(p) for p in self.pts]
        for i, k in enumerate(kind):
            if (k[last] == GAME or k[last] in FORFEITS) and self.opp[i][last] >= 0:
                k[last] = GAME
                pts[i][last] = self.draw
        opp = list(self.opp)
        for (i, r), o in self.pending.items():
            if r == last:
                kind[i][r], pts[i][r] = GAME, self.draw
                opp[i] = list(opp[i])
                opp[i][r] = o
        return _derive(replace(self, kind=kind, opp=opp, pts=pts))

    def dummy(self, i: int, r: int) -> tuple[int, str]:
        """The value standing for the opponent in player i's own unplayed round r
        (C.07 16.4, or the pre-2023 virtual opponent), with the rule applied."""
        kind, pts, rules = self.kind[i][r], self.pts[i][r], self.rules
        if rules.own_unplayed is OwnUnplayed.VIRTUAL:
            before = sum(p for k, p in zip(self.kind[i][:r], self.pts[i][:r], strict=True) if k)
            value = before + (self.win - pts) + self.draw * (self.rounds - r - 1)
            return value, "virtual opponent SPR + (win - SfPR) + draw x (n - R) (pre-2023)"
        own = self.score[i]
        o = self.opp[i][r]
        if kind in FORFEITS and o >= 0:
            cap = self.adjusted[o]
            if rules.cap_forfeit_dummy and cap < own:
                return cap, "16.4.1 dummy capped at the scheduled opponent's adjusted score"
            return own, "16.4 dummy at the player's own score"
        cap = self.draw * self.rounds
        if rules.cap_bye_dummy and cap < own:
            return cap, "16.4.2 dummy capped at draw points x number of rounds"
        return own, "16.4 dummy at the player's own score"


def last_known_round(tournament: TournamentResults) -> int:
    """The last round anybody has an entry for (0 when none): k of ruling 3."""
    last = 0
    for player in tournament.players:
        entries = player.rounds
        known = len(entries)
        while known > last and entries[known - 1] is None:
            known -= 1
        last = max(last, known)
    return last


def build_sheet(
    tournament: TournamentResults, rules: RuleSet, after_round: int | None = None
) -> ScoreSheet:
    """Read ``tournament`` (rounds 1..after_round) into a ScoreSheet under ``rules``."""
    longest = max((len(p.rounds) for p in tournament.players), default=0)
    if after_round is None:
        rounds = last_known_round(tournament)
    elif isinstance(after_round, int) and 0 <= after_round <= max(tournament.rounds, longest):
        rounds = after_round
    else:
        raise TieBreakError(
            f"after_round must be a round number from 0 to {tournament.rounds}, not {after_round!r}"
        )
    scoring = tournament.scoring
    values = [getattr(scoring, f) for f in scoring.__dataclass_fields__]
    unit = lcm(*(v.denominator for v in values))
    outcome_units = {o: int(scoring.for_outcome(o) * unit) for o in Outcome}
    unplayed_units = {_KIND[k]: int(scoring.for_unplayed(k) * unit) for k in Unplayed}

    players = tuple(sorted(tournament.players, key=lambda p: p.start_rank))
    index = {p.start_rank: i for i, p in enumerate(players)}
    kinds, opps, pts, blacks, pending = [], [], [], [], {}
    black_colour, won, drawn = Color.BLACK, Outcome.WIN, Outcome.DRAW
    win_units, draw_units, loss_units = (outcome_units[o] for o in (won, drawn, Outcome.LOSS))
    for i, player in enumerate(players):
        k_row, o_row, p_row, b_row = [NONE] * rounds, [-1] * rounds, [0] * rounds, [False] * rounds
        for r, entry in enumerate(player.rounds[:rounds]):
            if entry is None:
                continue
            opponent = entry.opponent
            if opponent is not None:
                o = index.get(opponent, -2)
                if o == -2:
                    raise TieBreakError(
                        f"player {player.start_rank}, round {r + 1}: opponent {opponent} "
                        "is not in the tournament"
                    )
                o_row[r] = o
            b_row[r] = entry.color is black_colour
            if type(entry) is Game:
                k_row[r] = GAME
                # Identity tests: hashing an Enum member is slow in a 100k-round loop.
                outcome = entry.outcome
                p_row[r] = (
                    win_units if outcome is won else draw_units if outcome is drawn else loss_units
                )
            elif type(entry) is Pending:
                # Tested after Game: a live round's few pending games cost the hot path
                # nothing.  The round stays NONE; only fore() reads the pairing.
                pending[i, r] = o_row[r]
                o_row[r], b_row[r] = -1, False
            else:
                k = _KIND[entry.kind]
                k_row[r] = k
                p_row[r] = unplayed_units[k]
        kinds.append(k_row)
        opps.append(o_row)
        pts.append(p_row)
        blacks.append(b_row)
    sheet = ScoreSheet(
        tournament=tournament,
        rules=rules,
        rounds=rounds,
        unit=unit,
        win=int(scoring.win * unit),
        draw=int(scoring.draw * unit),
        loss=int(scoring.loss * unit),
        predetermined=tournament.system.predetermined,
        players=players,
        index=index,
        kind=kinds,
        opp=opps,
        pts=pts,
        black=blacks,
        pending=pending,
        score=[],
        adjusted=[],
        category={},
        own_value={},
    )
    return _derive(sheet)


def rescored(
    sheet: ScoreSheet, pts: list[list[int]], unit: int, win: int, draw: int, loss: int
) -> ScoreSheet:
    """The same rounds scored differently: a team event's game points beside its match
    points (C.07 11), with scores, adjusted scores and dummies derived again."""
    return _derive(replace(sheet, pts=pts, unit=unit, win=win, draw=draw, loss=loss))


def _derive(sheet: ScoreSheet) -> ScoreSheet:
    """Fill scores, adjusted scores (16.3), categories (16.2) and own values (16.4)."""
    draw = sheet.draw
    as_draws = sheet.rules.opponent_view is OpponentView.UNPLAYED_AS_DRAWS
    score = [sum(p) for p in sheet.pts]
    sheet.score = score
    sheet.category, sheet.own_value = {}, {}
    if sheet.predetermined:
        # 15.2: forfeits are games; a round robin's bye is no encounter at all.
        sheet.adjusted = score
        return sheet
    adjusted = list(score)
    unplayed = [i for i, k_row in enumerate(sheet.kind) if max(k_row, default=NONE) > GAME]
    for i in unplayed:
        k_row, p_row = sheet.kind[i], sheet.pts[i]
        # The last known round that is not a VUR: requested byes after it are 16.2.5.
        last_available = max(
            (r for r, k in enumerate(k_row) if k != NONE and k not in VOLUNTARY), default=-1
        )
        for r, k in enumerate(k_row):
            if k in (GAME, NONE):
                continue
            if k in REQUESTED:
                category = (
                    Category.REQUESTED_TO_END
                    if r > last_available
                    else Category.REQUESTED_THEN_PLAYED
                )
            else:
                category = _CATEGORY[k]
            sheet.category[i, r] = category
            if as_draws or category is Category.REQUESTED_TO_END:
                adjusted[i] += draw - p_row[r]
    sheet.adjusted = adjusted
    for i, r in sheet.category:
        sheet.own_value[i, r] = sheet.dummy(i, r)[0]
    return sheet


@dataclass(slots=True)
class Elements:
    """One player's Buchholz-family elements: per counted round, the opponent's value
    (adjusted score, dummy or virtual), the player's points and the VUR flag."""

    rounds: Sequence[int]
    values: Sequence[int]
    points: Sequence[int]
    vur: Sequence[bool]


def opponent_elements(sheet: ScoreSheet, forfeits_as_games: bool = False) -> list[Elements]:
    """The elements of BH, FB, SB and AOB for every player (C.07 8, 9.1, 15, 16).

    Swiss: every known round counts, unplayed ones against the dummy (16.4) with a VUR
    flag when the edition cuts VURs first (16.5); with /P a forfeit is a game against
    the scheduled opponent.  Round robin (15.2): forfeits are games and the bye of an
    odd-sized round robin is ignored.
    """
    out = []
    vur_first = sheet.rules.vur_cut_first
    adjusted = sheet.adjusted
    predetermined = sheet.predetermined
    every_round, no_vur = range(sheet.rounds), (False,) * sheet.rounds
    own_value = sheet.own_value
    for i, (k_row, o_row, p_row) in enumerate(zip(sheet.kind, sheet.opp, sheet.pts, strict=True)):
        if k_row and min(k_row) == GAME == max(k_row):
            out.append(Elements(every_round, [adjusted[o] for o in o_row], p_row, no_vur))
            continue
        rounds, values, points, vur = [], [], [], []
        for r, k in enumerate(k_row):
            if k == NONE:
                continue
            o = o_row[r]
            if sheet.is_encounter(k, o, forfeits_as_games):
                value, voluntary = adjusted[o], False
            elif predetermined:
                continue
            else:
                value, voluntary = own_value[i, r], vur_first and k in VOLUNTARY
            rounds.append(r)
            values.append(value)
            points.append(p_row[r])
            vur.append(voluntary)
        out.append(Elements(rounds, values, points, vur))
    return out
