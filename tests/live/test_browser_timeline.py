"""The live page's timeline tab in headless Chromium on a phone (390x844), by
keyboard only: open the tab, step back and forth, slide to the first step."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from .test_browser import chromium
from .test_browser import server as daphne_server
from .test_browser_spectator import horizontal_overflow, shoot
from .test_timeline import team_steps, three_steps

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

server = daphne_server  # a real daphne on the test database and Redis


@contextmanager
def timeline_tab(server: str, tid: int) -> Iterator[tuple[Any, Any]]:
    """The live page on a phone, its timeline tab opened by keyboard: (page, panel)."""
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(server + reverse("live:spectator", args=[tid]))
        page.wait_for_selector("#status[data-state='live']")
        page.focus(".tabs button[data-tab='timeline']")
        page.keyboard.press("Enter")
        yield page, page.locator("#timeline")


def test_the_timeline_steps_through_the_log_by_keyboard_on_a_phone(server: str) -> None:
    tid, _ = three_steps()  # 1 beats 3, 4 beats 2, board 2 corrected to 1-0
    with timeline_tab(server, tid) as (page, panel):
        expect(panel.locator(".step-title")).to_contain_text("Step 3 of 3")
        expect(panel.locator(".step-moves li[data-start-rank='2']")).to_contain_text(
            "up 2 places (3-4 → 1-2)"
        )

        panel.locator("a.step-previous").focus()
        page.keyboard.press("Enter")
        expect(panel.locator(".step-title")).to_contain_text("Step 2 of 3")
        expect(panel.locator(".step-moves li[data-start-rank='4']")).to_contain_text(
            "up 2 places (3-4 → 1-2)"
        )
        expect(panel.locator(".step-moves li[data-start-rank='3']")).to_contain_text(
            "down 1 place (2 → 3-4)"
        )
        # The keyboard stays on the control it used.
        expect(panel.locator("a.step-previous")).to_be_focused()
        expect(panel.locator(".step-status")).to_contain_text("Step 2 of 3")

        panel.locator("input[name=step]").focus()
        page.keyboard.press("ArrowLeft")
        expect(panel.locator(".step-title")).to_contain_text("Step 1 of 3")
        expect(panel.locator("input[name=step]")).to_be_focused()
        # The first result: 1 alone on top, from a four-way tie.
        expect(panel.locator("tr[data-start-rank='1'] td.place")).to_have_text("1")
        assert horizontal_overflow(page) <= 0
        shoot(page, "timeline-phone")


def test_a_team_events_timeline_steps_through_its_board_results(server: str) -> None:
    tid, _ = team_steps()  # match 1: 1-0, then ½-½ corrected to 0-1 on board 2
    with timeline_tab(server, tid) as (page, panel):
        expect(panel.locator(".step-title")).to_contain_text("correction, round 1 match 1 board 2")
        panel.locator("a.step-previous").focus()
        page.keyboard.press("Enter")
        expect(panel.locator(".step-title")).to_contain_text("Step 2 of 3")
        # The board that finished match 1: Club 4 falls from the four-way tie to 2.
        expect(panel.locator(".step-moves li[data-team='4']")).to_contain_text(
            "down 1 place (1-4 → 2)"
        )
        assert horizontal_overflow(page) <= 0
