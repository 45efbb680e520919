"""Tie-break names for people, in the reader's language: the one catalogue of the
names the pages show as column help (the crosstable's headers, the live table's).

The engine names a code in English (``tiebreaks.codes.ParsedCode.name``:
"Buchholz Cut-1"); here the same parts come from the translation catalogues,
the acronym's name first and each modifier after it.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from tiebreaks.codes import parse_code
from tiebreaks.teams.standings import parse_team_code

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
# The team tie-breaks' own acronyms (tiebreaks.teams.definitions.TEAM_CATALOGUE); the
# others there (BH, DE, PS...) are the individual ones on a team score, named above.
TEAM_NAMES = {
    "MPVGP": gettext_lazy("Match Points or Game Points"),
    "EDE": gettext_lazy("Extended Direct Encounter"),
    "EDET": gettext_lazy("Extended Direct Encounter, Top Board"),
    "EDEB": gettext_lazy("Extended Direct Encounter, Bottom Board"),
    "EDEBT": gettext_lazy("Extended Direct Encounter, Board Count, Top Board"),
    "EDEBB": gettext_lazy("Extended Direct Encounter, Board Count, Bottom Board"),
    "BC": gettext_lazy("Board Count"),
    "TBR": gettext_lazy("Top Board Results"),
    "BBE": gettext_lazy("Bottom Board Elimination"),
    "ESB": gettext_lazy("Extended Sonneborn-Berger"),
    "EMMSB": gettext_lazy("Extended Sonneborn-Berger MP x MP"),
    "EMGSB": gettext_lazy("Extended Sonneborn-Berger MP x GP"),
    "EGMSB": gettext_lazy("Extended Sonneborn-Berger GP x MP"),
    "EGGSB": gettext_lazy("Extended Sonneborn-Berger GP x GP"),
    "SSSC": gettext_lazy("Scores and Schedule Strength Combination"),
    "TPN": gettext_lazy("Team Pairing Number"),
}
# As the docs and the FIDE text write it; the engine reads any case.
TEAM_SPELLING = {"MPVGP": "MPvGP"}
CUTS = {
    "C1": gettext_lazy("Cut-1"),
    "C2": gettext_lazy("Cut-2"),
    "M1": gettext_lazy("Median-1"),
    "M2": gettext_lazy("Median-2"),
}


# A team tie-break on one of the two team scores (``BH:GP``; C.07 13.1).
SCORES = {
    "MP": gettext_lazy("on match points"),
    "GP": gettext_lazy("on game points"),
}


def tiebreak_name(code: str, *, team: bool = False) -> str:
    """``BH/C1`` -> "Buchholz Cut-1" in the active language (``team``: a team
    event's code, ``BH:GP/C1`` -> "Buchholz Cut-1 on game points"); an unknown
    acronym (a code this catalogue has not caught up with) keeps the engine's
    English name."""
    parsed = parse_team_code(code) if team else parse_code(code)
    name = (TEAM_NAMES.get(parsed.acronym) if team else None) or NAMES.get(parsed.acronym)
    if name is None:
        return parsed.name
    parts = [str(name)]
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
    if parsed.score in SCORES:
        parts.append(str(SCORES[parsed.score]))
    return " ".join(parts)


def team_tiebreak_name(acronym: str) -> str:
    """A team tie-break's name in the active language (``EDE`` -> "Extended Direct
    Encounter"; ``BH`` the individual one's)."""
    return str(TEAM_NAMES.get(acronym) or NAMES[acronym])
