"""Standings at any moment of the event log: ``?as_of=SEQ`` (after event SEQ) or
``?round=N`` (after round N: the last event before round N + 1 was paired).

The tournament is folded from a prefix of its log (``load_tournament_as_of``,
whose states are kept per seq: events never change), and the standings of such a
moment are kept encoded per tournament and seq, as the snapshots keep the latest.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from threading import Lock
from typing import Generic, TypeVar

from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.store.queries import (
    FoldedTournament,
    load_tournament,
    load_tournament_as_of,
    seq_after_round,
)

from .projection import build_standings
from .snapshots import parse_version
from .wire import Standings, encode_json

MOMENT_FIELDS = ("as_of", "round")
T = TypeVar("T")


class MomentError(ValueError):
    """A moment that names no point of the log; ``field`` is the query parameter."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def moment(tournament_id: int, query: Mapping[str, str]) -> FoldedTournament | None:
    """The tournament at the moment ``query`` names, or None when it names none (the
    present).  MomentError for a bad value; TournamentNotFound for no tournament."""
    given = [name for name in MOMENT_FIELDS if name in query]
    if not given:
        return None
    if len(given) > 1:
        raise MomentError("as_of", _("give as_of or round, not both"))
    name = given[0]
    number = parse_version(query[name])
    if number is None or number < 1:
        raise MomentError(
            name,
            _("expected a whole number from 1, not %(given)s") % {"given": repr(query[name])},
        )
    latest = load_tournament(tournament_id)
    if name == "as_of":
        if number > latest.version:
            raise MomentError(
                "as_of",
                _("the tournament's last event is #%(last)s, not #%(given)s")
                % {"last": latest.version, "given": number},
            )
        return load_tournament_as_of(tournament_id, number)
    if number > latest.state.last_paired_round:
        raise MomentError("round", _("round %(round)s is not paired yet") % {"round": number})
    seq = seq_after_round(tournament_id, number)
    return latest if seq is None else load_tournament_as_of(tournament_id, seq)


class PerVersion(Generic[T]):
    """What a tournament's version gives, kept for the last ``keep`` versions asked for
    (per process): a version is an event seq, and what follows from it never changes."""

    made: list[PerVersion[object]] = []  # every one, for ``forget_all``

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self._found: OrderedDict[tuple[int, int], T] = OrderedDict()
        self._lock = Lock()
        PerVersion.made.append(self)  # type: ignore[arg-type]

    def forget(self) -> None:
        with self._lock:
            self._found.clear()

    def get(self, folded: FoldedTournament, compute: Callable[[FoldedTournament], T]) -> T:
        key = (folded.id, folded.version)
        with self._lock:
            found = self._found.get(key)
        if found is None:
            found = compute(folded)
            with self._lock:
                self._found[key] = found
                while len(self._found) > self.keep:
                    self._found.popitem(last=False)
        return found


def forget_all() -> None:
    """Empty every per-version cache: a test database that was emptied gives the
    same tournament ids and seqs to other events (as ``state_cache.forget_all``)."""
    for kept in PerVersion.made:
        kept.forget()


@dataclass(frozen=True)
class MomentTable:
    table: Standings
    json: str


def _moment_table(folded: FoldedTournament) -> MomentTable:
    table = build_standings(folded, timezone.now())
    return MomentTable(table, encode_json(table))


_tables: PerVersion[MomentTable] = PerVersion(32)


def table_at(folded: FoldedTournament) -> MomentTable:
    """The read model (``live.wire``) of a moment's tournament, and its JSON."""
    return _tables.get(folded, _moment_table)


def entrant_names(folded: FoldedTournament) -> dict[int, str]:
    """The names of a standings table's rows by their key: the players' by start
    rank, or a team event's teams by pairing number."""
    state = folded.state
    if folded.is_team:
        return {number: team.name for number, team in state.teams.items()}
    return {rank: player.name for rank, player in state.players.items()}
