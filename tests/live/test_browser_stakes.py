"""The calculator page kept current in headless Chromium: a result posted to the
API changes the stakes shown, without a reload, against a real daphne and worker."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect
from rest_framework.authtoken.models import Token

from tournaments.store import commands

from .builders import make_tournament, organiser
from .conftest import running_worker
from .test_browser import chromium
from .test_browser import server as daphne_server

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

server = daphne_server  # a real daphne on the test database and Redis

PRIZES = {"prizes": [{"name": "1st", "amount": "100", "place": 1}]}


def test_a_result_changes_the_stakes_without_reload(server: str) -> None:
    tid = make_tournament(players=4)  # boards: 1 v 3, 2 v 4, no results
    commands.set_prize_list(tid, {"definition": PRIZES}, author=organiser())
    token = Token.objects.get_or_create(user=organiser())[0].key
    with chromium() as browser, running_worker():
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(server + reverse("live:stakes", args=[tid]))
        page.wait_for_selector("#status[data-state='live']")
        rows = page.locator("table.stakes tr[data-start-rank='1'] td.result")
        expect(rows).to_have_count(3)  # a win, a draw, a loss still open
        page.select_option("select[name=g2]", "0-1")  # a what-if choice not yet sent
        page.evaluate("window.notReloaded = true")

        response = page.request.post(
            server + reverse("tournaments:result-create", args=[tid]),
            data={"round": 1, "board": 1, "result": "1-0"},
            headers={"Authorization": f"Token {token}"},
        )
        assert response.status == 201, response.text()

        # Player 1 has won: one line, no game left to play.
        expect(rows).to_have_count(1, timeout=15000)
        expect(rows).to_have_text("no game")
        expect(page.locator("select[name=g1]")).to_have_count(0)  # no longer open
        expect(page.locator("select[name=g2]")).to_have_value("0-1")
        assert page.evaluate("window.notReloaded") is True
