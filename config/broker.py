"""Celery's Redis transport, made to survive a Redis restart.

When the broker connection drops, kombu closes the transport (its ``client``
becomes None) while acknowledgements and restores of messages received on it
may still be pending on the worker's event loop.  Running them then fails
with ``AttributeError: 'NoneType' object has no attribute 'hostname'`` in
kombu's private ``Channel._connparams`` (celery/kombu#582), an error the worker
does not expect: it dies or hangs instead of reconnecting
(tests/hardening/test_faults.py restarts Redis under a burst).  Raised as a
Redis connection error instead, it is what the worker expects from a lost
broker: it logs it and reconnects.  The message stays in Redis' unacked index
and is restored after the visibility timeout; a recomputation run twice stores
nothing the second time.

No setting of Celery or kombu changes this.  kombu is pinned to the tested 5.7
series in pyproject.toml, and tests/hardening/test_framework_internals.py fails
when ``_connparams`` changes its signature or stops reading ``connection.client``.
"""

from __future__ import annotations

from typing import Any

from kombu.transport import redis as kombu_redis
from redis.exceptions import ConnectionError as RedisConnectionError


class Channel(kombu_redis.Channel):
    def _connparams(self, asynchronous: bool = False) -> dict[str, Any]:
        if self.connection.client is None:
            raise RedisConnectionError("the broker connection of this channel was closed")
        return super()._connparams(asynchronous=asynchronous)


class Transport(kombu_redis.Transport):
    Channel = Channel
