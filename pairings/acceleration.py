"""Accelerated pairings (FIDE Handbook C.04.5): virtual points added to some
players' scores in the first rounds, for pairing only.

A player's *pairing score* in a round is his score plus his virtual points for
that round; the Dutch engine forms its score brackets, floats and the choice of
the pairing-allocated bye from it.  Standings never see virtual points.

C.04.5.1, the Baku acceleration method (for the standard 1 / ½ / 0 scoring):

- the players to be paired are split, in pairing-number order, into GA, the first
  half rounded up to the nearest even number (2 * ceil(N / 4)), and GB, the rest;
- the accelerated rounds are the first half, rounded up, of the tournament;
- before the first half (rounded up) of the accelerated rounds every GA player
  has 1 virtual point, before the remaining accelerated rounds 0.5; GB players and
  every round after the accelerated ones have none.  (Nine rounds: five
  accelerated, 1 point in rounds 1-3, 0.5 in rounds 4 and 5.)

GA is counted from the players paired in round 1 (before it is paired: the players
not absent from it); the last GA player then stays the same for the whole
tournament, so a late entry joins GA when his pairing number is below that
player's, GB otherwise.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from tiebreaks.messages import msg
from tiebreaks.model import (
    Game,
    Pending,
    Round,
    Scoring,
    TournamentResults,
    Unplayed,
    UnplayedRound,
)

BAKU = "baku"
METHODS = ("", BAKU)  # the tournament setting: no acceleration, or Baku


class AccelerationError(ValueError):
    """An acceleration that does not apply to the tournament."""


@dataclass(frozen=True)
class Acceleration:
    """Virtual points per pairing number, one entry per round from round 1 (the
    shape of the TRF ``XXA`` line); a player or a round not listed has none."""

    points: Mapping[int, tuple[Fraction, ...]] = field(default_factory=lambda: MappingProxyType({}))

    def virtual_points(self, number: int, round_number: int) -> Fraction:
        rounds = self.points.get(number, ())
        return rounds[round_number - 1] if 0 < round_number <= len(rounds) else Fraction(0)


def ga_size(players: int) -> int:
    """GA: the first half of the players rounded up to the nearest even number."""
    return 2 * -(-players // 4)


def baku_rounds(rounds: int) -> tuple[int, int]:
    """(rounds with 1 virtual point, accelerated rounds) for a tournament of ``rounds``."""
    accelerated = -(-rounds // 2)
    return -(-accelerated // 2), accelerated


def standard_scoring(scoring: Scoring) -> bool:
    """The scoring Baku is defined for: a draw half a win, a loss nothing."""
    return scoring.loss == 0 and scoring.draw * 2 == scoring.win


def _paired(entry: Round) -> bool:
    """An entry the pairing of its round made: a game (with or without a result), a
    forfeit (it keeps the scheduled opponent) or the pairing-allocated bye."""
    if isinstance(entry, Game | Pending):
        return True
    return isinstance(entry, UnplayedRound) and (
        entry.opponent is not None or entry.kind is Unplayed.PAB
    )


def last_ga(round_one: Collection[int]) -> int:
    """The pairing number of the last GA participant (player or team), from the
    pairing numbers round 1 was (or is to be) paired with; 0 for none."""
    numbers = sorted(round_one)
    # A single participant rounds up to a GA of two: he is the last GA one.
    return numbers[min(ga_size(len(numbers)), len(numbers)) - 1] if numbers else 0


def baku_schedule(rounds: int, win: Fraction, draw: Fraction) -> tuple[Fraction, ...]:
    """A GA participant's virtual points for rounds 1, 2, ...: ``win`` (the method's
    1 point) in the first half of the accelerated rounds, ``draw`` (0.5) in the rest."""
    full, accelerated = baku_rounds(rounds)
    return tuple(win if number <= full else draw for number in range(1, accelerated + 1))


def _last_ga_player(tournament: TournamentResults, absent: Collection[int]) -> int:
    """The last GA player, from the list round 1 was (or is to be) paired with."""
    numbers = [p.start_rank for p in tournament.players if _paired(p.round(1))]
    if not numbers:
        numbers = [p.start_rank for p in tournament.players if p.start_rank not in absent]
    return last_ga(numbers)


def baku(tournament: TournamentResults, absent: Collection[int] = ()) -> Acceleration:
    """C.04.5.1 for the whole tournament: GA's virtual points round by round.
    ``absent`` (the players not to be paired) matters only before round 1 is
    paired.  The points are the value of a win and of a draw, 1 and 0.5 in the
    standard scoring the method is defined for; any other scoring is refused."""
    scoring = tournament.scoring
    if not standard_scoring(scoring):
        raise AccelerationError(
            msg("Baku acceleration needs the standard scoring (a draw half a win, a loss 0)")
        )
    per_round = baku_schedule(tournament.rounds, scoring.win, scoring.draw)
    last = _last_ga_player(tournament, absent)
    ga = sorted(p.start_rank for p in tournament.players if p.start_rank <= last)
    return Acceleration(MappingProxyType(dict.fromkeys(ga, per_round)))


def is_baku(given: Acceleration, tournament: TournamentResults) -> bool:
    """Whether virtual points (a file's, say) are the Baku method's: the method's points
    for every player up to the last GA one, none for the others.  Once round 1 is
    paired, the last GA player is the method's; before, whoever the list was written
    for (the players to be paired may change until then)."""
    scoring = tournament.scoring
    if not standard_scoring(scoring):
        return False
    per_round = baku_schedule(tournament.rounds, scoring.win, scoring.draw)
    if any(_paired(p.round(1)) for p in tournament.players):
        last = _last_ga_player(tournament, ())
    else:
        last = max((n for n, points in given.points.items() if any(points)), default=0)
    rounds = range(1, tournament.rounds + 1)
    ga = (p.start_rank for p in tournament.players if p.start_rank <= last)
    expected = Acceleration(MappingProxyType(dict.fromkeys(ga, per_round)))
    numbers = {p.start_rank for p in tournament.players} | set(given.points)
    return last > 0 and all(
        given.virtual_points(n, r) == expected.virtual_points(n, r) for n in numbers for r in rounds
    )


def check_method(method: str) -> None:
    """AccelerationError unless ``method`` names a method ("" for none)."""
    if method not in METHODS:
        raise AccelerationError(
            msg(
                "unknown acceleration %(method)s: expected one of %(methods)s",
                method=repr(method),
                methods=METHODS,
            )
        )


def by_method(
    method: str, tournament: TournamentResults, absent: Collection[int] = ()
) -> Acceleration | None:
    """The acceleration a tournament setting names ("" for none)."""
    check_method(method)
    return baku(tournament, absent) if method == BAKU else None
