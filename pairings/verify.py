"""Pairings anyone can re-derive: every Swiss round of a tournament paired again from
the rounds before it and compared with the boards the tournament has.

``verify_rounds`` is the pure function behind ``python -m pairings verify FILE`` and
``-c``; it reads only the ``tiebreaks`` value objects, so the web side can call it
on a tournament folded from its event log.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import partial

from pairings.acceleration import Acceleration
from pairings.dutch import Board, NoLegalPairing, first_criterion, pair_round
from pairings.trf_input import not_paired_in, rounds_played
from tiebreaks.model import Color, Game, System, TournamentResults, Unplayed, UnplayedRound

IDENTICAL = "as the engine pairs"


class NotASwiss(ValueError):  # noqa: N818 - the name says what the user is told
    """The tournament's pairings are not made by a Swiss system (a round robin)."""


@dataclass(frozen=True)
class RoundCheck:
    """One round: the boards the tournament has and those the engine derives (empty
    when no legal pairing exists), with the first criterion telling them apart."""

    round: int
    recorded: frozenset[Board]
    derived: frozenset[Board]
    criterion: str = ""  # "" when identical
    no_legal_pairing: bool = False

    @property
    def identical(self) -> bool:
        return self.recorded == self.derived

    @property
    def recorded_only(self) -> list[Board]:
        return sorted(self.recorded - self.derived, key=_board_key)

    @property
    def derived_only(self) -> list[Board]:
        return sorted(self.derived - self.recorded, key=_board_key)

    def verdict(self) -> str:
        """ "as the engine pairs", or "differs: <the recorded boards that differ>"."""
        if self.identical:
            return IDENTICAL
        engine = "no legal pairing" if self.no_legal_pairing else _boards(self.derived_only)
        return f"differs: {_boards(self.recorded_only)} (the engine: {engine})"


def _board_key(board: Board) -> tuple[int, int]:
    return (board.white, board.black)


def _boards(boards: Collection[Board]) -> str:
    return ", ".join(
        f"{b.white}-{b.black}" if b.black else f"{b.white} bye"
        for b in sorted(boards, key=_board_key)
    )


def recorded_boards(
    tournament: TournamentResults, number: int, like: Collection[Board] = ()
) -> frozenset[Board]:
    """The round as the tournament has it: a board per game or forfeit (white first),
    the pairing-allocated bye as black 0.  A forfeit written without colours
    (``   3 - +``) could have been either way round: it takes the orientation of the
    same pair in ``like`` if there, else the lower start rank first."""
    oriented = {frozenset((b.white, b.black)): b for b in like}
    boards = set()
    for player in tournament.players:
        entry = player.round(number)
        opponent = getattr(entry, "opponent", None)
        if isinstance(entry, Game | UnplayedRound) and opponent:
            colour = entry.color
            if colour is Color.WHITE:
                boards.add(Board(player.start_rank, opponent))
            elif colour is None and player.start_rank < opponent:
                pair = frozenset((player.start_rank, opponent))
                boards.add(oriented.get(pair, Board(player.start_rank, opponent)))
        elif isinstance(entry, UnplayedRound) and entry.kind is Unplayed.PAB:
            boards.add(Board(player.start_rank, 0))
    return frozenset(boards)


def verify_rounds(
    tournament: TournamentResults,
    *,
    initial_colour: Color,
    acceleration: Acceleration | None = None,
    absent: Callable[[TournamentResults, int], Collection[int]] = not_paired_in,
) -> list[RoundCheck]:
    """Each round paired so far, re-derived by the Dutch engine from the rounds before
    it (the players ``absent(tournament, round)`` left out: by default those whose
    entry for the round is a requested bye or an absence) and compared with the
    boards the tournament has.  Raises NotASwiss for a round robin."""
    if tournament.system is not System.SWISS:
        raise NotASwiss(f"a {tournament.system.value} is not paired by the Dutch system")
    checks = []
    for number in range(1, rounds_played(tournament) + 1):
        checks.append(
            check_pairing(
                tournament,
                number,
                partial(recorded_boards, tournament, number),
                absent=frozenset(absent(tournament, number)),
                initial_colour=initial_colour,
                acceleration=acceleration,
            )
        )
    return checks


def check_pairing(
    tournament: TournamentResults,
    number: int,
    recorded: Callable[[Collection[Board]], Collection[Board]],
    *,
    absent: Collection[int],
    initial_colour: Color,
    acceleration: Acceleration | None = None,
) -> RoundCheck:
    """Round ``number`` paired by the Dutch engine from the rounds before it (``absent``
    left out) and compared with the boards ``recorded(derived)`` gives (the engine's
    boards are handed over to orient a forfeit recorded without colours)."""
    try:
        derived = frozenset(
            pair_round(
                tournament,
                number,
                absent=absent,
                initial_colour=initial_colour,
                acceleration=acceleration,
            ).boards
        )
    except NoLegalPairing:
        return RoundCheck(number, frozenset(recorded(())), frozenset(), no_legal_pairing=True)
    boards = frozenset(recorded(derived))
    criterion = ""
    if boards != derived:
        criterion = first_criterion(
            tournament,
            number,
            boards,
            absent=absent,
            initial_colour=initial_colour,
            acceleration=acceleration,
            engine_boards=derived,
        )
    return RoundCheck(number, boards, derived, criterion)
