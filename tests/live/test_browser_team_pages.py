"""A team event's hall screen and cards in headless Chromium (issue 22): the team
standings and the current matches paging in every screen shape, a board result
arriving over the websocket, and the team and player cards on a phone.

Screenshots go to tests/artifacts/ (git-ignored) for a reviewer to look at.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect
from rest_framework.authtoken.models import Token

from tests.builders import build_team_event, record_board

from .builders import organiser
from .conftest import running_worker
from .test_browser import chromium
from .test_browser import server as daphne_server
from .test_browser_spectator import (
    HALL_ROWS,
    horizontal_overflow,
    live,
    open_page,
    shoot,
    watch_one_cycle,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

server = daphne_server  # a real daphne on the test database and Redis
TEAMS = 30  # more than one hall page of standings on every screen below


@dataclass(frozen=True)
class League:
    id: int
    token: str  # the organiser's API token


@pytest.fixture
def league(server: str) -> League:
    """30 teams of 2 boards, round 1 paired and lined up (15 matches), board 1 of
    match 1 finished; built before Playwright starts (its event loop forbids the ORM)."""
    user = organiser()
    tid = build_team_event(author=user, teams=TEAMS, boards=2, reserves=0, system="swiss")
    record_board(tid, 1, 1, "1-0", author=user)
    return League(tid, Token.objects.get_or_create(user=user)[0].key)


@pytest.fixture
def browser(league: League) -> Iterator[Browser]:
    with chromium() as browser:
        yield browser


@pytest.mark.parametrize("viewport", ["1080p", "720p", "portrait", "phone"])
def test_the_team_hall_shows_every_team_and_match_within_one_cycle(
    server: str, league: League, browser: Browser, viewport: str
) -> None:
    page = open_page(browser, viewport)
    cycle = watch_one_cycle(page, live(server, league.id, "?hall=1&dwell=0.5"), HALL_ROWS)
    teams = {f"p{n}" for n in range(1, TEAMS + 1)}
    assert cycle.rows == teams | {f"b{m}" for m in range(1, TEAMS // 2 + 1)}
    assert cycle.names_whole == {str(n) for n in range(1, TEAMS + 1)}
    assert page.console_errors == []  # type: ignore[attr-defined]
    shoot(page, f"team-{viewport}-hall")


@pytest.mark.parametrize(
    ("viewport", "layout"), [("1080p", "side"), ("portrait", "stacked"), ("phone", "alternate")]
)
def test_the_team_hall_layout_follows_the_screen_shape(
    server: str, league: League, browser: Browser, viewport: str, layout: str
) -> None:
    page = open_page(browser, viewport)
    page.goto(live(server, league.id, "?hall=1"))
    expect(page.locator("#live")).to_have_attribute("data-hall-layout", layout)


def test_the_team_hall_shows_a_matchs_score_whole(
    server: str, league: League, browser: Browser
) -> None:
    page = open_page(browser, "720p")
    page.goto(live(server, league.id, "?hall=1&show=pairings"))
    score = page.locator("#boards tr[data-board='1'] td.result [aria-hidden]")
    expect(score).to_have_text("1-0")
    assert score.evaluate("(el) => el.parentElement.scrollWidth <= el.parentElement.clientWidth")


def test_the_team_standings_have_no_rating_column(
    server: str, league: League, browser: Browser
) -> None:
    page = open_page(browser, "720p")
    page.goto(live(server, league.id))
    page.wait_for_selector("#standings tbody tr[data-start-rank]")
    assert page.locator("#standings th.rating").count() == 0


def test_a_board_result_updates_the_team_hall_without_resetting_its_cycle(
    server: str, league: League, browser: Browser
) -> None:
    with running_worker():
        page = open_page(browser, "720p")
        page.goto(live(server, league.id, "?hall=1&dwell=3"))
        page.wait_for_selector("#status[data-state='live']")
        standings = page.locator("#standings")
        expect(standings).to_have_attribute("data-page", "2", timeout=10000)
        response = page.request.post(
            server + reverse("tournaments:board-result-create", args=[league.id]),
            data={"round": 1, "match": 1, "board": 2, "result": "1/2-1/2"},
            headers={"Authorization": f"Token {league.token}"},
        )
        assert response.status == 201, response.text()
        score = page.locator("#boards tr[data-board='1'] td.result [aria-hidden]")
        expect(score).to_have_text("1½-½", timeout=15000)
        # Updated within the dwell: the screen stayed on page 2 (a reset shows page 1).
        assert standings.get_attribute("data-page") == "2"
        shoot(page, "team-720p-hall-after-result")


def test_team_and_player_cards_fit_a_phone(server: str, league: League, browser: Browser) -> None:
    tid = league.id
    pages = {
        "team": reverse("live:team", args=[tid, 1]),
        "player": reverse("live:player", args=[tid, 1]),
        "match": reverse("live:team-match", args=[tid, 1, 1]),
        "board-prizes": reverse("live:board-prizes", args=[tid]),
        "board-prizes-one-board": reverse("live:board-prizes", args=[tid])
        + "?assignment=most_played",
    }
    page = open_page(browser, "phone")
    for name, url in pages.items():
        page.goto(server + url)
        shoot(page, f"team-phone-{name}")
        assert horizontal_overflow(page) <= 0, name
        # Every table whole on the screen, none scrolled inside its box.
        for wrap in page.locator(".table-wrap").all():
            assert wrap.evaluate("(el) => el.scrollWidth <= el.clientWidth"), name
    assert page.console_errors == []  # type: ignore[attr-defined]


def test_a_team_row_of_the_live_standings_opens_the_team_card(
    server: str, league: League, browser: Browser
) -> None:
    page = open_page(browser, "phone")
    page.goto(live(server, league.id))
    page.locator("#standings tr[data-start-rank='2'] a.team").click()
    expect(page.locator("h2")).to_contain_text("Club 2")
