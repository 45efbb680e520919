"""Standings snapshots: the read model the live pages and the standings API serve.

A snapshot is the standings folded up to one event (``version`` = that event's
seq).  It refers to its tournament by id only: live reads tournaments through
``tournaments.store.queries`` and never joins their tables.
"""

from __future__ import annotations

from django.db import models


class StandingsSnapshot(models.Model):
    # Indexed by the (tournament_id, version) unique constraint, whose index
    # also serves every "latest snapshot of tournament T" query.
    tournament_id = models.PositiveIntegerField()
    version = models.PositiveIntegerField()
    computed_at = models.DateTimeField()
    body = models.JSONField()

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
