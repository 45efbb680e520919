"""Every page carries a Content-Security-Policy allowing scripts and styles from the
site only, and the pages (live, entry, admin, API docs) still work under it."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page

from tests.live.builders import make_tournament, organiser, record
from tests.live.test_browser import chromium
from tests.live.test_browser import server as daphne_server

PASSWORD = "look-but-do-not-run"
# Collects what the browser refuses under the policy, from before the page's scripts.
WATCH = """
window.refused = [];
document.addEventListener("securitypolicyviolation",
    (e) => window.refused.push(e.violatedDirective + " " + e.blockedURI));
"""

server = daphne_server  # a real daphne on the test database and Redis


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["live:index", "tournaments:tournament-list"])
def test_pages_and_the_api_carry_the_policy(client, name: str) -> None:
    policy = client.get(reverse(name))["Content-Security-Policy"]
    assert "script-src 'self'" in policy.split("; ")
    assert "style-src 'self'" in policy.split("; ")


def sign_in(page: Page, server: str, username: str) -> None:
    page.goto(server + reverse("admin:login"))
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_url(server + reverse("admin:index"))


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_pages_run_nothing_the_policy_refuses(server: str) -> None:
    tid = make_tournament(players=6, rounds=3)
    record(tid, 1, "1-0")
    user = organiser()
    user.is_staff = user.is_superuser = True
    user.set_password(PASSWORD)
    user.save()
    pages = {
        reverse("live:index"): "main",
        reverse("live:spectator", args=[tid]): "#live[data-last-frame]",
        reverse("live:spectator", args=[tid]) + "?hall=1": "#live[data-last-frame]",
        reverse("live:round", args=[tid, 1]): "main",
        reverse("live:crosstable", args=[tid]): "table.crosstable",
        reverse("live:player", args=[tid, 1]): "main",
        reverse("live:import"): "form",
        reverse("live:enter", args=[tid, 1]): "#board-1",
        reverse("api-docs"): ".swagger-ui .info .title",
        reverse("admin:tournaments_event_changelist"): "#result_list",
        reverse("admin:tournaments_tournament_change", args=[tid]): "#content",
        reverse("admin:tournaments_tournament_result_history", args=[tid]): "#content",
    }
    with chromium() as browser:
        page = browser.new_page()
        page.add_init_script(WATCH)
        sign_in(page, server, user.username)
        for path, ready in pages.items():
            page.goto(server + path)
            page.wait_for_selector(ready)
            page.wait_for_load_state("load")
            assert page.evaluate("window.refused") == [], path
