"""Federation flags from FIDE's three-letter federation codes, as emoji (a pair of
regional indicator letters from the country's ISO 3166 alpha-2 code): no image
to fetch, and the code stays beside the flag as text for screens without emoji.

Most FIDE codes are the ISO alpha-3 code, which ``pycountry`` maps to alpha-2.
FIDE follows the IOC where they differ (GER, NED, SUI...), and has codes for
England, Scotland, Wales, Kosovo, Jersey, Guernsey and the Isle of Man, which are
not ISO countries: those are the table below.  BRN is Bahrain for FIDE but
Brunei for ISO, so the table is read first.
"""

from __future__ import annotations

from functools import cache

import pycountry

# FIDE code -> ISO 3166 alpha-2 where the FIDE code is not the country's ISO alpha-3.
FIDE_TO_ISO2 = {
    "ALG": "DZ", "ANG": "AO", "ANT": "AG", "ARU": "AW", "BAH": "BS", "BAN": "BD",
    "BAR": "BB", "BER": "BM", "BHU": "BT", "BIZ": "BZ", "BOT": "BW", "BRN": "BH",
    "BRU": "BN", "BUL": "BG", "BUR": "BF", "CAM": "KH", "CAY": "KY", "CGO": "CG",
    "CHA": "TD", "CHI": "CL", "CRC": "CR", "CRO": "HR", "DEN": "DK", "ESA": "SV",
    "FAI": "FO", "FIJ": "FJ", "GAM": "GM", "GCI": "GG", "GEQ": "GQ", "GER": "DE",
    "GRE": "GR", "GRN": "GD", "GUA": "GT", "GUI": "GN", "HAI": "HT", "HON": "HN",
    "INA": "ID", "IOM": "IM", "IRI": "IR", "ISV": "VI", "IVB": "VG", "JCI": "JE",
    "KOS": "XK", "KSA": "SA", "KUW": "KW", "LAT": "LV", "LBA": "LY", "LES": "LS",
    "LIB": "LB", "MAD": "MG", "MAS": "MY", "MAW": "MW", "MGL": "MN", "MNC": "MC",
    "MRI": "MU", "MTN": "MR", "MYA": "MM", "NCA": "NI", "NED": "NL", "NEP": "NP",
    "NGR": "NG", "NIG": "NE", "OMA": "OM", "PAR": "PY", "PHI": "PH", "PLE": "PS",
    "POR": "PT", "PUR": "PR", "RSA": "ZA", "SEY": "SC", "SIN": "SG", "SKN": "KN",
    "SLO": "SI", "SOL": "SB", "SRI": "LK", "SUD": "SD", "SUI": "CH", "TAN": "TZ",
    "TGA": "TO", "TOG": "TG", "TPE": "TW", "TRI": "TT", "UAE": "AE", "URU": "UY",
    "VAN": "VU", "VIE": "VN", "VIN": "VC", "ZAM": "ZM", "ZIM": "ZW",
}  # fmt: skip
# The home nations fly their own flags: an emoji tag sequence (black flag, the
# ISO 3166-2 subdivision in tag letters, cancel tag).
SUBDIVISIONS = {"ENG": "gbeng", "SCO": "gbsct", "WLS": "gbwls"}
_REGIONAL_A = 0x1F1E6
_TAG_A = 0xE0061


def _regional(alpha2: str) -> str:
    return "".join(chr(_REGIONAL_A + ord(letter) - ord("A")) for letter in alpha2)


@cache
def flag(federation: str) -> str:
    """The flag emoji of a FIDE federation code; "" when it has none (FID, unknown)."""
    code = federation.strip().upper()
    if code in SUBDIVISIONS:
        tags = "".join(chr(_TAG_A + ord(c) - ord("a")) for c in SUBDIVISIONS[code])
        return "\U0001f3f4" + tags + "\U000e007f"
    if code in FIDE_TO_ISO2:
        return _regional(FIDE_TO_ISO2[code])
    country = pycountry.countries.get(alpha_3=code) if len(code) == 3 else None
    return _regional(country.alpha_2) if country else ""
