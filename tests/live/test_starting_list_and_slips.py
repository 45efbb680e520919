"""The public starting list and the organisers' result slips."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.builders import organiser
from tournaments.store import commands

pytestmark = pytest.mark.django_db


@pytest.fixture
def tid() -> int:
    author = organiser()
    tid = commands.create_tournament(
        {"name": "Slip Open", "rounds": 3}, author=author
    ).tournament_id
    for name, rating, title in [
        ("Club, Carl", 1800, ""),
        ("Gm, Gina", 2600, "GM"),
        ("Im, Ivo", 2400, "IM"),
    ]:
        commands.register_player(
            tid, {"name": name, "rating": rating, "title": title}, author=author
        )
    return tid


def test_the_starting_list_is_public_and_in_pairing_number_order(tid):
    response = Client().get(reverse("live:starting-list", args=[tid]))
    assert response.status_code == 200
    assert [p.name for p in response.context["players"]] == ["Club, Carl", "Gm, Gina", "Im, Ivo"]


def test_the_starting_list_says_when_it_is_not_in_the_initial_ranking_order_yet(tid):
    page = Client().get(reverse("live:starting-list", args=[tid])).content.decode()
    assert "Not in the order of the initial ranking yet" in page


def test_a_starting_list_in_initial_ranking_order_says_nothing():
    author = organiser()
    tid = commands.create_tournament({"name": "Sorted", "rounds": 3}, author=author).tournament_id
    for name, rating in [("A", 2000), ("B", 1900)]:
        commands.register_player(tid, {"name": name, "rating": rating}, author=author)
    page = Client().get(reverse("live:starting-list", args=[tid])).content.decode()
    assert "Not in the order" not in page


def test_result_slips_give_one_slip_per_board_to_organisers_only(tid):
    commands.record_pairing(tid, {"round": 1, "boards": [{"white": 2, "black": 1}], "byes": [3]})
    url = reverse("live:slips", args=[tid, 1])
    assert Client().get(url).status_code == 302
    other = Client()
    other.force_login(organiser("mallory"))
    assert other.get(url).status_code == 403
    mine = Client()
    mine.force_login(organiser())
    page = mine.get(url).content.decode()
    assert page.count('class="slip"') == 1
    assert "Round 1 · Board 1" in page
    assert "2. GM Gm, Gina (2600)" in page and "1. Club, Carl (1800)" in page


def test_slips_of_a_round_not_paired_are_not_found(tid):
    mine = Client()
    mine.force_login(organiser())
    assert mine.get(reverse("live:slips", args=[tid, 2])).status_code == 404
