"""Tie-break codes: ``BH/C1``, ``BH:GP/C1``, ``BH-C1``, ``KS/L-2``, ``TPN/R``...

Accepted forms (case-insensitive): the TRF26/MTB syntax
``ACRONYM[:MP|:GP][/Cn|/Mn|/L±n|/Kn][/P][/F][/R]`` and the Handbook's hyphen form
(``BH-C1``).  ``:MP``/``:GP`` name the team score to use (``:MM``, ``:MG``, ``:GM``,
``:GG`` the two of the Extended Sonneborn-Berger, opponent's then own); for
individuals there is only one score, so they are accepted and ignored.  ``GE``
(the 2023/2024 name) is an alias of ``REP``.  Non-FIDE tie-breaks carry the
``OTHER_`` prefix.  Which acronyms exist and which modifiers each accepts is the catalogue's
(``definitions.DEFINITIONS``; teams: ``tiebreaks.teams.definitions``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from tiebreaks.definitions import ALIASES, CATALOGUE, Definition
from tiebreaks.errors import TieBreakError

_CUT_NAMES = {"C1": "Cut-1", "C2": "Cut-2", "M1": "Median-1", "M2": "Median-2"}  # 14.1-14.4

_SHAPE = re.compile(
    r"^(?P<acronym>[A-Z][A-Z0-9_]*)(?::(?P<score>MP|GP|MM|MG|GM|GG))?"
    r"(?P<modifiers>(?:[/-][^/-]+)*)$"
)
_MODIFIER = re.compile(
    r"^(?:(?P<cut>[CM][12])|L(?P<limit>[+-]?\d+)|K(?P<factor>\d+)|(?P<flag>[PFR]))$"
)
_FIELD = {"L": "limit", "K": "factor", "P": "forfeits_as_games", "F": "fore", "R": "reverse"}


@dataclass(frozen=True)
class Code:
    """A parsed tie-break code.  ``text`` is the code exactly as the user gave it."""

    text: str
    acronym: str
    cut: str | None = None  # C1, C2, M1 or M2 (C.07 14.1-14.4)
    limit: int = 0  # Koya limit shift in half points (14.5)
    forfeits_as_games: bool = False  # /P
    fore: bool = False  # /F (AOB on Fore Buchholz)
    reverse: bool = False  # /R
    score: str | None = None  # :MP, :GP (teams), or :MM :MG :GM :GG (ESB)
    factor: int | None = None  # /Kn, SSSC's normalising factor (C.07 13.4)
    title: str = field(default="", compare=False)  # the catalogue's name of the acronym

    @property
    def name(self) -> str:
        """The full name for people, from the Art. 5 name and the modifiers:
        ``BH/C1`` -> "Buchholz Cut-1", ``AOB/F`` -> "Average of Opponents' Buchholz
        of Fore Buchholz"."""
        parts = [self.title or CATALOGUE[self.acronym].name]
        if self.cut:
            parts.append(_CUT_NAMES[self.cut])
        if self.limit:
            parts.append(f"limit {self.limit:+d}")
        if self.fore:
            parts.append("of Fore Buchholz")
        if self.forfeits_as_games:
            parts.append("(forfeits as played)")
        if self.reverse:
            parts.append("(reversed)")
        return " ".join(parts)


def parse_code(
    text: str,
    catalogue: Mapping[str, Definition] = CATALOGUE,
    aliases: Mapping[str, str] = ALIASES,
) -> Code:
    """Parse one tie-break code against ``catalogue`` (the individual one by default);
    TieBreakError names the code and what is wrong with it."""
    if not isinstance(text, str) or not text.strip():
        raise TieBreakError(f"empty tie-break code {text!r}")
    normal = text.strip().upper()
    # The hyphen form writes KS-L-2: put a slash before each modifier letter group.
    normal = re.sub(r"-(?=[CM][12]\b|L[+-]?\d|K\d|[PFR]\b)", "/", normal)
    shape = _SHAPE.match(normal)
    if shape is None:
        raise TieBreakError(f"cannot read tie-break code {text!r}")
    acronym = aliases.get(shape["acronym"], shape["acronym"])
    if acronym not in catalogue:
        raise TieBreakError(f"unknown tie-break {shape['acronym']!r} in code {text!r}")
    allowed = catalogue[acronym].modifiers
    seen: set[str] = set()  # the Code fields set so far, to refuse a repeated one
    cut: str | None = None
    limit = 0
    factor: int | None = None
    for token in filter(None, shape["modifiers"].split("/")):
        part = _MODIFIER.match(token)
        if part is None:
            raise TieBreakError(f"unknown modifier {token!r} in tie-break code {text!r}")
        name = part["cut"] or part["flag"] or ("L" if part["limit"] is not None else "K")
        if name not in allowed:
            allowed_text = ", ".join(sorted(allowed)) or "none"
            raise TieBreakError(
                f"modifier {token!r} is not allowed for {acronym} in {text!r} "
                f"(allowed: {allowed_text})"
            )
        key = _FIELD.get(name, "cut")
        if key in seen:
            raise TieBreakError(f"modifier {token!r} repeats another one in {text!r}")
        seen.add(key)
        if part["cut"]:
            cut = part["cut"]
        elif name == "L":
            limit = int(part["limit"])
        elif name == "K":
            factor = int(part["factor"])
            if factor < 1:
                raise TieBreakError(f"the factor of {token!r} in {text!r} must be at least 1")
    return Code(
        text=text,
        acronym=acronym,
        cut=cut,
        limit=limit,
        forfeits_as_games="forfeits_as_games" in seen,
        fore="fore" in seen,
        reverse="reverse" in seen,
        score=shape["score"],
        factor=factor,
        title=catalogue[acronym].name,
    )
