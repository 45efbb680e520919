"""Ranking by score, then the tie-break list in order (C.07 4.2).

Each tie-break is applied "for each subgroup of participants still tied" (4.2,
2026 text): the players are split by score, then every group that is still tied
is split by the next tie-break, and so on.  Direct Encounter (Type A, 4.3) is
computed inside each still-tied group, so it may appear several times in a list
and give different answers each time.  Players equal on everything share a
place; C.07 would then draw lots, the standings leave that to the arbiter.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from tiebreaks.definitions import Value

# A step either gives every player a sortable key (higher is better), or splits a
# tied group itself (Direct Encounter) into ordered subgroups.
KeyStep = Sequence[object]
GroupStep = Callable[[list[int]], list[list[int]]]


@dataclass(frozen=True, slots=True)
class Placed:
    """A player's position: ``rank`` is the first place of the shared range."""

    index: int
    rank: int
    place: str


def sort_key(value: Value, lower_is_better: bool) -> tuple[int, Value]:
    """A key under which higher is better and an undefined value (None) is last."""
    if value is None:
        return (0, 0)
    return (1, -value if lower_is_better else value)


def rank(
    count: int,
    steps: Sequence[KeyStep | GroupStep],
    on_group: Callable[[int, list[int], list[list[int]]], None] | None = None,
) -> list[Placed]:
    """Order players 0..count-1 by ``steps`` (the score first).

    ``on_group(step, group, subgroups)`` is told how each group step split a group,
    so the caller can show where Direct Encounter placed the players.
    """
    ordered = _refine(list(range(count)), steps, 0, on_group)
    placed: list[Placed] = []
    position = 1
    for group in ordered:
        first, last = position, position + len(group) - 1
        place = str(first) if first == last else f"{first}-{last}"
        placed.extend([Placed(i, first, place) for i in sorted(group)])
        position = last + 1
    return placed


def _refine(
    group: list[int],
    steps: Sequence[KeyStep | GroupStep],
    at: int,
    on_group: Callable[[int, list[int], list[list[int]]], None] | None,
) -> list[list[int]]:
    if len(group) < 2 or at == len(steps):
        return [group]
    step = steps[at]
    if callable(step):
        subgroups = step(group)
        if on_group is not None:
            on_group(at, group, subgroups)
    else:
        key: Callable[[int], Any] = step.__getitem__
        ordered = sorted(group, key=key, reverse=True)
        subgroups = [list(tied) for _, tied in groupby(ordered, key)]
    out: list[list[int]] = []
    for sub in subgroups:
        out.extend(_refine(sub, steps, at + 1, on_group))
    return out
