"""Repeated sign-in failures are throttled: login forms (django-axes) and API tokens."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings
from django.core.cache import cache
from django.urls import reverse
from rest_framework.test import APIClient

from tournaments.store.organisers import ensure_organiser

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def _no_failures_counted() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()  # or this address would stay throttled for later tests


@pytest.fixture
def alice() -> str:
    user, _ = ensure_organiser("alice")
    user.set_password(PASSWORD)
    user.save()
    return user.username


def sign_in(client, username: str, password: str) -> int:
    return client.post(
        reverse("live:login"), {"username": username, "password": password}
    ).status_code


def test_the_login_form_locks_out_after_repeated_failures(client, alice: str) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert sign_in(client, alice, "guess") == 200  # the form again, with its error
    assert sign_in(client, alice, "guess") == 429
    assert sign_in(client, alice, PASSWORD) == 429  # even the right password, for a while


def test_a_few_failures_do_not_lock_out(client, alice: str) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT - 2):
        sign_in(client, alice, "guess")
    assert sign_in(client, alice, PASSWORD) == 302


def test_bad_api_tokens_are_throttled() -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token 0123456789abcdef")
    url = reverse("tournaments:tournament-list")
    statuses = [
        client.post(url, {}, format="json").status_code
        for _ in range(settings.TOKEN_FAILURE_LIMIT + 1)
    ]
    assert statuses == [401] * settings.TOKEN_FAILURE_LIMIT + [429]
    assert "Retry-After" in client.post(url, {}, format="json")
    # Reading needs no token, and is not throttled.
    assert APIClient().get(url).status_code == 200
