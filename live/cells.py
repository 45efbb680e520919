"""A player's round in a crosstable, told apart once for every way of showing it.

The crosstable API (``live.projection``, TRF-like marks) and the HTML pages
(``live.spectator_content``, words like "bye ½") write the same cell differently; both
start from ``cell_parts``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tiebreaks.model import Color, Game, Outcome, Pending, Round, Unplayed, UnplayedRound


@dataclass(frozen=True, slots=True)
class CellParts:
    opponent: int | None  # None: a bye, an absence, or nothing known
    color: Color | None
    outcome: Outcome | Unplayed | None  # None: in play, or nothing known
    in_play: bool = False  # paired, no result yet


def cell_parts(rnd: Round) -> CellParts:
    if isinstance(rnd, Game):
        return CellParts(rnd.opponent, rnd.color, rnd.outcome)
    if isinstance(rnd, UnplayedRound):
        return CellParts(rnd.opponent, rnd.color, rnd.kind)
    if isinstance(rnd, Pending):
        return CellParts(rnd.opponent, rnd.color, None, in_play=True)
    return CellParts(None, None, None)
