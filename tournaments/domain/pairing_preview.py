"""A round's pairing as the organiser checks it before publishing: each board's
players with their rating, points before the round and colour history, who
floats, and the FIDE rules the pairing breaks.  Pure Python, no Django.

The checks are those an arbiter makes of a pairing edited by hand (C.04.1, and
the absolute criteria of the Dutch system, C.04.3 C1-C3):

- C1 (C.04.1 b): two players meet at most once (a forfeit is no meeting);
- C2 (C.04.1 d): a player who already had a pairing-allocated bye, or a forfeit
  win, does not get the bye;
- C3: nobody's colour difference goes beyond +2 or -2 and nobody gets the same
  colour three times in a row (topscorers, over half the maximum score, are
  excepted in the last round: C.04.3 A.7).

A pairing made by the engine breaks none of them unless it had to relax one (a
small field late in the event); the preview lists what it finds either way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tiebreaks.model import Color, Game, Pending, Player, Scoring, Unplayed, UnplayedRound

from .state import TournamentState

# C.04.1 d: a pairing-allocated bye, or a (forfeit) win without an opponent to play.
_SCORED_WITHOUT_PLAYING = frozenset({Unplayed.PAB, Unplayed.FORFEIT_WIN})
_STANDARD = Scoring()


@dataclass(frozen=True)
class Side:
    start_rank: int
    name: str
    title: str
    rating: int
    points: Fraction  # before the round
    colours: str  # one letter per round before this one: w, b, or - (no game)

    def to_json(self) -> dict[str, Any]:
        return {
            "start_rank": self.start_rank,
            "name": self.name,
            "title": self.title,
            "rating": self.rating,
            "points": str(self.points),
            "colours": self.colours,
        }


@dataclass(frozen=True)
class PreviewBoard:
    number: int
    white: Side
    black: Side

    @property
    def floater(self) -> str:
        """ "white" or "black": who floats down (has more points); "" when level."""
        if self.white.points == self.black.points:
            return ""
        return "white" if self.white.points > self.black.points else "black"

    def to_json(self) -> dict[str, Any]:
        return {
            "board": self.number,
            "white": self.white.to_json(),
            "black": self.black.to_json(),
            "floater": self.floater,
        }


@dataclass(frozen=True)
class PairingPreview:
    round: int
    boards: tuple[PreviewBoard, ...]
    byes: tuple[Side, ...]
    warnings: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "boards": [b.to_json() for b in self.boards],
            "byes": [s.to_json() for s in self.byes],
            "warnings": list(self.warnings),
        }


def pairing_preview(state: TournamentState, pairing: Mapping[str, Any]) -> PairingPreview:
    """``pairing`` (a ``round.paired`` body: round, boards of white/black start ranks,
    byes) as the organiser checks it."""
    number = pairing["round"]
    results = state.to_tiebreaks()
    before = {p.start_rank: _side(p, number, results.scoring.points) for p in results.players}
    boards = tuple(
        PreviewBoard(b.get("board", i), before[b["white"]], before[b["black"]])
        for i, b in enumerate(pairing["boards"], start=1)
    )
    byes = tuple(before[rank] for rank in pairing["byes"])
    players = {p.start_rank: p for p in results.players}
    last = number == state.settings.rounds
    return PairingPreview(number, boards, byes, _warnings(players, pairing, number, last))


def _side(player: Player, number: int, points_of: Any) -> Side:
    rounds = player.rounds[: number - 1]
    return Side(
        start_rank=player.start_rank,
        name=player.name,
        title=player.title,
        rating=player.rating,
        points=sum((points_of(r) for r in rounds), Fraction(0)),
        colours="".join(_colour(r) for r in rounds),
    )


def _colour(entry: Any) -> str:
    """The colour of a game played (a forfeit was not played: C.04.1)."""
    if isinstance(entry, Game) and entry.color is not None:
        return entry.color.value
    return "-"


def _warnings(
    players: Mapping[int, Player], pairing: Mapping[str, Any], number: int, last_round: bool
) -> tuple[str, ...]:
    warnings: list[str] = []
    points = {rank: _side(p, number, _standard).points for rank, p in players.items()}
    for index, board in enumerate(pairing["boards"], start=1):
        white, black = players[board["white"]], players[board["black"]]
        met = _met_in(white, black.start_rank, number)
        if met:
            warnings.append(
                f"board {board.get('board', index)}: {white.start_rank} and {black.start_rank} "
                f"already played each other in round {met} (C1)"
            )
        for player, colour in ((white, Color.WHITE), (black, Color.BLACK)):
            # C.04.3 A.7: topscorers (over half the maximum) may break them in the last round.
            exempt = last_round and points[player.start_rank] * 2 > number - 1
            problem = None if exempt else _colour_problem(player, colour, number)
            if problem:
                warnings.append(f"board {board.get('board', index)}: {player.start_rank} {problem}")
    for rank in pairing["byes"]:
        had = _scored_without_playing(players[rank], number)
        if had:
            warnings.append(f"bye: {rank} already scored without playing in round {had} (C2)")
    return tuple(warnings)


def _standard(entry: Any) -> Fraction:
    """Points as C.04.3 counts them (1 - ½ - 0): topscorers have over half the maximum."""
    return _STANDARD.points(entry)


def _met_in(player: Player, opponent: int, number: int) -> int | None:
    for index, entry in enumerate(player.rounds[: number - 1], start=1):
        if isinstance(entry, Game | Pending) and entry.opponent == opponent:
            return index
    return None


def _colour_problem(player: Player, colour: Color, number: int) -> str | None:
    played = [_colour(r) for r in player.rounds[: number - 1]]
    games = [c for c in played if c != "-"]
    difference = games.count("w") - games.count("b") + (1 if colour is Color.WHITE else -1)
    if abs(difference) > 2:
        return f"would have a colour difference of {difference:+d} (C3)"
    if games[-2:] == [colour.value, colour.value]:
        name = "White" if colour is Color.WHITE else "Black"
        return f"would play {name} three times in a row (C3)"
    return None


def _scored_without_playing(player: Player, number: int) -> int | None:
    for index, entry in enumerate(player.rounds[: number - 1], start=1):
        if isinstance(entry, UnplayedRound) and entry.kind in _SCORED_WITHOUT_PLAYING:
            return index
    return None
