"""Django's PostgreSQL backend with its connection pool, failing fast on a wrong URL.

psycopg's pool opens connections in background threads and retries a server that
refuses them, by design (psycopg_pool's ``reconnect_timeout``): with a wrong
DATABASE_URL (host, port, user, password or database name) the caller waits the
whole pool timeout (20 s) for a bare PoolTimeout, "couldn't get a connection",
and the reason is only in a log line.  Until the pool is open, each new
connection is first tried directly, so a wrong URL fails at once with
PostgreSQL's own message; once the pool is open this costs nothing.

A backend module of one's own is Django's documented way to change a backend
(``ENGINE``), but this one overrides ``get_new_connection`` and reads the
``pool`` property, neither of them public API: Django is pinned to the tested
5.2 series in pyproject.toml, and tests/hardening/test_framework_internals.py
fails when either changes.  No pool option makes psycopg_pool fail fast.
"""

from __future__ import annotations

import math
from typing import Any

from django.db.backends.postgresql import base


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        pool = self.pool
        if pool is not None and pool.closed:
            # No longer than a request would wait for the pool (an unreachable host
            # does not refuse, it lets the connection attempt hang).
            probe = {"connect_timeout": max(1, math.ceil(pool.timeout)), **conn_params}
            self.Database.connect(**probe).close()
        return super().get_new_connection(conn_params)
