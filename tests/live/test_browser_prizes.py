"""The organisers' prize list editor in headless Chromium: a wrong field is shown
beside the text and nothing is stored; a good list is stored and shown."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tournaments.store.queries import load_tournament

from .builders import make_tournament, organiser
from .test_browser import chromium
from .test_browser import server as daphne_server

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

server = daphne_server  # a real daphne on the test database and Redis
PASSWORD = "prize-editor"


def sign_in(page: Page, server: str, username: str) -> None:
    page.goto(server + reverse("live:login"))
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit], input[type=submit]")
    page.wait_for_url(server + reverse("live:index"))


def test_the_editor_shows_a_refusal_and_stores_a_good_list(server: str) -> None:
    tid = make_tournament(players=4)
    user = organiser()
    user.set_password(PASSWORD)
    user.save()
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        sign_in(page, server, user.username)
        page.goto(server + reverse("live:prizes-edit", args=[tid]))
        wrong = {"prizes": [{"name": "1st", "place": 1, "category": {"rating_max": "x"}}]}
        page.fill("#prize-json", json.dumps(wrong))
        page.click("#prize-editor button[type=submit]")
        expect(page.locator("#prize-error")).to_contain_text("prizes[0].category.rating_max")
        api = server + reverse("tournaments:prize-list", args=[tid])
        assert page.request.get(api).status == 404  # nothing stored
        good = {"prizes": [{"name": "1st", "place": 1, "amount": "250"}]}
        page.fill("#prize-json", json.dumps(good))
        page.click("#prize-editor button[type=submit]")
        page.wait_for_url(server + reverse("live:prizes", args=[tid]))
        expect(page.locator("table.prizes")).to_contain_text("250.00")
    assert load_tournament(tid).prize_list is not None
