"""Tie-break codes: ``BH/C1``, ``BH:GP/C1``, ``BH-C1``, ``KS/L-2``, ``TPN/R``...

Accepted forms (case-insensitive): the TRF26/MTB syntax
``ACRONYM[:MP|:GP][/Cn|/Mn|/L±n][/P][/F][/R]`` and the Handbook's hyphen form
(``BH-C1``).  ``:MP``/``:GP`` name the team score to use; for individuals there is
only one score, so they are accepted and ignored.  ``GE`` (the 2023/2024 name) is
an alias of ``REP``.  Non-FIDE tie-breaks carry the ``OTHER_`` prefix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tiebreaks.errors import TieBreakError

CUTS = ("C1", "C2", "M1", "M2")

# The modifiers each tie-break accepts (C.07 Art. 5 table, Art. 14, MTB26 list).
# L: Koya limit; P: forfeits count as played games; F: Fore Buchholz; R: reverse order.
# UNCERTAIN: transcriptions of the Art. 5 table put the Cut-1 mark on FB or on REP; the
# MTB26 list of codes has FB/C1...FB/M2 and no REP cut, so that is what is accepted.
ACRONYMS: dict[str, frozenset[str]] = {
    "DE": frozenset({"P"}),
    "WIN": frozenset(),
    "WON": frozenset(),
    "BPG": frozenset(),
    "BWG": frozenset(),
    "REP": frozenset(),
    "STD": frozenset(),
    "TPN": frozenset({"R"}),
    "RTNG": frozenset({"R"}),
    "PS": frozenset({"C1", "C2"}),
    "BH": frozenset({*CUTS, "P"}),
    "FB": frozenset({*CUTS, "P"}),
    "AOB": frozenset({"F"}),
    "SB": frozenset({"C1", "C2", "P"}),
    "KS": frozenset({"L"}),
    "ARO": frozenset(CUTS),
    "TPR": frozenset(),
    "PTP": frozenset(),
    "APRO": frozenset(),
    "APPO": frozenset(),
    "OTHER_SB003": frozenset(),
}
ALIASES = {"GE": "REP"}

_SHAPE = re.compile(r"^(?P<acronym>[A-Z][A-Z0-9_]*)(?::(?:MP|GP))?(?P<modifiers>(?:[/-][^/-]+)*)$")
_MODIFIER = re.compile(r"^(?:(?P<cut>[CM][12])|L(?P<limit>[+-]?\d+)|(?P<flag>[PFR]))$")


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


def parse_code(text: str) -> Code:
    """Parse one tie-break code; TieBreakError names the code and what is wrong with it."""
    if not isinstance(text, str) or not text.strip():
        raise TieBreakError(f"empty tie-break code {text!r}")
    normal = text.strip().upper()
    # The hyphen form writes KS-L-2: put a slash before each modifier letter group.
    normal = re.sub(r"-(?=[CM][12]\b|L[+-]?\d|[PFR]\b)", "/", normal)
    shape = _SHAPE.match(normal)
    if shape is None:
        raise TieBreakError(f"cannot read tie-break code {text!r}")
    acronym = ALIASES.get(shape["acronym"], shape["acronym"])
    if acronym not in ACRONYMS:
        raise TieBreakError(f"unknown tie-break {shape['acronym']!r} in code {text!r}")
    allowed = ACRONYMS[acronym]
    fields: dict[str, object] = {}
    for token in filter(None, shape["modifiers"].split("/")):
        part = _MODIFIER.match(token)
        if part is None:
            raise TieBreakError(f"unknown modifier {token!r} in tie-break code {text!r}")
        name = part["cut"] or part["flag"] or "L"
        if name not in allowed:
            allowed_text = ", ".join(sorted(allowed)) or "none"
            raise TieBreakError(
                f"modifier {token!r} is not allowed for {acronym} in {text!r} "
                f"(allowed: {allowed_text})"
            )
        key = {"L": "limit", "P": "forfeits_as_games", "F": "fore", "R": "reverse"}.get(name, "cut")
        if key in fields:
            raise TieBreakError(f"modifier {token!r} repeats another one in {text!r}")
        fields[key] = int(part["limit"]) if name == "L" else part["cut"] or True
    return Code(text=text, acronym=acronym, **fields)
