"""The spectator page in headless Chromium, against a real daphne and worker."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.urls import reverse
from playwright.sync_api import Browser, expect, sync_playwright
from rest_framework.authtoken.models import Token

from .builders import make_tournament, organiser, record
from .conftest import running_worker

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PROJECT = Path(__file__).resolve().parents[2]


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's headless Chromium, closed however the test ends."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def daphne(settings_dir: Path, **overrides: int) -> Iterator[str]:
    """daphne in a subprocess, on the test database and the test Redis; its URL.

    ``overrides`` (e.g. LIVE_DIFF_MIN_ROWS=0) go into a settings module written
    into ``settings_dir``.
    """
    port = free_port()
    db = connection.settings_dict
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "REDIS_URL": settings.REDIS_URL,
        "PYTHONPATH": os.pathsep.join([str(settings_dir), str(PROJECT)]),
    }
    if overrides:
        lines = [f"{name} = {value}" for name, value in overrides.items()]
        (settings_dir / "browser_settings.py").write_text(
            "\n".join(["from config.settings import *  # noqa: F403", *lines, ""])
        )
        env["DJANGO_SETTINGS_MODULE"] = "browser_settings"
    command = [str(Path(sys.executable).with_name("daphne")), "-b", "127.0.0.1", "-p", str(port)]
    process = subprocess.Popen([*command, "config.asgi:application"], cwd=PROJECT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def server(transactional_db: None, broker, tmp_path: Path) -> Iterator[str]:
    """A real server (daphne subprocess) with the project's settings."""
    with daphne(tmp_path) as url:
        yield url


@dataclass(frozen=True)
class Pushing:
    url: str
    frame: str  # the frame type it pushes on an update


@pytest.fixture(params=["standings", "standings.diff"])
def pushing(request, transactional_db: None, broker, tmp_path: Path) -> Iterator[Pushing]:
    """A real server pushing full tables or (even for a small table) diffs."""
    diff_min_rows = 10**9 if request.param == "standings" else 0
    with daphne(tmp_path, LIVE_DIFF_MIN_ROWS=diff_min_rows) as url:
        yield Pushing(url, request.param)


def test_a_posted_result_updates_points_and_rank_without_reload(pushing: Pushing) -> None:
    tid = make_tournament(players=4)  # boards: 1 v 3, 2 v 4
    record(tid, 1, "1-0")
    token = Token.objects.get_or_create(user=organiser())[0].key
    with chromium() as browser, running_worker():
        page = browser.new_page()
        page.goto(pushing.url + reverse("live:spectator", args=[tid]))
        page.wait_for_selector("#status[data-state='live']")
        row = page.locator("#standings tr[data-start-rank='4']")
        expect(row.locator("td.points")).to_have_text("0")
        rank_before = row.locator("td.rank").inner_text()
        page.evaluate("window.notReloaded = true")

        response = page.request.post(
            pushing.url + reverse("tournaments:result-create", args=[tid]),
            data={"round": 1, "board": 2, "result": "0-1"},
            headers={"Authorization": f"Token {token}"},
        )
        assert response.status == 201, response.text()

        expect(row.locator("td.points")).to_have_text("1", timeout=15000)
        expect(row.locator("td.rank")).not_to_have_text(rank_before)
        board = page.locator("#boards tr[data-board='2'] td.result")
        expect(board.locator("[aria-hidden]")).to_have_text("0–1")
        expect(board.locator(".sr-only")).to_have_text("Black won")  # what a screen reader says
        assert page.evaluate("window.notReloaded") is True
        assert page.locator("#live").get_attribute("data-last-frame") == pushing.frame


def test_a_paged_table_shows_every_row_and_takes_diffs(
    transactional_db: None, broker, tmp_path: Path
) -> None:
    tid = make_tournament(players=8)  # boards: b v b + 4
    token = Token.objects.get_or_create(user=organiser())[0].key
    pages = {"LIVE_FIRST_PAGE_ROWS": 2, "LIVE_PAGE_ROWS": 3, "LIVE_DIFF_MIN_ROWS": 0}
    with daphne(tmp_path, **pages) as url, chromium() as browser, running_worker():
        page = browser.new_page()
        page.goto(url + reverse("live:spectator", args=[tid]))
        page.wait_for_selector("#status[data-state='live']")
        rows = page.locator("#standings tbody tr")
        expect(rows).to_have_count(8)
        response = page.request.post(
            url + reverse("tournaments:result-create", args=[tid]),
            data={"round": 1, "board": 4, "result": "0-1"},
            headers={"Authorization": f"Token {token}"},
        )
        assert response.status == 201, response.text()
        # The winner (start rank 8) moves to the top: the diff's order runs.
        expect(rows.first).to_have_attribute("data-start-rank", "8", timeout=15000)
        expect(rows.first.locator("td.rank")).to_have_text("1")
        expect(rows).to_have_count(8)
        assert page.locator("#live").get_attribute("data-last-frame") == "standings.diff"
        # Start rank 1 wins too and joins 8 (both BH 0); the losers 4 and 5 follow
        # on BH 1, then the four without a result: the ties change by start rank.
        response = page.request.post(
            url + reverse("tournaments:result-create", args=[tid]),
            data={"round": 1, "board": 1, "result": "1-0"},
            headers={"Authorization": f"Token {token}"},
        )
        assert response.status == 201, response.text()
        places = page.locator("#standings tbody tr td.rank")
        expect(places).to_have_text(["1-2"] * 2 + ["3-4"] * 2 + ["5-8"] * 4, timeout=15000)
        assert page.locator("#live").get_attribute("data-last-frame") == "standings.diff"


# --------------------------------------------------------------------------- follow


def followed_open() -> tuple[int, dict[str, int]]:
    """8 players, round 1 won by white on every board: 1-4 share places 1-4 and
    5-8 share places 5-8; the socket's first frame holds the top 2 rows."""
    tid = make_tournament(players=8)
    for board in (1, 2, 3, 4):
        record(tid, board, "1-0")
    return tid, {"LIVE_FIRST_PAGE_ROWS": 2, "LIVE_PAGE_ROWS": 3}


def hold_back_pages(ws) -> None:
    """Relays the standings socket, except the pages after the first frame."""
    server = ws.connect_to_server()
    server.on_message(lambda message: None if '"standings.rows"' in message else ws.send(message))


def test_the_first_frame_shows_the_top_and_the_followed_player_in_its_place(
    transactional_db: None, broker, tmp_path: Path
) -> None:
    tid, pages = followed_open()
    with daphne(tmp_path, **pages) as url, chromium() as browser:
        page = browser.new_page()
        page.route_web_socket(re.compile(r"/standings/"), hold_back_pages)
        page.goto(url + reverse("live:spectator", args=[tid]) + "?follow=7")
        rows = page.locator("#standings tbody tr")
        expect(rows).to_have_count(4)
        assert [rows.nth(i).get_attribute("data-start-rank") for i in range(4)] == [
            "1",
            "2",
            None,  # the gap
            "7",
        ]
        followed = page.locator("#standings tr[data-start-rank='7']")
        expect(followed.locator("td.rank")).to_have_text("5-8")
        expect(followed).to_have_class("followed")


def test_the_top_rows_of_a_tied_group_cut_by_the_first_frame_show_the_whole_group(
    transactional_db: None, broker, tmp_path: Path
) -> None:
    tid, pages = followed_open()
    with daphne(tmp_path, **pages) as url, chromium() as browser:
        page = browser.new_page()
        page.route_web_socket(re.compile(r"/standings/"), hold_back_pages)
        page.goto(url + reverse("live:spectator", args=[tid]))
        ranks = page.locator("#standings tbody tr td.rank")
        expect(ranks).to_have_text(["1-4", "1-4"])


def test_the_whole_table_keeps_the_followed_player_highlighted(
    transactional_db: None, broker, tmp_path: Path
) -> None:
    tid, pages = followed_open()
    with daphne(tmp_path, **pages) as url, chromium() as browser:
        page = browser.new_page()
        page.goto(url + reverse("live:spectator", args=[tid]) + "?follow=7")
        rows = page.locator("#standings tbody tr")
        expect(rows).to_have_count(8)
        expect(page.locator("#standings tr.followed")).to_have_attribute("data-start-rank", "7")
        expect(page.locator("#standings tr.gap")).to_have_count(0)


# --------------------------------------------------------------------------- gaps


def drop_first_diff(ws) -> None:
    """Relays the standings socket, except its first diff (as a lost message)."""
    server = ws.connect_to_server()
    dropped: list[str] = []

    def relay(message: str) -> None:
        if '"standings.diff"' in message and not dropped:
            dropped.append(message)
        else:
            ws.send(message)

    server.on_message(relay)


def test_a_gap_in_the_diffs_is_filled_with_the_api_table(
    transactional_db: None, broker, tmp_path: Path
) -> None:
    tid = make_tournament(players=4)  # boards: 1 v 3, 2 v 4
    token = Token.objects.get_or_create(user=organiser())[0].key
    api = reverse("standings", args=[tid])
    with daphne(tmp_path, LIVE_DIFF_MIN_ROWS=0) as url, chromium() as browser, running_worker():
        page = browser.new_page()
        fetched: list[str] = []
        page.on("response", lambda r: fetched.append(r.url) if r.url.endswith(api) else None)
        page.route_web_socket(re.compile(r"/standings/"), drop_first_diff)
        page.goto(url + reverse("live:spectator", args=[tid]))
        page.wait_for_selector("#status[data-state='live']")
        for board, result in ((1, "1-0"), (2, "0-1")):
            response = page.request.post(
                url + reverse("tournaments:result-create", args=[tid]),
                data={"round": 1, "board": board, "result": result},
                headers={"Authorization": f"Token {token}"},
            )
            assert response.status == 201, response.text()
        # The second diff builds on the dropped one: the page fetches the whole table,
        # which has both results: 1 and 4 won (BH 0 each), 3 and 2 lost (BH 1 each).
        places = page.locator("#standings tbody tr td.rank")
        expect(places).to_have_text(["1-2"] * 2 + ["3-4"] * 2, timeout=15000)
        rows = page.locator("#standings tbody tr")
        assert sorted(str(rows.nth(i).get_attribute("data-start-rank")) for i in range(2)) == [
            "1",
            "4",
        ]
        expect(page.locator("#boards tr[data-board='1'] td.result [aria-hidden]")).to_have_text(
            "1–0"
        )
        assert fetched, "the page did not fetch the table"


def test_a_rank_that_moved_is_read_out_in_the_page_language(server: str) -> None:
    # The arrow beside a moved rank is colour's second signal; a screen reader says
    # it in words, and in French those words are French.
    tid = make_tournament(players=4)  # boards: 1 v 3, 2 v 4
    record(tid, 1, "1-0")
    token = Token.objects.get_or_create(user=organiser())[0].key
    with chromium() as browser, running_worker():
        page = browser.new_page(locale="fr-FR")
        page.goto(server + reverse("live:spectator", args=[tid]))
        page.wait_for_selector("#status[data-state='live']")
        response = page.request.post(
            server + reverse("tournaments:result-create", args=[tid]),
            data={"round": 1, "board": 2, "result": "0-1"},
            headers={"Authorization": f"Token {token}"},
        )
        assert response.status == 201, response.text()
        row = page.locator("#standings tr[data-start-rank='4']")
        expect(row).to_have_class(re.compile(r"\bmoved-up\b"), timeout=15000)
        expect(row.locator(".sr-only")).to_have_text("monte")
