"""Federation flags: FIDE codes to emoji regional indicators."""

from __future__ import annotations

import pytest

from live.flags import flag


# Expected flags written as their regional indicator letters by hand: 🇮🇹 is I T.
@pytest.mark.parametrize(
    ("federation", "letters"),
    [
        ("ITA", "IT"),  # FIDE's code is the ISO alpha-3: pycountry
        ("USA", "US"),
        ("GER", "DE"),  # IOC-style FIDE codes: the table
        ("NED", "NL"),
        ("SUI", "CH"),
        ("BRN", "BH"),  # Bahrain for FIDE; ISO's BRN is Brunei
        ("BRU", "BN"),
        ("KOS", "XK"),
        ("ger", "DE"),
    ],
)
def test_a_federation_flies_its_country_flag(federation: str, letters: str) -> None:
    indicators = [chr(0x1F1E6 + ord(c) - ord("A")) for c in letters]
    assert flag(federation) == "".join(indicators)


def test_england_flies_the_st_georges_cross_tag_sequence() -> None:
    # U+1F3F4 black flag, tags g b e n g, cancel tag (Unicode emoji tag sequence).
    assert flag("ENG") == "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"


@pytest.mark.parametrize("federation", ["FID", "XYZ", "", "DE"])
def test_a_code_with_no_country_has_no_flag(federation: str) -> None:
    assert flag(federation) == ""
