"""Editions of the FIDE tie-break rules (Handbook C.07), as data.

An edition is chosen per tournament and frozen for its whole life (changing it
mid-event would silently move every Buchholz).  What differs between editions is
written as fields of :class:`RuleSet`, so the tie-break code asks "does this
edition cap the dummy?" instead of "is this 2026?".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tiebreaks.errors import TieBreakError
from tiebreaks.messages import msg


class OwnUnplayed(Enum):
    """How a player's own unplayed round enters their Buchholz/Sonneborn-Berger."""

    DUMMY = "dummy"  # C.07 2023+ 16.4: an opponent with the player's own final score
    VIRTUAL = "virtual"  # pre-2023: SPR + (win - SfPR) + draw x (n - R)


class OpponentView(Enum):
    """How a player's unplayed rounds are valued when they are someone's opponent."""

    ADJUSTED = "adjusted"  # C.07 2023+ 16.3: only category 16.2.5 becomes a draw
    UNPLAYED_AS_DRAWS = "unplayed as draws"  # pre-2023: every unplayed round is a draw


@dataclass(frozen=True)
class RuleSet:
    name: str
    title: str
    own_unplayed: OwnUnplayed
    opponent_view: OpponentView
    # 16.4.1: a forfeit's dummy may not exceed the scheduled opponent's adjusted score.
    cap_forfeit_dummy: bool
    # 16.4.2: any other unplayed round's dummy may not exceed draw points x rounds.
    cap_bye_dummy: bool
    # 16.5: cut modifiers cut a voluntary unplayed round (VUR) first on the low side.
    vur_cut_first: bool
    # 15.2 (2026): in round robins forfeit LOSSES stay unplayed for Type B tie-breaks.
    # Earlier texts (2023: 15.6) treated every round-robin forfeit as a game.
    rr_forfeit_losses_unplayed_in_own_results: bool


FIDE_2026 = RuleSet(
    name="fide-2026",
    title="FIDE C.07, edition in force since 1 March 2026",
    own_unplayed=OwnUnplayed.DUMMY,
    opponent_view=OpponentView.ADJUSTED,
    cap_forfeit_dummy=True,
    cap_bye_dummy=True,
    vur_cut_first=True,
    rr_forfeit_losses_unplayed_in_own_results=True,
)

FIDE_2023 = RuleSet(
    name="fide-2023",
    title="FIDE C.07, 2023/2024 text (1 Sep 2023 - 28 Feb 2026)",
    own_unplayed=OwnUnplayed.DUMMY,
    opponent_view=OpponentView.ADJUSTED,
    cap_forfeit_dummy=False,
    cap_bye_dummy=False,
    vur_cut_first=True,
    rr_forfeit_losses_unplayed_in_own_results=False,
)

# The pre-2023 texts (C.02 Art. 13 / C.07 before Sep 2023) had no VUR cut exception:
# the exception arrived with the dummy opponent in 2023.
FIDE_PRE2023 = RuleSet(
    name="fide-pre2023",
    title="FIDE rules before September 2023 (virtual opponent, FIDE 2011 Annex 65)",
    own_unplayed=OwnUnplayed.VIRTUAL,
    opponent_view=OpponentView.UNPLAYED_AS_DRAWS,
    cap_forfeit_dummy=False,
    cap_bye_dummy=False,
    vur_cut_first=False,
    rr_forfeit_losses_unplayed_in_own_results=False,
)

DEFAULT_RULES = FIDE_2026.name
EDITIONS: dict[str, RuleSet] = {r.name: r for r in (FIDE_2026, FIDE_2023, FIDE_PRE2023)}


def get_rules(name: str) -> RuleSet:
    """The edition called ``name`` (case-insensitive); TieBreakError if there is none."""
    try:
        return EDITIONS[name.strip().lower()]
    except (KeyError, AttributeError):
        known = ", ".join(EDITIONS)
        raise TieBreakError(
            msg("unknown rule edition %(name)s (known: %(known)s)", name=repr(name), known=known)
        ) from None
