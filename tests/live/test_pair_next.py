"""The "Pair round N" link of the result-entry page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from .builders import make_tournament, organiser, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in() -> Client:
    client = Client()
    client.force_login(organiser())
    return client


def test_the_last_paired_round_offers_to_pair_the_next(signed_in):
    tid = make_tournament(players=4, rounds=3)
    page = signed_in.get(reverse("live:enter", args=[tid, 1])).content.decode()
    assert "Pair round 2" in page
    assert reverse("live:pair", args=[tid]) in page


def test_an_earlier_round_does_not(signed_in):
    tid = make_tournament(players=4, rounds=3)
    for board in (1, 2):
        record(tid, board, "1-0")
    signed_in.post(
        reverse("tournaments:round-pair", args=[tid]), {}, content_type="application/json"
    )
    page = signed_in.get(reverse("live:enter", args=[tid, 1])).content.decode()
    assert "Pair round" not in page
    assert "Pair round 3" in signed_in.get(reverse("live:enter", args=[tid, 2])).content.decode()
