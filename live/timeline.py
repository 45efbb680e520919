"""The live page's timeline: the event log's results and corrections, one step
each, with the standings after the step and the places it moved.

The steps are read from the public events (a result names its round and board;
the round's pairing in force then names the players).  A step's standings are
moments of the log (``live.moments``): after the event before it and after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from tournaments.store.queries import (
    FoldedTournament,
    PlayerState,
    load_tournament_as_of,
    public_events,
)

from .moments import MomentError, PerVersion, table_at
from .pages import RESULT_TEXT, standings_order
from .snapshots import parse_version

PAIRED, RECORDED, CORRECTED = "round.paired", "result.recorded", "result.corrected"


@dataclass(frozen=True)
class Step:
    """One result or correction of the log."""

    seq: int
    corrected: bool
    round: int
    board: int
    white: PlayerState
    black: PlayerState
    result: str  # as shown: "1–0"


@dataclass(frozen=True)
class Line:
    """A player's row in the standings after a step; ``moved`` is how many places
    the step took them up (negative: down)."""

    player: PlayerState
    place: str
    points: Fraction
    place_before: str
    moved: int

    @property
    def down(self) -> int:
        return -self.moved


@dataclass(frozen=True)
class StepView:
    step: Step
    number: int  # 1 for the first step
    steps: tuple[Step, ...]
    lines: tuple[Line, ...]  # the standings after the step

    @property
    def previous(self) -> Step | None:
        return self.steps[self.number - 2] if self.number > 1 else None

    @property
    def next(self) -> Step | None:
        return self.steps[self.number] if self.number < len(self.steps) else None

    @property
    def moves(self) -> tuple[Line, ...]:
        """The players the step moved, the biggest rises first, then the falls."""
        moved = [line for line in self.lines if line.moved]
        return tuple(sorted(moved, key=lambda line: -line.moved))


def _steps(folded: FoldedTournament) -> tuple[Step, ...]:
    players = folded.state.players
    boards: dict[int, dict[int, tuple[int, int]]] = {}  # round -> board -> (white, black)
    found = []
    events = public_events(
        folded.id, limit=1_000_000, kinds=(PAIRED, RECORDED, CORRECTED), through=folded.version
    )
    for event in events:
        fields = event.fields
        if event.kind == PAIRED:
            boards[fields["round"]] = {
                b["board"]: (b["white"], b["black"]) for b in fields["boards"]
            }
            continue
        white, black = boards[fields["round"]][fields["board"]]
        found.append(
            Step(
                event.seq,
                event.kind == CORRECTED,
                fields["round"],
                fields["board"],
                players[white],
                players[black],
                RESULT_TEXT[fields["result"]],
            )
        )
    return tuple(found)


_step_lists: PerVersion[tuple[Step, ...]] = PerVersion(16)


def steps(folded: FoldedTournament) -> tuple[Step, ...]:
    """The results and corrections of ``folded``'s log, oldest first."""
    return _step_lists.get(folded, _steps)


def step_view(folded: FoldedTournament, query: Mapping[str, str]) -> StepView | None:
    """The step ``query`` names: ``as_of`` (a result's or correction's seq) or
    ``step`` (its number, from 1); the last without either.  None while the log has
    no result; MomentError naming the parameter when it names no step."""
    found = steps(folded)
    number = _number(found, query)
    if number is None:
        return None
    step = found[number - 1]
    before = standings_order(table_at(load_tournament_as_of(folded.id, step.seq - 1)).table)
    after = standings_order(table_at(load_tournament_as_of(folded.id, step.seq)).table)
    places_before = {rank: standing.place for rank, standing in before}
    players = folded.state.players
    lines = tuple(
        Line(
            players[rank],
            standing.place,
            standing.points,
            places_before[rank],
            _rank(places_before[rank]) - _rank(standing.place),
        )
        for rank, standing in after
    )
    return StepView(step, number, found, lines)


def _number(found: tuple[Step, ...], query: Mapping[str, str]) -> int | None:
    if "as_of" in query and "step" in query:
        raise MomentError("as_of", "give as_of or step, not both")
    if "as_of" in query:
        seq = parse_version(query["as_of"])
        numbers = {step.seq: number for number, step in enumerate(found, start=1)}
        if seq is None or seq not in numbers:
            raise MomentError("as_of", f"no result or correction is event {query['as_of']!r}")
        return numbers[seq]
    if "step" in query:
        number = parse_version(query["step"])
        if number is None or not 1 <= number <= len(found):
            raise MomentError(
                "step", f"expected a step from 1 to {len(found)}, not {query['step']!r}"
            )
        return number
    return len(found) or None


def _rank(place: str) -> int:
    """A place's rank: players tied share the first place of their group ("2-3" is
    2), so that a step reordering tied players moves nobody."""
    return int(place.split("-")[0])
