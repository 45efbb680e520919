"""Every organiser page in headless Chromium, walked through as docs/console.md
tells it: sign in, create, register by paste, sort, pair, enter results, slips,
event log, settings, import, prize editor, team management; axe-core on each.

The walk's screenshots go to tests/artifacts/console-walk/ (git-ignored);
``make docs-screenshots`` runs this test and copies them to docs/img/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import ViewportSize, expect

from tests.builders import build_team_event

from .builders import organiser
from .test_browser import chromium
from .test_browser import server as daphne_server
from .test_browser_spectator import serious_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

server = daphne_server
WALK = Path(__file__).resolve().parents[1] / "artifacts" / "console-walk"
PASSWORD = "walk-please"
# Small pictures for the docs: a narrow desktop window, the page's top.
VIEWPORT: ViewportSize = {"width": 1024, "height": 640}
PLAYERS = [
    "Rossi, Marco\t2512001\t2150\t\tITA",
    "Marchetti, Elena\t2512002\t2431\tIM\tITA",
    "Berg, Jonas\t1512003\t2398\tFM\tNOR",
    "Weiss, Hannah\t4612004\t2188\t\tGER",
    "Raman, Priya\t5012005\t2365\tFM\tIND",
    "Novak, Tomas\t3412006\t2340\tFM\tCZE",
    "Ferrer, Lucia\t2212007\t2302\t\tESP",
    "Okafor, Daniel\t8812008\t2219\t\tNGR",
]


def shoot(page: Any, name: str, focus: str | None = None) -> None:
    """The viewport as docs/img/console-NAME.png will show it, scrolled to ``focus``."""
    WALK.mkdir(parents=True, exist_ok=True)
    if focus:
        page.locator(focus).first.scroll_into_view_if_needed()
    page.screenshot(path=WALK / f"console-{name}.png")


def test_the_organiser_pages_pass_axe_core_on_the_walk_docs_console_tells(
    server: str,
) -> None:
    user = organiser()
    user.set_password(PASSWORD)
    user.save()
    teams = build_team_event(author=user)
    found: dict[str, list[str]] = {}

    def check(name: str) -> None:
        found[name] = serious_violations(page)

    with chromium() as browser:
        page = browser.new_page(viewport=VIEWPORT, locale="en")
        page.goto(server + reverse("live:login"))
        check("login")
        page.fill("input[name=username]", user.username)
        page.fill("input[name=password]", PASSWORD)
        shoot(page, "1-sign-in")
        page.click("button[type=submit]")
        page.wait_for_url(server + reverse("live:index"))

        page.click("text=Create a tournament")
        page.fill("input[name=name]", "Spring Rapid")
        page.fill("input[name=rounds]", "5")
        page.fill("input[name=place]", "Bologna")
        page.fill("input[name=chief_arbiter]", "IA Carla Conti")
        check("create")
        shoot(page, "2-create")
        page.click("#setup button[type=submit]")
        expect(page.locator("h2")).to_have_text("Registration")
        tid = int(page.url.rstrip("/").split("/")[-3])

        page.fill("textarea[name=rows]", "\n".join(PLAYERS))
        page.click("button[value=preview]")
        expect(page.locator("#preview-heading")).to_have_text("Preview: 8 players")
        check("register-preview")
        shoot(page, "3-paste-preview", focus="#preview")
        page.click("button[value=confirm]")
        page.click("button[value=rank_fide]")
        expect(page.locator("table.players tbody tr").first).to_contain_text("Marchetti, Elena")
        check("register")
        shoot(page, "4-players")

        page.goto(server + reverse("live:edit-player", args=[tid, 1]))
        check("edit-player")

        page.click("text=Back to the players")
        page.click("text=Pair round 1")
        expect(page.locator("h2")).to_have_text("Pair round 1")
        check("pair")
        shoot(page, "5-pairing")
        page.click("button[value=publish]")
        expect(page.locator("h2")).to_contain_text("Round 1")
        page.wait_for_load_state("load")  # entry.js (deferred) listens to the taps
        for board, result in ((1, "1-0"), (2, "1/2-1/2")):
            page.click(f"#board-{board} button[data-result='{result}']")
            expect(page.locator(f"#board-{board} .entered")).not_to_have_text("")
        check("entry")
        shoot(page, "6-results")

        page.goto(server + reverse("live:slips", args=[tid, 1]))
        check("slips")
        page.goto(server + reverse("live:event-log", args=[tid]))
        check("event-log")
        shoot(page, "7-event-log")
        page.goto(server + reverse("live:settings", args=[tid]))
        check("settings")
        page.goto(server + reverse("live:import"))
        check("import")
        page.goto(server + reverse("live:prizes-edit", args=[tid]))
        check("prizes-edit")
        page.goto(server + reverse("live:team-manage", args=[teams]))
        check("team-manage")

    assert {name: v for name, v in found.items() if v} == {}
