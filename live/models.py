"""Standings snapshots: the read model the live pages and the standings API serve.

A snapshot is the standings folded up to one event (``version`` = that event's
seq).  It refers to its tournament by id only: live reads tournaments through
``tournaments.store.queries`` and never joins their tables.
"""

from __future__ import annotations

from functools import cached_property

from django.db import models

from .wire import Standings, decode_standings


class StandingsSnapshot(models.Model):
    # Indexed by the (tournament_id, version) unique constraint, whose index
    # also serves every "latest snapshot of tournament T" query.
    tournament_id = models.PositiveIntegerField()
    version = models.PositiveIntegerField()
    computed_at = models.DateTimeField()
    # The table (``live.wire.Standings``) as JSON text, encoded once by the worker:
    # the standings API and the websocket send these very bytes, and PostgreSQL
    # neither parses a megabyte of jsonb per result nor prints it back for every reader.
    body_json = models.TextField()
    # Where the tournament stands at this version (``live.overview``), so that the
    # index page reads three columns, not every tournament's body.
    current_round = models.PositiveIntegerField(default=0)  # the last paired round
    finished = models.BooleanField(default=False)  # closed, or every board has a result
    players = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament_id", "version"], name="live_snapshot_one_per_version"
            )
        ]
        ordering = ["tournament_id", "-version"]
        get_latest_by = "version"

    def __str__(self) -> str:
        return f"standings of tournament {self.tournament_id} at version {self.version}"

    @cached_property
    def standings(self) -> Standings:
        """The stored table, decoded."""
        return decode_standings(self.body_json)
