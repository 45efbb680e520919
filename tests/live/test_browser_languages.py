"""The live page in every language a browser may ask for, and the tie-break columns'
help from the keyboard (headless Chromium)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from .test_browser_spectator import Open, browser, live, open_page, server, shoot, tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

__all__ = ["browser", "server", "tournament"]  # fixtures, used by name

# Per language: the standings tab, the status the script shows, BH/C1's name (the
# catalogues' texts, written out here so that a lost entry fails), the decimal mark.
LANGUAGES = {
    "en": ("Standings", "live", "Buchholz Cut-1", "."),
    "fr": ("Classement", "en direct", "Buchholz tronqué 1", ","),
    "de": ("Tabelle", "live", "Buchholz Streichwertung 1", ","),
    "es": ("Clasificación", "en directo", "Buchholz menos 1", ","),
    "it": ("Classifica", "in diretta", "Buchholz meno 1", ","),
    "ru": ("Положение", "онлайн", "Бухгольц без 1", ","),
}


def expect_language(page: Page, language: str) -> None:
    standings, status, cut_one, mark = LANGUAGES[language]
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator(".tabs button[data-tab='standings']")).to_have_text(standings)
    expect(page.locator("#status")).to_have_text(status)
    expect(page.locator("#standings th.tb .tb-help").first).to_have_accessible_description(cut_one)
    # After two rounds with draws: halves as "½" in the points, the language's decimal
    # mark in the tie-breaks (BH/C1 of 1.5 or 2.5 somewhere in a 12-player field).
    expect(page.locator("#standings td.points", has_text="½").first).to_be_visible()
    half = re.compile(r"^\d+" + re.escape(mark) + r"5$")
    expect(page.locator("#standings td.tb", has_text=half).first).to_be_visible()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_live_page_comes_in_the_browser_language_and_the_switcher_changes_it(
    server: str, tournament: Open, browser: Browser, language: str
) -> None:
    page = browser.new_page(locale=language, viewport={"width": 1280, "height": 720})
    page.goto(live(server, tournament.id))
    page.wait_for_selector("#standings tbody tr[data-start-rank]")
    expect_language(page, language)
    shoot(page, f"12p-720p-live-{language}")
    # The switcher, to the next language of the list; the choice outlives the browser's.
    codes = list(LANGUAGES)
    other = codes[(codes.index(language) + 1) % len(codes)]
    page.select_option("form.language select", other)
    page.wait_for_selector("#standings tbody tr[data-start-rank]")
    expect_language(page, other)
    page.goto(live(server, tournament.id))
    expect(page.locator("html")).to_have_attribute("lang", other)


def tab_to(page: Page, selector: str, presses: int = 60) -> None:
    target = page.locator(selector).first
    for _ in range(presses):
        page.keyboard.press("Tab")
        if target.evaluate("(el) => el === document.activeElement"):
            return
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize("where", ["live", "crosstable"])
def test_a_tiebreak_column_help_is_reached_and_read_from_the_keyboard(
    server: str, tournament: Open, browser: Browser, where: str
) -> None:
    page = open_page(browser, "720p")
    if where == "live":
        page.goto(live(server, tournament.id))
        page.wait_for_selector("#standings tbody tr[data-start-rank]")
        header = "#standings th.tb"
    else:
        page.goto(server + reverse("live:crosstable", args=[tournament.id]))
        header = "table.crosstable th.tb"
    button = page.locator(f"{header} .tb-help").first
    tip = page.locator(f"{header} .tb-tip").first
    expect(tip).to_be_hidden()
    tab_to(page, f"{header} .tb-help")
    expect(button).to_have_accessible_name("BH/C1")
    expect(button).to_have_accessible_description("Buchholz Cut-1")
    expect(tip).to_be_visible()
    expect(tip).to_have_text("Buchholz Cut-1")
    assert button.evaluate("(el) => getComputedStyle(el).outlineStyle") != "none"
    shoot(page, f"12p-720p-{where}-tiebreak-help")
    page.keyboard.press("Escape")  # dismissed without moving the focus
    expect(tip).to_be_hidden()
    page.keyboard.press("Tab")  # the next column's help shows in its turn
    expect(page.locator(f"{header} .tb-tip").nth(1)).to_be_visible()
    expect(tip).to_be_hidden()
