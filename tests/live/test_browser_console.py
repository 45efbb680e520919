"""The organiser's console in a browser (Playwright + Debian Chromium), at a desktop
and at a phone size: create a tournament, paste 40 players in random order,
preview and register them; and a whole 40-player, 7-round Swiss run through the
pages (check-in with two players absent in round 1), its TRF export imported again.

Screenshots go to tests/artifacts/ (git-ignored) for docs/console.md.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import ViewportSize, expect

from tests.builders import organiser
from tournaments.models import Tournament
from tournaments.store import queries
from tournaments.store.trf_import import import_trf, standings_of

from .test_browser import chromium
from .test_browser import server as daphne_server

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

server = daphne_server
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
PASSWORD = "console-please"
VIEWPORTS: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 720},
    "phone": {"width": 390, "height": 844},
}
TITLES = ("GM", "IM", "FM", "", "", "", "")


def forty_players(seed: int) -> list[str]:
    """40 tab-separated rows (name, FIDE id, rating, title, federation) in random order."""
    rng = random.Random(seed)
    rows = [
        f"Player {n:02d}, Test\t{9100000 + n}\t{2650 - 15 * n}\t{TITLES[n % 7]}\tITA"
        for n in range(1, 41)
    ]
    rng.shuffle(rows)
    return rows


@contextmanager
def signed_in(server: str, viewport: ViewportSize) -> Iterator[Any]:
    user = organiser()
    user.set_password(PASSWORD)
    user.save()
    with chromium() as browser:
        page = browser.new_page(viewport=viewport)
        page.goto(server + reverse("live:login"))
        page.fill("input[name=username]", user.username)
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_url(server + reverse("live:index"))
        yield page


@pytest.mark.parametrize("size", VIEWPORTS)
def test_create_then_paste_forty_players_preview_and_register(server: str, size: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    with signed_in(server, VIEWPORTS[size]) as page:
        page.click("text=Create a tournament")
        page.fill("input[name=name]", "Console Open")
        page.fill("input[name=rounds]", "7")
        page.fill("input[name=place]", "Bologna")
        page.screenshot(path=ARTIFACTS / f"console-create-{size}.png", full_page=True)
        page.click("#setup button[type=submit]")
        expect(page.locator("h2")).to_have_text("Registration")
        expect(page.locator(".message").first).to_contain_text("Console Open is created")

        rows = forty_players(seed=18)
        broken = [*rows[:3], "Broken, Row\tnot-an-id\t2000", *rows[3:]]
        page.fill("textarea[name=rows]", "\n".join(broken))
        page.click("button[value=preview]")
        expect(page.locator(".cell-errors")).to_contain_text("line 4, column 2 (fide_id)")
        expect(page.locator("button[value=confirm]")).to_have_count(0)

        page.fill("textarea[name=rows]", "\n".join(rows))
        page.click("button[value=preview]")
        expect(page.locator("#preview-heading")).to_have_text("Preview: 40 players")
        page.screenshot(path=ARTIFACTS / f"console-preview-{size}.png", full_page=True)
        page.click("button[value=confirm]")
        expect(page.locator(".message").first).to_have_text("40 players are registered.")

    tournament = Tournament.objects.get()
    state = queries.load_tournament(tournament.pk).state
    assert len(state.players) == 40
    assert state.settings.details["place"] == "Bologna"


def enter_results(page: Any, boards: int) -> None:
    """Every board's result by tapping it: 1-0, 0-1, and a draw on every third board."""
    page.wait_for_load_state("load")  # entry.js (deferred) listens to the taps
    for number in range(1, boards + 1):
        result = "1/2-1/2" if number % 3 == 0 else ("1-0" if number % 2 else "0-1")
        page.click(f"#board-{number} button[data-result='{result}']")
        expect(page.locator(f"#board-{number} .entered")).not_to_have_text("")


def check_in(page: Any, server: str, tid: int, absent: tuple[int, ...] = ()) -> None:
    """Everyone checked in for the next round but the ``absent`` player ids; then
    on to the pairing page."""
    page.goto(server + reverse("live:check-in", args=[tid]))
    page.click("button[value=all]")
    for player_id in absent:
        page.locator(f"#player-{player_id} button[value=out]").click()
        expect(page.locator(f"#player-{player_id}")).to_have_attribute("data-status", "absent")
    page.click("text=Pair the next round")


def publish_round(page: Any, number: int) -> int:
    """Publish the previewed round; the number of its boards."""
    expect(page.locator("h2")).to_have_text(f"Pair round {number}")
    page.click("button[value=publish]")
    expect(page.locator("h2")).to_contain_text(f"Round {number}")
    return page.locator(".entry-board").count()


def players_page(page: Any, server: str, tid: int) -> None:
    page.goto(server + reverse("live:register", args=[tid]))


def player_row(page: Any, player_id: int) -> Any:
    return page.locator(f"#player-{player_id}")


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_forty_player_seven_round_swiss_run_entirely_through_the_pages(
    server: str, size: str
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    with signed_in(server, VIEWPORTS[size]) as page:
        page.click("text=Create a tournament")
        page.fill("input[name=name]", "Console Swiss")
        page.fill("input[name=rounds]", "7")
        page.fill("input[name=place]", "Bologna")
        page.fill("input[name=chief_arbiter]", "IA Carla Conti")
        page.check("input[name=check_in]")  # only the players checked in are paired
        page.click("#setup button[type=submit]")
        # The ORM cannot run beside Playwright's event loop: the id from the page's URL.
        tid = int(page.url.rstrip("/").split("/")[-3])
        page.fill("textarea[name=rows]", "\n".join(forty_players(seed=7)))
        page.click("button[value=preview]")
        page.click("button[value=confirm]")
        page.click("button[value=rank_fide]")
        expect(page.locator(".message").first).to_contain_text("initial ranking")
        # Player 01 (2635) is pairing number 1 after sorting.
        expect(page.locator("table.players tbody tr").first).to_contain_text("Player 01, Test")

        # A bye requested for round 2, and cancelled; another one kept for round 3.
        row = player_row(page, 10)
        row.locator("input[name=round]").fill("2")
        row.locator("button[value=bye]").click()
        player_row(page, 10).locator("button[value=cancel_bye]").click()
        expect(page.locator(".message").first).to_contain_text("is cancelled")
        row = player_row(page, 11)
        row.locator("input[name=round]").fill("3")
        row.locator("button[value=bye]").click()
        page.screenshot(path=ARTIFACTS / f"console-players-{size}.png", full_page=True)

        # Two players do not check in for round 1: 38 are paired, on 19 boards.
        check_in(page, server, tid, absent=(39, 40))
        boards = publish_round(page, 1)
        assert boards == 19
        enter_results(page, boards)

        # Round 2: colours of board 1 exchanged before publishing, after a check.
        check_in(page, server, tid)
        white = page.input_value("input[name=white_1]")
        black = page.input_value("input[name=black_1]")
        page.fill("input[name=white_1]", black)
        page.fill("input[name=black_1]", white)
        page.click("button[value=check]")
        page.screenshot(path=ARTIFACTS / f"console-pairing-{size}.png", full_page=True)
        page.click("button[value=publish]")
        expect(page.locator("h2")).to_contain_text("Round 2")
        # ... then the round cancelled and paired again.
        page.click("text=Cancel round 2")
        expect(page.locator(".message").first).to_contain_text("Round 2 is cancelled")
        page.click("button[value=publish]")
        enter_results(page, page.locator(".entry-board").count())

        # Before round 3: a withdrawal and its reinstatement, a late entry, a rating edit.
        players_page(page, server, tid)
        player_row(page, 20).locator("button[value=withdraw]").click()
        player_row(page, 20).locator("button[value=reinstate]").click()
        expect(page.locator(".message").first).to_contain_text("plays again from round 3")
        page.fill("#register-one input[name=name]", "Late, Comer")
        page.fill("#register-one input[name=rating]", "1990")
        page.click("#register-one button[value=one]")
        page.goto(server + reverse("live:edit-player", args=[tid, 5]))
        page.fill("input[name=rating]", "2599")
        page.click("#edit-player button[type=submit]")
        expect(page.locator(".message").first).to_contain_text("rating changed")
        # And a withdrawal that stays: player 30 from round 5.
        row = player_row(page, 30)
        row.locator("input[name=from_round]").fill("5")
        row.locator("button[value=withdraw]").click()

        for number in range(3, 8):
            check_in(page, server, tid)
            page.click("button[value=publish]")
            expect(page.locator("h2")).to_contain_text(f"Round {number}")
            enter_results(page, page.locator(".entry-board").count())

        # A correction on round 7, board 1.
        page.click("#board-1 button.correct")
        page.check("#board-1 input[name=result][value='0-1']")
        page.fill("#board-1 input[name=reason]", "score sheets")
        page.click("#board-1 .correction button[type=submit]")
        expect(page.locator("#board-1 .entered")).to_have_text("0-1")
        exported = page.request.get(server + reverse("tournaments:tournament-export", args=[tid]))
        assert exported.ok
        trf = exported.text()

    before = queries.load_tournament(tid)
    state = before.state
    assert len(state.players) == 41 and state.last_paired_round == 7
    rank = state.player_ids  # the pages name players by id: their pairing numbers here
    assert state.requested_bye(3, rank[11]) == "half"
    assert state.requested_bye(2, rank[10]) is None  # requested, then cancelled
    # The late entry before round 3: zero-point byes for the rounds it missed.
    assert [state.requested_bye(r, rank[41]) for r in (1, 2)] == ["zero", "zero"]
    assert state.players[rank[5]].rating == 2599
    assert state.players[rank[30]].withdrawn_from == 5
    assert state.players[rank[20]].withdrawn_from is None
    assert state.checked_in[1] == frozenset(range(1, 39))  # 39 and 40 absent in round 1
    again = queries.load_tournament(import_trf(trf).id)
    assert _rows(standings_of(again)) == _rows(standings_of(before))
    assert dict(again.state.settings.details) == dict(state.settings.details)
    assert again.state.players[rank[30]].withdrawn_from == 5


def _rows(standings: Any) -> list[tuple[Any, ...]]:
    return [
        (r.rank, r.player.start_rank, r.points, tuple(r.tiebreaks.values())) for r in standings.rows
    ]
