"""Per-tournament "recomputation pending" flags: how bursts of results coalesce.

Setting the flag succeeds for one caller only (Redis ``SET NX``), and only that
caller queues a recomputation; the task clears the flag before it reads the
events, so a result that lands while it computes queues exactly one more run.
Without Redis (the embedded demo: web and worker share one process) Django's
local-memory cache gives the same atomic add.
"""

from __future__ import annotations

from functools import cache

import redis
from django.conf import settings
from django.core.cache import cache as django_cache

# A flag outlives a lost task message (a worker killed before it started the
# task) by at most this long; then the next result or standings request, or the
# periodic sweep, queues a recomputation again.  Expiring while the task still
# waits in the queue only costs a duplicate run, which finds its snapshot stored.
FLAG_TTL_SECONDS = 5


def _key(tournament_id: int) -> str:
    return f"crosstable:live:pending:{tournament_id}"


@cache
def _redis() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL)


def claim(tournament_id: int) -> bool:
    """Raise the flag; True when it was down, i.e. when the caller must queue the task."""
    if settings.REDIS_URL:
        return bool(_redis().set(_key(tournament_id), 1, nx=True, ex=FLAG_TTL_SECONDS))
    return django_cache.add(_key(tournament_id), 1, FLAG_TTL_SECONDS)


def release(tournament_id: int) -> None:
    if settings.REDIS_URL:
        _redis().delete(_key(tournament_id))
    else:
        django_cache.delete(_key(tournament_id))
