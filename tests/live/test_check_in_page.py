"""The organiser's check-in page: one click per player, "Check in all", the
players not checked in left unpaired when the tournament uses check-in; only the
tournament's organisers may, with the CSRF token."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.builders import build_tournament, organiser
from tournaments.models import Event
from tournaments.store import commands, queries

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(organiser_client: Client) -> Client:
    return organiser_client


def with_check_in(players: int = 4) -> int:
    tid = build_tournament(author=organiser(), players=players)
    commands.change_settings(tid, {"changes": {"check_in": True}}, author=organiser())
    return tid


def url(tid: int) -> str:
    return reverse("live:check-in", args=[tid])


def checked(tid: int, number: int = 1) -> frozenset[int]:
    return queries.load_tournament(tid).state.checked_in.get(number, frozenset())


def stored(tid: int) -> int:
    return Event.objects.filter(tournament_id=tid).count()


def check_in_all(tid: int) -> dict[str, str]:
    """The "Check in all" form of a page drawn now (its version: the last seq)."""
    return {"round": "1", "action": "all", "expected_seq": str(stored(tid))}


def test_the_page_lists_the_players_not_checked_in(client):
    tid = with_check_in()
    page = client.get(url(tid))
    assert page.status_code == 200
    assert page.context["round"] == 1 and page.context["waiting"] == 4
    assert "Player 3" in page.content.decode()


def test_one_click_checks_a_player_in(client):
    tid = with_check_in()
    response = client.post(url(tid), {"round": "1", "player_id": "2", "action": "in"})
    assert response.status_code == 302
    assert checked(tid) == {2}
    assert "Player 2 is checked in for round 1." in client.get(url(tid)).content.decode()


def test_undo_takes_a_check_in_back(client):
    tid = with_check_in()
    client.post(url(tid), {"round": "1", "player_id": "2", "action": "in"})
    client.post(url(tid), {"round": "1", "player_id": "2", "action": "out"})
    assert checked(tid) == frozenset()


def test_check_in_all_checks_in_every_player_not_withdrawn_nor_on_a_bye(client):
    tid = with_check_in(players=5)
    commands.withdraw_player(tid, {"start_rank": 4, "from_round": 1}, author=organiser())
    commands.request_bye(tid, {"start_rank": 5, "round": 1, "points": "half"}, author=organiser())
    client.post(url(tid), check_in_all(tid))
    assert checked(tid) == {1, 2, 3}


def test_a_refusal_is_shown_as_an_error_and_stores_nothing(client):
    tid = with_check_in()
    before = stored(tid)
    client.post(url(tid), {"round": "1", "player_id": "99", "action": "in"})
    html = client.get(url(tid)).content.decode()
    assert 'class="message error"' in html and "no player has id 99" in html
    assert stored(tid) == before


def test_a_page_left_open_while_its_round_was_paired_changes_nothing(client):
    tid = with_check_in()
    commands.check_in_players(tid, {"round": 1, "player_ids": [1, 2, 3, 4]}, author=organiser())
    commands.pair_next_round(tid, author=organiser())
    before = stored(tid)
    client.post(url(tid), {"round": "1", "player_id": "1", "action": "out"})
    assert stored(tid) == before


def test_players_not_checked_in_are_not_paired(client):
    tid = with_check_in()
    client.post(url(tid), {"round": "1", "player_id": "1", "action": "in"})
    client.post(url(tid), {"round": "1", "player_id": "3", "action": "in"})
    commands.pair_next_round(tid, author=organiser())
    assert queries.load_tournament(tid).state.rounds[1].paired_players == {1, 3}


def test_the_page_says_when_the_tournament_pairs_everybody(client):
    tid = build_tournament(author=organiser(), players=2)
    page = client.get(url(tid))
    assert page.context["uses_check_in"] is False
    assert "decides nothing" in page.content.decode()


def test_anonymous_users_are_sent_to_sign_in():
    tid = with_check_in()
    response = Client().post(url(tid), check_in_all(tid))
    assert response.status_code == 302 and checked(tid) == frozenset()


def test_another_organiser_may_not_check_players_in():
    tid = with_check_in()
    other = Client()
    other.force_login(organiser("mallory"))
    assert other.post(url(tid), check_in_all(tid)).status_code == 403
    assert checked(tid) == frozenset()


def test_a_post_without_the_csrf_token_is_refused():
    tid = with_check_in()
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(organiser())
    assert strict.post(url(tid), check_in_all(tid)).status_code == 403


def test_the_page_is_in_the_readers_language():
    tid = with_check_in()
    french = Client(headers={"accept-language": "fr"})
    french.force_login(organiser())
    french.post(url(tid), check_in_all(tid))
    html = french.get(url(tid)).content.decode()
    assert "Pointage pour la ronde 1" in html
    assert "4 joueurs pointés pour la ronde 1." in html
