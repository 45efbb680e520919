"""Players of a team event report their board results from their phones (issue
22), in headless Chromium at 390x844: the two players of a board report the same
result and the board is recorded (the setting is on); two others report
differently, and the organiser settles the flagged conflict on the team page; the
live page says "reported" on the match meanwhile."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.builders import build_team_event, private_link
from tournaments.store import commands
from tournaments.store.queries import load_tournament

from .builders import organiser
from .conftest import running_worker
from .test_browser import chromium
from .test_browser import server as daphne_server
from .test_browser_reports import PASSWORD, phone, report

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

server = daphne_server  # a real daphne on the test database and Redis


def test_a_team_board_records_matching_reports_and_the_organiser_settles_a_conflict(
    server: str,
) -> None:
    user = organiser()
    user.set_password(PASSWORD)
    user.save()
    # Match 1 is Club 1 - Club 4: board 1 player 1 (White) v 10, board 2 11 (White) v 2.
    tid = build_team_event(author=user, teams=4, boards=2, reserves=1)
    commands.change_settings(tid, {"changes": {"confirm_matching_reports": True}}, author=user)
    commands.start_team_round(tid, {"round": 1}, author=user)
    links = {p: server + private_link(tid, p, author=user) for p in (1, 10, 11, 2)}
    with chromium() as browser, running_worker():
        live = phone(browser)
        live.goto(server + reverse("live:spectator", args=[tid]))
        live.wait_for_selector("#status[data-state='live']")
        match_one = live.locator("#boards tr[data-board='1'] td.result")

        first = report(browser, links[1], "1-0")
        expect(first.locator("h2")).to_have_text("Round 1, match 1, board 1")
        expect(first.locator(".opposing-team")).to_have_text("Club 4")
        expect(first.locator("#report-state")).to_contain_text("You reported 1-0")
        expect(match_one.locator("[aria-hidden='true']")).to_have_text("reported")

        second = report(browser, links[10], "1-0")  # the same: the board is recorded
        expect(second.locator("#report-state")).to_contain_text("Result recorded: 1-0")

        report(browser, links[11], "1-0")
        conflict = report(browser, links[2], "1/2-1/2")
        expect(conflict.locator(".state.conflict")).to_be_visible()
        # Board 1 is recorded: the score so far, then the mark of board 2.
        expect(match_one.locator("[aria-hidden='true']")).to_have_text("1-0 reported")

        desk = phone(browser)
        desk.goto(server + reverse("live:login"))
        desk.fill("input[name=username]", user.username)
        desk.fill("input[name=password]", PASSWORD)
        desk.click("button[type=submit], input[type=submit]")
        desk.wait_for_url(server + reverse("live:index"))
        desk.goto(server + reverse("live:team-manage", args=[tid]))
        match = desk.locator("section.match[data-match='1']")
        expect(match.locator("form.board.conflict")).to_have_attribute("data-board", "2")
        flagged = match.locator(".board-reports.conflict[data-board='2']")
        expect(flagged).to_contain_text("Conflicting reports")
        expect(flagged).to_contain_text("White 1-0, Black ½-½")
        flagged.locator("select[name=result]").select_option("1-0")
        flagged.locator("button[value=confirm]").click()
        expect(desk.locator("p.message")).to_contain_text(
            "Match 1, board 2: the reported result is recorded."
        )
        expect(desk.locator(".board-reports")).to_have_count(0)
        expect(match.locator("h3")).to_contain_text("Club 1 1-1 Club 4")  # each won a board
        expect(match_one.locator("[aria-hidden='true']")).to_have_text("1-1")
        expect(match_one).not_to_contain_text("reported")
    state = load_tournament(tid).state
    recorded = state.team_rounds[1].match(1)
    assert recorded is not None
    assert {board: result for board, (result, _) in recorded.results.items()} == {
        1: "1-0",
        2: "1-0",
    }
