"""Round-robin schedules from the FIDE Berger tables (Handbook C.05, Annex 1), for
players and for teams.

Pure Python: no Django, so the tables can be checked on their own.  Individual
tournaments keep to the sizes the Annex prints (``tournaments.domain.berger``); the
construction below gives the table for any size, which team events use.

The Annex prints one table per even size 4, 6, ..., 16; an odd field uses the
table of the next even size and whoever meets the highest (dummy) number has
the bye.  Every printed table follows one construction, which is what
``berger_rounds`` implements rather than storing fourteen tables:

* round 1 pairs 1-n, 2-(n-1), ..., n/2-(n/2+1), the lower number with White;
* player n keeps board 1 and alternates colour: Black in odd rounds, White in
  even rounds;
* every other number moves to the next round on the same board and colour by
  adding n/2 modulo n-1 (numbers 1..n-1), so round 2 of the 8-player table is
  8-5, 6-4, 7-3, 1-2.

A double round robin repeats the cycle with colours reversed.  The Annex
recommends exchanging the last two rounds of the first cycle so that nobody
gets three games in a row with the same colour across the two cycles; that is
offered as ``swap_last_two``.

For teams (``team_round_robin``) the tables pair team numbers, and the colour a
table gives is the colour of the first-named team on board 1; the other boards
alternate from there (TRF26 352).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tiebreaks.messages import msg

MIN_PARTICIPANTS = 2


class BergerError(ValueError):
    """A schedule the Berger tables do not cover: ``field`` names the setting at fault
    (``players``, ``cycles``, ...) and ``reason`` says why; its text is "field: reason"."""

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(msg("%(field)s: %(message)s", field=field, message=reason))


@dataclass(frozen=True)
class ScheduledRound:
    """One round: ``boards`` lists (white, black) start ranks in board order."""

    number: int
    boards: tuple[tuple[int, int], ...]
    bye: int | None = None


def berger_rounds(players: int) -> list[list[tuple[int, int]]]:
    """The Annex table for ``players`` (rounded up to even): one (white, black) list per round,
    the dummy number included for an odd field."""
    n = players + players % 2
    half = n // 2
    boards = [(i, n + 1 - i) for i in range(1, half + 1)]
    table = [boards]
    for round_number in range(2, n):
        rotated = [(_advance(w, half, n), _advance(b, half, n)) for w, b in boards[1:]]
        other = _advance(sum(boards[0]) - n, half, n)  # board 1 holds n and one other
        first = (n, other) if round_number % 2 == 0 else (other, n)
        boards = [first, *rotated]
        table.append(boards)
    return table


def _advance(number: int, step: int, n: int) -> int:
    """Move a number (not n) ``step`` places round the circle of 1..n-1."""
    return (number - 1 + step) % (n - 1) + 1


def round_robin_schedule(
    players: int, *, cycles: int = 1, swap_last_two: bool = False
) -> tuple[ScheduledRound, ...]:
    """The full schedule for ``players`` numbers 1..players over ``cycles`` (1 or 2).

    For an odd field the game against the dummy becomes the round's bye and
    the remaining boards are renumbered from 1.
    """
    if not isinstance(players, int) or players < MIN_PARTICIPANTS:
        raise BergerError(
            "players",
            msg("a round robin needs at least %(minimum)s participants", minimum=MIN_PARTICIPANTS),
        )
    if cycles not in (1, 2):
        raise BergerError(
            "cycles", msg("a round robin has 1 or 2 cycles, not %(cycles)s", cycles=cycles)
        )
    first_cycle = berger_rounds(players)
    if swap_last_two:
        if cycles != 2:
            raise BergerError("swap_last_two", msg("only meaningful for a double round robin"))
        first_cycle[-2], first_cycle[-1] = first_cycle[-1], first_cycle[-2]
    cycle_rounds = [first_cycle]
    if cycles == 2:
        cycle_rounds.append([[(b, w) for w, b in boards] for boards in first_cycle])
    schedule: list[ScheduledRound] = []
    for boards in (boards for cycle in cycle_rounds for boards in cycle):
        schedule.append(_without_dummy(len(schedule) + 1, boards, players))
    return tuple(schedule)


def _without_dummy(number: int, boards: list[tuple[int, int]], players: int) -> ScheduledRound:
    bye = None
    kept = []
    for white, black in boards:
        if black > players:
            bye = white
        elif white > players:
            bye = black
        else:
            kept.append((white, black))
    return ScheduledRound(number=number, boards=tuple(kept), bye=bye)


def team_round_robin(
    teams: Sequence[int], *, cycles: int = 1, swap_last_two: bool = False
) -> tuple[ScheduledRound, ...]:
    """The Berger schedule of a team round robin: ``teams`` are the team pairing numbers
    in the order that gives them their table numbers 1, 2, ...; each round's matches
    as (team with White on board 1, other team), and the team that rests."""
    if len(set(teams)) != len(teams):
        raise BergerError("teams", msg("a team is listed twice"))
    number = dict(enumerate(teams, 1))
    return tuple(
        ScheduledRound(
            r.number,
            tuple((number[w], number[b]) for w, b in r.boards),
            None if r.bye is None else number[r.bye],
        )
        for r in round_robin_schedule(len(teams), cycles=cycles, swap_last_two=swap_last_two)
    )
