"""The organiser's main pages from the keyboard alone in headless Chromium, on a
laptop (1280x720), a phone with a keyboard (390x844) and a TV driven by a remote
(1920x1080): Tab reaches every control in the order of the page, each with a focus
that shows, and a result is entered with Tab and Enter or Space."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import ViewportSize, expect

from tests.builders import build_team_event, build_tournament

from .builders import make_tournament, organiser
from .test_browser import chromium
from .test_browser import server as daphne_server

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

server = daphne_server
PASSWORD = "keys-only"

VIEWPORTS: dict[str, ViewportSize] = {
    "laptop": {"width": 1280, "height": 720},
    "phone": {"width": 390, "height": 844},
    "tv": {"width": 1920, "height": 1080},
}

# Every control a keyboard should stop at, in the order of the page, with how it looks
# unfocused.  A group of radio buttons is one stop (the arrows move within it); a
# control hidden (display: none, a closed <details>) or taken out (tabindex=-1) is none.
CONTROLS = """() => {
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, '
    + '[tabindex]';
  const seen = new Set();
  const stops = [];
  for (const el of document.querySelectorAll(selector)) {
    if (el.disabled || el.getAttribute('tabindex') === '-1' || !el.checkVisibility()) continue;
    if (el.type === 'radio') {
      const group = el.form ? el.form.id + '|' + el.name : el.name;
      if (seen.has(group)) continue;
      seen.add(group);
    }
    const style = getComputedStyle(el);
    el.dataset.keyStop = String(stops.length);
    stops.push({
      name: el.outerHTML.slice(0, 80),
      radio: el.type === 'radio' ? el.name : null,
      look: [style.outlineStyle, style.outlineWidth, style.boxShadow].join(' '),
    });
  }
  return stops;
}"""

FOCUSED = """() => {
  const el = document.activeElement;
  const style = getComputedStyle(el);
  return {
    stop: el.dataset.keyStop ?? null,
    name: el.outerHTML.slice(0, 80),
    radio: el.type === 'radio' ? el.name : null,
    look: [style.outlineStyle, style.outlineWidth, style.boxShadow].join(' '),
  };
}"""


def tab_through(page: Any) -> list[str]:
    """What goes wrong tabbing from the top of the page to its end: a control skipped
    or reached out of order, or focused with no visible change; one line each."""
    stops = page.evaluate(CONTROLS)
    assert stops, "no control on the page"
    problems = []
    expected = 0
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    for _ in range(len(stops) + 5):
        page.keyboard.press("Tab")
        now = page.evaluate(FOCUSED)
        if now["stop"] is None:
            if now["radio"] is not None and expected < len(stops):
                now["stop"] = str(expected)  # another radio of the group the arrows reach
            else:
                continue  # the browser's own chrome, past the end of the page
        stop = int(now["stop"])
        if stop != expected:
            problems.append(f"expected {stops[expected]['name']}, got {now['name']}")
        if now["look"] == stops[stop]["look"]:
            problems.append(f"no visible focus on {now['name']}")
        expected = stop + 1
        if expected == len(stops):
            break
    if expected != len(stops):
        problems.append(f"never reached {stops[expected]['name']}")
    return problems


def sign_in(page: Any, server: str, url: str, username: str) -> None:
    page.goto(server + url)
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(server + url)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_every_control_of_the_organiser_pages_takes_a_visible_focus_in_order(
    server: str, viewport: str
):
    user = organiser()
    user.set_password(PASSWORD)
    user.save()
    unpaired = build_tournament(author=user, players=6)
    paired = make_tournament(players=6, rounds=3)
    teams = build_team_event(author=user)
    pages = {
        "registration": reverse("live:register", args=[unpaired]),
        "pairing": reverse("live:pair", args=[unpaired]),
        "check-in": reverse("live:check-in", args=[unpaired]),
        "result entry": reverse("live:enter", args=[paired, 1]),
        "team": reverse("live:team-manage", args=[teams]),
    }
    found = {}
    with chromium() as browser:
        page = browser.new_page(viewport=VIEWPORTS[viewport], locale="en")
        sign_in(page, server, pages["registration"], user.username)
        for name, url in pages.items():
            page.goto(server + url)
            page.wait_for_load_state("load")
            found[name] = tab_through(page)
    assert {name: problems for name, problems in found.items() if problems} == {}


def test_a_result_is_entered_with_the_keyboard_alone(server: str):
    user = organiser()
    user.set_password(PASSWORD)
    user.save()
    tid = make_tournament(players=6, rounds=3)
    url = reverse("live:enter", args=[tid, 1])
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 390, "height": 844}, locale="en")
        sign_in(page, server, url, user.username)
        page.wait_for_load_state("load")  # entry.js (deferred) listens to the keys
        for board, result, key in ((1, "1-0", "Enter"), (2, "1/2-1/2", "Space")):
            button = page.locator(f"#board-{board} button[data-result='{result}']")
            for _ in range(200):
                page.keyboard.press("Tab")
                if button.evaluate("(el) => el === document.activeElement"):
                    break
            page.keyboard.press(key)
            expect(page.locator(f"#board-{board} .entered")).not_to_have_text("")


def test_the_walk_finds_a_control_without_a_visible_focus_and_one_skipped(server: str):
    user = organiser()
    user.set_password(PASSWORD)
    user.save()
    url = reverse("live:check-in", args=[build_tournament(author=user, players=4)])
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 720}, locale="en")
        sign_in(page, server, url, user.username)
        page.evaluate(
            """() => {
              for (const el of document.querySelectorAll('a, button, input, select'))
                el.style.setProperty('outline', 'none', 'important');
              document.querySelector('main button').tabIndex = 5;
            }"""
        )
        problems = tab_through(page)
    assert any(p.startswith("no visible focus on ") for p in problems)
    assert any(p.startswith("expected ") for p in problems)
