"""Builders for tournament tests: API clients and tournaments entered through the commands."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest
from django.db import connection
from django.urls import reverse
from rest_framework.test import APIClient

from tests.builders import build_tournament
from tournaments.models import Event

needs_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="PostgreSQL only (its trigger, its row locks); the embedded SQLite has neither",
)


class Api:
    """An API client bound to one user (or anonymous), speaking JSON."""

    def __init__(self, token: str | None = None) -> None:
        self.client = APIClient()
        if token:
            self.client.credentials(HTTP_AUTHORIZATION=f"Token {token}")

    def get(self, name: str, *args: Any, **params: Any) -> Any:
        return self.client.get(reverse(f"tournaments:{name}", args=args), params)

    def post(self, name: str, *args: Any, body: Any, key: str | None = None) -> Any:
        headers: dict[str, Any] = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
        return self.client.post(
            reverse(f"tournaments:{name}", args=args), body, format="json", **headers
        )

    def put(self, name: str, *args: Any, body: Any) -> Any:
        return self.client.put(reverse(f"tournaments:{name}", args=args), body, format="json")


def make_tournament(
    author: Any,
    players: int = 4,
    rounds: int = 3,
    pairings: Iterable[Iterable[tuple[int, int]]] = (),
) -> int:
    """An unrated tournament by ``author`` with the given rounds paired (no results):
    a preset of the shared builder (``tests.builders``)."""
    return build_tournament(author=author, players=players, rounds=rounds, pairings=pairings)


def stored(tournament_id: int) -> int:
    return Event.objects.filter(tournament_id=tournament_id).count()
