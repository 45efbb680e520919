"""The TRF layout and codes both the reader and the writer use, and the records a
file is read into (``TrfFile`` and its headers)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from operator import itemgetter
from types import MappingProxyType

from tiebreaks.model import (
    Color,
    Outcome,
    Player,
    TournamentResults,
    Unplayed,
)

TRF16 = "TRF16"
TRF26 = "TRF26"
PLAYER = "001"
# Records that only exist in TRF26 (team records included): their presence makes a file TRF26.
TRF26_RECORDS = frozenset(
    {"142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260", "299"}
    | {"300", "310", "320", "330", "352", "362", "801", "802"}
)
# 0-based index of round 1's opponent field (columns 92-95); each round takes 10 columns.
FIRST_CELL = 91
CELL_WIDTH = 10
# Columns (1-based) of a 001 record that separate fields and must be blank.
SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
separators = itemgetter(*(column - 1 for column in SEPARATORS))
BLANK_SEPARATORS = (" ",) * len(SEPARATORS)
GAMES = {
    "1": (Outcome.WIN, True),
    "=": (Outcome.DRAW, True),
    "0": (Outcome.LOSS, True),
    "W": (Outcome.WIN, False),
    "D": (Outcome.DRAW, False),
    "L": (Outcome.LOSS, False),
}
FORFEITS = {"+": Unplayed.FORFEIT_WIN, "-": Unplayed.FORFEIT_LOSS}
BYES = {"H": Unplayed.HPB, "F": Unplayed.FPB, "U": Unplayed.PAB, "Z": Unplayed.ZPB}
# What the opponent must have written for the same game; "-" vs "-" is a double forfeit.
_MIRROR = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}
_MIRROR[""] = ""  # a paired game without a result yet, on both sides
KNOWN_CODES = "+ - W D L 1 = 0 H F U Z or blank"
COLOURS = {"w": Color.WHITE, "b": Color.BLACK, "-": None, " ": None, "": None}
OPPOSITE_COLOURS = frozenset({("w", "b"), ("b", "w"), ("", "")})
# (colour, result, opponent's colour, opponent's result) of the two sides of one game.
CONSISTENT = frozenset(
    (mine, code, theirs, other)
    for mine, theirs in OPPOSITE_COLOURS
    for code, other in (*_MIRROR.items(), ("-", "-"))
)
# An absence (not paired, no bye) as each version writes it: TRF16 leaves the result
# blank (the external engines read that), TRF26 files write "-" with no opponent,
# which the reader takes for an absence (ruling 4).
ABSENT_CELL = {TRF16: "0000 -  ", TRF26: "0000 - -"}
# The tournament's descriptive header records, each to its key in the details.
TEXT_RECORDS = {"022": "place", "032": "federation", "102": "chief_arbiter", "122": "time_control"}
DATE_RECORDS = {"042": "start_date", "052": "end_date"}
DEPUTY_ARBITER = "112"  # one record per deputy chief arbiter
ROUND_DATES = "132"  # round 1's date at columns 92-99, every further round 10 columns on
COLOURS_FOLDED = {"w": "w", "W": "w", "b": "b", "B": "b", "-": "", " ": ""}
ROUND_ROBIN = re.compile(r"round[\s_-]*robin|berger", re.IGNORECASE)
# ETT26 names each Swiss system (FIDE_DUTCH_2026, FIDE_DUTCH_BAKU, FIDE_DUBOV,
# FIDE_BURSTEIN, FIDE_LIM...) without the word "Swiss".
SWISS = re.compile(r"swiss|dutch|dubov|burstein|(?<![a-z])lim(?![a-z])", re.IGNORECASE)
NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)$")
TOKEN = re.compile(r"\S+")
SCORE_PAIR = re.compile(r"([A-Za-z])\s*([+-]?\d+(?:\.\d*)?)")


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

    tournament: TournamentResults
    tiebreaks: tuple[str, ...] = ()
    headers: TrfHeaders = field(default_factory=TrfHeaders)
    warnings: tuple[str, ...] = ()

    @property
    def version(self) -> str:
        return self.headers.version


XXS_FIELDS: dict[str, tuple[str, ...]] = {
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
XXS_BY_COLOUR = {"WW": "win", "BW": "win", "WD": "draw", "BD": "draw", "WL": "loss", "BL": "loss"}
