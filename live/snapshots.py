"""Storing and reading standings snapshots.

A snapshot is only ever added, never updated, and only when it is newer than
every snapshot already stored for its tournament: a late or duplicate
recomputation finds a newer one and does nothing.  The announcement to the
spectators goes out after the commit, never before.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import IntegrityError, connection, transaction
from django.db.models import Max, Subquery
from django.utils import timezone

from tournaments.store.queries import FoldedTournament, load_tournament

from .broadcast import announce
from .models import StandingsSnapshot
from .overview import progress_of
from .projection import standings_json

# Older snapshots are kept for a while so that web processes can still build a
# diff for a spectator a few versions behind; beyond that a full table is sent.
KEEP_SNAPSHOTS = 5

# First key of the PostgreSQL advisory lock that serialises one tournament's writers.
_LOCK_NAMESPACE = 0x5354  # "ST"


# A version is an event seq (a bigint): longer digit strings are no version of
# ours, and int() refuses more than 4,300 digits (ValueError) anyway.
MAX_VERSION_DIGITS = 19


def parse_version(text: str) -> int | None:
    """A version as a client writes it, or None (isdigit() alone would pass "²")."""
    if text.isascii() and text.isdigit() and len(text) <= MAX_VERSION_DIGITS:
        return int(text)
    return None


def latest_snapshot(tournament_id: int) -> StandingsSnapshot | None:
    return StandingsSnapshot.objects.filter(tournament_id=tournament_id).first()


def latest_version(tournament_id: int) -> int | None:
    return (
        StandingsSnapshot.objects.filter(tournament_id=tournament_id)
        .values_list("version", flat=True)
        .first()
    )


def latest_versions() -> dict[int, int]:
    """Every tournament's latest snapshot version, by tournament id."""
    return dict(
        StandingsSnapshot.objects.order_by()
        .values("tournament_id")
        .annotate(latest=Max("version"))
        .values_list("tournament_id", "latest")
    )


def snapshot_at(tournament_id: int, version: int) -> StandingsSnapshot | None:
    """The snapshot at ``version``, or the latest one when that one was pruned."""
    snapshots = StandingsSnapshot.objects.filter(tournament_id=tournament_id)
    return snapshots.filter(version=version).first() or snapshots.first()


def store_snapshot(folded: FoldedTournament) -> StandingsSnapshot | None:
    """Store the standings of ``folded`` unless a snapshot at least as new exists.

    Returns the new snapshot, or None when it was stale.  The check and the
    insert run under a per-tournament lock in one transaction; the unique
    (tournament_id, version) constraint backs it up where there is no such lock.
    """
    snapshots = StandingsSnapshot.objects.filter(tournament_id=folded.id)
    # Checked first without the lock too: a duplicate or late task then skips
    # computing the standings, the expensive part, instead of discarding them.
    if snapshots.filter(version__gte=folded.version).exists():
        return None
    computed_at = timezone.now()
    text = standings_json(folded, computed_at)
    progress = progress_of(folded)
    try:
        with transaction.atomic():
            _lock_and_relax_durability(folded.id)
            if snapshots.filter(version__gte=folded.version).exists():
                return None
            snapshot = StandingsSnapshot.objects.create(
                tournament_id=folded.id,
                version=folded.version,
                computed_at=computed_at,
                body_json=text,
                current_round=progress.current,
                finished=progress.finished,
                players=progress.players,
            )
            kept = snapshots.values("version")[KEEP_SNAPSHOTS - 1 : KEEP_SNAPSHOTS]
            snapshots.filter(version__lt=Subquery(kept)).delete()
            # robust: a channel layer that is down must not fail the recomputation
            # (or a GET): spectators catch up on their next resume or fetch.
            transaction.on_commit(_announcer(folded.id, folded.version), robust=True)
    except IntegrityError:
        # Another writer stored this very version first (only without the lock).
        return None
    return snapshot


def _announcer(tournament_id: int, version: int) -> Callable[[], None]:
    # A named function, not a functools.partial: Django logs a robust on_commit
    # callback's failure by its __qualname__, which a partial lacks.
    def announce_snapshot() -> None:
        announce(tournament_id, version)

    return announce_snapshot


def ensure_snapshot(tournament_id: int) -> StandingsSnapshot:
    """The latest snapshot, computed here and now when there is none yet.

    Raises ``tournaments.store.queries.TournamentNotFound`` for an unknown tournament.
    """
    snapshot = latest_snapshot(tournament_id)
    if snapshot is None:
        snapshot = store_snapshot(load_tournament(tournament_id)) or latest_snapshot(tournament_id)
    assert snapshot is not None  # stored here, or by the writer that won the race
    return snapshot


def _lock_and_relax_durability(tournament_id: int) -> None:
    """Serialise this tournament's snapshot writers until the transaction ends.

    A row lock cannot do it: before the first snapshot there is no row to lock,
    and two workers could each insert a different version.  SQLite (the
    embedded demo) takes a database-wide write lock anyway.

    The commit need not wait for the disk either: a snapshot lost in a crash is
    recomputed from the events, and that wait would be a fifth of each recomputation.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_LOCK_NAMESPACE, tournament_id])
            cursor.execute("SET LOCAL synchronous_commit TO OFF")
