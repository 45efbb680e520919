"""Modifiers (C.07 Art. 14) as reusable cutters, with the 16.5 VUR exception.

A tie-break made of a sum of elements hands each element as (key, contribution,
vur): ``key`` orders the elements by significance (Buchholz: the opponent's score;
Sonneborn-Berger: the opponent's score, so the least significant value is the one
of the lowest-scoring opponent, 14.1.1.d; ARO: the rating; PS: the round), the
contribution is what the element adds, and ``vur`` marks a voluntary unplayed
round.  Among equal keys the smaller contribution is the less significant.
"""

from __future__ import annotations

from collections.abc import Sequence

# The cuts of each modifier, in the order C.07 makes them (14.3: least, then most).
_STEPS = {
    None: (),
    "C1": ("low",),
    "C2": ("low", "low"),
    "M1": ("low", "high"),
    "M2": ("low", "low", "high", "high"),
}


def _low(
    alive: list[int], keys: Sequence[int], contributions: Sequence[int], vur: Sequence[bool]
) -> int:
    """16.5.1: the lowest VUR contribution is cut unless it is lower than the least
    significant value (for Buchholz it never is; for SB the higher of the two goes)."""
    least = min(alive, key=lambda e: (keys[e], contributions[e]))
    voluntary = [e for e in alive if vur[e]]
    if voluntary:
        lowest_vur = min(voluntary, key=lambda e: (contributions[e], keys[e]))
        if contributions[lowest_vur] >= contributions[least]:
            return lowest_vur
    return least


def _high(alive: list[int], keys: Sequence[int], contributions: Sequence[int]) -> int:
    # The most significant value has no VUR exception (16.5 speaks of the least).
    return max(alive, key=lambda e: (keys[e], contributions[e]))


def cut(
    cut_name: str | None,
    keys: Sequence[int],
    contributions: Sequence[int],
    vur: Sequence[bool] = (),
) -> tuple[int, list[int]]:
    """Apply ``cut_name`` (None, C1, C2, M1, M2): the sum of the remaining
    contributions and the positions cut, in cutting order.  16.5.2: each further
    cut applies the exception again to the remaining elements."""
    total = sum(contributions)
    steps = _STEPS[cut_name]
    if not steps:
        return total, []
    if cut_name == "C1" and not any(vur) and contributions:
        # The common case, without building index lists.
        if keys is contributions:
            least = contributions.index(min(contributions))
        else:
            pairs = list(zip(keys, contributions, strict=True))
            least = pairs.index(min(pairs))
        return total - contributions[least], [least]
    flags = vur or (False,) * len(keys)
    alive = list(range(len(keys)))
    removed: list[int] = []
    for step in steps:
        if not alive:
            break
        e = (
            _low(alive, keys, contributions, flags)
            if step == "low"
            else _high(alive, keys, contributions)
        )
        alive.remove(e)
        removed.append(e)
        total -= contributions[e]
    return total, removed
