"""The organiser's result-entry page: access, what it shows, and the API calls it makes."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.organisers import ensure_organiser

from .builders import make_tournament, organiser, record

pytestmark = pytest.mark.django_db

PASSWORD = "board-one-please"


def _enter_url(tid: int, round_number: int = 1) -> str:
    return reverse("live:enter", args=[tid, round_number])


@pytest.fixture
def tid() -> int:
    """Six players, round 1 paired 1-4, 2-5, 3-6; board 2 already 1/2-1/2."""
    tournament = make_tournament(players=6, rounds=3)
    record(tournament, 2, "1/2-1/2")
    return tournament


@pytest.fixture
def arbiter_client(tid) -> Client:
    user = organiser()
    user.set_password(PASSWORD)
    user.save()
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def test_anonymous_users_are_sent_to_sign_in(tid):
    response = Client().get(_enter_url(tid))
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('live:login')}?next={_enter_url(tid)}"


def test_signing_in_returns_to_the_entry_page(tid):
    user = organiser()
    user.set_password(PASSWORD)
    user.save()
    response = Client().post(
        reverse("live:login"),
        {"username": user.username, "password": PASSWORD, "next": _enter_url(tid)},
    )
    assert response.status_code == 302
    assert response["Location"] == _enter_url(tid)


def test_other_users_are_refused(tid):
    stranger, _ = ensure_organiser("stranger")
    client = Client()
    client.force_login(stranger)
    assert client.get(_enter_url(tid)).status_code == 403


@pytest.mark.parametrize(("tournament_offset", "round_number"), [(0, 2), (1000, 1)])
def test_a_round_not_paired_or_a_tournament_unknown_is_not_found(
    arbiter_client, tid, tournament_offset, round_number
):
    response = arbiter_client.get(_enter_url(tid + tournament_offset, round_number))
    assert response.status_code == 404


def test_the_page_shows_every_board_with_the_six_result_buttons(arbiter_client, tid):
    page = arbiter_client.get(_enter_url(tid)).content.decode()
    assert page.count('class="entry-board"') == 3
    for value in ("1-0", "1/2-1/2", "0-1", "+/-", "-/+", "0-0"):
        assert page.count(f'data-result="{value}"') >= 3
    assert 'data-version="9"' in page  # created, 6 players, the pairing, board 2's result
    assert 'data-results-url="/api/tournaments/' in page


def test_an_entered_result_is_shown_and_locked(arbiter_client, tid):
    page = arbiter_client.get(_enter_url(tid)).content.decode()
    board_two = re.search(r'<li class="entry-board" id="board-2".*?</li>', page, re.S).group()
    assert 'data-result="1/2-1/2" data-result-seq="9"' in board_two
    assert ">½-½</output>" in board_two
    assert board_two.count("disabled") == 6
    board_one = re.search(r'<li class="entry-board" id="board-1".*?</li>', page, re.S).group()
    assert "disabled" not in board_one
    assert '<button type="button" class="correct" hidden>' in board_one


def test_the_page_has_the_withdrawal_and_bye_forms(arbiter_client, tid):
    page = arbiter_client.get(_enter_url(tid)).content.decode()
    assert 'id="withdraw-form" data-url="/api/tournaments/' in page
    assert 'id="bye-form" data-url="/api/tournaments/' in page
    assert page.count('<option value="6">6. Player 6</option>') == 2


# The page's own calls: session cookie, CSRF header, expected_seq.


def _post(client, name, tid, body, csrf=True):
    headers = {"HTTP_X_CSRFTOKEN": client.cookies["csrftoken"].value} if csrf else {}
    return client.post(
        reverse(f"tournaments:{name}", args=[tid]),
        json.dumps(body),
        content_type="application/json",
        **headers,
    )


def test_the_page_sets_the_csrf_cookie_its_script_sends(arbiter_client, tid):
    arbiter_client.get(_enter_url(tid))
    body = {"round": 1, "board": 1, "result": "1-0", "expected_seq": 9}
    assert _post(arbiter_client, "result-create", tid, body, csrf=False).status_code == 403
    assert _post(arbiter_client, "result-create", tid, body).status_code == 201


def test_a_board_entered_first_by_someone_else_answers_409(arbiter_client, tid):
    arbiter_client.get(_enter_url(tid))
    record(tid, 1, "0-1")  # another arbiter, after this page was drawn at version 9
    body = {"round": 1, "board": 1, "result": "1-0", "expected_seq": 9}
    response = _post(arbiter_client, "result-create", tid, body)
    assert response.status_code == 409
    assert response.json()["current_seq"] == 10
