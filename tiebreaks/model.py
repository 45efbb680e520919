"""Value objects for a tournament's results: the things FIDE C.07 reasons about.

Everything here is immutable and exact: points are ``fractions.Fraction`` so
that 12.25 + 0.1 never drifts (a float would).  Start ranks identify players,
as in a TRF file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum
from fractions import Fraction
from typing import final


class Color(StrEnum):
    WHITE = "w"
    BLACK = "b"


class Outcome(Enum):
    """The result of a game played over the board, from one player's side."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


class Unplayed(Enum):
    """The kind of an unplayed round (C.07 15.1), named as TRF and C.07 16.2 do."""

    FORFEIT_WIN = "forfeit win"  # 16.2.2, TRF "+"
    FORFEIT_LOSS = "forfeit loss"  # 16.2.4, TRF "-": a VUR
    PAB = "pairing-allocated bye"  # 16.2.1, TRF "U"
    FPB = "full-point bye"  # 16.2.1, TRF "F"
    HPB = "half-point bye"  # requested bye (16.1.1), TRF "H"
    ZPB = "zero-point bye"  # requested bye (16.1.1), TRF "Z"
    ABSENT = "absent"  # not paired / withdrawn: a zero-point bye (16.1.1), TRF blank

    @property
    def is_requested_bye(self) -> bool:
        """C.07 16.1.1: a half- or zero-point bye; every round after withdrawal is one."""
        return self in _REQUESTED

    @property
    def is_voluntary(self) -> bool:
        """C.07 16.1.2: a VUR is a requested bye or a forfeit loss."""
        return self in _REQUESTED or self is Unplayed.FORFEIT_LOSS

    @property
    def is_forfeit(self) -> bool:
        return self in (Unplayed.FORFEIT_WIN, Unplayed.FORFEIT_LOSS)


_REQUESTED = frozenset({Unplayed.HPB, Unplayed.ZPB, Unplayed.ABSENT})


# The round kinds are final: tiebreaks.scores tells them apart with the fast
# `type(entry) is Game` test, which type checkers narrow only for final classes.
@final
@dataclass(frozen=True, slots=True)
class Game:
    """A game played over the board.  ``rated`` is False for TRF W/D/L games
    that lasted less than one move: they are played, but not rated."""

    opponent: int
    outcome: Outcome
    color: Color | None = None
    rated: bool = True


@final
@dataclass(frozen=True, slots=True)
class UnplayedRound:
    """A round without a game.  Forfeits keep the scheduled opponent and colour."""

    kind: Unplayed
    opponent: int | None = None
    color: Color | None = None


@final
@dataclass(frozen=True, slots=True)
class Pending:
    """A game paired but without a result yet (a live round): it counts for nothing,
    except that Fore Buchholz (C.07 8.3) sees its pairing."""

    opponent: int
    color: Color | None = None


# One player's round: a game, an unplayed round, a paired game without a result yet
# (Pending), or None while nothing is known; Pending and None rounds are left out of
# every sum.
Round = Game | UnplayedRound | Pending | None


def _points(value: Fraction | int | str | float) -> Fraction:
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


@dataclass(frozen=True)
class Scoring:
    """Points per result; 1 - 1/2 - 0 by default, with each bye kind configurable.

    3-1-0 is ``Scoring.three_one_zero()``; TRF26 record 162 and JaVaFo ``XXS``
    map onto these fields (see ``tiebreaks.trf``).
    """

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    pab: Fraction = Fraction(1)
    fpb: Fraction = Fraction(1)
    hpb: Fraction = Fraction(1, 2)
    zpb: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        for name in self.__dataclass_fields__:
            object.__setattr__(self, name, _points(getattr(self, name)))

    @classmethod
    def three_one_zero(cls) -> Scoring:
        three, one = Fraction(3), Fraction(1)
        return cls(
            win=three, draw=one, loss=Fraction(0), forfeit_win=three, pab=three, fpb=three, hpb=one
        )

    def for_outcome(self, outcome: Outcome) -> Fraction:
        return {Outcome.WIN: self.win, Outcome.DRAW: self.draw, Outcome.LOSS: self.loss}[outcome]

    def for_unplayed(self, kind: Unplayed) -> Fraction:
        return {
            Unplayed.FORFEIT_WIN: self.forfeit_win,
            Unplayed.FORFEIT_LOSS: self.forfeit_loss,
            Unplayed.PAB: self.pab,
            Unplayed.FPB: self.fpb,
            Unplayed.HPB: self.hpb,
            Unplayed.ZPB: self.zpb,
            Unplayed.ABSENT: self.zpb,
        }[kind]

    def points(self, rnd: Round) -> Fraction:
        """Points a player receives for one round (0 while the result is unknown)."""
        if isinstance(rnd, Game):
            return self.for_outcome(rnd.outcome)
        if isinstance(rnd, UnplayedRound):
            return self.for_unplayed(rnd.kind)
        return Fraction(0)

    def as_texts(self) -> dict[str, str]:
        """Every field as exact text ("1/2"): how a tournament's creation event and
        the API write a scoring; ``Scoring().as_texts()`` is the default one."""
        return {name: str(getattr(self, name)) for name in self.__dataclass_fields__}


class System(Enum):
    SWISS = "swiss"
    ROUND_ROBIN = "round robin"
    DOUBLE_ROUND_ROBIN = "double round robin"

    @property
    def predetermined(self) -> bool:
        """C.07 15.2: tournaments with pre-determined pairings (round robins)."""
        return self is not System.SWISS


@dataclass(frozen=True, slots=True)
class Player:
    start_rank: int
    name: str = ""
    rating: int = 0  # 0: unrated
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    sex: str = ""
    birth_date: str = ""
    rounds: tuple[Round, ...] = ()  # index 0 is round 1

    def round(self, number: int) -> Round:
        """The player's entry for round ``number`` (1-based); None if not known."""
        return self.rounds[number - 1] if 0 < number <= len(self.rounds) else None


@dataclass(frozen=True)
class TournamentResults:
    """A tournament's results: the players with their rounds, the number of
    rounds scheduled, the scoring and the system.  ``unrated_rating`` is the rating
    the tournament's rules give unrated players for the rating-based tie-breaks
    (C.07 10); None leaves them out."""

    players: tuple[Player, ...]
    rounds: int
    scoring: Scoring = field(default_factory=Scoring)
    system: System = System.SWISS
    name: str = ""
    unrated_rating: int | None = None
    _by_rank: dict[int, Player] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "_by_rank", {p.start_rank: p for p in self.players})

    def player(self, start_rank: int) -> Player:
        return self._by_rank[start_rank]

    def __contains__(self, start_rank: object) -> bool:
        return start_rank in self._by_rank
