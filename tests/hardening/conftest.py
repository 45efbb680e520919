"""Hardening tests: the live app's fixtures (real PostgreSQL, Redis, Celery worker)
and a deployment's processes started by the test (``stack``)."""

from tests.live.conftest import broker, worker  # noqa: F401  (fixtures)

from .stack import stack  # noqa: F401  (fixture)
