"""The tournament's descriptive header records of a TRF (022, 032, 042, 052, 102, 112,
122, 132).

They change no score; spectators' pages show them.  Dates become ISO text when
they are written in one of the forms pairing programs use (``2026/03/14``,
``26/03/14``, ``14.03.2026``, ``2026-03-14``); a date in any other form is left
out rather than guessed.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from tiebreaks.trf.tables import (
    CELL_WIDTH,
    DATE_RECORDS,
    DEPUTY_ARBITER,
    FIRST_CELL,
    ROUND_DATES,
    TEXT_RECORDS,
    TrfFile,
)

_DATE_FORMS = (
    re.compile(r"(?P<y>\d{4})[/-](?P<m>\d{1,2})[/-](?P<d>\d{1,2})"),
    re.compile(r"(?P<y>\d{2})/(?P<m>\d{1,2})/(?P<d>\d{1,2})"),
    re.compile(r"(?P<d>\d{1,2})\.(?P<m>\d{1,2})\.(?P<y>\d{4})"),
)


def tournament_details(trf: TrfFile) -> dict[str, Any]:
    """``{place, federation, chief_arbiter, deputy_arbiters, time_control, start_date,
    end_date, round_dates}``, each only when the file gives it."""
    details: dict[str, Any] = {}
    for raw in trf.headers.lines:
        line = raw.rstrip("\r")
        code, text = line[:3], line[4:].strip()
        if code in TEXT_RECORDS and text:
            details[TEXT_RECORDS[code]] = text[:200]
        elif code == DEPUTY_ARBITER and text:
            details.setdefault("deputy_arbiters", []).append(text[:200])
        elif code in DATE_RECORDS and (day := iso_date(text)):
            details[DATE_RECORDS[code]] = day
        elif code == ROUND_DATES:
            dates = [
                iso_date(line[start : start + 8].strip())
                for start in range(FIRST_CELL, len(line), CELL_WIDTH)
            ]
            if any(dates):
                details["round_dates"] = dates
    return details


def iso_date(text: str) -> str | None:
    """``text`` as YYYY-MM-DD, or None when it is not a date in a known form."""
    for form in _DATE_FORMS:
        match = form.fullmatch(text)
        if match is None:
            continue
        year = int(match["y"])
        if year < 100:
            year += 2000
        try:
            return date(year, int(match["m"]), int(match["d"])).isoformat()
        except ValueError:
            return None
    return None
