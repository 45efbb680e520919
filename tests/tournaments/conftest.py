"""Fixtures for tournament tests: organisers with tokens and their API clients."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tournaments.store.organisers import ensure_organiser

from .builders import Api


@pytest.fixture
def make_api(db: None) -> Callable[[str | None], Api]:
    """``make_api("alice")``: a client with alice's token (alice is created if new)."""

    def make(username: str | None = None) -> Api:
        if username is None:
            return Api()
        _, token = ensure_organiser(username)
        return Api(token.key)

    return make


@pytest.fixture
def organiser(db: None) -> Any:
    user, _ = ensure_organiser("organiser")
    return user


@pytest.fixture
def api(make_api: Callable[[str | None], Api], organiser: Any) -> Api:
    return make_api("organiser")
