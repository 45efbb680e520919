"""An 8-team, 4-board round robin through the pages in headless Chromium (issue 22):
teams registered on the organiser's page, round 1 paired, line-ups, board results,
a board forfeit (an empty seat), a team forfeit and a correction, while the live
team standings update without a reload."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tournaments.store import commands

from .builders import organiser
from .conftest import running_worker
from .test_browser import chromium, daphne

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS, BOARDS, ROSTER = 8, 4, 5


def sign_in(page: Page, url: str) -> None:
    """As the organiser, whose password ``test_...`` set before the browser started
    (the database is not to be used inside Playwright's event loop)."""
    page.goto(url + reverse("live:login"))
    page.fill("input[name=username]", "live-organiser")
    page.fill("input[name=password]", "secret-pw")
    page.click("button[type=submit]")


def submit(page: Page, form: str) -> None:
    page.locator(form).locator("button[type=submit]").click()
    expect(page.locator(".message.error")).to_have_count(0)


def board(page: Page, match: int, number: int, result: str, reason: str = "") -> None:
    form = f"section.match[data-match='{match}'] form.board[data-board='{number}']"
    page.locator(form + " select[name=result]").select_option(result)
    if reason:
        page.fill(form + " input[name=reason]", reason)
    submit(page, form)


def test_an_eight_team_round_robin_through_the_pages(broker, tmp_path: Path) -> None:
    body = {"name": "Team League", "rounds": 7, "system": "round robin", "kind": "team"}
    user = organiser()
    user.set_password("secret-pw")
    user.save()
    tid = commands.create_tournament({**body, "boards": BOARDS}, author=user).tournament_id
    with daphne(tmp_path) as url, chromium() as browser, running_worker():
        page = browser.new_page()
        sign_in(page, url)
        manage = url + reverse("live:team-manage", args=[tid])
        page.goto(manage)
        for t in range(1, TEAMS + 1):
            page.fill("form.register input[name=name]", f"Club {t}")
            page.fill("form.register input[name=captain]", f"Captain {t}")
            lines = "\n".join(f"Player {t}.{i}, {2400 - 10 * (5 * t + i)}" for i in range(1, 6))
            page.fill("form.register textarea[name=players]", lines)
            submit(page, "form.register")
        submit(page, "form.pair")
        # Berger, 8 teams, round 1: 1-8, 2-7, 3-6, 4-5; team t's players are 5t-4...5t.
        for t in range(1, TEAMS + 1):
            if t == 5:
                continue  # team 5 does not show
            first = ROSTER * (t - 1) + 1
            players = ", ".join(str(first + i) for i in range(BOARDS))
            if t == 8:
                players = f"{first}, {first + 1}, {first + 2}, -"  # board 4 empty
            page.fill(f"form.lineup[data-team='{t}'] input[name=players]", players)
            submit(page, f"form.lineup[data-team='{t}']")
        page.locator("section.match[data-match='4'] form.forfeit select").select_option("+/-")
        submit(page, "section.match[data-match='4'] form.forfeit")
        for number, result in ((1, "1-0"), (2, "1/2-1/2"), (3, "1-0")):
            board(page, 1, number, result)
        for match in (2, 3):
            for number in range(1, BOARDS + 1):
                board(page, match, number, "1-0")

        live = browser.new_page()
        live.goto(url + reverse("live:spectator", args=[tid]))
        live.wait_for_selector("#status[data-state='live']")
        team_three = live.locator("#standings tr[data-start-rank='3'] td.points")
        expect(team_three).to_have_text("1", timeout=15000)  # 2-2 with team 6
        live.evaluate("window.notReloaded = true")

        # The correction: match 3 board 2 was 0-1 (team 3 has Black there): 3-1.
        board(page, 3, 2, "0-1", reason="score sheet misread")
        expect(team_three).to_have_text("2", timeout=15000)
        assert live.evaluate("window.notReloaded") is True
        # Hand-checked MP: wins for 1 (3½-½), 3 (3-1), 4 (forfeit); 2-7 drawn.
        for team, mp in zip(range(1, 9), ("2", "1", "2", "2", "0", "0", "1", "0"), strict=True):
            cell = live.locator(f"#standings tr[data-start-rank='{team}'] td.points")
            expect(cell).to_have_text(mp)

        page.goto(url + reverse("live:team-match", args=[tid, 1, 1]))
        expect(page.locator(".match-score")).to_have_text("3½-½")
        page.goto(url + reverse("live:crosstable", args=[tid]))
        expect(page.locator("tr[data-team='4'] td.round")).to_contain_text("5w")
