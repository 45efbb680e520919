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
# The pairing verdicts' flag ("verdicts"): held while their task waits and runs (the
# engine takes 13 s of CPU at 2,000 players, minutes on a loaded machine); a task
# lost with its worker is queued again by the first standings run after this.
VERDICTS_TTL_SECONDS = 600


def flag_key(tournament_id: int, what: str = "pending") -> str:
    return f"live:{what}:{tournament_id}"


def claim(tournament_id: int, what: str = "pending", ttl: float = FLAG_TTL_SECONDS) -> bool:
    """Raise the flag; True when it was down, i.e. when the caller must queue the task."""
    return cache.add(flag_key(tournament_id, what), 1, ttl)


def release(tournament_id: int, what: str = "pending") -> None:
    cache.delete(flag_key(tournament_id, what))
