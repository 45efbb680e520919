"""FIDE's rating list, read offline from the file an organiser downloaded.

FIDE publishes it (ratings.fide.com, "Download") as ``players_list.zip`` holding
``players_list_foa.txt`` (fixed-width columns), as ``players_list_xml.zip``
holding ``players_list_xml_foa.xml``, and as monthly standard, rapid and blitz
lists in the same two formats.  ``read_rating_list`` reads any of them, zipped
or not, and yields one ``ListedPlayer`` per player; ``look_up`` finds players by
FIDE id or by name in one pass over the list (the full list has more than a
million players: nothing keeps all of them in memory).

The TXT columns are where the header line puts them (a name starting at the
column of ``Name`` and ending before ``Fed``...), so the combined list
(``SRtng RRtng BRtng``) and a monthly list (``SEP26``: that month's rating) read
alike.  Pure Python.
"""

from __future__ import annotations

import heapq
import io
import re
import unicodedata
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO
from xml.etree import ElementTree

from .initial_ranking import TITLE_ORDER

_TITLE_PLACE = {title: place for place, title in enumerate(TITLE_ORDER)}


class RatingListError(ValueError):
    """A file that is not one of FIDE's rating lists (``line`` 0: the file as a whole)."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}" if line else message)


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    fide_id: str
    name: str  # as FIDE writes it: "Surname, Given"
    federation: str = ""
    sex: str = ""  # "m" or "w", as TRF writes it
    title: str = ""  # the highest of the FIDE title and the women's title (C.04.2 order)
    rating: int = 0  # standard; 0: unrated
    rapid: int = 0
    blitz: int = 0
    birth_year: str = ""
    inactive: bool = False


# TXT header names to ListedPlayer fields (a monthly list names its rating column
# after the month: "SEP26").
_TXT_COLUMNS = {
    "ID Number": "fide_id",
    "ID": "fide_id",
    "Name": "name",
    "Fed": "federation",
    "Sex": "sex",
    "Tit": "title",
    "WTit": "w_title",
    "SRtng": "rating",
    "RRtng": "rapid",
    "BRtng": "blitz",
    "B-day": "birth_year",
    "Born": "birth_year",
    "Flag": "flag",
}
_MONTH_COLUMN = re.compile(r"[A-Z]{3}\d{2}")
_HEADER_CELL = re.compile(r"ID Number|\S+")
_XML_FIELDS = {
    "fideid": "fide_id",
    "name": "name",
    "country": "federation",
    "sex": "sex",
    "title": "title",
    "w_title": "w_title",
    "rating": "rating",
    "rapid_rating": "rapid",
    "blitz_rating": "blitz",
    "birthday": "birth_year",
    "flag": "flag",
}


def read_rating_list(stream: BinaryIO) -> Iterator[ListedPlayer]:
    """The players of a FIDE rating list: TXT or XML, zipped or not."""
    head = stream.read(4)
    stream.seek(0)
    if head.startswith(b"PK"):
        yield from _read_zip(stream)
        return
    start = stream.read(200).lstrip(b"\xef\xbb\xbf \t\r\n")
    stream.seek(0)
    if start.startswith(b"<"):
        yield from read_xml(stream)
    else:
        yield from read_txt(io.TextIOWrapper(stream, encoding="latin-1", newline=""))


def _read_zip(stream: BinaryIO) -> Iterator[ListedPlayer]:
    with zipfile.ZipFile(stream) as archive:
        names = [n for n in archive.namelist() if n.lower().endswith((".txt", ".xml"))]
        if len(names) != 1:
            raise RatingListError(0, "the zip file should hold one rating list (.txt or .xml)")
        with archive.open(names[0]) as inner:
            # typeshed types the member as IO[bytes]; it is a ZipExtFile, a readable raw stream.
            yield from read_rating_list(io.BufferedReader(inner))  # type: ignore[type-var]


def read_txt(lines: Iterable[str]) -> Iterator[ListedPlayer]:
    """The players of a TXT list; its first line is the header naming the columns.

    FIDE's TXT files are plain ASCII in practice; they are read as Latin-1 so that
    no byte can stop a million-line read (UTF-8 names come out mangled, not lost).
    """
    iterator = iter(lines)
    header = next(iterator, "")
    columns = _txt_columns(header)
    for number, raw in enumerate(iterator, 2):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        values = {name: line[start:end].strip() for name, start, end in columns}
        yield _listed(values, number)


def _txt_columns(header: str) -> list[tuple[str, int, int | None]]:
    cells = [(m.group(), m.start()) for m in _HEADER_CELL.finditer(header)]
    columns = []
    for index, (cell, start) in enumerate(cells):
        end = cells[index + 1][1] if index + 1 < len(cells) else None
        name = _TXT_COLUMNS.get(cell) or ("rating" if _MONTH_COLUMN.fullmatch(cell) else None)
        if name is not None:
            columns.append((name, start, end))
    found = {name for name, _, _ in columns}
    if not {"fide_id", "name"} <= found:
        raise RatingListError(
            1, "not a FIDE rating list: the first line should name the columns (ID Number, Name...)"
        )
    return columns


def read_xml(stream: BinaryIO) -> Iterator[ListedPlayer]:
    """The players of an XML list: ``<playerslist><player><fideid>...`` elements."""
    number = 0
    try:
        for _, element in ElementTree.iterparse(stream, events=("end",)):
            if element.tag != "player":
                continue
            number += 1
            values = {
                _XML_FIELDS[child.tag]: (child.text or "").strip()
                for child in element
                if child.tag in _XML_FIELDS
            }
            element.clear()  # a million players: keep none of them in the tree
            yield _listed(values, number)
    except ElementTree.ParseError as exc:
        raise RatingListError(exc.position[0], f"not well-formed XML: {exc}") from None
    if number == 0:
        raise RatingListError(0, "not a FIDE rating list: no <player> element")


def _listed(values: dict[str, str], number: int) -> ListedPlayer:
    fide_id = values.get("fide_id", "")
    if not fide_id.isdigit():
        raise RatingListError(number, f"FIDE id {fide_id!r} is not a number")
    titles = [t.upper() for t in (values.get("title", ""), values.get("w_title", "")) if t]
    ranked = sorted((t for t in titles if t in _TITLE_PLACE), key=_TITLE_PLACE.__getitem__)
    flag = values.get("flag", "").lower()
    return ListedPlayer(
        fide_id=fide_id,
        name=values.get("name", ""),
        federation=values.get("federation", "").upper(),
        sex={"M": "m", "F": "w"}.get(values.get("sex", "").upper(), ""),
        title=ranked[0] if ranked else "",
        rating=_rating(values.get("rating", "")),
        rapid=_rating(values.get("rapid", "")),
        blitz=_rating(values.get("blitz", "")),
        birth_year=_year(values.get("birth_year", "")),
        inactive="i" in flag,
    )


def _rating(text: str) -> int:
    return int(text) if text.isdigit() else 0


def _year(text: str) -> str:
    """The year of a B-day cell: FIDE writes 0000 (or nothing) when unknown."""
    year = text[:4]
    return year if year.isdigit() and int(year) > 0 else ""


@dataclass
class Lookup:
    """What ``look_up`` found: players by FIDE id, and for each name asked the
    players whose names hold every word of it (highest rating first)."""

    by_id: dict[str, ListedPlayer] = field(default_factory=dict)
    by_name: dict[str, list[ListedPlayer]] = field(default_factory=dict)


def look_up(
    players: Iterable[ListedPlayer],
    *,
    fide_ids: Iterable[str] = (),
    names: Iterable[str] = (),
    limit: int = 10,
) -> Lookup:
    """One pass over ``players`` finding each FIDE id and name asked.

    A name matches when each of its words begins a word of the listed name,
    without case or accents: "carlsen m" finds "Carlsen, Magnus".
    """
    wanted_ids = set(fide_ids)
    queries = {name: _words(name) for name in names if _words(name)}
    # Per name, a heap of the best ``limit`` matches so far: "a" matches most of the list.
    best: dict[str, list[tuple[int, str, ListedPlayer]]] = {name: [] for name in queries}
    found = Lookup()
    for player in players:
        if player.fide_id in wanted_ids:
            found.by_id[player.fide_id] = player
        if queries:
            words = _words(player.name)
            for name, query in queries.items():
                if all(any(w.startswith(q) for w in words) for q in query):
                    entry = (player.rating, player.fide_id, player)
                    heap = best[name]
                    if len(heap) < limit:
                        heapq.heappush(heap, entry)
                    elif entry[:2] > heap[0][:2]:
                        heapq.heapreplace(heap, entry)
    found.by_name = {
        name: [p for _, _, p in sorted(heap, key=lambda e: (-e[0], e[2].name))]
        for name, heap in best.items()
    }
    return found


def _words(name: str) -> list[str]:
    plain = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in plain if not unicodedata.combining(c)).casefold()
    return re.findall(r"[^\W_]+", plain)
