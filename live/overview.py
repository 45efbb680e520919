"""Where every tournament stands, for the index page, from each one's latest
standings snapshot: a few values the database reads out of the stored body.

Folding every event log on each visit of the index cost seconds once a big open
was among the tournaments; the snapshot already holds the current round, its
boards and one row per player.  The database counts the rows and the boards
without a result itself, so not even a big body leaves it.  A snapshot lags the
event log by the worker's run; a tournament without one yet has no progress.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import F, Func, IntegerField, OuterRef, Subquery
from django.db.models.fields.json import KeyTransform

from .models import StandingsSnapshot

# The stored body as the database's JSON; every value below is read from it.
_BODY = F("body")
_ROUNDS = KeyTransform("rounds", _BODY)


class _StandingsRows(Func):
    """How many standings rows (players) a snapshot body holds."""

    template = "jsonb_array_length(%(expressions)s -> 'rows')"
    output_field = IntegerField()

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        template = "json_array_length(%(expressions)s, '$.rows')"
        return self.as_sql(compiler, connection, template=template, **extra)


class _BoardsInPlay(Func):
    """How many boards of a snapshot's current round have no result yet."""

    template = (
        "jsonb_array_length(jsonb_path_query_array("
        "%(expressions)s, '$.rounds.boards[*] ? (@.result == null)'))"
    )
    output_field = IntegerField()

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        template = (
            "(SELECT count(*) FROM json_each(%(expressions)s, '$.rounds.boards')"
            " WHERE json_extract(value, '$.result') IS NULL)"
        )
        return self.as_sql(compiler, connection, template=template, **extra)


@dataclass(frozen=True)
class Progress:
    current: int  # the last paired round; 0: none yet
    finished: bool  # closed, or every board has a result
    players: int


def latest_progress() -> dict[int, Progress]:
    """Each tournament's progress as of its latest snapshot, by tournament id (one query)."""
    latest = StandingsSnapshot.objects.filter(tournament_id=OuterRef("tournament_id")).order_by(
        "-version"
    )
    rows = (
        StandingsSnapshot.objects.order_by()
        .filter(version=Subquery(latest.values("version")[:1]))
        .annotate(
            current=KeyTransform("current", _ROUNDS),
            closed=KeyTransform("closed", _ROUNDS),
            in_play=_BoardsInPlay(_BODY),
            players=_StandingsRows(_BODY),
        )
        .values_list("tournament_id", "current", "closed", "in_play", "players")
    )
    return {
        tid: Progress(current, closed or in_play == 0, players)
        for tid, current, closed, in_play, players in rows
    }
