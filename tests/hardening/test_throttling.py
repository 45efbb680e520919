"""Repeated sign-in failures are throttled: login forms (django-axes) and API tokens
(by the token presented, and far higher by the address)."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tournaments.store.organisers import ensure_organiser

from .stack import Stack
from .test_redis_outage import closed_port

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


def post_with(token: str, address: str = "127.0.0.1") -> int:
    client = APIClient(REMOTE_ADDR=address)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client.post(reverse("tournaments:tournament-list"), {}, format="json").status_code


@pytest.fixture
def good_token(alice: str) -> str:
    return Token.objects.get_or_create(user=get_user_model().objects.get(username=alice))[0].key


AUTHENTICATED = 400  # the empty body is refused: the token was accepted


def test_bad_tokens_do_not_lock_out_a_good_one_from_the_same_address(good_token: str) -> None:
    for n in range(settings.TOKEN_FAILURE_LIMIT):
        assert post_with(f"guess{n}") == 401
    for _ in range(settings.TOKEN_FAILURE_LIMIT):
        assert post_with("stale") == 401
    assert post_with("stale") == 429
    assert post_with(good_token) == AUTHENTICATED


@override_settings(TOKEN_FAILURE_LIMIT_PER_ADDRESS=3)
def test_an_address_past_its_limit_is_refused_even_a_good_token(good_token: str) -> None:
    for n in range(3):
        assert post_with(f"guess{n}") == 401
    assert post_with(good_token) == 429
    assert post_with(good_token, address="192.0.2.7") == AUTHENTICATED


def test_with_the_cache_unreachable_tokens_are_checked_uncounted(good_token: str) -> None:
    unreachable = f"redis://127.0.0.1:{closed_port()}/0"
    backend = "django.core.cache.backends.redis.RedisCache"
    with override_settings(CACHES={"default": {"BACKEND": backend, "LOCATION": unreachable}}):
        assert post_with("guess") == 401
        assert post_with(good_token) == AUTHENTICATED


@pytest.mark.django_db(transaction=True)
def test_failures_count_across_web_processes(stack: Stack) -> None:
    stack.start_redis()
    stack.start_web()
    ports = [stack.web_port, stack.start_another_web()]

    def status(port: int) -> int:
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/tournaments/", data=b"{}", method="POST",
            headers={"Authorization": "Token stale", "Content-Type": "application/json"},
        )  # fmt: skip
        try:
            urllib.request.urlopen(request, timeout=10)
        except urllib.error.HTTPError as refused:
            return refused.code
        return 201

    # Half the limit on each process: each counting alone would still answer 401.
    statuses = [status(ports[n % 2]) for n in range(settings.TOKEN_FAILURE_LIMIT)]
    assert statuses == [401] * settings.TOKEN_FAILURE_LIMIT
    assert [status(port) for port in ports] == [429, 429]
