"""What changed between two tables (``live.wire.Standings``), for pushing big tables incrementally.

One result changes the points and tie-breaks of a few dozen players, but moves
the rank of everyone between the winner's old and new places: in a big Swiss,
hundreds of rows.  Those moves travel as ``order``: the new standings order as
runs over the old one, ``[start, stop]`` for the rows at old positions
start..stop-1 kept together, a bare start rank for a row that moved alone.  A
result that lifts one player over 600 others is three or four runs.

Ties travel the same way, by who rather than where: ``ties_on`` and
``ties_off`` list the start ranks that now share, or no longer share, the rank
of the row above them.  The positions (``live.wire``'s ``ties``) of a big
Swiss's thousands of tied rows all shift when one row moves past them; the
start ranks tied with the row above hardly change.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .wire import Standings

Run = int | list[int]

# A change in any of these needs the full table.
_STRUCTURE = ("tournament", "rules", "tiebreaks", "warnings")


def standings_diff(old: Standings, new: Standings) -> dict[str, Any] | None:
    """A ``standings.diff`` frame turning table ``old`` into ``new``.

    ``rows`` are ``[start_rank, points, tie-break values...]`` of the players
    whose points or tie-breaks changed; ``order`` (only when a row moved),
    ``ties_on`` and ``ties_off`` (only when not empty) are as described above;
    changed boards are sent whole.  None when the two differ in
    structure (other tie-breaks, players, round or a player's details), where
    only a full table makes sense.
    """
    if any(getattr(old, key) != getattr(new, key) for key in _STRUCTURE):
        return None
    old_rounds, new_rounds = old.rounds, new.rounds
    if old_rounds.current != new_rounds.current or old_rounds.byes != new_rounds.byes:
        return None
    if old.identity != new.identity:
        return None
    old_boards = {board[0]: board for board in old_rounds.boards}
    diff: dict[str, Any] = {
        "type": "standings.diff",
        "version": new.version,
        "base_version": old.version,
        "computed_at": new.computed_at,
        "rows": [
            [start_rank, *scores]
            for start_rank, scores in new.scores.items()
            if old.scores[start_rank] != scores
        ],
        "boards": [b for b in new_rounds.boards if old_boards.get(b[0]) != b],
        "closed": new_rounds.closed,
    }
    if old_rounds.reported != new_rounds.reported:
        diff["reported"] = new_rounds.reported
    if old.order != new.order:
        diff["order"] = order_runs(old.order, new.order)
    if ties_on := sorted(new.tied - old.tied):
        diff["ties_on"] = ties_on
    if ties_off := sorted(old.tied - new.tied):
        diff["ties_off"] = ties_off
    return diff


def order_runs(old: Sequence[int], new: Sequence[int]) -> list[Run]:
    """``new`` (a permutation of ``old``) as runs over ``old``'s positions."""
    position = {start_rank: index for index, start_rank in enumerate(old)}
    runs: list[Run] = []
    i = 0
    while i < len(new):
        first = position[new[i]]
        j = i + 1
        while j < len(new) and position[new[j]] == first + j - i:
            j += 1
        runs.append(new[i] if j - i == 1 else [first, first + j - i])
        i = j
    return runs
