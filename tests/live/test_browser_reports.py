"""Players report their results from their phones (issue 21), in headless
Chromium at 390x844: two matching reports record the result themselves (the
setting is on), two conflicting ones are flagged to the organiser, who confirms
one on the result-entry page; the live page shows "reported" meanwhile."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.builders import build_tournament, private_link
from tournaments.store import commands
from tournaments.store.queries import load_tournament

from .builders import organiser
from .conftest import running_worker
from .test_browser import chromium
from .test_browser import server as daphne_server

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

server = daphne_server  # a real daphne on the test database and Redis
PASSWORD = "report-desk"
PHONE: ViewportSize = {"width": 390, "height": 844}


def phone(browser: Browser) -> Page:
    return browser.new_context(viewport=PHONE).new_page()


def report(browser: Browser, url: str, result: str) -> Page:
    page = phone(browser)
    page.goto(url)
    page.click(f"button.result[value='{result}']")
    page.wait_for_url(url)
    return page


def test_two_players_report_one_conflict_is_flagged_and_the_organiser_confirms(
    server: str,
) -> None:
    user = organiser()
    user.set_password(PASSWORD)
    user.save()
    tid = build_tournament(author=user, players=4, pairings=[[(1, 3), (2, 4)]])
    commands.change_settings(tid, {"changes": {"confirm_matching_reports": True}}, author=user)
    links = {p: server + private_link(tid, p, author=user) for p in (1, 2, 3, 4)}
    with chromium() as browser, running_worker():
        live = phone(browser)
        live.goto(server + reverse("live:spectator", args=[tid]))
        live.wait_for_selector("#status[data-state='live']")

        first = report(browser, links[1], "1-0")
        expect(first.locator("#report-state")).to_contain_text("You reported 1-0")
        board_one = live.locator("#boards tr[data-board='1'] td.result")
        expect(board_one.locator("[aria-hidden='true']")).to_have_text("reported")

        second = report(browser, links[3], "1-0")  # the same: the result is recorded
        expect(second.locator("#report-state")).to_contain_text("Result recorded: 1-0")
        expect(board_one).to_contain_text("1–0")

        report(browser, links[2], "1-0")
        conflict = report(browser, links[4], "1/2-1/2")
        expect(conflict.locator(".state.conflict")).to_be_visible()
        board_two = live.locator("#boards tr[data-board='2'] td.result [aria-hidden='true']")
        expect(board_two).to_have_text("reported")

        desk = phone(browser)
        desk.goto(server + reverse("live:login"))
        desk.fill("input[name=username]", user.username)
        desk.fill("input[name=password]", PASSWORD)
        desk.click("button[type=submit], input[type=submit]")
        desk.wait_for_url(server + reverse("live:index"))
        desk.goto(server + reverse("live:enter", args=[tid, 1]))
        flagged = desk.locator("#board-2.conflict")
        expect(flagged).to_contain_text("Conflicting reports")
        flagged.locator("form.reports select[name=result]").select_option("1-0")
        flagged.locator("form.reports button[value=confirm]").click()
        expect(desk.locator("p.message:not(#message)")).to_contain_text("Board 2: the reported")
        expect(desk.locator("#board-2 form.reports")).to_have_count(0)
        expect(live.locator("#boards tr[data-board='2'] td.result")).to_contain_text("1–0")
    board = load_tournament(tid).state.rounds[1].board(2)
    assert board is not None and board.result == "1-0"
