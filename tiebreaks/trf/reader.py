"""Reading a TRF file into a ``TrfFile``; see :mod:`tiebreaks.trf` for the decisions
the format leaves open."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from os import PathLike
from types import MappingProxyType
from typing import Any, NoReturn

from tiebreaks.errors import TrfError
from tiebreaks.formatting import format_points
from tiebreaks.messages import msg
from tiebreaks.model import (
    Color,
    Game,
    Pending,
    Player,
    Round,
    Scoring,
    System,
    TournamentResults,
    Unplayed,
    UnplayedRound,
)
from tiebreaks.trf.tables import (
    BLANK_SEPARATORS,
    BYES,
    CELL_WIDTH,
    COLOURS,
    COLOURS_FOLDED,
    CONSISTENT,
    FIRST_CELL,
    FORFEITS,
    GAMES,
    KNOWN_CODES,
    NUMBER,
    OPPOSITE_COLOURS,
    PLAYER,
    ROUND_ROBIN,
    SCORE_PAIR,
    SEPARATORS,
    SWISS,
    TOKEN,
    TRF16,
    TRF26,
    TRF26_RECORDS,
    XXS_BY_COLOUR,
    XXS_FIELDS,
    AbnormalPoints,
    ByeRecord,
    TrfFile,
    TrfHeaders,
    separators,
)
from tiebreaks.trf.writer import points_ranks

# One round of one 001 record as written: opponent (0 for none), colour ("w", "b" or ""),
# result code (upper case, "" for blank) and the Round it stands for; None for a blank cell.
_Cell = tuple[int, str, str, Round]


def _column(round_index: int) -> int:
    """1-based column of the opponent field of a round (0-based index)."""
    return FIRST_CELL + 1 + round_index * CELL_WIDTH


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
    fields: dict[str, Any]  # Player fields besides the start rank and the rounds
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
        # Old Mac files end their lines with a bare CR; a CRLF line keeps its CR,
        # which the writer puts back.  Not splitlines(): it would also split a
        # Latin-1 name at U+0085.
        self.lines = tuple(LINE_BREAK.split(text))
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
        self.team_file = False  # has 310 or 013 team records

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
            if code in TRF26_RECORDS:
                self.version = TRF26
            if code in ("310", "013"):
                self.team_file = True
            handler = handlers.get(code)
            if handler is not None:
                handler(index + 1, line)
        rounds = self._check_rounds()
        self._check_references(rounds)
        players = self._players()
        tournament = TournamentResults(
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
            raise TrfError(number, length + 1, msg("player record ends before the start rank"))
        if separators(line.ljust(FIRST_CELL)) != BLANK_SEPARATORS:
            column = next(c for c in SEPARATORS if line[c - 1 : c] not in ("", " "))
            raise TrfError(number, column, msg("should be blank: the player record is misaligned"))
        start_rank = _integer(number, 5, line[4:8], msg("start rank"))
        if start_rank == 0:
            raise TrfError(number, 5, msg("start rank must be at least 1"))
        if start_rank in self.start_ranks:
            raise TrfError(number, 5, msg("duplicate start rank %(rank)s", rank=start_rank))
        rating_text = line[48:52].strip()
        rating = _integer(number, 49, rating_text, msg("rating")) if rating_text else 0
        points_text = line[80:84].strip()
        if points_text and not NUMBER.match(points_text):
            raise TrfError(
                number, 81, msg("points %(points)s is not a number", points=repr(points_text))
            )
        declared = Fraction(points_text) if points_text else None
        rank_text = line[85:89].strip()
        if rank_text:
            _integer(number, 86, rank_text, msg("rank"))
        fields = dict(
            name=line[14:47].strip(),
            rating=rating,
            title=line[10:13].strip(),
            federation=line[53:56].strip(),
            fide_id=line[57:68].strip(),
            sex=line[9:10].strip(),
            birth_date=line[69:79].strip(),
        )
        cells = _well_formed_cells(line[FIRST_CELL:], self.known_cells)
        if cells is None:
            cells = [
                self._cell(number, line, start) for start in range(FIRST_CELL, length, CELL_WIDTH)
            ]
        while cells and cells[-1] is None:
            cells.pop()
        self.start_ranks.add(start_rank)
        self.player_lines.append(_PlayerLine(number, start_rank, fields, declared, cells))

    def _cell(self, number: int, line: str, start: int) -> _Cell | None:
        block = line[start : start + CELL_WIDTH]
        if not block.strip():
            return None
        for offset in (4, 6, 8, 9):
            if block[offset : offset + 1] not in ("", " "):
                raise TrfError(
                    number, start + offset + 1, msg("should be blank: the round is misaligned")
                )
        round_number = (start - FIRST_CELL) // CELL_WIDTH + 1
        opponent_text = block[0:4].strip()
        opponent = (
            _integer(number, start + 1, opponent_text, msg("opponent")) if opponent_text else 0
        )
        colour = block[5:6].lower()
        if colour not in COLOURS:
            raise TrfError(
                number,
                start + 6,
                msg(
                    "colour %(colour)s in round %(round)s is not w, b or -",
                    colour=repr(block[5:6]),
                    round=round_number,
                ),
            )
        code = block[7:8].upper()
        if code == " ":
            code = ""
        if not opponent and code in _WITHOUT_OPPONENT:
            pass  # a bye, whatever colour the program wrote
        elif code in GAMES or code in FORFEITS:
            if opponent == 0 and code in GAMES:
                raise TrfError(
                    number,
                    start + 1,
                    msg(
                        "result %(code)s in round %(round)s needs an opponent",
                        code=repr(code),
                        round=round_number,
                    ),
                )
        elif code == "" and opponent:
            pass  # paired, no result yet
        elif code in BYES or code == "":
            if opponent:
                raise TrfError(
                    number,
                    start + 1,
                    msg(
                        "a bye (result %(code)s) in round %(round)s"
                        " cannot have an opponent (%(opponent)s)",
                        code=repr(code or "blank"),
                        round=round_number,
                        opponent=opponent,
                    ),
                )
            if colour in ("w", "b"):
                raise TrfError(
                    number,
                    start + 6,
                    msg("a bye in round %(round)s has no colour", round=round_number),
                )
        else:
            raise TrfError(
                number,
                start + 8,
                msg(
                    "unknown result code %(code)s in round %(round)s (expected %(known)s)",
                    code=repr(block[7:8]),
                    round=round_number,
                    known=KNOWN_CODES,
                ),
            )
        colour = colour if colour in ("w", "b") else ""
        return opponent, colour, code, _round(opponent, colour, code)

    # ---- header records

    def _rounds(self, number: int, line: str) -> None:
        text = line[4:].strip()
        rounds = _integer(number, 5, text, msg("number of rounds"))
        if rounds < 1:
            raise TrfError(number, 5, msg("number of rounds must be at least 1"))
        if self.declared_rounds is not None and self.declared_rounds[0] != rounds:
            previous, previous_line, record = self.declared_rounds
            raise TrfError(
                number,
                5,
                msg(
                    "%(rounds)s rounds contradicts %(previous)s declared by %(record)s"
                    " on line %(line)s",
                    rounds=rounds,
                    previous=previous,
                    record=record,
                    line=previous_line,
                ),
            )
        self.declared_rounds = (rounds, number, line[:3])

    def _name(self, number: int, line: str) -> None:
        self.name = self.name or line[4:].strip()

    def _system(self, number: int, line: str) -> None:
        self.system_text[line[:3]] = line[4:].strip()

    def _system_kind(self, players: Mapping[int, Player]) -> System:
        # 192 is the encoded type (ETT26); 092 is free text.
        text = self.system_text.get("192") or self.system_text.get("092", "")
        if ROUND_ROBIN.search(text):
            return System.DOUBLE_ROUND_ROBIN if "double" in text.lower() else System.ROUND_ROBIN
        if SWISS.search(text):
            return System.SWISS
        return round_robin_from_pairings(players.values())

    def _declared_points_warnings(self, tournament: TournamentResults) -> tuple[str, ...]:
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
        computed = points_ranks(tournament)
        return tuple(
            msg(
                "player %(rank)s (%(name)s): the file declares %(declared)s points,"
                " the results give %(computed)s; the results count",
                rank=rank,
                name=tournament.player(rank).name or msg("no name"),
                declared=format_points(points),
                computed=format_points(computed[rank][0]),
            )
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
        for match in SCORE_PAIR.finditer(line, 4):
            _expect_blank(number, line, position, match.start(), _SCORE_162_FORMAT)
            symbol = match.group(1).upper()
            if symbol not in "WDLAPX":
                raise TrfError(
                    number,
                    match.start() + 1,
                    msg("unknown scoring symbol %(symbol)s", symbol=repr(match.group(1))),
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
        for match in TOKEN.finditer(line, 4):
            column = match.start() + 1
            key, sep, value = match.group().partition("=")
            key = key.upper()
            if not sep or not NUMBER.match(value):
                raise TrfError(
                    number,
                    column,
                    msg("expected CODE=POINTS, found %(found)s", found=repr(match.group())),
                )
            points = Fraction(value)
            if key not in XXS_FIELDS:
                raise TrfError(
                    number, column, msg("unknown XXS scoring code %(code)s", code=repr(key))
                )
            for name in XXS_FIELDS[key]:
                changes[name] = points
            if key in XXS_BY_COLOUR:
                colour_pairs.setdefault(XXS_BY_COLOUR[key], {})[key] = points
                if len(set(colour_pairs[XXS_BY_COLOUR[key]].values())) > 1:
                    raise TrfError(
                        number,
                        column,
                        msg("different points for White and Black are not supported"),
                    )
        self.scoring = _replace_scoring(self.scoring, changes)

    def _bye_record(self, number: int, line: str) -> None:
        tokens = list(TOKEN.finditer(line, 4))
        if len(tokens) < 2:
            raise TrfError(number, len(line) + 1, msg("a 240 record needs a bye type and a round"))
        kind_token, round_token, *ids = tokens
        kind = {"F": Unplayed.FPB, "H": Unplayed.HPB, "Z": Unplayed.ZPB}.get(
            kind_token.group().upper()
        )
        if kind is None or len(kind_token.group()) != 1:
            raise TrfError(
                number,
                kind_token.start() + 1,
                msg("bye type %(kind)s is not F, H or Z", kind=repr(kind_token.group())),
            )
        round_number = _integer(number, round_token.start() + 1, round_token.group(), msg("round"))
        listed = self._listed(number, "240", round_number, round_token.start() + 1, ids)
        self.byes.append(ByeRecord(kind, round_number, listed.start_ranks))

    def _abnormal_record(self, number: int, line: str) -> None:
        kind = line[4:5].upper()
        if kind not in "WDLFHZ+- ":
            raise TrfError(
                number,
                5,
                msg("abnormal-points type %(kind)s is not one of WDLFHZ+-", kind=repr(line[4:5])),
            )
        values: list[Fraction | None] = []
        for start, end in ((7, 11), (13, 17)):
            text = line[start:end].strip()
            if text and not NUMBER.match(text):
                raise TrfError(
                    number, start + 1, msg("%(text)s is not a number of points", text=repr(text))
                )
            values.append(Fraction(text) if text else None)
        round_number = _integer(number, 20, line[19:22].strip() or "0", msg("round"))
        listed = self._listed(number, "299", round_number, 20, TOKEN.finditer(line, 23))
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
            _integer(number, column, t.group(), msg("start rank"))
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
        consistent = CONSISTENT
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
                    msg(
                        "round %(round)s is beyond the %(rounds)s rounds of the tournament",
                        round=listed.round,
                        rounds=rounds,
                    ),
                )
            if self.team_file and listed.record == "240":
                continue  # a team file's byes name teams: tiebreaks.teams.trf checks them
            for rank, column in zip(listed.start_ranks, listed.columns, strict=True):
                if rank not in self.start_ranks:
                    raise TrfError(
                        listed.line,
                        column,
                        msg(
                            "record %(record)s names player %(rank)s, who does not exist",
                            record=listed.record,
                            rank=rank,
                        ),
                    )

    def _reference_error(self, pl: _PlayerLine, round_index: int) -> NoReturn:
        me = pl.start_rank
        cell = pl.cells[round_index]
        assert cell is not None  # only a written cell refers to another player
        opponent, colour, code, _ = cell
        other = next((o for o in self.player_lines if o.start_rank == opponent), None)
        column = _column(round_index)
        where = msg("round %(round)s", round=round_index + 1)
        if other is None:
            raise TrfError(
                pl.number,
                column,
                msg(
                    "%(where)s: opponent %(opponent)s does not exist",
                    where=where,
                    opponent=opponent,
                ),
            )
        if opponent == me:
            raise TrfError(
                pl.number,
                column,
                msg(
                    "%(where)s: player %(player)s is paired against themself",
                    where=where,
                    player=me,
                ),
            )
        theirs = other.cells[round_index] if round_index < len(other.cells) else None
        if theirs is None or theirs[0] != me:
            raise TrfError(
                pl.number,
                column,
                msg(
                    "%(where)s: player %(opponent)s (line %(line)s) does not have %(player)s"
                    " as opponent",
                    where=where,
                    opponent=opponent,
                    line=other.number,
                    player=me,
                ),
            )
        if "" in (code, theirs[2]) and code != theirs[2]:
            mine = msg("result %(code)s", code=repr(code)) if code else msg("no result")
            raise TrfError(
                pl.number,
                column + 7,
                msg(
                    "%(where)s: %(mine)s against %(opponent)s, but line %(line)s has %(theirs)s",
                    where=where,
                    mine=mine,
                    opponent=opponent,
                    line=other.number,
                    theirs=msg("result %(code)s", code=repr(theirs[2]))
                    if theirs[2]
                    else msg("no result"),
                ),
            )
        if (colour, theirs[1]) not in OPPOSITE_COLOURS:
            raise TrfError(
                pl.number,
                column + 5,
                msg(
                    "%(where)s: colours %(mine)s and %(theirs)s of %(player)s and %(opponent)s"
                    " are not opposite",
                    where=where,
                    mine=repr(colour or "-"),
                    theirs=repr(theirs[1] or "-"),
                    player=me,
                    opponent=opponent,
                ),
            )
        raise TrfError(
            pl.number,
            column + 7,
            msg(
                "%(where)s: result %(code)s against %(opponent)s disagrees with %(theirs)s"
                " on line %(line)s",
                where=where,
                code=repr(code),
                opponent=opponent,
                theirs=repr(theirs[2]),
                line=other.number,
            ),
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
    one of them withdrew: fewer encounters than the others and an absence or requested
    bye.  Forfeits with an opponent and pending games count as encounters.  The rounds
    are every round with an entry, whatever it is: the last rounds may have no game
    (a forfeit written without its opponent, every game of a withdrawn player)."""
    players = list(players)
    n = len(players)
    if n < 3:
        return System.SWISS
    meetings: dict[tuple[int, int], list[Color | None]] = {}
    encounters = dict.fromkeys((p.start_rank for p in players), 0)
    away: set[int] = set()  # players with an absence or a requested bye
    rounds = 0
    for player in players:
        for number, entry in enumerate(player.rounds, 1):
            if entry is None:
                continue
            rounds = max(rounds, number)
            opponent = entry.opponent
            if opponent is None:
                if isinstance(entry, UnplayedRound) and entry.kind.is_requested_bye:
                    away.add(player.start_rank)
                continue
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
    withdrawn = {rank for rank in away if encounters[rank] < complete}
    ranks = sorted(encounters)
    for a_index, a in enumerate(ranks):
        for b in ranks[a_index + 1 :]:
            if len(meetings.get((a, b), ())) < cycles and not {a, b} & withdrawn:
                return System.SWISS
    return System.ROUND_ROBIN if cycles == 1 else System.DOUBLE_ROUND_ROBIN


def _replace_scoring(scoring: Scoring, changes: Mapping[str, Fraction]) -> Scoring:
    values = {name: getattr(scoring, name) for name in scoring.__dataclass_fields__}
    values.update(changes)
    return Scoring(**values)


_SCORE_162_FORMAT = msg("expected a result symbol (W D L A P X) followed by points")


def _expect_blank(line_number: int, line: str, start: int, end: int, reason: str) -> None:
    """Raise at the first non-blank character of line[start:end]."""
    gap = line[start:end]
    stripped = gap.lstrip()
    if stripped:
        raise TrfError(line_number, start + len(gap) - len(stripped) + 1, reason)


def _integer(line: int, column: int, text: str, what: str) -> int:
    text = text.strip()
    if not text.isdigit() or not text.isascii():
        raise TrfError(
            line, column, msg("%(what)s %(text)s is not a whole number", what=what, text=repr(text))
        )
    return int(text)


def _round(opponent: int, colour: str, code: str) -> Round:
    color = COLOURS[colour]
    if not opponent and code in _WITHOUT_OPPONENT:
        return _WITHOUT_OPPONENT[code]
    if opponent and not code:
        return Pending(opponent, color)
    game = GAMES.get(code)
    if game is not None:
        return Game(opponent, game[0], color, rated=game[1])
    forfeit = FORFEITS.get(code)
    if forfeit is not None:
        return UnplayedRound(forfeit, opponent or None, color)
    return _BYE_ROUNDS[code]


LINE_BREAK = re.compile(r"\n|\r(?!\n)")
_BYE_ROUNDS = {code: UnplayedRound(kind) for code, kind in BYES.items()} | {
    "": UnplayedRound(Unplayed.ABSENT)
}
# Result codes of a game or forfeit written with no opponent, as federations' programs
# do: "=" is a half-point bye (ruling 5); "-" is an absence, not a forfeit loss, since
# a forfeit needs a scheduled opponent (C.07 16.1.1, ruling 4); "0" and "1" are a
# zero-point and a full-point bye, as Z and F (ruling 11).
_WITHOUT_OPPONENT = {
    "=": UnplayedRound(Unplayed.HPB),
    "-": UnplayedRound(Unplayed.ABSENT),
    "0": UnplayedRound(Unplayed.ZPB),
    "1": UnplayedRound(Unplayed.FPB),
}
# Colour + result code of the cells the fast path reads, to their normalised forms; a bye
# has no colour.
_CELL_FORMS = {
    colour + code: (COLOURS_FOLDED[colour], code.upper().strip())
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
    padded = section + " " * (-(len(section) + 2) % CELL_WIDTH)
    found = _WELL_FORMED_CELL.findall(padded)
    if len(found) * CELL_WIDTH - 2 != len(padded):
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
        # Only the codes of _WITHOUT_OPPONENT among game results stand for a bye, and a
        # bye has no colour.
        if code not in _WITHOUT_OPPONENT and (code in GAMES or (colour and code in _BYE_ROUNDS)):
            return _INVALID
    elif code in BYES:
        return _INVALID  # a bye has no opponent
    return opponent, colour, code, _round(opponent, colour, code)
