"""The spectator page in headless Chromium, against a real daphne and worker."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.urls import reverse
from rest_framework.authtoken.models import Token

from .builders import make_tournament, organiser, record
from .conftest import running_worker

playwright = pytest.importorskip("playwright.sync_api")

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


@dataclass(frozen=True)
class Server:
    url: str
    frame: str  # the frame type it pushes on an update


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(params=["full tables", "diffs"])
def server(request, transactional_db: None, broker, tmp_path: Path) -> Iterator[Server]:
    """daphne in a subprocess, on the test database and the test Redis, pushing
    full tables or (even for this small table) diffs."""
    port = free_port()
    db = connection.settings_dict
    min_rows = 10**9 if request.param == "full tables" else 0
    (tmp_path / "browser_settings.py").write_text(
        f"from config.settings import *  # noqa: F403\nLIVE_DIFF_MIN_ROWS = {min_rows}\n"
    )
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "REDIS_URL": settings.REDIS_URL,
        "DJANGO_SETTINGS_MODULE": "browser_settings",
        "PYTHONPATH": os.pathsep.join([str(tmp_path), str(PROJECT)]),
    }
    daphne = Path(sys.executable).with_name("daphne")
    process = subprocess.Popen(
        [str(daphne), "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
        cwd=PROJECT,
        env=env,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        yield Server(url, "standings" if request.param == "full tables" else "standings.diff")
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_posted_result_updates_points_and_rank_without_reload(server: Server) -> None:
    tid = make_tournament(players=4)  # boards: 1 v 3, 2 v 4
    record(tid, 1, "1-0")
    token = Token.objects.get_or_create(user=organiser())[0].key
    with playwright.sync_playwright() as p, running_worker():
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.goto(server.url + reverse("live:spectator", args=[tid]))
            page.wait_for_selector("#status[data-state='live']")
            row = page.locator("#standings tr[data-start-rank='4']")
            playwright.expect(row.locator("td.points")).to_have_text("0")
            rank_before = row.locator("td.rank").inner_text()
            page.evaluate("window.notReloaded = true")

            response = page.request.post(
                server.url + reverse("tournaments:result-create", args=[tid]),
                data={"round": 1, "board": 2, "result": "0-1"},
                headers={"Authorization": f"Token {token}"},
            )
            assert response.status == 201, response.text()

            playwright.expect(row.locator("td.points")).to_have_text("1", timeout=15000)
            playwright.expect(row.locator("td.rank")).not_to_have_text(rank_before)
            board = page.locator("#boards tr[data-board='2'] td.result")
            playwright.expect(board).to_have_text("0–1")
            assert page.evaluate("window.notReloaded") is True
            assert page.locator("#live").get_attribute("data-last-frame") == server.frame
        finally:
            browser.close()
