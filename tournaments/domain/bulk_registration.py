"""Players registered in bulk: rows pasted from a spreadsheet or a CSV file.

``parse_registrations(text)`` reads tab-separated rows (what a spreadsheet puts
on the clipboard) or a CSV file (comma or semicolon separated, as spreadsheets
save them in English and in most European locales).  A first row whose cells
are column names (``Name``, ``FIDE ID``, ``Elo``, ``Fed``...) says which column
holds what, in any order; without one the columns are, in this order::

    name, FIDE id, rating, title, federation, sex, birth date or year, club

Every row is checked whole: the result holds the good rows and, for each bad
cell, its line and column (1-based, as the spreadsheet numbers them) and what
is wrong, so a preview can flag them all at once.  Nothing here stores
anything; pure Python.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from datetime import date

from tiebreaks.trf.details import iso_date

from .errors import msg
from .initial_ranking import TITLE_ORDER

COLUMNS = ("name", "fide_id", "rating", "title", "federation", "sex", "birth_date", "club")
MAX_ROWS = 2000
MAX_NAME = 200
MAX_CLUB = 100
MAX_RATING = 4000
# Header cells, lower case without spaces or punctuation, to the column they name.
_HEADER_NAMES = {
    "name": ("name", "player", "playername", "surnamename", "nome", "nom", "spieler"),
    "fide_id": ("fideid", "idfide", "fide", "fidenumber", "fideno", "idnumber"),
    "rating": ("rating", "elo", "rtg", "fiderating", "standard", "srtng"),
    "title": ("title", "tit", "titel", "titolo", "titre"),
    "federation": ("federation", "fed", "country", "nat", "nation", "federazione"),
    "sex": ("sex", "gender", "mf", "sesso", "sexe"),
    "birth_date": ("birthdate", "birth", "born", "bday", "birthday", "birthyear", "yob", "year"),
    "club": ("club", "team", "circolo", "verein"),
}
_HEADER = {alias: column for column, aliases in _HEADER_NAMES.items() for alias in aliases}
_SEXES = {"m": "m", "male": "m", "f": "w", "w": "w", "female": "w"}
_FIDE_ID = re.compile(r"[0-9]{1,12}")
_FEDERATION = re.compile(r"[A-Za-z]{3}")
_YEAR = re.compile(r"(19|20)[0-9]{2}")


@dataclass(frozen=True)
class CellError:
    line: int  # 1-based line of the text
    column: int  # 1-based column of the row (0: the row as a whole)
    field: str  # the registration field, or "row"
    message: str  # made by msg: the edge says it in the reader's language

    def __str__(self) -> str:
        where = f"line {self.line}" + (f", column {self.column}" if self.column else "")
        return f"{where} ({self.field}): {self.message}"


@dataclass(frozen=True)
class ParsedRow:
    line: int
    player: dict[str, str | int]  # the registration fields the row gives


@dataclass(frozen=True)
class ParsedRegistrations:
    rows: tuple[ParsedRow, ...]
    errors: tuple[CellError, ...]
    columns: tuple[str | None, ...]  # what each column was read as (None: ignored)
    ignored: tuple[str, ...] = field(default=())  # header cells naming no known column

    @property
    def ok(self) -> bool:
        return not self.errors and bool(self.rows)


def parse_registrations(text: str) -> ParsedRegistrations:
    """The rows of ``text`` as registrations, and every bad cell; see the module doc."""
    lines = [(number, raw) for number, raw in enumerate(_lines(text), 1) if raw.strip()]
    if not lines:
        nobody = CellError(1, 0, "row", msg("no player to register"))
        return ParsedRegistrations((), (nobody,), ())
    delimiter = _delimiter([raw for _, raw in lines[:20]])
    table = [
        (number, [cell.strip() for cell in next(csv.reader([raw], delimiter=delimiter))])
        for number, raw in lines
    ]
    columns, ignored, header_errors = _columns(*table[0])
    errors: list[CellError] = list(header_errors)
    if columns is None:
        columns = COLUMNS
    else:
        table = table[1:]
    if len(table) > MAX_ROWS:
        too_many = msg("at most %(count)s players", count=MAX_ROWS)
        errors.append(CellError(table[MAX_ROWS][0], 0, "row", too_many))
        table = table[:MAX_ROWS]
    rows: list[ParsedRow] = []
    seen_ids: dict[str, int] = {}
    for number, cells in table:
        player, row_errors = _row(number, cells, columns)
        fide_id = player.get("fide_id")
        if fide_id and fide_id in seen_ids:
            row_errors.append(
                CellError(
                    number,
                    columns.index("fide_id") + 1,
                    "fide_id",
                    msg(
                        "FIDE id %(fide_id)s is also on line %(line)s",
                        fide_id=fide_id,
                        line=seen_ids[fide_id],
                    ),
                )
            )
        elif fide_id:
            seen_ids[str(fide_id)] = number
        errors.extend(row_errors)
        if not row_errors:
            rows.append(ParsedRow(number, player))
    if not rows and not errors:
        nobody = CellError(table[0][0] if table else 1, 0, "row", msg("no player to register"))
        errors.append(nobody)
    return ParsedRegistrations(tuple(rows), tuple(errors), tuple(columns), tuple(ignored))


def _lines(text: str) -> list[str]:
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _delimiter(sample: list[str]) -> str:
    """Tab when any line has one (a spreadsheet's clipboard), else the commonest of , and ;."""
    if any("\t" in line for line in sample):
        return "\t"
    semicolons = sum(line.count(";") for line in sample)
    commas = sum(line.count(",") for line in sample)
    # "Carlsen, Magnus" has a comma too: semicolons win when every line has some.
    if semicolons and all(";" in line for line in sample):
        return ";"
    return "," if commas else ";"


def _columns(
    number: int, cells: list[str]
) -> tuple[tuple[str | None, ...] | None, list[str], list[CellError]]:
    """The columns a header row names (None when the row is not a header), the header
    cells naming no known column, and the errors (a column named twice; no name)."""
    named = [_HEADER.get(re.sub(r"[^a-z]", "", cell.lower())) for cell in cells]
    known = [n for n in named if n is not None]
    if len(known) < 2 and known != ["name"]:
        return None, [], []
    errors = []
    for index, column in enumerate(named):
        if column is not None and named.index(column) != index:
            message = msg(
                "a second column for %(column)s: %(cell)s", column=column, cell=repr(cells[index])
            )
            errors.append(CellError(number, index + 1, column, message))
    if "name" not in named:
        unnamed = msg("the header names no column for the name")
        errors.append(CellError(number, 0, "name", unnamed))
    ignored = [cell for cell, column in zip(cells, named, strict=True) if column is None and cell]
    return tuple(named), ignored, errors


def _row(
    number: int, cells: list[str], columns: tuple[str | None, ...]
) -> tuple[dict[str, str | int], list[CellError]]:
    player: dict[str, str | int] = {}
    errors: list[CellError] = []
    extra = [i for i in range(len(columns), len(cells)) if cells[i]]
    if extra:
        errors.append(
            CellError(
                number,
                extra[0] + 1,
                "row",
                msg(
                    "%(count)s columns, but only %(known)s are known (%(columns)s)",
                    count=len(cells),
                    known=len(columns),
                    columns=", ".join(c or "-" for c in columns),
                ),
            )
        )
    for index, column in enumerate(columns):
        if column is None:
            continue
        text = cells[index] if index < len(cells) else ""
        try:
            value = _READERS[column](text)
        except ValueError as exc:
            # The readers' message, not str(exc): that would drop its template.
            errors.append(CellError(number, index + 1, column, exc.args[0]))
            continue
        if value not in ("", None):
            player[column] = value
    if "name" not in player and not any(e.field == "name" for e in errors):
        where = _column_of(columns, "name")
        errors.append(CellError(number, where, "name", msg("a name is required")))
    return player, errors


def _column_of(columns: tuple[str | None, ...], name: str) -> int:
    return columns.index(name) + 1 if name in columns else 0


def _name(text: str) -> str:
    if len(text) > MAX_NAME:
        raise ValueError(msg("a name has at most %(count)s characters", count=MAX_NAME))
    return text


def _fide_id(text: str) -> str:
    if text in ("", "0", "-"):
        return ""
    if not _FIDE_ID.fullmatch(text):
        raise ValueError(msg("%(text)s is not a FIDE id (digits only)", text=repr(text)))
    return text


def _rating(text: str) -> int | None:
    if text in ("", "-", "0"):
        return None
    if not text.isdigit() or not text.isascii():
        raise ValueError(
            msg("%(text)s is not a rating (a whole number, blank when unrated)", text=repr(text))
        )
    if int(text) > MAX_RATING:
        raise ValueError(msg("a rating is at most %(max)s", max=MAX_RATING))
    return int(text)


def _title(text: str) -> str:
    title = text.upper()
    if title and title not in TITLE_ORDER:
        raise ValueError(
            msg(
                "%(text)s is not a FIDE title (%(titles)s)",
                text=repr(text),
                titles=", ".join(TITLE_ORDER),
            )
        )
    return title


def _federation(text: str) -> str:
    if text and not _FEDERATION.fullmatch(text):
        raise ValueError(
            msg("%(text)s is not a three-letter federation code such as ITA", text=repr(text))
        )
    return text.upper()


def _sex(text: str) -> str:
    if not text:
        return ""
    sex = _SEXES.get(text.lower())
    if sex is None:
        raise ValueError(msg("%(text)s is not m or f", text=repr(text)))
    return sex


def birth_date_of(text: str) -> str:
    """A year (``1990``) or a date (``1990-05-31``, ``31.05.1990``, ``1990/05/31``)."""
    if not text:
        return ""
    if _YEAR.fullmatch(text):
        return text
    day = iso_date(text)
    if day is None or not 1900 <= int(day[:4]) <= date.today().year:
        raise ValueError(
            msg("%(text)s is not a birth year or date (1990 or 1990-05-31)", text=repr(text))
        )
    return day


def _club(text: str) -> str:
    if len(text) > MAX_CLUB:
        raise ValueError(msg("a club has at most %(count)s characters", count=MAX_CLUB))
    return text


_READERS = {
    "name": _name,
    "fide_id": _fide_id,
    "rating": _rating,
    "title": _title,
    "federation": _federation,
    "sex": _sex,
    "birth_date": birth_date_of,
    "club": _club,
}
