"""The prize list page, the calculator's page with its what-if form, and the
organisers' prize list editor."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tournaments.store import commands
from tournaments.store.queries import last_seq

from .builders import make_tournament, organiser, record

pytestmark = pytest.mark.django_db

PRIZES = {
    "sharing": "equal",
    "prizes": [
        {"name": "1st", "amount": "100", "place": 1},
        {"name": "2nd", "amount": "50", "place": 2},
        {"name": "Best U2497", "amount": "10", "place": 1, "category": {"rating_max": 2497}},
    ],
}


def with_prizes(definition: dict = PRIZES) -> int:
    """Four players rated 2499-2496, round 1 paired 1 v 3 and 2 v 4, no results."""
    tid = make_tournament(players=4)
    commands.set_prize_list(tid, {"definition": definition}, author=organiser())
    return tid


def page(name: str, tid: int, client: Client | None = None, **query: str):
    return (client or Client()).get(reverse(f"live:{name}", args=[tid]), query)


def test_the_prize_list_page_shows_each_list_and_the_rules() -> None:
    html = page("prizes", with_prizes()).content.decode()
    assert "<h3>General</h3>" in html
    assert "<h3>rated 2497 or less</h3>" in html
    assert "100.00" in html
    assert "pooled and shared equally" in html


def test_the_prize_list_page_shows_the_winners_beside_their_prizes() -> None:
    tid = with_prizes()
    record(tid, 1, "1-0")
    record(tid, 2, "0-1")
    html = page("prizes", tid).content.decode()
    # 1 and 4 share 1st and 2nd equally (75.00 each); 4 (rated 2496) keeps that
    # rather than the 10.00 U2497 prize, which goes to 3 (2497), the next one.
    assert html.count(">75.00<") == 2
    assert '<tr data-start-rank="3">' in html
    assert ">10.00<" in html


def test_without_a_prize_list_the_pages_say_so() -> None:
    tid = make_tournament(players=4)
    assert "No prize list yet." in page("prizes", tid).content.decode()
    assert "No prize list yet" in page("stakes", tid).content.decode()


def test_the_calculator_page_reads_out_what_a_result_needs() -> None:
    tid = with_prizes({"prizes": PRIZES["prizes"][:2]})
    html = page("stakes", tid).content.decode()
    # On a draw 1 is first only if 2-4 is drawn too (tests/live/test_prize_api.py).
    assert "possible: 1st, needs 2-4 1/2-1/2" in html


def test_the_what_if_form_shows_the_standings_and_stores_nothing() -> None:
    tid = with_prizes()
    before = last_seq(tid)
    response = page("stakes", tid, g1="1-0", g2="0-1")
    html = response.content.decode()
    assert response.status_code == 200
    assert 'class="what-if-standings"' in html
    assert "Player 1: 1st 75.00 (shared with Player 4)" in html
    assert last_seq(tid) == before


def test_a_what_if_result_that_is_no_result_is_refused() -> None:
    response = page("stakes", with_prizes(), g1="2-0")
    assert response.status_code == 400
    assert "g1: expected one of" in response.content.decode()


def test_the_editor_shows_the_list_to_its_organisers() -> None:
    tid = with_prizes()
    client = Client()
    client.force_login(organiser())
    html = page("prizes-edit", tid, client).content.decode()
    assert 'id="prize-json"' in html
    assert "&quot;sharing&quot;: &quot;equal&quot;" in html


def test_the_editor_sends_anonymous_users_to_sign_in() -> None:
    response = page("prizes-edit", with_prizes())
    assert response.status_code == 302
    assert reverse("live:login") in response["Location"]


def test_the_editor_refuses_another_tournaments_organiser() -> None:
    tid = with_prizes()
    someone = get_user_model().objects.create_user("someone-else")
    client = Client()
    client.force_login(someone)
    assert page("prizes-edit", tid, client).status_code == 403


def test_the_calculator_page_names_the_best_certain_prize() -> None:
    tid = with_prizes({"prizes": PRIZES["prizes"][:2]})
    html = page("stakes", tid).content.decode()
    # A win puts 1 on 1 point, with at most one player (the winner of 2-4) level:
    # 2nd at worst, so 2nd is certain, 1st possible on the tie-breaks.
    assert "certain: 2nd or better" in html
    assert "possible: 1st, needs only the tie-breaks" in html


def test_the_crosstable_shows_the_prize_beside_each_winner() -> None:
    tid = with_prizes()
    record(tid, 1, "1-0")
    record(tid, 2, "0-1")
    html = Client().get(reverse("live:crosstable", args=[tid])).content.decode()
    # As on the prize page: 1 and 4 share 1st and 2nd (75.00 each), 3 the U2497 prize.
    assert '<td class="prize">1st 75.00 (shared)</td>' in html
    assert '<td class="prize">2nd 75.00 (shared)</td>' in html
    assert '<td class="prize">Best U2497 10.00</td>' in html


def test_without_a_prize_list_the_crosstable_has_no_prize_column() -> None:
    tid = make_tournament(players=4)
    html = Client().get(reverse("live:crosstable", args=[tid])).content.decode()
    assert 'class="prize"' not in html
