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
from tiebreaks.messages import msg

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
        raise TieBreakError(msg("empty tie-break code %(code)s", code=repr(text)))
    normal = text.strip().upper()
    # The hyphen form writes KS-L-2: put a slash before each modifier letter group.
    normal = re.sub(r"-(?=[CM][12]\b|L[+-]?\d|K\d|[PFR]\b)", "/", normal)
    shape = _SHAPE.match(normal)
    if shape is None:
        raise TieBreakError(msg("cannot read tie-break code %(code)s", code=repr(text)))
    acronym = aliases.get(shape["acronym"], shape["acronym"])
    if acronym not in catalogue:
        raise TieBreakError(
            msg(
                "unknown tie-break %(acronym)s in code %(code)s",
                acronym=repr(shape["acronym"]),
                code=repr(text),
            )
        )
    allowed = catalogue[acronym].modifiers
    seen: set[str] = set()  # the Code fields set so far, to refuse a repeated one
    cut: str | None = None
    limit = 0
    factor: int | None = None
    for token in filter(None, shape["modifiers"].split("/")):
        part = _MODIFIER.match(token)
        if part is None:
            raise TieBreakError(
                msg(
                    "unknown modifier %(modifier)s in tie-break code %(code)s",
                    modifier=repr(token),
                    code=repr(text),
                )
            )
        name = part["cut"] or part["flag"] or ("L" if part["limit"] is not None else "K")
        if name not in allowed:
            raise TieBreakError(
                msg(
                    "modifier %(modifier)s is not allowed for %(acronym)s in %(code)s"
                    " (allowed: %(allowed)s)",
                    modifier=repr(token),
                    acronym=acronym,
                    code=repr(text),
                    allowed=", ".join(sorted(allowed)) or msg("none"),
                )
            )
        key = _FIELD.get(name, "cut")
        if key in seen:
            raise TieBreakError(
                msg(
                    "modifier %(modifier)s repeats another one in %(code)s",
                    modifier=repr(token),
                    code=repr(text),
                )
            )
        seen.add(key)
        if part["cut"]:
            cut = part["cut"]
        elif name == "L":
            limit = int(part["limit"])
        elif name == "K":
            factor = int(part["factor"])
            if factor < 1:
                raise TieBreakError(
                    msg(
                        "the factor of %(modifier)s in %(code)s must be at least 1",
                        modifier=repr(token),
                        code=repr(text),
                    )
                )
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
