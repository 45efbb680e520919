"""An 8-team, 4-board round robin and a 12-team Swiss through the pages in headless
Chromium (issue 22): teams registered (or sorted by rating) on the organiser's page,
round 1 paired, line-ups, board results, a board forfeit (an empty seat), a team
forfeit and a correction, while the live team standings update without a reload."""

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

        # Round 2 from the page: the Berger table for 8 (C.05 Annex 1), White first.
        page.goto(manage)
        submit(page, "form.pair")
        rounds = page.request.get(url + reverse("tournaments:team-round-list", args=[tid])).json()
        assert [(m["white"], m["black"]) for m in rounds[1]["matches"]] == [
            (8, 5),
            (6, 4),
            (7, 3),
            (1, 2),
        ]


SWISS_TEAMS, SWISS_BOARDS = 12, 2


def test_a_twelve_team_swiss_through_the_pages(broker, tmp_path: Path) -> None:
    """Teams registered weakest first (through the API's command, the round robin
    above registers on the page), sorted by rating on the page; one team withdrawn
    and one with a half-point bye before round 1, which the C.04.6 pairing leaves
    out; every match drawn 1-1 on the boards, but for a board forfeit, a team
    forfeit and a correction; the live page follows a team; round 2 paired from them."""
    user = organiser()
    user.set_password("secret-pw")
    user.save()
    body = {"name": "Team Swiss", "rounds": 3, "system": "swiss", "kind": "team"}
    tid = commands.create_tournament({**body, "boards": SWISS_BOARDS}, author=user).tournament_id
    for t in range(1, SWISS_TEAMS + 1):
        players = [{"name": f"Player {t}.{i}", "rating": 1800 + 20 * t} for i in range(3)]
        commands.register_team(tid, {"name": f"Club {t}", "players": players}, author=user)
    with daphne(tmp_path) as url, chromium() as browser, running_worker():
        page = browser.new_page()
        sign_in(page, url)
        page.goto(url + reverse("live:team-manage", args=[tid]))
        page.locator("form.rank button[value=rating]").click()
        expect(page.locator("form.rank tbody tr").first).to_contain_text("Club 12")
        # Club 12 is team 1 now, Club 1 team 12: withdraw team 12, a bye for team 11.
        page.fill("div.team-status[data-team='12'] input[name=from_round]", "1")
        submit(page, "div.team-status[data-team='12'] form.withdraw")
        page.locator("div.team-status[data-team='11'] select[name=points]").select_option("half")
        submit(page, "div.team-status[data-team='11'] form.bye")
        submit(page, "form.pair")

        api = url + reverse("tournaments:team-round-list", args=[tid])
        (rnd,) = page.request.get(api).json()
        matches = [(m["white"], m["black"]) for m in rnd["matches"]]
        assert len(matches) == 5 and not rnd["byes"]
        assert not {11, 12} & {team for match in matches for team in match}
        teams = page.request.get(url + reverse("tournaments:team-list", args=[tid])).json()
        rosters = {t["number"]: [p["start_rank"] for p in t["roster"]] for t in teams}
        for white, black in matches[:4]:
            for team in (white, black):
                first, second = rosters[team][:SWISS_BOARDS]
                # Match 2's second team leaves board 2 empty (White's seat there).
                lineup = (
                    f"{first}, -"
                    if (white, black) == matches[1] and team == black
                    else f"{first}, {second}"
                )
                page.fill(f"form.lineup[data-team='{team}'] input[name=players]", lineup)
                submit(page, f"form.lineup[data-team='{team}']")
        page.locator("section.match[data-match='5'] form.forfeit select").select_option("+/-")
        submit(page, "section.match[data-match='5'] form.forfeit")
        # Board 1 to the first team's player (White), board 2 to the second team's.
        for match in (1, 3, 4):
            board(page, match, 1, "1-0")
            board(page, match, 2, "1-0")
        board(page, 2, 1, "1-0")  # board 2 of match 2 is the empty seat: 2-0

        followed = matches[0][0]
        live = browser.new_page()
        live.goto(url + reverse("live:spectator", args=[tid]) + f"?follow={followed}")
        live.wait_for_selector("#status[data-state='live']")
        expect(live.locator("#standings tr.followed")).to_have_attribute(
            "data-start-rank", str(followed)
        )
        row = live.locator(f"#standings tr[data-start-rank='{followed}'] td.points")
        expect(row).to_have_text("1", timeout=15000)  # drawn 1-1
        live.evaluate("window.notReloaded = true")
        board(page, 1, 2, "0-1", reason="score sheet misread")  # match 1: 2-0
        expect(row).to_have_text("2", timeout=15000)
        assert live.evaluate("window.notReloaded") is True
        # Hand-checked MP: the first teams of matches 1, 2 and 5 won, their opponents
        # lost; matches 3 and 4 drawn; the half-point bye a drawn match; the
        # withdrawn team nothing.
        expected = {11: "1", 12: "0"}
        for number, (white, black) in enumerate(matches, start=1):
            won = number in (1, 2, 5)
            expected[white], expected[black] = ("2", "0") if won else ("1", "1")
        for team, mp in expected.items():
            cell = live.locator(f"#standings tr[data-start-rank='{team}'] td.points")
            expect(cell).to_have_text(mp)

        # Round 2, paired on the page by C.04.6: the 11 teams still in play give five
        # matches and a pairing-allocated bye, which goes to a team on 0 MP (a loser
        # of match 1, 2 or 5); no rematch, and the withdrawn team 12 stays out.
        submit(page, "form.pair")
        first, second = page.request.get(api).json()
        assert second["round"] == 2
        pairs = {frozenset((m["white"], m["black"])) for m in second["matches"]}
        assert len(pairs) == 5 and not pairs & {frozenset(m) for m in matches}
        losers = {
            black for number, (_, black) in enumerate(matches, start=1) if number in (1, 2, 5)
        }
        assert len(second["byes"]) == 1 and second["byes"][0] in losers
        assert 12 not in {team for pair in pairs for team in pair} | set(second["byes"])
