"""The console's newer steps walked on a phone (390x844), as docs/console.md tells
them: a tournament that pairs only the players checked in and allows one
half-point bye, the check-in page, the players' private links and their reports
on the entry page, a late entry with half-point byes, a bye refused beyond the
limit, round 2 paired; axe-core on every page seen.

The walk's screenshots go to tests/artifacts/console-walk/ (git-ignored) with
test_browser_organiser.py's; ``make docs-screenshots`` copies them to docs/img/.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import ViewportSize, expect

from .test_browser import server as daphne_server
from .test_browser_console import signed_in
from .test_browser_organiser import PLAYERS, shoot
from .test_browser_spectator import serious_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

server = daphne_server
PHONE: ViewportSize = {"width": 390, "height": 844}
SIX = PLAYERS[:6]  # registration order = player ids 1-6
ABSENT = "Novak, Tomas"  # player 6, never checked in for round 1
LATE = "Late, Laura"


def register(page: Any) -> None:
    page.fill("textarea[name=rows]", "\n".join(SIX))
    page.click("button[value=preview]")
    page.click("button[value=confirm]")
    expect(page.locator("table.players tbody tr")).to_have_count(6)


def request_bye(page: Any, player_id: int, round_number: int) -> None:
    form = page.locator(f"#player-{player_id} form:has(button[value=bye])")
    form.locator("input[name=round]").fill(str(round_number))
    form.locator("select[name=points]").select_option("half")
    form.locator("button[value=bye]").click()


def test_a_phone_walk_through_check_in_reports_late_entry_and_the_bye_limit(
    server: str,
) -> None:
    found: dict[str, list[str]] = {}
    with signed_in(server, PHONE) as page:

        def check(name: str) -> None:
            found[name] = serious_violations(page)

        page.click("text=Create a tournament")
        page.fill("input[name=name]", "Phone Rapid")
        page.fill("input[name=rounds]", "3")
        page.check("input[name=check_in]")
        page.fill("input[name=max_half_byes]", "1")
        check("create")
        page.click("#setup button[type=submit]")
        expect(page.locator("h2")).to_have_text("Registration")
        tid = int(page.url.rstrip("/").split("/")[-3])
        register(page)
        check("register")

        # Check-in: everybody but player 6.
        page.goto(server + reverse("live:check-in", args=[tid]))
        for player_id in range(1, 6):
            page.click(f"#player-{player_id} button[value=in]")
            expect(page.locator(f"#player-{player_id}")).to_have_attribute(
                "data-status", "checked_in"
            )
        expect(page.locator("#check-in-count")).to_have_text("Checked in: 5; not yet: 1.")
        check("check-in")
        shoot(page, "4b-check-in", focus="#check-in-count")

        page.click("text=Pair the next round")
        expect(page.locator("h2")).to_have_text("Pair round 1")
        expect(page.locator("table.preview tbody tr[data-board]")).to_have_count(2)
        expect(page.locator("#pairing")).not_to_contain_text(ABSENT)
        check("pair")
        page.click("button[value=publish]")
        expect(page.locator("h2")).to_contain_text("Round 1")

        # The slips give the players private links, as QR codes.
        page.goto(server + reverse("live:slips", args=[tid, 1]))
        page.click("button[value=issue]")
        expect(page.locator(".slip .report-links figure")).to_have_count(4)
        check("slips")
        shoot(page, "6b-slip-qr", focus=".slip .report-links")
        link = page.locator(".slip .report-links svg title").first.text_content()

        # White on board 1 reports from the phone.
        page.goto(link)
        page.click("button.result[value='1-0']")
        expect(page.locator("#report-state")).to_contain_text("You reported 1-0")
        check("report")
        shoot(page, "6c-report")

        page.goto(server + reverse("live:enter", args=[tid, 1]))
        expect(page.locator("#reported")).to_have_text(
            "Reported by the players, to confirm: board 1."
        )
        expect(page.locator("#board-1 .report-line")).to_contain_text("White 1-0, Black —")
        check("entry")
        shoot(page, "6d-reported", focus="#board-1")
        page.wait_for_load_state("load")  # entry.js (deferred) listens to the taps
        for board in (1, 2):
            page.click(f"#board-{board} button[data-result='1-0']")
            expect(page.locator(f"#board-{board} .entered")).not_to_have_text("")

        # A late entry, the missed round as a half-point bye.
        page.goto(server + reverse("live:register", args=[tid]))
        form = page.locator("#register-one")
        form.locator("input[name=name]").fill(LATE)
        form.locator("select[name=missed_rounds]").select_option("half")
        form.locator("button[value=one]").click()
        expect(page.locator("p.message")).to_have_text(f"{LATE} is registered.")
        expect(page.locator("#player-7")).to_contain_text(LATE)

        # One half-point bye is allowed; the second is refused, naming the field.
        request_bye(page, 1, 3)
        expect(page.locator("#player-1")).to_contain_text("R3 half")
        request_bye(page, 1, 2)
        expect(page.locator("p.message.error")).to_have_text(
            "Not done: points: Rossi, Marco has 1 half-point byes (rounds 3): "
            "the tournament allows 1 (max_half_byes)"
        )
        expect(page.locator("#player-1")).not_to_contain_text("R2 half")
        check("register-refused")

        page.goto(server + reverse("live:check-in", args=[tid]))
        page.click("button[value=all]")
        expect(page.locator("#check-in-count")).to_have_text("Checked in: 7; not yet: 0.")
        page.click("text=Pair the next round")
        expect(page.locator("h2")).to_have_text("Pair round 2")
        # Paired from round 2 on, with round 1's half point (her rating cell is blank).
        expect(page.locator(f"#pairing td:has-text('{LATE}') + td + td")).to_have_text("½")
        page.click("button[value=publish]")
        expect(page.locator("h2")).to_contain_text("Round 2")
        expect(page.locator(".entry-board", has_text=LATE)).to_have_count(1)

        for name, route, args in (
            ("event-log", "live:event-log", [tid]),
            ("settings", "live:settings", [tid]),
            ("edit-player", "live:edit-player", [tid, 7]),
            ("import", "live:import", []),
        ):
            page.goto(server + reverse(route, args=args))
            check(name)

    assert {name: v for name, v in found.items() if v} == {}
