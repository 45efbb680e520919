"""Hardening tests: the live app's fixtures (real PostgreSQL, Redis, Celery worker)."""

from tests.live.conftest import broker, worker  # noqa: F401  (fixtures)
