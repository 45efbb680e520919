"""A team event's match slips (issue 22) in headless Chromium: printed on A4,
two matches of four boards, every player's QR code, fit one page; the page passes
axe-core."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.builders import build_team_event
from tournaments.store.private_links import issue

from .builders import organiser
from .test_browser import chromium
from .test_browser import server as daphne_server
from .test_browser_organiser import VIEWPORT
from .test_browser_reports import PASSWORD
from .test_browser_spectator import serious_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

server = daphne_server  # a real daphne on the test database and Redis


def test_two_match_slips_of_four_boards_print_on_one_a4_page(server: str) -> None:
    user = organiser()
    user.set_password(PASSWORD)
    user.save()
    tid = build_team_event(author=user, teams=4, boards=4, reserves=1)
    issue(tid, "player", list(range(1, 21)), author=user)
    with chromium() as browser:
        page = browser.new_page(viewport=VIEWPORT, locale="en")
        page.goto(server + reverse("live:login"))
        page.fill("input[name=username]", user.username)
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit], input[type=submit]")
        page.wait_for_url(server + reverse("live:index"))
        page.goto(server + reverse("live:slips", args=[tid, 1]))
        assert page.locator("section.match-slip svg.segno").count() == 16
        assert serious_violations(page) == []
        page.emulate_media(media="print")
        pdf = page.pdf(format="A4", print_background=True)
    assert len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf)) == 1
