"""The last-round calculator: what each player's own result can still bring, and
"what if" standings for hypothetical results.

:func:`stakes` looks at the *open games* (paired, no result yet: ``Pending``) of a
tournament in which every player has at most one open game, as in the final round.
For every player and each result of their own game it gives the best and the worst
final place by points, whether tie-breaks can decide the place, and for each prize of
each list the player is in whether it is certain, possible or out of reach.

Exact without enumerating: each player has at most one open game, so the results of
different games change disjoint sets of scores.  "How many players end above me" is a
sum over the games (and the players without an open game) of what each game
contributes, and each game's extreme contributions can be chosen independently: the
best case takes, game by game, the result with the fewest players above (then the
fewest level), the worst case the most players level or above (then the most above).
A game between two players who cannot reach the player's score contributes the same
whatever its result, so "every game that can matter" is covered and the cost grows
with the number of distinct pairs of scores, not with 3 ** games.

Places in a list count the players the list admits (:class:`tiebreaks.prizes.Category`).
A prize at place ``k`` of a list is

- **certain** when the player ends at place ``k`` or better in every case (tie-breaks
  against them): that prize or a better one of the list, or at least a share of the
  pool it belongs to when the pool is shared equally (``equal``, ``hort``: the worst
  case's first place counts; a non-cash prize is never pooled);
- **out of reach** when even the best case (tie-breaks for them) is below ``k``;
- **possible** otherwise.

These are places in the list, exact.  With one prize per player a player above who
takes a better prize in another list leaves this one and moves everybody below up a
place, which no count of places can foresee: an "out of reach" prize comes within
reach if ``PrizeOutlook.leavers_needed`` players above leave, and a "certain" one may
be given up for a better prize elsewhere.  Amounts that depend on how many players
share a pool are not predicted here: :func:`what_if` gives the standings and prizes of
any set of results.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction

from tiebreaks.errors import TieBreakError
from tiebreaks.messages import Message, msg
from tiebreaks.model import Color, Game, Outcome, Pending, Player, Round, TournamentResults
from tiebreaks.prizes import Awards, PlayerFacts, Prize, PrizeList, award, facts_for
from tiebreaks.rules import DEFAULT_RULES, get_rules
from tiebreaks.scores import ScoreSheet, build_sheet
from tiebreaks.standings import Standings, compute_standings

OUTCOMES = (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)
MIRROR = {Outcome.WIN: Outcome.LOSS, Outcome.DRAW: Outcome.DRAW, Outcome.LOSS: Outcome.WIN}
RESULTS = ("1-0", "1/2-1/2", "0-1")  # a game's results, as OUTCOMES for White


class Reach(StrEnum):
    CERTAIN = "certain"
    POSSIBLE = "possible"
    OUT_OF_REACH = "out of reach"


@dataclass(frozen=True)
class PlaceRange:
    """Places ``first`` to ``last``: the places a player shares with those level on
    points, which the tie-breaks order."""

    first: int
    last: int

    def __str__(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"


@dataclass(frozen=True)
class GameStake:
    """An open game whose result moves players of a list above the player: per result
    (1-0, 1/2-1/2, 0-1) how many more than its fewest."""

    white: int
    black: int
    above: tuple[int, int, int]


@dataclass(frozen=True)
class Needs:
    """What a possible prize needs of the other games (tie-breaks going the player's
    way): the extra players ``games`` put above the player may add up to at most
    ``slack``; with a slack of 0, every listed game must end with a result that adds
    none ("needs board 2 not to end 1-0")."""

    slack: int
    games: tuple[GameStake, ...]

    def describe(self) -> str:
        """For people: "1-2 ends 1-0, 3-5 not 1-0" when every listed game must go one
        way, else how many extra players above the games may bring."""
        if not self.games:
            return "only the tie-breaks"
        if self.slack:
            games = "1 game" if len(self.games) == 1 else f"{len(self.games)} games"
            return f"at most {self.slack} more above from {games}"
        parts = []
        for game in self.games:
            allowed = [r for r, extra in zip(RESULTS, game.above, strict=True) if not extra]
            barred = [r for r in RESULTS if r not in allowed]
            wanted = allowed[0] if len(allowed) == 1 else f"not {barred[0]}"
            parts.append(f"{game.white}-{game.black} {wanted}")
        return ", ".join(parts)


@dataclass(frozen=True)
class PrizeOutlook:
    prize: Prize
    reach: Reach
    best: PlaceRange  # the player's best and worst place in the prize's list
    worst: PlaceRange
    needs: Needs | None = None  # for a possible prize

    @property
    def leavers_needed(self) -> int:
        """How many players above would have to leave the list (for a better prize in
        another, one prize per player) to bring the prize within reach."""
        return max(0, self.best.first - self.prize.place)


@dataclass(frozen=True)
class ResultOutlook:
    """What follows from one result of the player's own game (``outcome`` None: the
    player has no open game)."""

    outcome: Outcome | None
    points: Fraction  # the player's final points
    best: PlaceRange  # overall, in the best case
    worst: PlaceRange  # overall, in the worst case
    tiebreaks_decide: bool  # some results of the other games leave the player level
    prizes: tuple[PrizeOutlook, ...]


@dataclass(frozen=True)
class PlayerStakes:
    start_rank: int
    points: Fraction  # now
    opponent: int | None  # the open game's opponent (start rank)
    outcomes: tuple[ResultOutlook, ...]  # win, draw, loss; one entry without a game

    def can_reach_a_prize(self) -> bool:
        return any(
            p.reach is not Reach.OUT_OF_REACH for outcome in self.outcomes for p in outcome.prizes
        )


@dataclass(frozen=True)
class Stakes:
    open_games: tuple[tuple[int, int], ...]  # (white, black) start ranks
    players: tuple[PlayerStakes, ...]  # those who can still reach a prize, best first


@dataclass(frozen=True)
class _Counts:
    """What a set of players contributes to one player's place, for a final score s:
    the best case (fewest above, then fewest level), the worst case (most level or
    above, then most above) and how many of its parts can end level."""

    best_above: int = 0
    best_level: int = 0
    worst_level_or_above: int = 0
    worst_above: int = 0
    can_be_level: int = 0

    def __add__(self, other: _Counts) -> _Counts:
        return _Counts(*(a + b for a, b in zip(self.astuple(), other.astuple(), strict=True)))

    def __sub__(self, other: _Counts) -> _Counts:
        return _Counts(*(a - b for a, b in zip(self.astuple(), other.astuple(), strict=True)))

    def astuple(self) -> tuple[int, int, int, int, int]:
        return (
            self.best_above,
            self.best_level,
            self.worst_level_or_above,
            self.worst_above,
            self.can_be_level,
        )


def _fixed(final: int, s: int) -> _Counts:
    """One player whose final score is known."""
    above, level = int(final > s), int(final == s)
    return _Counts(above, level, above + level, above, level)


# A game's key: each side's (score now, admitted to the list), the smaller side first.
GameKey = tuple[tuple[int, bool], tuple[int, bool]]


class _ListView:
    """One list's players (those it admits) as counts for any final score."""

    def __init__(
        self,
        sheet: ScoreSheet,
        admitted: list[bool],
        games: Sequence[tuple[int, int]],
        gains: tuple[tuple[int, int], ...],
    ) -> None:
        in_game = {i for game in games for i in game}
        self.fixed = sorted(
            score for i, score in enumerate(sheet.score) if admitted[i] and i not in in_game
        )
        self.open = [(a, b) for a, b in games if admitted[a] or admitted[b]]
        self.games = Counter(_key(sheet.score, admitted, a, b) for a, b in self.open)
        self.admitted = admitted
        self.score = sheet.score
        self.gains = gains  # per result of the first side: (its gain, the other's gain)
        self._totals: dict[int, _Counts] = {}
        self._terms: dict[tuple[GameKey, int], _Counts] = {}
        self._swinging: dict[int, list[tuple[int, int, tuple[int, int, int]]]] = {}

    def swinging(self, s: int) -> list[tuple[int, int, tuple[int, int, int]]]:
        """The open games whose result changes how many of the list end above s: (white,
        black, per result 1-0, 1/2-1/2, 0-1 how many more than the fewest)."""
        found = self._swinging.get(s)
        if found is None:
            found = []
            admitted, score = self.admitted, self.score
            for white, black in self.open:
                above = [
                    admitted[white] * (score[white] + gain_w > s)
                    + admitted[black] * (score[black] + gain_b > s)
                    for gain_w, gain_b in self.gains
                ]
                fewest = min(above)
                if max(above) > fewest:
                    won, drawn, lost = (a - fewest for a in above)
                    found.append((white, black, (won, drawn, lost)))
            self._swinging[s] = found
        return found

    def total(self, s: int) -> _Counts:
        """Everybody in the list, for a final score s (the player whose place it is
        included: the caller takes them out)."""
        found = self._totals.get(s)
        if found is None:
            above = len(self.fixed) - bisect_right(self.fixed, s)
            level = bisect_right(self.fixed, s) - bisect_left(self.fixed, s)
            found = _Counts(above, level, above + level, above, level)
            for key, count in self.games.items():
                term = self.game(key, s)
                found += _Counts(*(count * v for v in term.astuple()))
            self._totals[s] = found
        return found

    def game(self, key: GameKey, s: int) -> _Counts:
        """One open game's contribution, each case choosing its result."""
        found = self._terms.get((key, s))
        if found is None:
            (a, admit_a), (b, admit_b) = key
            sides = []
            for gain_a, gain_b in self.gains:
                above = admit_a * (a + gain_a > s) + admit_b * (b + gain_b > s)
                level = admit_a * (a + gain_a == s) + admit_b * (b + gain_b == s)
                sides.append((above, level))
            best = min(sides)
            worst = max(sides, key=lambda al: (al[0] + al[1], al[0]))
            found = _Counts(
                best[0], best[1], worst[0] + worst[1], worst[0], int(any(lv for _, lv in sides))
            )
            self._terms[key, s] = found
        return found


def _key(score: Sequence[int], admitted: Sequence[bool], a: int, b: int) -> GameKey:
    one, other = (score[a], admitted[a]), (score[b], admitted[b])
    return (one, other) if one <= other else (other, one)


def open_games(sheet: ScoreSheet) -> list[tuple[int, int]]:
    """The open games as (white, black) indices; TieBreakError when a player has more
    than one or the two sides disagree."""
    seen: dict[int, tuple[int, int]] = {}
    for (i, r), o in sheet.pending.items():
        if i in seen:
            raise TieBreakError(
                msg(
                    "player %(rank)s has more than one game without a result:"
                    " the calculator needs every other round complete",
                    rank=sheet.players[i].start_rank,
                )
            )
        if sheet.pending.get((o, r)) != i:
            raise TieBreakError(
                msg(
                    "round %(round)s: player %(rank)s waits for a result against"
                    " %(opponent)s, whose side does not",
                    round=r + 1,
                    rank=sheet.players[i].start_rank,
                    opponent=sheet.players[o].start_rank,
                )
            )
        seen[i] = (o, r)
    return sorted(
        (o, i) if _is_black(sheet.players[i].rounds[r]) else (i, o)
        for i, (o, r) in seen.items()
        if i < o
    )


def stakes(
    tournament: TournamentResults,
    definition: PrizeList,
    players: Mapping[int, PlayerFacts] | None = None,
) -> Stakes:
    """What each player's own result can still bring (see the module docstring).

    ``players`` gives what the prize categories ask about each start rank (None: from
    the tournament's players, as :func:`tiebreaks.prizes.award` does)."""
    # Scores are the same under every rule edition: only the tie-breaks differ.
    sheet = build_sheet(tournament, get_rules(DEFAULT_RULES))
    games = open_games(sheet)
    opponent = {a: b for game in games for a, b in (game, game[::-1])}
    facts = facts_for(sheet.players, players)
    gains = tuple((_gain(sheet, outcome), _gain(sheet, MIRROR[outcome])) for outcome in OUTCOMES)
    lists = definition.lists()
    everyone = [True] * len(sheet.players)
    admitted = {
        category: everyone
        if category is None
        else [category.admits(facts[p.start_rank]) for p in sheet.players]
        for category in lists
    }
    views = {c: _ListView(sheet, admitted[c], games, gains) for c in lists}
    overall = views[None] if None in views else _ListView(sheet, everyone, games, gains)
    calculator = _Calculator(sheet, opponent, gains)
    equal_pool = definition.weights()[0] > 0
    out = []
    for i in sorted(range(len(sheet.players)), key=lambda i: (-sheet.score[i], i)):
        outlooks = []
        for outcome, final in calculator.finals(i):
            best, worst, level = calculator.places(overall, i, outcome, final)
            prizes = tuple(
                outlook
                for c, ladder in lists.items()
                if admitted[c][i]
                for outlook in calculator.prizes(views[c], ladder, i, outcome, final, equal_pool)
            )
            outlooks.append(ResultOutlook(outcome, sheet.points(final), best, worst, level, prizes))
        player = PlayerStakes(
            sheet.players[i].start_rank,
            sheet.points(sheet.score[i]),
            sheet.players[opponent[i]].start_rank if i in opponent else None,
            tuple(outlooks),
        )
        if player.can_reach_a_prize():
            out.append(player)
    white_black = tuple(
        (sheet.players[a].start_rank, sheet.players[b].start_rank) for a, b in games
    )
    return Stakes(white_black, tuple(out))


def _gain(sheet: ScoreSheet, outcome: Outcome) -> int:
    return {Outcome.WIN: sheet.win, Outcome.DRAW: sheet.draw, Outcome.LOSS: sheet.loss}[outcome]


class _Calculator:
    """Places and reach of one player at a time, from the lists' counts."""

    def __init__(
        self,
        sheet: ScoreSheet,
        opponent: dict[int, int],
        gains: tuple[tuple[int, int], ...],
    ) -> None:
        self.sheet = sheet
        self.start_ranks = [p.start_rank for p in sheet.players]
        self.opponent = opponent
        self.gains = gains

    def finals(self, i: int) -> list[tuple[Outcome | None, int]]:
        """Player i's final score per result of their open game (None: no open game)."""
        score = self.sheet.score[i]
        if i not in self.opponent:
            return [(None, score)]
        return [(o, score + gain) for o, (gain, _) in zip(OUTCOMES, self.gains, strict=True)]

    def prizes(
        self,
        view: _ListView,
        ladder: Sequence[Prize],
        i: int,
        outcome: Outcome | None,
        final: int,
        equal_pool: bool,
    ) -> list[PrizeOutlook]:
        """The reach of each prize of one list the player is in."""
        best, worst, _ = self.places(view, i, outcome, final)
        out = []
        for prize in ladder:
            reach = _reach(prize, best, worst, equal_pool)
            needs = (
                _needs(self.start_ranks, view, i, prize, best, final)
                if reach is Reach.POSSIBLE
                else None
            )
            out.append(PrizeOutlook(prize, reach, best, worst, needs))
        return out

    def places(
        self, view: _ListView, i: int, outcome: Outcome | None, final: int
    ) -> tuple[PlaceRange, PlaceRange, bool]:
        """Player i's best and worst place in ``view``'s list when they end on
        ``final`` (after ``outcome``), and whether anybody can end level."""
        score = self.sheet.score
        counts = view.total(final)
        if outcome is None:
            counts -= _fixed(final, final)  # the player themself
        else:
            j = self.opponent[i]
            admitted = view.admitted
            counts -= view.game(_key(score, admitted, i, j), final)
            if admitted[j]:
                counts += _fixed(score[j] + _gain(self.sheet, MIRROR[outcome]), final)
        best_first = counts.best_above + 1
        worst_last = counts.worst_level_or_above + 1
        return (
            PlaceRange(best_first, best_first + counts.best_level),
            PlaceRange(counts.worst_above + 1, worst_last),
            counts.can_be_level > 0,
        )


def _is_black(entry: Round) -> bool:
    return entry is not None and entry.color is Color.BLACK


def _needs(
    rank: Sequence[int], view: _ListView, i: int, prize: Prize, best: PlaceRange, final: int
) -> Needs:
    return Needs(
        prize.place - best.first,
        tuple(
            GameStake(rank[white], rank[black], above)
            for white, black, above in view.swinging(final)
            if i not in (white, black)
        ),
    )


def _reach(prize: Prize, best: PlaceRange, worst: PlaceRange, equal_pool: bool) -> Reach:
    pooled = equal_pool and prize.amount is not None
    if (worst.first if pooled else worst.last) <= prize.place:
        return Reach.CERTAIN
    if best.first <= prize.place:
        return Reach.POSSIBLE
    return Reach.OUT_OF_REACH


def stakes_json(found: Stakes) -> dict[str, object]:
    """The stakes as JSON-ready data: points as numbers, places as "3" or "3-5"."""

    def number(points: Fraction) -> int | float:
        return int(points) if points.denominator == 1 else float(points)

    def prize(outlook: PrizeOutlook) -> dict[str, object]:
        out: dict[str, object] = {
            "name": outlook.prize.name,
            "reach": outlook.reach.value,
            "best": str(outlook.best),
            "worst": str(outlook.worst),
        }
        if outlook.needs is not None:
            out["needs"] = {
                "text": outlook.needs.describe(),
                "slack": outlook.needs.slack,
                "games": [
                    {"white": g.white, "black": g.black, "above": list(g.above)}
                    for g in outlook.needs.games
                ],
            }
        elif outlook.reach is Reach.OUT_OF_REACH:
            out["leavers_needed"] = outlook.leavers_needed
        return out

    return {
        "open_games": [list(game) for game in found.open_games],
        "players": [
            {
                "start_rank": player.start_rank,
                "points": number(player.points),
                "opponent": player.opponent,
                "results": [
                    {
                        "result": seen.outcome.value if seen.outcome else None,
                        "points": number(seen.points),
                        "best": str(seen.best),
                        "worst": str(seen.worst),
                        "tiebreaks_decide": seen.tiebreaks_decide,
                        "prizes": [prize(p) for p in seen.prizes],
                    }
                    for seen in player.outcomes
                ],
            }
            for player in found.players
        ],
    }


@dataclass(frozen=True)
class WhatIf:
    tournament: TournamentResults  # with the hypothetical results (never stored)
    standings: Standings
    awards: Awards | None


def what_if(
    tournament: TournamentResults,
    results: Mapping[int, Outcome],
    tiebreaks: Sequence[str] | None = None,
    rules: str = DEFAULT_RULES,
    definition: PrizeList | None = None,
    players: Mapping[int, PlayerFacts] | None = None,
) -> WhatIf:
    """The standings (and prizes, given a prize list) if open games ended as
    ``results`` says: start rank -> that player's result in their open game.  Pure:
    a new tournament is returned, nothing is changed."""
    rounds = {p.start_rank: list(p.rounds) for p in tournament.players}
    decided: dict[int, Outcome] = {}
    for start_rank, outcome in results.items():
        if start_rank not in tournament:
            raise TieBreakError(
                _at(
                    "results",
                    msg("there is no player with start rank %(rank)s", rank=start_rank),
                )
            )
        if not isinstance(outcome, Outcome):
            raise TieBreakError(_at(f"results[{start_rank}]", msg("expected win, draw or loss")))
        if start_rank in decided:  # set from the opponent's side
            if decided[start_rank] is not outcome:
                raise TieBreakError(
                    _at(
                        f"results[{start_rank}]",
                        msg(
                            "%(outcome)s for %(rank)s disagrees with the result given for"
                            " their opponent",
                            outcome=outcome.value,
                            rank=start_rank,
                        ),
                    )
                )
            continue
        open_rounds = [r for r, e in enumerate(rounds[start_rank]) if type(e) is Pending]
        if len(open_rounds) != 1:
            raise TieBreakError(
                _at(
                    f"results[{start_rank}]",
                    msg(
                        "player %(rank)s has %(count)s open games, not one",
                        rank=start_rank,
                        count=len(open_rounds),
                    )
                    if open_rounds
                    else msg("player %(rank)s has no open games, not one", rank=start_rank),
                )
            )
        r = open_rounds[0]
        entry = rounds[start_rank][r]
        assert type(entry) is Pending  # the round open_rounds found
        other = entry.opponent
        rounds[start_rank][r] = Game(other, outcome, entry.color)
        mirror = rounds[other][r]
        if type(mirror) is Pending:
            rounds[other][r] = Game(start_rank, MIRROR[outcome], mirror.color)
        decided[start_rank], decided[other] = outcome, MIRROR[outcome]
    branch = replace(
        tournament,
        players=tuple(_with_rounds(p, rounds[p.start_rank]) for p in tournament.players),
    )
    standings = compute_standings(branch, tiebreaks, rules)
    awards = award(standings, players, definition) if definition is not None else None
    return WhatIf(branch, standings, awards)


def _at(field: str, reason: str) -> Message:
    """A what-if refusal: the field of ``results`` at fault, then why ("results[3]: ...");
    the API answers it under that field, the reason in the reader's language."""
    return msg("%(field)s: %(message)s", field=field, message=reason)


def _with_rounds(player: Player, rounds: list) -> Player:
    return player if tuple(rounds) == player.rounds else replace(player, rounds=tuple(rounds))
