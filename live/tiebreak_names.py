"""Tie-break names for people, in the reader's language: the one catalogue of the
names the pages show as column help (the crosstable's headers, the live table's).

The engine names a code in English (``tiebreaks.codes.ParsedCode.name``:
"Buchholz Cut-1"); here the same parts come from the translation catalogues,
the acronym's name first and each modifier after it.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from tiebreaks.codes import parse_code

# One entry per acronym of tiebreaks.definitions.CATALOGUE (a test keeps them equal).
NAMES = {
    "PTS": gettext_lazy("Points"),
    "DE": gettext_lazy("Direct Encounter"),
    "WIN": gettext_lazy("Number of Wins"),
    "WON": gettext_lazy("Number of Games Won"),
    "BPG": gettext_lazy("Number of Games Played with Black"),
    "BWG": gettext_lazy("Number of Games Won with Black"),
    "REP": gettext_lazy("Rounds one Elected to Play in"),
    "STD": gettext_lazy("Standard Points"),
    "TPN": gettext_lazy("Tournament Pairing Number"),
    "RTNG": gettext_lazy("Rating"),
    "PS": gettext_lazy("Sum of Progressive Scores"),
    "BH": gettext_lazy("Buchholz"),
    "FB": gettext_lazy("Fore Buchholz"),
    "AOB": gettext_lazy("Average of Opponents' Buchholz"),
    "SB": gettext_lazy("Sonneborn-Berger"),
    "KS": gettext_lazy("Koya System"),
    "ARO": gettext_lazy("Average Rating of Opponents"),
    "TPR": gettext_lazy("Tournament Performance Rating"),
    "PTP": gettext_lazy("Perfect Tournament Performance"),
    "APRO": gettext_lazy("Average Performance Rating of Opponents"),
    "APPO": gettext_lazy("Average Perfect Performance of Opponents"),
    "NONFIDE_SB_TOP": gettext_lazy(
        "Non-FIDE variant: a gaming platform's simplified Sonneborn-Berger of the top scorers"
    ),
}
CUTS = {
    "C1": gettext_lazy("Cut-1"),
    "C2": gettext_lazy("Cut-2"),
    "M1": gettext_lazy("Median-1"),
    "M2": gettext_lazy("Median-2"),
}


def tiebreak_name(code: str) -> str:
    """``BH/C1`` -> "Buchholz Cut-1" in the active language; an unknown acronym (a
    code this catalogue has not caught up with) keeps the engine's English name."""
    parsed = parse_code(code)
    if parsed.acronym not in NAMES:
        return parsed.name
    parts = [str(NAMES[parsed.acronym])]
    if parsed.cut:
        parts.append(str(CUTS[parsed.cut]))
    if parsed.limit:
        parts.append(gettext("limit %(shift)+d") % {"shift": parsed.limit})
    if parsed.fore:
        parts.append(gettext("of Fore Buchholz"))
    if parsed.forfeits_as_games:
        parts.append(gettext("(forfeits as played)"))
    if parsed.reverse:
        parts.append(gettext("(reversed)"))
    return " ".join(parts)
