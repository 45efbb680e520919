"""Tournaments from and to FIDE Tournament Report Files.

``import_trf`` turns a TRF into a new tournament by running the ordinary
commands, in the order an organiser would have: create the tournament,
register the players, then round by round the requested byes, the pairing and
each board's result.  Each event is validated as its command would, against
the events before it, and all are appended together (``commands.Draft``: a
9,999-player file is some 60,000 events).  It runs in one transaction, so a
file is stored whole or not at all, and every refusal, from the TRF reader or
from a command, is a ``TrfError`` naming the line (and column) of the file
that caused it.

``export_trf`` writes a tournament's current state with the points and ranks
of its standings: the details as header records 022 to 132 (``trf.details``
reads them back), start ranks as the pairing numbers, absences as ``0000 - -``,
byes requested for rounds not paired yet as 240 records, and withdrawals, which
TRF has no record for, as comment lines (``### Crosstable withdrawn from round
N: ...``).  Importing that file gives back the same tournament: details,
players and their pairing numbers, withdrawals, byes, pairings, results and
standings.  A 240 record for a round the file has paired is left to the round's
cells.

Games the file marks as not rated (W/D/L) are stored as unrated results; a paired
game without a result (the round being played) is a paired board without one; a
half-point bye written as ``=`` with no opponent is a half-point bye and a ``-``
with no opponent an absence (the TRF reader's rulings 4 and 5).  A FIDE id that is
not a number ("NA", "-") is left empty.  Declared points (columns 81-84) that
disagree with the results are reported as warnings: the results count.

Baku acceleration (the tournament's setting) is written as the ``250`` records of its
virtual points (GA counted as the pairing counts it), and read back from them, from
XXA lines giving the same points (the two must agree when a file has both), from a
``192`` code ending ``_BAKU`` or from the ``### Crosstable acceleration:`` comment of
older exports.  Other virtual points are refused at their first line: the setting is
a method, not a table.

A forfeit win without an opponent (``0000 - +``, as some programs write a win
awarded with nobody to play) is a full-point bye: the same points and, with no
opponent to cap its dummy, the same tie-breaks (C.07 16.2.1 and 16.4.2).

Known limits: a forfeit without a scheduled colour is given White to the lower
start rank, and a forfeit win without an opponent cannot be imported when the
scoring gives a forfeit win and a full-point bye different points.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from pairings.acceleration import BAKU, by_method, is_baku
from pairings.acceleration_records import player_records
from pairings.trf_input import baku_requested, listed_acceleration
from tiebreaks.errors import TrfError
from tiebreaks.formatting import format_points
from tiebreaks.model import (
    Color,
    Game,
    Outcome,
    Pending,
    Player,
    Round,
    TournamentResults,
    Unplayed,
    UnplayedRound,
)
from tiebreaks.standings import Standings, compute_standings, format_value
from tiebreaks.trf import ByeRecord, TrfFile, parse_trf, trf_from_tournament, write_trf
from tiebreaks.trf.details import iso_date, tournament_details
from tournaments.domain.errors import CommandError, msg
from tournaments.domain.pairing_origin import XXC
from tournaments.domain.pairing_rules import active_players
from tournaments.domain.state import TournamentState

from . import commands, queries
from .append import append
from .events import fold

# 1-based columns of the 001 record fields a registration can be refused for.
_PLAYER_COLUMNS = {
    "start_rank": 5,
    "title": 11,
    "name": 15,
    "rating": 49,
    "federation": 54,
    "fide_id": 58,
}
FIRST_ROUND_COLUMN = 92
ROUND_WIDTH = 10
# Our own TRF26 comment lines (###) carrying the settings TRF has no record for: the
# C.07 edition, and the rating unrated players count with (when the tournament sets one).
RULES_COMMENT = "### Crosstable rules: "
UNRATED_COMMENT = "### Crosstable unrated rating: "
ACCELERATION_COMMENT = "### Crosstable acceleration: "
# "### Crosstable withdrawn from round 4: 12 17": TRF can say a player was absent in
# the rounds paired so far, not that they withdrew (nor from a round not paired yet).
WITHDRAWN_COMMENT = re.compile(r"### Crosstable withdrawn from round (\d+):((?: +\d+)+) *\r?")
# How the lines each tournament setting is read from begin (their value starts after).
_SETTING_RECORDS = {
    "name": ("012 ",),
    "rounds": ("142 ", "XXR "),
    "system": ("092 ", "192 "),
    "scoring": ("162 ", "XXS "),
    "tiebreaks": ("202 ", "212 "),
    "rules": (RULES_COMMENT,),
    "unrated_rating": (UNRATED_COMMENT,),
    "acceleration": (ACCELERATION_COMMENT, "250 ", "XXA ", "192 "),
    "initial_colour": ("XXC ",),
}
REQUESTED_BYES = {Unplayed.HPB: "half", Unplayed.ZPB: "zero", Unplayed.FPB: "full"}
BYE_KINDS = {points: kind for kind, points in REQUESTED_BYES.items()}
_GAME_RESULTS = {Outcome.WIN: "1-0", Outcome.DRAW: "1/2-1/2", Outcome.LOSS: "0-1"}


@dataclass(frozen=True)
class ImportedTournament:
    id: int
    name: str
    players: int
    rounds_paired: int
    events: int
    warnings: tuple[str, ...] = ()


def import_trf(
    text: str, *, author: User | None = None, rules: str | None = None
) -> ImportedTournament:
    """Create a tournament from a TRF; raises TrfError and stores nothing when refused.

    ``rules`` is the C.07 edition to freeze (TRF has no record for it); None
    takes the default.  A file with team records makes a team event (``team_trf``).
    """
    from .team_trf import import_team_trf, is_team_file  # it builds on this module

    if is_team_file(text):
        return import_team_trf(text, author=author, rules=rules)
    trf = parse_trf(text)
    lines = text.split("\n")
    if not trf.tournament.players:
        raise TrfError(
            len(lines) + (lines[-1] != ""), 1, msg("the file has no player record (001)")
        )
    with transaction.atomic():
        return _Importer(trf, author).run(rules)


class _Importer:
    def __init__(self, trf: TrfFile, author: User | None) -> None:
        self.trf = trf
        self.author = author
        self.line_of = {p.start_rank: index + 1 for index, p in trf.headers.players.items()}
        scoring = trf.tournament.scoring
        self.fpb_is_forfeit = scoring.fpb == scoring.forfeit_win
        self.draft: commands.Draft

    def run(self, rules: str | None) -> ImportedTournament:
        tournament = self.trf.tournament
        settings: dict[str, Any] = {
            "name": tournament.name or "Imported tournament",
            "rounds": tournament.rounds,
            "system": tournament.system.value,
            "scoring": tournament.scoring.as_texts(),
            "tiebreaks": list(self.trf.tiebreaks),
        }
        if details := tournament_details(self.trf):
            settings["details"] = details
        rules = rules or self._comment(RULES_COMMENT)
        if rules is not None:
            settings["rules"] = rules
        unrated_rating = self._comment(UNRATED_COMMENT)
        if unrated_rating is not None:
            settings["unrated_rating"] = unrated_rating
        acceleration = self._comment(ACCELERATION_COMMENT)
        if self._baku():
            acceleration = BAKU
        if acceleration is not None:
            settings["acceleration"] = acceleration
        if colour := self._initial_colour():
            settings["initial_colour"] = colour
        with reported_at(self._header_line):
            created = commands.create_tournament(settings, author=self.author)
        # New and invisible to others until this transaction commits: no other
        # append can come between the events of the draft.
        self.draft = commands.Draft(fold([created]))
        players = sorted(tournament.players, key=lambda p: p.start_rank)
        for player in players:
            self._register(player)
        withdrawals = self._withdrawals()
        rounds = [
            {p.start_rank: _entry(p, index) for p in players} for index in range(tournament.rounds)
        ]
        paired = next(
            (i for i, entries in enumerate(rounds) if all(e is None for e in entries.values())),
            len(rounds),
        )
        # Byes for the rounds to come first: a player may have asked for one before
        # withdrawing from an earlier round.
        self._announced_byes(paired)
        for number, entries in enumerate(rounds[:paired], start=1):
            self._requested_byes(number, entries)
            self._withdraw(withdrawals.pop(number, []), number)
            self._round(number, entries)
        for from_round, listed in sorted(withdrawals.items()):
            self._withdraw(listed, from_round)
        append(created.tournament_id, self.draft.start_seq, self.draft.events, author=self.author)
        return ImportedTournament(
            id=created.tournament_id,
            name=settings["name"],
            players=len(players),
            rounds_paired=paired,
            events=self.draft.state.last_seq,
            warnings=self.trf.warnings,
        )

    def _comment(self, prefix: str) -> str | None:
        for line in self.trf.headers.lines:
            if line.startswith(prefix):
                return line[len(prefix) :].strip()
        return None

    def _baku(self) -> bool:
        """Whether the file asks for Baku acceleration: ``192 ..._BAKU``, or XXA lines or
        250 records giving the method's virtual points; other virtual points are
        refused, the tournament's acceleration being a method, not a table."""
        listed = listed_acceleration(self.trf)
        if listed is None:
            return baku_requested(self.trf) is not None
        points, line = listed
        if not is_baku(points, self.trf.tournament):
            what = "250 records" if self.trf.headers.lines[line - 1].startswith("250") else "XXA"
            raise TrfError(
                line,
                1,
                msg("%(what)s other than the Baku method's virtual points", what=what),
            )
        return True

    def _initial_colour(self) -> str | None:
        """``white1`` or ``black1`` of an XXC record (other words, as "rtg", are
        the pairing engine's business)."""
        for line in self.trf.headers.lines:
            if line.startswith("XXC"):
                found = [w for w in line[3:].lower().split() if w in XXC.values()]
                if found:
                    return found[0]
        return None

    def _withdrawals(self) -> dict[int, list[tuple[int, int, int]]]:
        """From round -> (start rank, line, column) of each withdrawal comment."""
        found: dict[int, list[tuple[int, int, int]]] = {}
        for number, line in enumerate(self.trf.headers.lines, start=1):
            match = WITHDRAWN_COMMENT.fullmatch(line)
            if match is None:
                continue
            for rank in re.finditer(r"\d+", match[2]):
                column = match.start(2) + rank.start() + 1
                found.setdefault(int(match[1]), []).append((int(rank[0]), number, column))
        return found

    def _withdraw(self, listed: list[tuple[int, int, int]], from_round: int) -> None:
        for rank, line, column in listed:
            with reported_at(at_place(line, column)):
                self._append(
                    commands.withdraw_player, {"start_rank": rank, "from_round": from_round}
                )

    def _announced_byes(self, paired: int) -> None:
        """The byes of 240 records for rounds not paired yet; a paired round's cells
        say what each player had."""
        lines = [n for n, text in enumerate(self.trf.headers.lines, 1) if text.startswith("240")]
        for record, line in zip(self.trf.headers.byes, lines, strict=True):
            if record.round <= paired or record.kind not in REQUESTED_BYES:
                continue
            for rank in record.start_ranks:
                with reported_at(at_place(line, 1)):
                    self._append(
                        commands.request_bye,
                        {
                            "start_rank": rank,
                            "round": record.round,
                            "points": REQUESTED_BYES[record.kind],
                        },
                    )

    def _header_line(self, field: str) -> tuple[int, int]:
        """Where a tournament setting was read (line 1, column 1 when the file has none)."""
        for number, text in enumerate(self.trf.headers.lines, start=1):
            for prefix in _SETTING_RECORDS.get(field.split(".")[0], ()):
                if text.startswith(prefix):
                    return number, len(prefix) + 1
        return 1, 1

    def _append(self, command: commands.Command, payload: dict[str, Any]) -> None:
        self.draft.add(command, payload)

    def _cell(self, rank: int, column: int, field: str) -> tuple[int, int]:
        """Where a player's round cell is: a refusal of its bye or result is reported there."""
        return self.line_of[rank], column

    def _register(self, player: Player) -> None:
        payload = {"start_rank": player.start_rank, **player_data(player)}
        line = self.line_of[player.start_rank]
        with reported_at(lambda field: (line, _PLAYER_COLUMNS.get(field, 1))):
            self._append(commands.register_player, payload)

    def _kind(self, entry: Round) -> Unplayed | None:
        if not isinstance(entry, UnplayedRound):
            return None
        if entry.kind is Unplayed.FORFEIT_WIN and entry.opponent is None and self.fpb_is_forfeit:
            return Unplayed.FPB
        return entry.kind

    def _requested_byes(self, number: int, entries: dict[int, Round]) -> None:
        column = FIRST_ROUND_COLUMN + (number - 1) * ROUND_WIDTH
        for rank, entry in entries.items():
            kind = self._kind(entry)
            if kind in REQUESTED_BYES:
                with reported_at(partial(self._cell, rank, column)):
                    self._append(
                        commands.request_bye,
                        {"start_rank": rank, "round": number, "points": REQUESTED_BYES[kind]},
                    )

    def _round(self, number: int, entries: dict[int, Round]) -> None:
        column = FIRST_ROUND_COLUMN + (number - 1) * ROUND_WIDTH
        boards: list[tuple[int, int]] = []
        byes: list[int] = []
        for rank, entry in entries.items():
            if entry is None:
                continue
            kind = self._kind(entry)
            if kind in REQUESTED_BYES:
                continue  # requested before the pairing
            elif kind is Unplayed.PAB:
                byes.append(rank)
            elif entry.opponent is None and kind is not Unplayed.ABSENT:
                raise TrfError(
                    self.line_of[rank],
                    column,
                    msg(
                        "round %(round)s: a forfeit win without an opponent cannot be imported",
                        round=number,
                    ),
                )
            elif entry.opponent is not None and rank < entry.opponent:
                boards.append(_colours(rank, entry))

        with reported_at(partial(pairing_field_at, boards, byes, self.line_of, column)):
            self._append(
                commands.record_pairing,
                {
                    "round": number,
                    "boards": [{"white": w, "black": b} for w, b in boards],
                    "byes": byes,
                },
            )
        for board, (white, black) in enumerate(boards, start=1):
            if isinstance(entries[white], Pending):
                continue  # the round being played: paired, no result yet
            payload = {"round": number, "board": board, **_result(entries[white], entries[black])}
            with reported_at(partial(self._cell, white, column)):
                self._append(commands.record_result, payload)


def player_data(player: Player) -> dict[str, Any]:
    """A 001 record's player as a registration's data (without the start rank)."""
    return {
        "name": player.name or f"Player {player.start_rank}",
        "rating": player.rating or 0,
        "title": (player.title or "").upper(),
        "federation": player.federation or "",
        # Files write 0, "NA" or "-" for "no FIDE id"; several such players are not twins.
        "fide_id": player.fide_id if player.fide_id.strip("0").isdigit() else "",
        # A sex or birth date in a form the registration does not take is left out.
        "sex": player.sex.lower() if player.sex.lower() in ("m", "w") else "",
        "birth_date": _birth_date(player.birth_date),
    }


def _birth_date(text: str) -> str:
    """A 001 record's birth date (``1990/05/31``, or a year) as the registration takes it."""
    text = text.strip()
    day = iso_date(text) or (text if text.isdigit() else "")
    return day if re.fullmatch(r"(19|20)[0-9]{2}(-[0-9]{2}-[0-9]{2})?", day) else ""


@contextmanager
def reported_at(locate: Callable[[str], tuple[int, int]]) -> Iterator[None]:
    """Report a command's refusal at the (line, column) of the file that produced it."""
    try:
        yield
    except CommandError as exc:
        line, column = locate(exc.field)
        raise TrfError(
            line, column, msg("%(field)s: %(message)s", field=exc.field, message=exc.message)
        ) from exc


def at_place(line: int, column: int) -> Callable[[str], tuple[int, int]]:
    """Every refusal at one place of the file, whichever field it names."""
    return lambda _field: (line, column)


def pairing_field_at(
    boards: list[tuple[int, int]],
    byes: list[int],
    line_of: dict[int, int],
    column: int,
    field: str,
) -> tuple[int, int]:
    """Where a refused pairing's ``field`` is in the file: for "boards.2.black" or
    "byes.0" the line of the player it points at, else the first player's line (the
    first line in a file without players)."""
    parts = field.split(".")
    if parts[0] == "boards" and len(parts) >= 2:
        white, black = boards[int(parts[1])]
        return line_of[black if parts[-1] == "black" else white], column
    if parts[0] == "byes" and len(parts) == 2:
        return line_of[byes[int(parts[1])]], column
    return min(line_of.values(), default=1), column


def _entry(player: Player, index: int) -> Round | None:
    return player.rounds[index] if index < len(player.rounds) else None


def _colours(rank: int, entry: Game | UnplayedRound | Pending) -> tuple[int, int]:
    """(white, black) of the game ``rank`` (the lower start rank) has in this round."""
    assert entry.opponent is not None  # the caller's entry has one
    if entry.color is Color.BLACK:
        return (entry.opponent, rank)
    return (rank, entry.opponent)


def _result(white: Round, black: Round) -> dict[str, Any]:
    """The result payload of a board from its two sides; a W/D/L game is unrated."""
    if isinstance(white, Game):
        result = {"result": _GAME_RESULTS[white.outcome]}
        return result if white.rated else {**result, "rated": False}
    if getattr(white, "kind", None) is Unplayed.FORFEIT_WIN:
        return {"result": "+/-"}
    if getattr(black, "kind", None) is Unplayed.FORFEIT_LOSS:
        return {"result": "0-0"}
    return {"result": "-/+"}


# --------------------------------------------------------------------------- export


def standings_of(tournament: queries.FoldedTournament) -> Standings:
    return compute_standings(
        tournament.results, tiebreaks=tournament.tiebreaks or None, rules=tournament.rules
    )


def export_trf(tournament_id: int) -> str:
    """The tournament as a TRF26 file with points and ranks from its standings.

    TRF has no record for the C.07 edition, so it goes in a comment line that
    ``import_trf`` reads back: the export of a fide-2023 tournament imports as one.
    """
    from .team_trf import export_team_trf  # it builds on this module

    tournament = queries.load_tournament(tournament_id)
    if tournament.is_team:
        return export_team_trf(tournament)
    state = tournament.state
    standings = standings_of(tournament)
    trf = trf_from_tournament(
        tournament.results,
        standings.tiebreaks,
        standings=standings,
        details=state.settings.details,
        byes=_byes_to_come(state),
    )
    comments = f"{RULES_COMMENT}{tournament.rules}\n"
    unrated_rating = tournament.results.unrated_rating
    if unrated_rating is not None:
        comments += f"{UNRATED_COMMENT}{unrated_rating}\n"
    records = _acceleration_records(state, tournament.results)
    if state.settings.acceleration and not records:
        comments += f"{ACCELERATION_COMMENT}{state.settings.acceleration}\n"
    if initial := state.settings.initial_colour:
        comments += f"XXC {initial}\n"
    withdrawn: dict[int, list[int]] = {}
    for player in sorted(state.players.values(), key=lambda p: p.start_rank):
        if player.withdrawn_from is not None:
            withdrawn.setdefault(player.withdrawn_from, []).append(player.start_rank)
    for from_round, ranks in sorted(withdrawn.items()):
        listed = " ".join(map(str, ranks))
        comments += f"### Crosstable withdrawn from round {from_round}: {listed}\n"
    return comments + write_trf(trf, standings=standings) + "".join(f"{x}\n" for x in records)


def _acceleration_records(state: TournamentState, results: TournamentResults) -> list[str]:
    """The virtual points of the tournament's acceleration as 250 records, GA counted
    as the pairing counts it (before round 1 is paired, from the players to play it)."""
    if not state.settings.acceleration:
        return []
    absent = set(state.players) - active_players(state, 1)
    virtual = by_method(state.settings.acceleration, results, absent)
    return player_records(virtual) if virtual is not None else []


def _byes_to_come(state: TournamentState) -> list[ByeRecord]:
    """The byes requested for rounds not paired yet, one 240 record per round and kind
    (a paired round's cells say who had which bye)."""
    records = []
    for number, byes in sorted(state.requested_byes.items()):
        if number in state.rounds:
            continue
        for points, kind in BYE_KINDS.items():
            ranks = tuple(sorted(rank for rank, asked in byes.items() if asked == points))
            if ranks:
                records.append(ByeRecord(kind, number, ranks))
    return records


# OWASP's CSV injection rule: spreadsheets read a cell starting with one of these as
# a formula (a player named =HYPERLINK(...) became a live link).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _text_cell(text: str) -> str:
    """A text cell as text: a leading apostrophe before a formula's first character.
    Only text cells: the numbers written here (a negative value too) stay numbers."""
    return f"'{text}" if text.startswith(_FORMULA_STARTS) else text


def standings_csv(tournament_id: int) -> str:
    """Rank, place, start rank, name, rating, federation, points, then each tie-break."""
    standings = standings_of(queries.load_tournament(tournament_id))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["rank", "place", "start_rank", "name", "rating", "federation", "points"]
    writer.writerow([*header, *standings.tiebreaks])
    for row in standings.rows:
        p = row.player
        writer.writerow(
            [
                row.rank,
                row.place,
                p.start_rank,
                _text_cell(p.name),
                p.rating or "",
                _text_cell(p.federation or ""),
                format_points(row.points),
                *(format_value(code, row.tiebreaks[code]) for code in standings.tiebreaks),
            ]
        )
    return out.getvalue()
