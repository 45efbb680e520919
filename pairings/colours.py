"""C.04.3 Article 5 (2017: E): colour allocation for a pair, once the pairing is decided."""

from __future__ import annotations

from pairings.players import PairingPlayer, other
from tiebreaks.model import Color


def _compatible(a: Color | None, b: Color | None) -> bool:
    return a is None or b is None or a != b


def _first_difference(a: PairingPlayer, b: PairingPlayer) -> tuple[Color, Color] | None:
    """The colours of the most recent round, going back, in which the two had
    different colours (played games only)."""
    for mine, theirs in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if mine != theirs:
            return mine, theirs
    return None


def colour_of_higher(
    higher: PairingPlayer, lower: PairingPlayer, initial: Color, pairing_number: int
) -> tuple[Color, str]:
    """The colour of ``higher`` (the higher-ranked of the pair: score, then pairing
    number) and the article of 5.2 that decides it.

    5.2.1 (2017: E.1) grant both preferences; 5.2.2 grant the stronger preference
    (absolute over strong, and between two absolute ones the wider colour
    difference); 5.2.3 alternate from the most recent round in which they had
    different colours; 5.2.4 grant the higher-ranked player's preference; 5.2.5
    without any preference the higher-ranked player gets the initial colour (5.1)
    when his ``pairing_number`` (in the round: ``players.pairing_numbers``) is odd.
    Preferences come from the games played only: a forfeit has no colour.
    """
    hp, lp = higher.preference, lower.preference
    if _compatible(hp, lp):
        if hp is not None:
            return hp, "5.2.1"
        if lp is not None:
            return other(lp), "5.2.1"
    else:
        hcd, lcd = abs(higher.colour_difference), abs(lower.colour_difference)
        if higher.absolute and (not lower.absolute or hcd > lcd):
            return hp, "5.2.2"  # type: ignore[return-value]
        if lower.absolute and (not higher.absolute or lcd > hcd):
            return other(lp), "5.2.2"  # type: ignore[arg-type]
        if higher.strong and not lower.strong:
            return hp, "5.2.2"  # type: ignore[return-value]
        if lower.strong and not higher.strong:
            return other(lp), "5.2.2"  # type: ignore[arg-type]
        difference = _first_difference(higher, lower)
        if difference is not None:
            return difference[1], "5.2.3"
        return hp, "5.2.4"  # type: ignore[return-value]
    return (initial if pairing_number % 2 else other(initial)), "5.2.5"
