"""Reading and writing FIDE Tournament Report Files (TRF16 and TRF26).

The reader turns a file into a ``tiebreaks.model.Tournament`` plus the records
needed to write the file back byte for byte.  It checks what the tie-breaks
depend on: the column layout of every ``001`` record, the result codes, and that
the two sides of every game tell the same story.  The first problem found raises
one ``TrfError`` naming the line and column; nothing half-parsed is returned.

Decisions the format leaves open:

- A round cell that is entirely blank is an absence (TRF16: blank is equivalent
  to ``Z``) when anybody has an entry in that round, and "not played yet" (None)
  when nobody has; rounds after the last one with an entry are not played yet.
  The writer writes None as a blank cell, so a result still missing in a round
  others have finished reads back as an absence: TRF has no "result pending" code
  for a paired game (TRF26's ``X`` scoring symbol has no 001 counterpart we accept).
- Result codes ``W``/``D``/``L`` are games played but not rated; a double forfeit
  is ``-`` on both sides.
- ``240`` (byes for a round still to be paired) and ``299`` (abnormal points)
  are parsed, checked and kept on ``TrfFile.headers`` but change nobody's points:
  the model scores each round by its kind, and a ``299`` adjustment (a penalty,
  a bonus, an unusual bye value) has no place in it.  They round-trip verbatim.
- The scoring comes from ``162`` and JaVaFo ``XXS``, applied in file order.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from operator import itemgetter
from os import PathLike
from types import MappingProxyType
from typing import TYPE_CHECKING, NoReturn

from tiebreaks.errors import TrfError
from tiebreaks.model import (
    Color,
    Game,
    Outcome,
    Pending,
    Player,
    Round,
    Scoring,
    System,
    Tournament,
    Unplayed,
    UnplayedRound,
)

if TYPE_CHECKING:
    from tiebreaks.standings import Standings

TRF16 = "TRF16"
TRF26 = "TRF26"

PLAYER = "001"
# Records that only exist in TRF26 (team records included): their presence makes a file TRF26.
_TRF26_RECORDS = frozenset(
    {"142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260", "299"}
    | {"300", "310", "320", "330", "352", "362", "801", "802"}
)

# 0-based index of round 1's opponent field (columns 92-95); each round takes 10 columns.
_FIRST_CELL = 91
_CELL_WIDTH = 10
# Columns (1-based) of a 001 record that separate fields and must be blank.
_SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
_separators = itemgetter(*(column - 1 for column in _SEPARATORS))
_BLANK_SEPARATORS = (" ",) * len(_SEPARATORS)

_GAMES = {
    "1": (Outcome.WIN, True),
    "=": (Outcome.DRAW, True),
    "0": (Outcome.LOSS, True),
    "W": (Outcome.WIN, False),
    "D": (Outcome.DRAW, False),
    "L": (Outcome.LOSS, False),
}
_FORFEITS = {"+": Unplayed.FORFEIT_WIN, "-": Unplayed.FORFEIT_LOSS}
_BYES = {"H": Unplayed.HPB, "F": Unplayed.FPB, "U": Unplayed.PAB, "Z": Unplayed.ZPB}
# What the opponent must have written for the same game; "-" vs "-" is a double forfeit.
_MIRROR = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}
_MIRROR[""] = ""  # a paired game without a result yet, on both sides
_KNOWN_CODES = "+ - W D L 1 = 0 H F U Z or blank"
_COLOURS = {"w": Color.WHITE, "b": Color.BLACK, "-": None, " ": None, "": None}
_OPPOSITE_COLOURS = frozenset({("w", "b"), ("b", "w"), ("", "")})
# (colour, result, opponent's colour, opponent's result) of the two sides of one game.
_CONSISTENT = frozenset(
    (mine, code, theirs, other)
    for mine, theirs in _OPPOSITE_COLOURS
    for code, other in (*_MIRROR.items(), ("-", "-"))
)
_COLOURS_FOLDED = {"w": "w", "W": "w", "b": "b", "B": "b", "-": "", " ": ""}

_ROUND_ROBIN = re.compile(r"round[\s_-]*robin|berger", re.IGNORECASE)
_SWISS = re.compile(r"swiss", re.IGNORECASE)
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)$")
_TOKEN = re.compile(r"\S+")
_SCORE_PAIR = re.compile(r"([A-Za-z])\s*([+-]?\d+(?:\.\d*)?)")


@dataclass(frozen=True)
class ByeRecord:
    """A ``240`` record: byes of one kind announced for a round still to be paired."""

    kind: Unplayed
    round: int
    start_ranks: tuple[int, ...]


@dataclass(frozen=True)
class AbnormalPoints:
    """A ``299`` record.  ``kind`` is the result code (blank for a penalty or bonus);
    ``round`` 0 means every round.  Kept for the record: see the module docstring."""

    kind: str
    match_points: Fraction | None
    points: Fraction | None
    round: int
    start_ranks: tuple[int, ...]


@dataclass(frozen=True)
class TrfHeaders:
    """Everything besides the tournament that writing the file back needs.

    ``lines`` is the file split on ``\\n`` (a ``\\r`` stays on its line), so joining
    them with ``\\n`` gives the file back; ``players`` maps the index of each ``001``
    line to the player as read from it, so an unchanged player is written as read.
    """

    lines: tuple[str, ...] = ()
    players: Mapping[int, Player] = field(default_factory=lambda: MappingProxyType({}))
    version: str = TRF26
    byes: tuple[ByeRecord, ...] = ()
    abnormal_points: tuple[AbnormalPoints, ...] = ()


@dataclass(frozen=True)
class TrfFile:
    """A tournament with its tie-break list (202, or 212 without PTS; may be empty) and
    the warnings about what was read but not used (declared points that disagree)."""

    tournament: Tournament
    tiebreaks: tuple[str, ...] = ()
    headers: TrfHeaders = field(default_factory=TrfHeaders)
    warnings: tuple[str, ...] = ()

    @property
    def version(self) -> str:
        return self.headers.version


# --------------------------------------------------------------------------- reading


# One round of one 001 record as written: opponent (0 for none), colour ("w", "b" or ""),
# result code (upper case, "" for blank) and the Round it stands for; None for a blank cell.
_Cell = tuple[int, str, str, Round]


def _column(round_index: int) -> int:
    """1-based column of the opponent field of a round (0-based index)."""
    return _FIRST_CELL + 1 + round_index * _CELL_WIDTH


@dataclass(frozen=True, slots=True)
class _Listed:
    """The round and players a 240 or 299 record names, checked once all players are read."""

    line: int
    record: str
    round: int
    round_column: int
    start_ranks: tuple[int, ...]
    columns: tuple[int, ...]


@dataclass(slots=True)
class _PlayerLine:
    number: int  # line number, 1-based
    start_rank: int
    fields: dict[str, str | int]  # Player fields besides the start rank and the rounds
    declared: Fraction | None  # the points of columns 81-84, if written
    cells: list[_Cell | None]


def decode(raw: bytes) -> str:
    """A file's text: UTF-8 (with or without a byte-order mark), else Latin-1 as many
    pairing programs still write."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def read_trf(path: str | PathLike[str]) -> TrfFile:
    """Read a TRF file (see :func:`decode`)."""
    with open(path, "rb") as stream:
        return parse_trf(decode(stream.read()))


def parse_trf(text: str) -> TrfFile:
    return _Reader(text.removeprefix("\ufeff")).read()


class _Reader:
    def __init__(self, text: str) -> None:
        self.lines = tuple(text.split("\n"))
        self.player_lines: list[_PlayerLine] = []
        self.start_ranks: set[int] = set()
        self.known_cells: dict[str, _Cell | None] = {}
        self.declared_rounds: tuple[int, int, str] | None = None  # rounds, line, record
        self.scoring = Scoring()
        self.name = ""
        self.system_text: dict[str, str] = {}
        self.tiebreaks: dict[str, tuple[str, ...]] = {}
        self.byes: list[ByeRecord] = []
        self.abnormal: list[AbnormalPoints] = []
        self.listed: list[_Listed] = []
        self.version = TRF16

    def read(self) -> TrfFile:
        handlers = {
            PLAYER: self._player,
            "012": self._name,
            "142": self._rounds,
            "XXR": self._rounds,
            "092": self._system,
            "192": self._system,
            "162": self._scoring_162,
            "XXS": self._scoring_xxs,
            "202": self._tiebreaks,
            "212": self._tiebreaks,
            "240": self._bye_record,
            "299": self._abnormal_record,
        }
        for index, raw in enumerate(self.lines):
            line = raw[:-1] if raw.endswith("\r") else raw
            code = line[:3]
            if code in _TRF26_RECORDS:
                self.version = TRF26
            handler = handlers.get(code)
            if handler is not None:
                handler(index + 1, line)
        rounds = self._check_rounds()
        self._check_references(rounds)
        players = self._players()
        tournament = Tournament(
            players=tuple(players.values()),
            rounds=rounds,
            scoring=self.scoring,
            system=self._system_kind(players),
            name=self.name,
        )
        return TrfFile(
            tournament=tournament,
            warnings=self._declared_points_warnings(tournament),
            tiebreaks=self.tiebreaks.get("202", self.tiebreaks.get("212", ())),
            headers=TrfHeaders(
                lines=self.lines,
                players=MappingProxyType(
                    {pl.number - 1: players[pl.start_rank] for pl in self.player_lines}
                ),
                version=self.version,
                byes=tuple(self.byes),
                abnormal_points=tuple(self.abnormal),
            ),
        )

    # ---- 001 records

    def _player(self, number: int, line: str) -> None:
        length = len(line)
        if length < 8:
            raise TrfError(number, length + 1, "player record ends before the start rank")
        if _separators(line.ljust(_FIRST_CELL)) != _BLANK_SEPARATORS:
            column = next(c for c in _SEPARATORS if line[c - 1 : c] not in ("", " "))
            raise TrfError(number, column, "should be blank: the player record is misaligned")
        start_rank = _integer(number, 5, line[4:8], "start rank")
        if start_rank == 0:
            raise TrfError(number, 5, "start rank must be at least 1")
        if start_rank in self.start_ranks:
            raise TrfError(number, 5, f"duplicate start rank {start_rank}")
        rating_text = line[48:52].strip()
        rating = _integer(number, 49, rating_text, "rating") if rating_text else 0
        points_text = line[80:84].strip()
        if points_text and not _NUMBER.match(points_text):
            raise TrfError(number, 81, f"points {points_text!r} is not a number")
        declared = Fraction(points_text) if points_text else None
        rank_text = line[85:89].strip()
        if rank_text:
            _integer(number, 86, rank_text, "rank")
        fields = dict(
            name=line[14:47].strip(),
            rating=rating,
            title=line[10:13].strip(),
            federation=line[53:56].strip(),
            fide_id=line[57:68].strip(),
            sex=line[9:10].strip(),
            birth_date=line[69:79].strip(),
        )
        cells = _well_formed_cells(line[_FIRST_CELL:], self.known_cells)
        if cells is None:
            cells = [
                self._cell(number, line, start) for start in range(_FIRST_CELL, length, _CELL_WIDTH)
            ]
        while cells and cells[-1] is None:
            cells.pop()
        self.start_ranks.add(start_rank)
        self.player_lines.append(_PlayerLine(number, start_rank, fields, declared, cells))

    def _cell(self, number: int, line: str, start: int) -> _Cell | None:
        block = line[start : start + _CELL_WIDTH]
        if not block.strip():
            return None
        for offset in (4, 6, 8, 9):
            if block[offset : offset + 1] not in ("", " "):
                raise TrfError(
                    number, start + offset + 1, "should be blank: the round is misaligned"
                )
        round_number = (start - _FIRST_CELL) // _CELL_WIDTH + 1
        opponent_text = block[0:4].strip()
        opponent = _integer(number, start + 1, opponent_text, "opponent") if opponent_text else 0
        colour = block[5:6].lower()
        if colour not in _COLOURS:
            raise TrfError(
                number, start + 6, f"colour {block[5:6]!r} in round {round_number} is not w, b or -"
            )
        code = block[7:8].upper()
        if code == " ":
            code = ""
        if not opponent and code in _WITHOUT_OPPONENT:
            pass  # a bye, whatever colour the program wrote
        elif code in _GAMES or code in _FORFEITS:
            if opponent == 0 and code in _GAMES:
                raise TrfError(
                    number, start + 1, f"result {code!r} in round {round_number} needs an opponent"
                )
        elif code == "" and opponent:
            pass  # paired, no result yet
        elif code in _BYES or code == "":
            if opponent:
                raise TrfError(
                    number,
                    start + 1,
                    f"a bye (result {code or 'blank'!r}) in round {round_number} "
                    f"cannot have an opponent ({opponent})",
                )
            if colour in ("w", "b"):
                raise TrfError(number, start + 6, f"a bye in round {round_number} has no colour")
        else:
            raise TrfError(
                number,
                start + 8,
                f"unknown result code {block[7:8]!r} in round {round_number} "
                f"(expected {_KNOWN_CODES})",
            )
        colour = colour if colour in ("w", "b") else ""
        return opponent, colour, code, _round(opponent, colour, code)

    # ---- header records

    def _rounds(self, number: int, line: str) -> None:
        text = line[4:].strip()
        rounds = _integer(number, 5, text, "number of rounds")
        if rounds < 1:
            raise TrfError(number, 5, "number of rounds must be at least 1")
        if self.declared_rounds is not None and self.declared_rounds[0] != rounds:
            previous, previous_line, record = self.declared_rounds
            raise TrfError(
                number,
                5,
                f"{rounds} rounds contradicts {previous} declared by {record} on line "
                f"{previous_line}",
            )
        self.declared_rounds = (rounds, number, line[:3])

    def _name(self, number: int, line: str) -> None:
        self.name = self.name or line[4:].strip()

    def _system(self, number: int, line: str) -> None:
        self.system_text[line[:3]] = line[4:].strip()

    def _system_kind(self, players: Mapping[int, Player]) -> System:
        # 192 is the encoded type (ETT26); 092 is free text.
        text = self.system_text.get("192") or self.system_text.get("092", "")
        if _ROUND_ROBIN.search(text):
            return System.DOUBLE_ROUND_ROBIN if "double" in text.lower() else System.ROUND_ROBIN
        if _SWISS.search(text):
            return System.SWISS
        return round_robin_from_pairings(players.values())

    def _declared_points_warnings(self, tournament: Tournament) -> tuple[str, ...]:
        """Ruling 7: the results count; a player whose columns 81-84 say otherwise is
        named with both values.  Players a 299 record adjusts are not compared."""
        declared = {
            pl.start_rank: pl.declared for pl in self.player_lines if pl.declared is not None
        }
        if not declared:
            return ()
        for record in self.abnormal:
            for rank in record.start_ranks:
                declared.pop(rank, None)
        computed = _points_ranks(tournament)
        return tuple(
            f"player {rank} ({tournament.player(rank).name or 'no name'}): the file declares "
            f"{format_points(points)} points, the results give {format_points(computed[rank][0])}; "
            "the results count"
            for rank, points in sorted(declared.items())
            if computed[rank][0] != points
        )

    def _tiebreaks(self, number: int, line: str) -> None:
        codes = tuple(code.strip() for code in line[4:].split(",") if code.strip())
        if line[:3] == "212":
            codes = tuple(code for code in codes if code.upper() != "PTS")
        self.tiebreaks[line[:3]] = codes

    def _scoring_162(self, number: int, line: str) -> None:
        values: dict[str, Fraction] = {}
        position = 4
        for match in _SCORE_PAIR.finditer(line, 4):
            _expect_blank(number, line, position, match.start(), _SCORE_162_FORMAT)
            symbol = match.group(1).upper()
            if symbol not in "WDLAPX":
                raise TrfError(
                    number, match.start() + 1, f"unknown scoring symbol {match.group(1)!r}"
                )
            values[symbol] = Fraction(match.group(2))
            position = match.end()
        _expect_blank(number, line, position, len(line), _SCORE_162_FORMAT)
        changes: dict[str, Fraction] = {}
        if "W" in values:
            changes.update(dict.fromkeys(("win", "forfeit_win", "fpb", "pab"), values["W"]))
        if "D" in values:
            changes.update(draw=values["D"], hpb=values["D"])
        if "L" in values:
            changes["loss"] = values["L"]
        if "A" in values:
            changes.update(zpb=values["A"], forfeit_loss=values["A"])
        if "P" in values:
            changes["pab"] = values["P"]
        # X (unknown result) has no counterpart in the model: a result not known yet scores 0.
        self.scoring = _replace_scoring(self.scoring, changes)

    def _scoring_xxs(self, number: int, line: str) -> None:
        changes: dict[str, Fraction] = {}
        colour_pairs: dict[str, dict[str, Fraction]] = {}
        for match in _TOKEN.finditer(line, 4):
            column = match.start() + 1
            key, sep, value = match.group().partition("=")
            key = key.upper()
            if not sep or not _NUMBER.match(value):
                raise TrfError(number, column, f"expected CODE=POINTS, found {match.group()!r}")
            points = Fraction(value)
            if key not in _XXS_FIELDS:
                raise TrfError(number, column, f"unknown XXS scoring code {key!r}")
            for name in _XXS_FIELDS[key]:
                changes[name] = points
            if key in _XXS_BY_COLOUR:
                colour_pairs.setdefault(_XXS_BY_COLOUR[key], {})[key] = points
                if len(set(colour_pairs[_XXS_BY_COLOUR[key]].values())) > 1:
                    raise TrfError(
                        number,
                        column,
                        "different points for White and Black are not supported",
                    )
        self.scoring = _replace_scoring(self.scoring, changes)

    def _bye_record(self, number: int, line: str) -> None:
        tokens = list(_TOKEN.finditer(line, 4))
        if len(tokens) < 2:
            raise TrfError(number, len(line) + 1, "a 240 record needs a bye type and a round")
        kind_token, round_token, *ids = tokens
        kind = {"F": Unplayed.FPB, "H": Unplayed.HPB, "Z": Unplayed.ZPB}.get(
            kind_token.group().upper()
        )
        if kind is None or len(kind_token.group()) != 1:
            raise TrfError(
                number, kind_token.start() + 1, f"bye type {kind_token.group()!r} is not F, H or Z"
            )
        round_number = _integer(number, round_token.start() + 1, round_token.group(), "round")
        listed = self._listed(number, "240", round_number, round_token.start() + 1, ids)
        self.byes.append(ByeRecord(kind, round_number, listed.start_ranks))

    def _abnormal_record(self, number: int, line: str) -> None:
        kind = line[4:5].upper()
        if kind not in "WDLFHZ+- ":
            raise TrfError(number, 5, f"abnormal-points type {line[4:5]!r} is not one of WDLFHZ+-")
        values: list[Fraction | None] = []
        for start, end in ((7, 11), (13, 17)):
            text = line[start:end].strip()
            if text and not _NUMBER.match(text):
                raise TrfError(number, start + 1, f"{text!r} is not a number of points")
            values.append(Fraction(text) if text else None)
        round_number = _integer(number, 20, line[19:22].strip() or "0", "round")
        listed = self._listed(number, "299", round_number, 20, _TOKEN.finditer(line, 23))
        self.abnormal.append(
            AbnormalPoints(kind.strip(), values[0], values[1], round_number, listed.start_ranks)
        )

    def _listed(
        self,
        number: int,
        record: str,
        round_number: int,
        round_column: int,
        tokens: Iterable[re.Match[str]],
    ) -> _Listed:
        found = list(tokens)
        columns = tuple(t.start() + 1 for t in found)
        ranks = tuple(
            _integer(number, column, t.group(), "start rank")
            for t, column in zip(found, columns, strict=True)
        )
        listed = _Listed(number, record, round_number, round_column, ranks, columns)
        self.listed.append(listed)
        return listed

    # ---- whole-file checks

    def _check_rounds(self) -> int:
        """The number of rounds: as declared (142, XXR), or more when records go further
        (the declaration was not updated); as many as the longest record without one."""
        played = max((len(pl.cells) for pl in self.player_lines), default=0)
        if self.declared_rounds is None:
            return played
        return max(self.declared_rounds[0], played)

    def _check_references(self, rounds: int) -> None:
        cells_of = {pl.start_rank: pl.cells for pl in self.player_lines}
        consistent = _CONSISTENT
        for pl in self.player_lines:
            me = pl.start_rank
            for round_index, cell in enumerate(pl.cells):
                if cell is None or not cell[0]:
                    continue
                theirs_all = cells_of.get(cell[0])
                theirs = (
                    theirs_all[round_index]
                    if theirs_all is not None and round_index < len(theirs_all)
                    else None
                )
                if (
                    theirs is None
                    or theirs[0] != me
                    or cell[0] == me
                    or (cell[1], cell[2], theirs[1], theirs[2]) not in consistent
                ):
                    self._reference_error(pl, round_index)

        for listed in self.listed:
            if rounds and listed.round > rounds:
                raise TrfError(
                    listed.line,
                    listed.round_column,
                    f"round {listed.round} is beyond the {rounds} rounds of the tournament",
                )
            for rank, column in zip(listed.start_ranks, listed.columns, strict=True):
                if rank not in self.start_ranks:
                    raise TrfError(
                        listed.line,
                        column,
                        f"record {listed.record} names player {rank}, who does not exist",
                    )

    def _reference_error(self, pl: _PlayerLine, round_index: int) -> NoReturn:
        me = pl.start_rank
        other = next(
            (o for o in self.player_lines if o.start_rank == pl.cells[round_index][0]), None
        )
        opponent, colour, code, _ = pl.cells[round_index]
        column = _column(round_index)
        where = f"round {round_index + 1}"
        if other is None:
            raise TrfError(pl.number, column, f"{where}: opponent {opponent} does not exist")
        if opponent == me:
            raise TrfError(pl.number, column, f"{where}: player {me} is paired against themself")
        theirs = other.cells[round_index] if round_index < len(other.cells) else None
        if theirs is None or theirs[0] != me:
            raise TrfError(
                pl.number,
                column,
                f"{where}: player {opponent} (line {other.number}) does not have {me} as opponent",
            )
        if "" in (code, theirs[2]) and code != theirs[2]:
            mine = f"result {code!r}" if code else "no result"
            raise TrfError(
                pl.number,
                column + 7,
                f"{where}: {mine} against {opponent}, but line {other.number} has "
                + (f"result {theirs[2]!r}" if theirs[2] else "no result"),
            )
        if (colour, theirs[1]) not in _OPPOSITE_COLOURS:
            raise TrfError(
                pl.number,
                column + 5,
                f"{where}: colours {colour or '-'!r} and {theirs[1] or '-'!r} of {me} and "
                f"{opponent} are not opposite",
            )
        raise TrfError(
            pl.number,
            column + 7,
            f"{where}: result {code!r} against {opponent} disagrees with "
            f"{theirs[2]!r} on line {other.number}",
        )

    def _players(self) -> dict[int, Player]:
        played = max((len(pl.cells) for pl in self.player_lines), default=0)
        absent = _BYE_ROUNDS[""]
        players: dict[int, Player] = {}
        for pl in self.player_lines:
            entries: list[Round] = [absent] * played
            for i, cell in enumerate(pl.cells):
                if cell is not None:
                    entries[i] = cell[3]
            players[pl.start_rank] = Player(pl.start_rank, **pl.fields, rounds=tuple(entries))
        return players


def round_robin_from_pairings(players: Iterable[Player]) -> System:
    """The system the pairings show (ruling 9): a round robin when every pair of players
    meets exactly once over n - 1 or n rounds, a double round robin when every pair meets
    exactly twice with colours reversed; else a Swiss.  A pair may meet fewer times when
    one of them missed games (a withdrawal): a player with fewer encounters than the
    others.  Forfeits with an opponent and pending games count as encounters."""
    players = list(players)
    n = len(players)
    if n < 3:
        return System.SWISS
    meetings: dict[tuple[int, int], list[Color | None]] = {}
    encounters = dict.fromkeys((p.start_rank for p in players), 0)
    rounds = 0
    for player in players:
        for number, entry in enumerate(player.rounds, 1):
            opponent = getattr(entry, "opponent", None)
            if opponent is None:
                continue
            rounds = max(rounds, number)
            encounters[player.start_rank] += 1
            if player.start_rank < opponent:
                meetings.setdefault((player.start_rank, opponent), []).append(entry.color)
    cycles = max((len(met) for met in meetings.values()), default=0)
    if cycles not in (1, 2) or rounds not in (cycles * (n - 1), cycles * n):
        return System.SWISS
    if cycles == 2 and any(
        len(met) == 2 and None not in met and met[0] == met[1] for met in meetings.values()
    ):
        return System.SWISS
    complete = cycles * (n - 1)
    ranks = sorted(encounters)
    for a_index, a in enumerate(ranks):
        for b in ranks[a_index + 1 :]:
            if len(meetings.get((a, b), ())) < cycles and complete <= min(
                encounters[a], encounters[b]
            ):
                return System.SWISS
    return System.ROUND_ROBIN if cycles == 1 else System.DOUBLE_ROUND_ROBIN


_XXS_FIELDS: dict[str, tuple[str, ...]] = {
    "WW": ("win",),
    "BW": ("win",),
    "WD": ("draw",),
    "BD": ("draw",),
    "WL": ("loss",),
    "BL": ("loss",),
    "ZPB": ("zpb",),
    "HPB": ("hpb",),
    "FPB": ("fpb",),
    "PAB": ("pab",),
    "FW": ("forfeit_win",),
    "FL": ("forfeit_loss",),
    "W": ("win", "forfeit_win", "fpb"),
    "D": ("draw", "hpb"),
}
_XXS_BY_COLOUR = {"WW": "win", "BW": "win", "WD": "draw", "BD": "draw", "WL": "loss", "BL": "loss"}


def _replace_scoring(scoring: Scoring, changes: Mapping[str, Fraction]) -> Scoring:
    values = {name: getattr(scoring, name) for name in scoring.__dataclass_fields__}
    values.update(changes)
    return Scoring(**values)


_SCORE_162_FORMAT = "expected a result symbol (W D L A P X) followed by points"


def _expect_blank(line_number: int, line: str, start: int, end: int, reason: str) -> None:
    """Raise at the first non-blank character of line[start:end]."""
    gap = line[start:end]
    stripped = gap.lstrip()
    if stripped:
        raise TrfError(line_number, start + len(gap) - len(stripped) + 1, reason)


def _integer(line: int, column: int, text: str, what: str) -> int:
    text = text.strip()
    if not text.isdigit() or not text.isascii():
        raise TrfError(line, column, f"{what} {text!r} is not a whole number")
    return int(text)


def _round(opponent: int, colour: str, code: str) -> Round:
    color = _COLOURS[colour]
    if not opponent and code in _WITHOUT_OPPONENT:
        return _WITHOUT_OPPONENT[code]
    if opponent and not code:
        return Pending(opponent, color)
    game = _GAMES.get(code)
    if game is not None:
        return Game(opponent, game[0], color, rated=game[1])
    forfeit = _FORFEITS.get(code)
    if forfeit is not None:
        return UnplayedRound(forfeit, opponent or None, color)
    return _BYE_ROUNDS[code]


_BYE_ROUNDS = {code: UnplayedRound(kind) for code, kind in _BYES.items()} | {
    "": UnplayedRound(Unplayed.ABSENT)
}
# Result codes of a game or forfeit written with no opponent, as federations' programs
# do: "=" is a half-point bye (ruling 5); "-" is an absence, not a forfeit loss, since
# a forfeit needs a scheduled opponent (C.07 16.1.1, ruling 4).
_WITHOUT_OPPONENT = {"=": UnplayedRound(Unplayed.HPB), "-": UnplayedRound(Unplayed.ABSENT)}


# Colour + result code of the cells the fast path reads, to their normalised forms; a bye
# has no colour.
_CELL_FORMS = {
    colour + code: (_COLOURS_FOLDED[colour], code.upper().strip())
    for colour in "wWbB- "
    for code in "1=0WDLwdl+-HFUZhfuz "
    if colour in "- " or code.upper() not in "HFUZ"
}
_WELL_FORMED_CELL = re.compile(r"(([ 0-9]{4}) ([-wbWB ]) ([-+WDLwdl1=0HFUZhfuz ]))(?:  |$)")
_INVALID: _Cell = (0, "", "", None)  # marks a cell the fast path leaves to _Reader._cell


def _well_formed_cells(section: str, known: dict[str, _Cell | None]) -> list[_Cell | None] | None:
    """The round cells of a 001 record when they are all well formed, else None: the
    fast path for the common case; the caller re-reads a record that fails it cell by
    cell to report the first problem.  ``known`` maps cell texts already read in this
    file to their cells: a large file repeats many, and Rounds are immutable."""
    padded = section + " " * (-(len(section) + 2) % _CELL_WIDTH)
    found = _WELL_FORMED_CELL.findall(padded)
    if len(found) * _CELL_WIDTH - 2 != len(padded):
        return None
    cells: list[_Cell | None] = []
    for text, opponent_text, colour, code in found:
        cell = known.get(text, _INVALID)
        if cell is _INVALID:
            cell = known[text] = _well_formed_cell(opponent_text, colour, code)
            if cell is _INVALID:
                return None
        cells.append(cell)
    return cells


def _well_formed_cell(opponent_text: str, colour: str, code: str) -> _Cell | None:
    if opponent_text == "    ":
        if colour == " " and code == " ":
            return None
        opponent = 0
    elif " " in opponent_text.strip():
        return _INVALID
    else:
        opponent = int(opponent_text)
    form = _CELL_FORMS.get(colour + code)
    if form is None:
        return _INVALID
    colour, code = form
    if not opponent:
        # Only "=" and "-" among game results stand for a bye, and a bye has no colour.
        if code not in _WITHOUT_OPPONENT and (code in _GAMES or (colour and code in _BYE_ROUNDS)):
            return _INVALID
    elif code in _BYES:
        return _INVALID  # a bye has no opponent
    return opponent, colour, code, _round(opponent, colour, code)


# --------------------------------------------------------------------------- writing


def write_trf(trf: TrfFile, *, standings: Standings | None = None) -> str:
    """The file's text.  A player unchanged since reading is written as read (with
    points and rank from ``standings`` when given); a changed or new player gets a
    fresh 001 record; a player no longer in the tournament is left out."""
    tournament = trf.tournament
    points_and_rank = _points_and_rank(tournament, standings)
    standing = {row.player.start_rank for row in standings.rows} if standings else set()
    current = {p.start_rank: p for p in tournament.players}
    read = trf.headers.players
    read_ranks = {p.start_rank for p in read.values()}

    out: list[str] = []
    last_player = -1
    for index, raw in enumerate(trf.headers.lines):
        as_read = read.get(index)
        if as_read is None:
            out.append(raw)
            continue
        player = current.get(as_read.start_rank)
        if player is None:
            continue
        ending = "\r" if raw.endswith("\r") else ""
        line = raw[: len(raw) - len(ending)]
        if player != as_read:
            line = _player_line(player, *points_and_rank(player))
        elif player.start_rank in standing:
            line = _with_points_and_rank(line, *points_and_rank(player))
        out.append(line + ending)
        last_player = len(out) - 1
    new = [
        _player_line(p, *points_and_rank(p))
        for p in tournament.players
        if p.start_rank not in read_ranks
    ]
    if new:
        at = last_player + 1 if last_player >= 0 else _end_of_text(out)
        out[at:at] = new
    return "\n".join(out)


def trf_from_tournament(
    tournament: Tournament,
    tiebreaks: Sequence[str] = (),
    *,
    version: str = TRF26,
    standings: Standings | None = None,
) -> TrfFile:
    """A TrfFile for a tournament built in code: headers for the name, system,
    rounds, scoring (and in TRF26 the tie-breaks; TRF16 has no record for them),
    one 001 record per player with points and rank from ``standings`` when given,
    else points from the scoring and rank by points."""
    if version not in (TRF16, TRF26):
        raise ValueError(f"version must be {TRF16} or {TRF26}, not {version!r}")
    lines = []
    if tournament.name:
        lines.append(f"012 {tournament.name}")
    lines.append(f"092 {_SYSTEM_TEXT[tournament.system]}")
    default = Scoring()
    if version == TRF26:
        lines.append(f"142 {tournament.rounds}")
        if tournament.scoring != default:
            lines.extend(_scoring_records_26(tournament.scoring))
        if tiebreaks:
            lines.append(f"202 {','.join(tiebreaks)}")
    else:
        lines.append(f"XXR {tournament.rounds}")
        if tournament.scoring != default:
            lines.append(_xxs_record(tournament.scoring))
    points_and_rank = _points_and_rank(tournament, standings)
    players: dict[int, Player] = {}
    for player in sorted(tournament.players, key=lambda p: p.start_rank):
        players[len(lines)] = player
        lines.append(_player_line(player, *points_and_rank(player)))
    lines.append("")  # the text ends with a newline
    # Every 001 record is the player's own: write_trf then keeps it as it is.
    headers = TrfHeaders(lines=tuple(lines), players=MappingProxyType(players), version=version)
    return TrfFile(tournament=tournament, tiebreaks=tuple(tiebreaks), headers=headers)


_SYSTEM_TEXT = {
    System.SWISS: "Individual: Swiss-System",
    System.ROUND_ROBIN: "Individual: Round robin",
    System.DOUBLE_ROUND_ROBIN: "Individual: Double round robin",
}


def _scoring_records_26(scoring: Scoring) -> list[str]:
    """162 when it can say it all (W covers forfeit wins and FPB, D covers HPB, A covers
    ZPB and forfeit losses), else 162 for the games plus XXS for the rest."""
    # Symbol at column 6 + 9k, points right-aligned in the four columns after it.
    record = (
        "162 "
        + "".join(
            f" {symbol}{_points_text(points)}    "
            for symbol, points in (
                ("W", scoring.win),
                ("D", scoring.draw),
                ("L", scoring.loss),
                ("A", scoring.zpb),
                ("P", scoring.pab),
            )
        ).rstrip()
    )
    fits = (
        scoring.forfeit_win == scoring.fpb == scoring.win
        and scoring.hpb == scoring.draw
        and scoring.forfeit_loss == scoring.zpb
    )
    return [record] if fits else [record, _xxs_record(scoring)]


def _xxs_record(scoring: Scoring) -> str:
    """Every XXS code that names one Scoring field, in the reader's order."""
    return "XXS " + " ".join(
        f"{code}={format_points(getattr(scoring, names[0]))}"
        for code, names in _XXS_FIELDS.items()
        if len(names) == 1
    )


def _points_and_rank(
    tournament: Tournament, standings: Standings | None
) -> Callable[[Player], tuple[Fraction, int]]:
    """What a player's 001 record says in columns 81-89: the points and rank of
    ``standings`` when it has the player, else points by the scoring and rank by
    points alone (computed once, and only if some player needs them)."""
    rows = {r.player.start_rank: (r.points, r.rank) for r in standings.rows} if standings else {}
    by_points: dict[int, tuple[Fraction, int]] = {}

    def points_and_rank(player: Player) -> tuple[Fraction, int]:
        found = rows.get(player.start_rank)
        if found is not None:
            return found
        if not by_points:
            by_points.update(_points_ranks(tournament))
        return by_points[player.start_rank]

    return points_and_rank


def _points_ranks(tournament: Tournament) -> dict[int, tuple[Fraction, int]]:
    """Each player's points and rank by points alone, ties sharing a rank (TRF26 allows
    ties in columns 86-89).  Points are added as integers in the scoring's smallest
    unit: one Fraction addition per round made this a second for 10,000 players."""
    scoring = tournament.scoring
    value: dict[object, Fraction] = {None: Fraction(0)}
    value.update({outcome: scoring.for_outcome(outcome) for outcome in Outcome})
    value.update({kind: scoring.for_unplayed(kind) for kind in Unplayed})
    unit = lcm(*(points.denominator for points in value.values()))
    units = {key: int(points * unit) for key, points in value.items()}
    totals = {
        player.start_rank: sum(
            units[
                rnd.outcome
                if type(rnd) is Game
                else rnd.kind
                if type(rnd) is UnplayedRound
                else None  # no result yet: None or Pending
            ]
            for rnd in player.rounds
        )
        for player in tournament.players
    }
    first: dict[int, int] = {}
    for position, total in enumerate(sorted(totals.values(), reverse=True), 1):
        first.setdefault(total, position)
    points = {total: Fraction(total, unit) for total in first}
    return {rank: (points[total], first[total]) for rank, total in totals.items()}


def format_points(points: Fraction) -> str:
    """Points as TRF and crosstables write them: "3.5", "17.0", "9.25"."""
    places = 1 if (points * 2).denominator == 1 else 2
    return f"{float(points):.{places}f}"


def _points_text(points: Fraction) -> str:
    """Points right-aligned in the four columns of a TRF points field (81-84)."""
    text = format_points(points)
    if len(text) > 4:
        raise ValueError(f"points {text} do not fit the four columns of a TRF points field")
    return text.rjust(4)


def _player_line(player: Player, points: Fraction, rank: int) -> str:
    head = (
        f"001 {player.start_rank:>4} {player.sex:1.1}{player.title:>3.3} {player.name:<33.33} "
        f"{player.rating or '':>4} {player.federation:<3.3} {player.fide_id:>11.11} "
        f"{player.birth_date:<10.10} {_points_text(points)} {rank:>4} "
    )
    cells = "  ".join(_cell_text(rnd) for rnd in player.rounds)
    return (head + " " + cells).rstrip()


def _with_points_and_rank(line: str, points: Fraction, rank: int) -> str:
    line = line.ljust(89)
    return f"{line[:80]}{_points_text(points)} {rank:>4}{line[89:]}"


_CODE_OF_GAME = {(outcome, rated): code for code, (outcome, rated) in _GAMES.items()}
_CODE_OF_UNPLAYED = {kind: code for code, kind in (*_FORFEITS.items(), *_BYES.items())}


def _cell_text(rnd: Round) -> str:
    if rnd is None:
        return " " * 8
    colour = rnd.color.value if rnd.color is not None else "-"
    if isinstance(rnd, Pending):
        # As pairing programs write the round being played: opponent, colour, no result.
        return f"{rnd.opponent:>4} {colour}  "
    if isinstance(rnd, Game):
        return f"{rnd.opponent:>4} {colour} {_CODE_OF_GAME[rnd.outcome, rnd.rated]}"
    if rnd.kind is Unplayed.ABSENT:
        return "0000 -  "  # blank result: absent, distinct from a cell not written yet
    opponent = f"{rnd.opponent:>4}" if rnd.opponent else "0000"
    return f"{opponent} {colour} {_CODE_OF_UNPLAYED[rnd.kind]}"


def _end_of_text(lines: list[str]) -> int:
    """Where to add lines: before the empty remainder after a final newline."""
    return len(lines) - 1 if lines and lines[-1] == "" else len(lines)
