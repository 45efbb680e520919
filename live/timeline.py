"""The live page's timeline: the event log's results and corrections, one step
each, with the standings after the step and the places it moved.

The steps are read from the public events (a result names its round and board;
the round's pairing in force then names the players).  A team event's steps are
its board results and their corrections (a board of a match: the match's line-ups,
which results leave fixed, name the players) and its forfeited matches, its
standings the teams'.  A step's
standings are moments of the log (``live.moments``): after the event before it
and after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _

from tournaments.store.queries import (
    FoldedTournament,
    PlayerState,
    load_tournament_as_of,
    match_boards,
    public_events,
)

from .moments import MomentError, PerVersion, entrant_names, table_at
from .snapshots import parse_version
from .spectator_content import RESULT_TEXT, standings_order

PAIRED, RECORDED, CORRECTED = "round.paired", "result.recorded", "result.corrected"
BOARD_RECORDED, BOARD_CORRECTED = "team.board_result_recorded", "team.board_result_corrected"
MATCH_FORFEITED = "team.match_forfeited"


@dataclass(frozen=True)
class Step:
    """One result or correction of the log (a team event's: of a board of a match)."""

    seq: int
    corrected: bool
    round: int
    board: int
    white: PlayerState | None  # None: an empty seat
    black: PlayerState | None
    result: str  # as shown: "1–0"
    match: int | None = None  # a team event's match
    teams: str = ""  # a team event's match: "Club 1 – Club 2"
    forfeit: bool = False  # a team event's whole match forfeited (board 0, no players)


@dataclass(frozen=True)
class Line:
    """A row in the standings after a step (a player's, or a team's in a team
    event: ``number`` is the start rank or the team's pairing number); ``moved`` is
    how many places the step took it up (negative: down)."""

    number: int
    name: str
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
    if folded.is_team:
        return _team_steps(folded)
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


def _team_steps(folded: FoldedTournament) -> tuple[Step, ...]:
    state = folded.state
    events = public_events(
        folded.id,
        limit=1_000_000,
        kinds=(BOARD_RECORDED, BOARD_CORRECTED, MATCH_FORFEITED),
        through=folded.version,
    )
    found = []
    for event in events:
        fields = event.fields
        number = fields["round"]
        match = state.team_rounds[number].match(fields["match"])
        assert match is not None  # the result's decision checked it
        teams = f"{state.teams[match.white].name} – {state.teams[match.black].name}"
        if event.kind == MATCH_FORFEITED:
            result = fields["result"]
            found.append(
                Step(event.seq, False, number, 0, None, None, result, match.number, teams, True)
            )
            continue
        board = match_boards(
            match,
            state.public_lineups,
            number,
            state.settings.boards,
            state.settings.colour_sequence,
        )[fields["board"] - 1]
        white, black = (None if p is None else state.players[p] for p in (board.white, board.black))
        found.append(
            Step(
                event.seq,
                event.kind == BOARD_CORRECTED,
                number,
                fields["board"],
                white,
                black,
                RESULT_TEXT[fields["result"]],
                match.number,
                teams,
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
    names = entrant_names(folded)
    lines = tuple(
        Line(
            rank,
            names[rank],
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
        raise MomentError("as_of", _("give as_of or step, not both"))
    if "as_of" in query:
        seq = parse_version(query["as_of"])
        numbers = {step.seq: number for number, step in enumerate(found, start=1)}
        if seq is None or seq not in numbers:
            raise MomentError(
                "as_of",
                _("no result or correction is event %(given)s") % {"given": repr(query["as_of"])},
            )
        return numbers[seq]
    if "step" in query:
        number = parse_version(query["step"])
        if number is None or not 1 <= number <= len(found):
            raise MomentError(
                "step",
                _("expected a step from 1 to %(last)s, not %(given)s")
                % {"last": len(found), "given": repr(query["step"])},
            )
        return number
    return len(found) or None


def _rank(place: str) -> int:
    """A place's rank: players tied share the first place of their group ("2-3" is
    2), so that a step reordering tied players moves nobody."""
    return int(place.split("-")[0])
