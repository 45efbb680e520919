"""Celery's Redis transport, made to survive a Redis restart.

When the broker connection drops, kombu closes the transport (its ``client``
becomes None) while acknowledgements and restores of messages received on it
may still be pending on the worker's event loop.  Running them then failed
with ``AttributeError: 'NoneType' object has no attribute 'hostname'`` (in
``_connparams``), an error the worker does not expect, and the worker died
or hung instead of reconnecting.  Raised as a Redis connection error instead,
it is what the worker expects from a lost broker: it logs it and reconnects.
The message stays in Redis' unacked index and is restored after the
visibility timeout; a recomputation run twice stores nothing the second time.
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
