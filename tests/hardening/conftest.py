"""Hardening tests: the live app's fixtures (real PostgreSQL, Redis, Celery worker)
and a deployment's processes started by the test (``stack``)."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.live.builders import organiser
from tests.live.conftest import broker, worker  # noqa: F401  (fixtures)

from .stack import stack  # noqa: F401  (fixture)


@pytest.fixture
def organiser_api(db: None) -> APIClient:
    """An API client with the token of the live builders' organiser."""
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=organiser())
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client
