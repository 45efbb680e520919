"""Per-tournament "recomputation pending" flags: how bursts of results coalesce.

Raising the flag is the cache's atomic add, which succeeds for one caller only,
and only that caller queues a recomputation; the task clears the flag before it
reads the events, so a result that lands while it computes queues exactly one
more run.  The flag must be seen by every web and worker process: the cache is
Redis whenever REDIS_URL is set (``SET NX EX``), and local memory only in the
embedded demo, where web and worker share one process (``config.settings``).
"""

from __future__ import annotations

from django.core.cache import cache

# A flag outlives a lost task message (a worker killed before it started the
# task) by at most this long; then the next result or standings request, or the
# periodic sweep, queues a recomputation again.  Expiring while the task still
# waits in the queue only costs a duplicate run, which finds its snapshot stored.
FLAG_TTL_SECONDS = 5


def flag_key(tournament_id: int) -> str:
    return f"live:pending:{tournament_id}"


def claim(tournament_id: int) -> bool:
    """Raise the flag; True when it was down, i.e. when the caller must queue the task."""
    return cache.add(flag_key(tournament_id), 1, FLAG_TTL_SECONDS)


def release(tournament_id: int) -> None:
    cache.delete(flag_key(tournament_id))
