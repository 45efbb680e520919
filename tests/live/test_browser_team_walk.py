"""A newcomer organiser runs a team Swiss through the pages alone, from the home
page, at a desktop and at a phone size, with no API call: create a 6-team, 4-board
Swiss, register the teams (one refused and fixed without retyping it), correct a
misspelt team name and a misspelt player's name, change a roster's order, add a
reserve, pair round 1, enter the line-ups (one board left empty) and the board
results, correct one, withdraw a team, look at the standings, a match, the team
crosstable and the hall screen, pair round 2, and give a captain a private link
through which the captain sends round 2's line-up (the reserve on board 4).

Every expected value is worked out by hand below.  The screenshots go to
tests/artifacts/team-walk/ (git-ignored).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from .conftest import running_worker
from .test_browser import server as daphne_server
from .test_browser_console import VIEWPORTS, signed_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

server = daphne_server
SHOTS = Path(__file__).resolve().parents[1] / "artifacts" / "team-walk"
CLUBS = ("Rochade Eupen", "Caissa Bonn", "Springer Basel", "Turm Graz", "Läufer Wien", "Dame Linz")
# Team t's players, strongest team first, so registration order is the order of
# strength and team t's players get start ranks 4t-3 ... 4t.
MISSPELT_CLUB = "Casisa Bonn"  # registered so, corrected to CLUBS[1]
MISSPELT, FIXED = "Smiht, Jon", "Smith, Jon"  # team 3's board 1, start rank 9
RESERVE = "Reserve, Rita"  # team 1's fifth player: start rank 25


def players(team: int) -> list[str]:
    names = [f"Player {team}.{board}" for board in range(1, 5)]
    if team == 3:
        names[0] = MISSPELT
    return [f"{name}, {2400 - 100 * team - 10 * board}" for board, name in enumerate(names, 1)]


def submit(page: Page, form: str) -> None:
    with page.expect_navigation():
        page.locator(form).locator("button[type=submit]").first.click()
    errors = page.locator(".message.error")
    assert errors.count() == 0, errors.all_inner_texts()


def board(page: Page, match: int, number: int, result: str, reason: str = "") -> None:
    form = f"section.match[data-match='{match}'] form.board[data-board='{number}']"
    page.locator(form + " select[name=result]").select_option(result)
    if reason:
        page.fill(form + " input[name=reason]", reason)
    submit(page, form)


def fits(page: Page) -> None:
    """Nothing wider than the window: no sideways scrolling (a phone's 390 px)."""
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], page.url


def standings_order(page: Page) -> list[str]:
    rows = page.locator("#standings tbody tr[data-start-rank]")
    return [rows.nth(i).get_attribute("data-start-rank") or "" for i in range(rows.count())]


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_newcomer_runs_a_team_swiss_through_the_pages(server: str, size: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)

    def shoot(name: str, focus: str = "") -> None:
        """The whole page, or the window scrolled to ``focus``."""
        if focus:
            page.locator(focus).first.scroll_into_view_if_needed()
        page.screenshot(path=SHOTS / f"{size}-{name}.png", full_page=not focus)
        if size == "phone":
            fits(page)

    with running_worker(), signed_in(server, VIEWPORTS[size]) as page:
        page.click("text=Create a tournament")
        page.fill("input[name=name]", "City Team Cup")
        page.select_option("select[name=kind]", "team")
        page.fill("input[name=boards]", "4")
        page.fill("input[name=rounds]", "5")
        page.fill("input[name=tiebreaks]", "MPvGP")  # game points break the ties
        shoot("01-create")
        page.click("#setup button[type=submit]")
        expect(page.locator("p.message").first).to_have_text(
            "City Team Cup is created: register its teams."
        )
        manage = page.url

        # A team with three players for four boards is refused, and the form keeps
        # what was typed: a fourth line is added, nothing retyped.
        page.fill("form.register input[name=name]", CLUBS[0])
        page.fill("form.register input[name=captain]", "Anna Braun")
        page.fill("form.register textarea[name=players]", "\n".join(players(1)[:3]))
        page.locator("form.register button[type=submit]").click()
        expect(page.locator(".message.error")).to_contain_text("players")
        shoot("02-register-refused", focus="form.register")
        expect(page.locator("form.register input[name=name]")).to_have_value(CLUBS[0])
        expect(page.locator("form.register input[name=captain]")).to_have_value("Anna Braun")
        typed = page.locator("form.register textarea[name=players]")
        expect(typed).to_have_value("\n".join(players(1)[:3]))
        typed.fill("\n".join(players(1)))
        submit(page, "form.register")
        for team in range(2, 7):
            name = MISSPELT_CLUB if team == 2 else CLUBS[team - 1]
            page.fill("form.register input[name=name]", name)
            page.fill("form.register textarea[name=players]", "\n".join(players(team)))
            submit(page, "form.register")
        expect(page.locator("form.rank tbody tr")).to_have_count(6)
        expect(page.locator("p.note")).to_have_count(0)  # already in order of strength
        shoot("03-registered")

        # The misspelt team name, fixed in the team's data.
        details = "form.team-details[data-team='2']"
        expect(page.locator(f"{details} input[name=name]")).to_have_value(MISSPELT_CLUB)
        page.fill(f"{details} input[name=name]", CLUBS[1])
        submit(page, details)
        expect(page.locator("form.rank tbody tr[data-team='2']")).to_contain_text(CLUBS[1])

        # The misspelt player's name, fixed from team 3's roster.
        page.locator("form.roster[data-team='3'] a.edit-player", has_text=MISSPELT).click()
        page.fill("#edit-player input[name=name]", FIXED)
        shoot("04-edit-player")
        page.click("#edit-player button[type=submit]")
        assert page.url.split("?")[0] == manage
        expect(page.locator("form.roster[data-team='3'] textarea")).to_contain_text(f"#9 {FIXED}")

        # Team 4 swaps its first two boards; team 1 adds a reserve.
        page.fill("form.roster[data-team='4'] textarea", "#14\n#13\n#15\n#16")
        submit(page, "form.roster[data-team='4']")
        page.fill("form.roster[data-team='1'] textarea", "#1\n#2\n#3\n#4\n" + f"{RESERVE}, 1500")
        submit(page, "form.roster[data-team='1']")
        expect(page.locator("form.roster[data-team='1'] textarea")).to_contain_text(
            f"#25 {RESERVE}"
        )

        # Round 1 of a 6-team Swiss: the top half against the bottom half, 1-4,
        # 2-5, 3-6, the odd first numbers White on board 1 (C.04.6 4.3.1).
        submit(page, "form.pair")
        matches = page.locator("section.match h3")
        expect(matches).to_have_count(3)
        expect(matches.nth(0)).to_contain_text(f"{CLUBS[0]}")
        expect(matches.nth(0)).to_contain_text(f"{CLUBS[3]}")
        expect(matches.nth(1)).to_contain_text(f"{CLUBS[4]}")
        expect(matches.nth(1)).to_contain_text(f"{CLUBS[1]}")
        expect(matches.nth(2)).to_contain_text(f"{CLUBS[2]}")
        expect(matches.nth(2)).to_contain_text(f"{CLUBS[5]}")

        lineups = {1: "1, 2, 3, 4", 2: "5, 6, 7, 8", 3: "9, 10, 11, 12", 4: "14, 13, 15, 16"}
        lineups |= {5: "17, 18, 19, 20", 6: "21, 22, 23, -"}  # team 6's board 4 empty
        for team, lineup in lineups.items():
            page.fill(f"form.lineup[data-team='{team}'] input[name=players]", lineup)
            submit(page, f"form.lineup[data-team='{team}']")
        shoot("05-lineups", focus="#lineups")

        # Results from White's side; the first-named team has White on boards 1, 3.
        # Match 1 (Eupen-Graz): 1-0, 0-1 (Eupen Black wins), 1-0, ½: Eupen 3½-½.
        for number, result in enumerate(("1-0", "0-1", "1-0", "1/2-1/2"), start=1):
            board(page, 1, number, result)
        # Match 2 (Wien-Bonn): all drawn, 2-2, until the correction below.
        for number in range(1, 5):
            board(page, 2, number, "1/2-1/2")
        # Match 3 (Basel-Linz): 1-0 (Basel), 1-0 (Linz White), 1-0 (Basel), and
        # board 4 empty on Linz's side: a forfeit win for Basel: 3-1.
        for number, result in enumerate(("1-0", "1-0", "1-0"), start=1):
            board(page, 3, number, result)
        match_three = page.locator("section.match[data-match='3'] form.board[data-board='4']")
        expect(match_three).to_contain_text("empty seat")
        # With its results in, a match is no longer offered to be forfeited.
        expect(page.locator("section.match form.forfeit")).to_have_count(0)
        shoot("06-results", focus="section.match[data-match='3']")

        # The correction: match 2 board 1 was 0-1 (Bonn, Black, won): Bonn 2½-1½.
        board(page, 2, 1, "0-1", reason="score sheet misread")
        expect(page.locator("section.match[data-match='2'] h3")).to_contain_text("1½-2½")

        # Linz withdraws before round 2.
        status = "div.team-status[data-team='6']"
        page.fill(f"{status} input[name=from_round]", "2")
        submit(page, f"{status} form.withdraw")
        expect(page.locator(status)).to_contain_text("withdrawn from round 2")
        shoot("07-withdrawn")

        # The standings by hand (2-1-0, then game points): Eupen 2 MP 3½, Basel 2
        # 3, Bonn 2 2½, Wien 0 1½, Linz 0 1, Graz 0 ½.
        page.click("nav.pages >> text=Standings")
        page.wait_for_selector("#status[data-state='live']")
        expect(page.locator("#standings tbody tr[data-start-rank]")).to_have_count(6)
        expect(page.locator("#standings tr[data-start-rank='1'] td.points")).to_have_text(
            "2", timeout=15000
        )
        expect(page.locator("#standings tr[data-start-rank='2'] td.points")).to_have_text("2")
        assert standings_order(page) == ["1", "3", "2", "5", "6", "4"]
        game_points = page.locator("#standings tr[data-start-rank='1'] td.tb").first
        expect(game_points).to_have_text("3½")  # as the crosstable and the match write it
        # MPvGP is on game points here: its halves written so too, not 2.5.
        expect(page.locator("#standings td.tb", has_text=".5")).to_have_count(0)
        expect(page.locator("#standings td.tb", has_text="2½")).not_to_have_count(0)
        # No team has a federation: no empty column.
        expect(page.locator("#standings th.fed")).to_have_count(0)
        shoot("08-standings")

        page.goto(server + reverse("live:team-match", args=[_tid(manage), 1, 1]))
        expect(page.locator(".match-score")).to_have_text("3½-½")
        shoot("09-match")
        page.goto(server + reverse("live:crosstable", args=[_tid(manage)]))
        expect(page.locator("tr[data-team='1'] td.round").first).to_contain_text("4w")
        shoot("10-crosstable")
        page.goto(server + reverse("live:spectator", args=[_tid(manage)]) + "?hall=1")
        for club in CLUBS:
            expect(page.locator("body")).to_contain_text(club)
        page.screenshot(path=SHOTS / f"{size}-11-hall.png")

        # Round 2 without Linz: five teams, two matches and a pairing-allocated bye.
        page.goto(manage)
        submit(page, "form.pair")
        expect(page.locator("h2").first).to_contain_text("Round 2")
        expect(page.locator("section.match")).to_have_count(2)
        for match in (1, 2):
            expect(page.locator(f"section.match[data-match='{match}']")).not_to_contain_text(
                CLUBS[5]
            )
        expect(page.locator("p.lineup-absent[data-team='6']")).to_contain_text("withdrawn")
        shoot("12-round-2")

        # Eupen's captain gets a private link and sends round 2's line-up with it.
        captain = page.locator("ul.captain-links li[data-team='1']")
        captain.locator("button[value=issue]").click()
        expect(page.locator("p.message").first).to_have_text("1 new private link.")
        link = captain.locator("a").get_attribute("href")
        assert link
        page.goto(server + link)
        expect(page.locator("section.captain h2")).to_have_text(f"Captain of {CLUBS[0]}")
        expect(page.locator("section.captain p.fixture")).to_contain_text("Round 2")
        seats = page.locator("form.lineup select[name=board]")
        expect(seats).to_have_count(4)
        for seat, name in enumerate(("Player 1.1", "Player 1.2", "Player 1.3", RESERVE)):
            seats.nth(seat).select_option(label=name)
        shoot("13-captain")
        page.locator("form.lineup button[type=submit]").click()
        expect(page.locator("section.captain p.message")).to_have_count(1)
        expect(page.locator(".message.error")).to_have_count(0)
        page.goto(manage)
        lineup = page.locator("form.lineup[data-team='1'] input[name=players]")
        expect(lineup).to_have_value("1, 2, 3, 25")


def _tid(url: str) -> int:
    return int(url.rstrip("/").split("/")[-3])
