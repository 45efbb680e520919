"""A correction's "what changed" page, and the round page's list of corrections."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.store import commands

from .builders import make_tournament, organiser, record

pytestmark = pytest.mark.django_db


def corrected() -> tuple[int, int]:
    """Round 1 of four: 1 beat 3, 2 beat 4, then board 1 corrected to 0-1."""
    tid = make_tournament(players=4)
    record(tid, 1, "1-0")
    record(tid, 2, "1-0")
    body = {"round": 1, "board": 1, "result": "0-1", "reason": "slip misread"}
    return tid, commands.correct_result(tid, body, author=organiser()).seq


def test_the_page_shows_the_result_before_and_after_the_reason_and_who() -> None:
    tid, seq = corrected()
    html = Client().get(reverse("live:correction", args=[tid, seq])).content.decode()
    assert '<span class="before">1–0</span> → <strong class="after">0–1</strong>' in html
    assert "slip misread" in html
    assert "by live-organiser" in html


def test_the_page_lists_the_players_whose_places_changed() -> None:
    tid, seq = corrected()
    html = Client().get(reverse("live:correction", args=[tid, seq])).content.decode()
    # Before: 1 and 2 on 1 point share 1-2 (BH and SB 0 each), 3 and 4 share 3-4.
    # After: 2 and 3 share 1-2, 1 and 4 share 3-4; 2's and 4's points and
    # tie-breaks are as they were, so only 1 and 3 are listed.
    assert '<tr data-start-rank="3" class="moved">' in html
    assert '<tr data-start-rank="1" class="moved">' in html
    assert 'data-start-rank="2"' not in html.split('class="changes"')[1]
    assert 'data-start-rank="4"' not in html.split('class="changes"')[1]


def test_an_event_that_is_no_correction_is_404() -> None:
    tid, seq = corrected()
    assert Client().get(reverse("live:correction", args=[tid, seq - 1])).status_code == 404


def test_the_round_page_links_its_corrections() -> None:
    tid, seq = corrected()
    html = Client().get(reverse("live:round", args=[tid, 1])).content.decode()
    assert reverse("live:correction", args=[tid, seq]) in html


def test_the_page_links_the_corrections_step_of_the_timeline() -> None:
    tid, seq = corrected()
    html = Client().get(reverse("live:correction", args=[tid, seq])).content.decode()
    assert f'href="{reverse("live:timeline", args=[tid])}?as_of={seq}"' in html
