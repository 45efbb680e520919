"""The organiser's console in a browser (Playwright + Debian Chromium), at a desktop
and at a phone size: create a tournament, paste 40 players in random order,
preview and register them, read the starting list.

Screenshots go to tests/artifacts/ (git-ignored) for docs/console.md.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.builders import organiser
from tournaments.models import Tournament
from tournaments.store import queries

from .test_browser import chromium
from .test_browser import server as daphne_server

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

server = daphne_server
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
PASSWORD = "console-please"
VIEWPORTS = {"desktop": {"width": 1280, "height": 720}, "phone": {"width": 390, "height": 844}}
TITLES = ("GM", "IM", "FM", "", "", "", "")


def forty_players(seed: int) -> list[str]:
    """40 tab-separated rows (name, FIDE id, rating, title, federation) in random order."""
    rng = random.Random(seed)
    rows = [
        f"Player {n:02d}, Test\t{9100000 + n}\t{2650 - 15 * n}\t{TITLES[n % 7]}\tITA"
        for n in range(1, 41)
    ]
    rng.shuffle(rows)
    return rows


@contextmanager
def signed_in(server: str, viewport: dict[str, int]) -> Iterator[Any]:
    user = organiser()
    user.set_password(PASSWORD)
    user.save()
    with chromium() as browser:
        page = browser.new_page(viewport=viewport)
        page.goto(server + reverse("live:login"))
        page.fill("input[name=username]", user.username)
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_url(server + reverse("live:index"))
        yield page


@pytest.mark.parametrize("size", VIEWPORTS)
def test_create_then_paste_forty_players_preview_and_register(server: str, size: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    with signed_in(server, VIEWPORTS[size]) as page:
        page.click("text=Create a tournament")
        page.fill("input[name=name]", "Console Open")
        page.fill("input[name=rounds]", "7")
        page.fill("input[name=place]", "Bologna")
        page.screenshot(path=ARTIFACTS / f"console-create-{size}.png", full_page=True)
        page.click("#setup button[type=submit]")
        expect(page.locator("h2")).to_have_text("Registration")
        expect(page.locator(".message").first).to_contain_text("Console Open is created")

        rows = forty_players(seed=18)
        broken = [*rows[:3], "Broken, Row\tnot-an-id\t2000", *rows[3:]]
        page.fill("textarea[name=rows]", "\n".join(broken))
        page.click("button[value=preview]")
        expect(page.locator(".cell-errors")).to_contain_text("line 4, column 2 (fide_id)")
        expect(page.locator("button[value=confirm]")).to_have_count(0)

        page.fill("textarea[name=rows]", "\n".join(rows))
        page.click("button[value=preview]")
        expect(page.locator("#preview-heading")).to_have_text("Preview: 40 players")
        page.screenshot(path=ARTIFACTS / f"console-preview-{size}.png", full_page=True)
        page.click("button[value=confirm]")
        expect(page.locator(".message").first).to_have_text("40 players are registered.")

    tournament = Tournament.objects.get()
    state = queries.load_tournament(tournament.pk).state
    assert len(state.players) == 40
    assert state.settings.details["place"] == "Bologna"
