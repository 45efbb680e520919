"""Tournaments whose event log cannot be folded (``UnreadableLog``): each broken
log is logged once, however many requests and standings sweeps meet it.

"Once" per tournament and last seq, for a day, in Django's cache: across every
process when the cache is Redis (``CACHES``), else per process.  A repaired log
(its last seq changed) is read, and if still broken reported, afresh.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.core.cache import cache

from tournaments.domain.errors import UnreadableLog

logger = logging.getLogger(__name__)

REMIND_SECONDS = 24 * 3600


def _key(tournament_id: int, last_seq: int) -> str:
    return f"crosstable:unreadable:{tournament_id}:{last_seq}"


def report(exc: UnreadableLog) -> None:
    """Log ``exc`` (without a traceback) unless it was logged already."""
    if cache.add(_key(exc.tournament_id, exc.last_seq), exc.seq, REMIND_SECONDS):
        logger.error("%s", exc)


def known(versions: Iterable[tuple[int, int]]) -> set[int]:
    """Of the (tournament id, last seq) given, the tournaments reported unreadable
    at that last seq."""
    keys = {_key(tid, seq): tid for tid, seq in versions}
    return {keys[key] for key in cache.get_many(keys)}
