"""The framework internals that config/ overrides are still there, as they were.

Each override relies on a method or attribute that is not public API (the module
docstrings say why each is needed).  These tests fail when an upgrade changes
one, before the override silently stops working.
"""

from __future__ import annotations

import inspect
from types import SimpleNamespace

import pytest
from daphne import http_protocol
from django.core.handlers.asgi import ASGIHandler
from django.db.backends.postgresql import base as postgresql_base
from kombu.transport import redis as kombu_redis
from psycopg_pool import ConnectionPool
from redis.exceptions import ConnectionError as RedisConnectionError
from twisted.web import http

from config import broker, server
from config.asgi import OneHopASGIHandler
from config.postgresql.base import DatabaseWrapper


def parameters(function: object) -> list[str]:
    return list(inspect.signature(function).parameters)  # type: ignore[arg-type]


# --- config/asgi.py: Django's ASGI handler -------------------------------------------


def test_django_asgi_handler_loads_its_middleware_in_async_mode() -> None:
    """What OneHopASGIHandler.load_middleware turns off."""
    assert parameters(ASGIHandler.load_middleware) == ["self", "is_async"]
    assert "self.load_middleware(is_async=True)" in inspect.getsource(ASGIHandler.__init__)


def test_django_asgi_handler_answers_through_get_response_async() -> None:
    """What OneHopASGIHandler.get_response_async replaces."""
    assert parameters(ASGIHandler.get_response_async) == ["self", "request"]
    source = inspect.getsource(ASGIHandler.run_get_response)
    assert "await self.get_response_async(request)" in source


def test_the_one_hop_handler_builds_a_synchronous_middleware_chain() -> None:
    # _middleware_chain is the internal the patch replaces (set by load_middleware).
    assert inspect.iscoroutinefunction(ASGIHandler()._middleware_chain)  # type: ignore[attr-defined]
    assert not inspect.iscoroutinefunction(OneHopASGIHandler()._middleware_chain)  # type: ignore[attr-defined]


# --- config/server.py: daphne's request class -----------------------------------------


def test_daphne_builds_its_requests_from_the_module_attribute_install_replaces() -> None:
    source = inspect.getsource(http_protocol.HTTPFactory.buildProtocol)
    assert "protocol.requestFactory = WebRequest" in source
    assert issubclass(server.BoundedWebRequest, http_protocol.WebRequest)


def test_twisted_calls_the_hooks_bounded_web_request_overrides() -> None:
    assert parameters(http.Request.gotLength) == ["self", "length"]
    assert parameters(http.Request.handleContentChunk) == ["self", "data"]
    # The session cookie is read in gotLength: twisted must have parsed it by then.
    received = inspect.getsource(http.HTTPChannel.allHeadersReceived)
    assert received.index("parseCookies()") < received.index("gotLength(")


# --- config/broker.py: kombu's Redis channel ------------------------------------------


def test_kombu_redis_channel_reads_the_connection_in_connparams() -> None:
    assert parameters(kombu_redis.Channel._connparams) == ["self", "asynchronous"]
    assert "self.connection.client" in inspect.getsource(kombu_redis.Channel._connparams)
    assert issubclass(broker.Transport.Channel, kombu_redis.Channel)


def test_a_closed_broker_connection_is_a_redis_connection_error() -> None:
    channel = SimpleNamespace(connection=SimpleNamespace(client=None))
    with pytest.raises(RedisConnectionError):
        broker.Channel._connparams(channel)  # type: ignore[arg-type]


# --- config/postgresql/base.py: Django's PostgreSQL backend ---------------------------


def test_django_postgresql_backend_opens_connections_where_the_override_probes() -> None:
    assert parameters(postgresql_base.DatabaseWrapper.get_new_connection) == [
        "self",
        "conn_params",
    ]
    assert isinstance(inspect.getattr_static(postgresql_base.DatabaseWrapper, "pool"), property)
    assert issubclass(DatabaseWrapper, postgresql_base.DatabaseWrapper)


def test_psycopg_pool_exposes_what_the_probe_reads() -> None:
    pool = ConnectionPool("dbname=unused", open=False)
    assert pool.closed
    assert isinstance(pool.timeout, float)
