"""The initial ranking list that gives Swiss pairing numbers (FIDE C.04.2, B).

C.04.2 ranks the players before round 1 "in order of a) strength (rating),
b) FIDE title (GM-IM-WGM-FM-WIM-CM-WFM-WCM-no title), c) alphabetically";
the pairing number of each player is their place in that list.  Unrated
players come after every rated one (they have no strength to compare).  Pure
Python: the console sorts with it and a "players ranked" event stores the order.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from fractions import Fraction
from typing import Protocol, TypeVar

# C.04.2 B b): the order of the titles; any other title (or none) comes after them.
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
_TITLE_PLACE = {title: place for place, title in enumerate(TITLE_ORDER)}


class Rankable(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def rating(self) -> int | Fraction: ...  # 0: unrated; a team's mean rating

    @property
    def title(self) -> str: ...


R = TypeVar("R", bound=Rankable)


def initial_ranking_key(player: Rankable) -> tuple[bool, int | Fraction, int, str, str]:
    """Sort key of C.04.2 B: rated first, rating descending, title, then name.

    Names compare without case or accents ("Émile" beside "Emile", as a printed
    list is alphabetical), then as written, so the order never depends on the
    order players registered in.
    """
    rating = player.rating or 0
    title = _TITLE_PLACE.get(player.title.strip().upper(), len(TITLE_ORDER))
    return (rating <= 0, -rating, title, _alphabetical(player.name), player.name)


def initial_ranking(players: Iterable[R]) -> list[R]:
    """``players`` in the order of the initial ranking list (pairing number 1 first).

    Players equal in every criterion keep the order they were given in.
    """
    return sorted(players, key=initial_ranking_key)


def _alphabetical(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.strip())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
