"""The organiser's result-entry page: access, what it shows, and the API calls it makes."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect
from rest_framework.authtoken.models import Token

from tournaments.store.organisers import ensure_organiser

from .builders import make_tournament, organiser, record
from .conftest import running_worker
from .test_browser import chromium
from .test_browser import server as daphne_server

pytestmark = pytest.mark.django_db

# daphne in a subprocess on the test database and Redis (tests/live/test_browser.py).
server = daphne_server

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


def test_signing_in_without_a_next_page_shows_the_tournaments(tid):
    user = organiser()
    user.set_password(PASSWORD)
    user.save()
    response = Client().post(
        reverse("live:login"), {"username": user.username, "password": PASSWORD}
    )
    assert response["Location"] == reverse("live:index")


def test_a_wrong_password_is_refused_on_the_sign_in_page(tid):
    response = Client().post(
        reverse("live:login"), {"username": organiser().username, "password": "nope"}
    )
    assert response.status_code == 200
    assert "Wrong username or password." in response.content.decode()


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


# --------------------------------------------------------------------------- in a browser


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_results_entered_and_corrected_on_the_page_reach_the_spectator_live(server: str):
    tid = make_tournament(players=6, rounds=3)  # boards: 1 v 4, 2 v 5, 3 v 6
    with running_worker(), signed_in_entry_page(server, tid) as (arbiter, _):
        spectator = arbiter.context.browser.new_context().new_page()
        spectator.goto(server + reverse("live:spectator", args=[tid]))
        spectator.wait_for_selector("#status[data-state='live']")
        spectator.evaluate("window.notReloaded = true")

        def points(rank: int):
            return spectator.locator(f"#standings tr[data-start-rank='{rank}'] td.points")

        def shown(board: int):
            return spectator.locator(f"#boards tr[data-board='{board}'] td.result [aria-hidden]")

        message = arbiter.locator("#message")
        for board, button, text, spectator_text in [
            (1, "1-0", "Board 1: 1-0 saved.", "1–0"),
            (2, "1/2-1/2", "Board 2: ½-½ saved.", "½–½"),
            (3, "0-1", "Board 3: 0-1 saved.", "0–1"),
        ]:
            arbiter.click(f"#board-{board} button[data-result='{button}']")
            expect(message).to_have_text(text)
            expect(shown(board)).to_have_text(spectator_text, timeout=15000)
            buttons = arbiter.locator(f"#board-{board} button.result")
            assert all(buttons.nth(i).is_disabled() for i in range(6))
        expect(points(1)).to_have_text("1")
        expect(points(2)).to_have_text("½")
        expect(points(6)).to_have_text("1")

        arbiter.click("#board-1 button.correct")
        arbiter.check("#board-1 input[name=result][value='0-1']")
        arbiter.fill("#board-1 input[name=reason]", "score sheets say Black won")
        arbiter.click("#board-1 button[type=submit]")
        expect(message).to_have_text("Board 1 corrected to 0-1.")
        expect(shown(1)).to_have_text("0–1", timeout=15000)
        expect(points(1)).to_have_text("0")
        expect(points(4)).to_have_text("1")
        assert spectator.evaluate("window.notReloaded") is True


@contextmanager
def signed_in_entry_page(server: str, tid: int) -> Iterator[tuple[Any, Callable]]:
    """The entry page of round 1 signed in, and ``other_phone(board, result)`` that
    enters a result through the API as another arbiter would."""
    user = organiser()
    user.set_password(PASSWORD)
    user.save()
    token = Token.objects.get_or_create(user=user)[0].key
    with chromium() as browser:
        # A phone-sized window: the page is made for an arbiter at the board.
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(server + _enter_url(tid))
        page.fill("input[name=username]", user.username)
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_url(server + _enter_url(tid))

        def other_phone(board: int, result: str) -> None:
            other = page.request.post(
                server + reverse("tournaments:result-create", args=[tid]),
                data={"round": 1, "board": board, "result": result},
                headers={"Authorization": f"Token {token}"},
            )
            assert other.status == 201, other.text()

        yield page, other_phone


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_page_says_who_was_first_when_another_arbiter_took_the_board(server: str):
    tid = make_tournament(players=6, rounds=3)
    with signed_in_entry_page(server, tid) as (page, other_phone):
        other_phone(2, "0-1")
        page.click("#board-2 button[data-result='1-0']")
        expect(page.locator("#message")).to_have_text(
            "Board 2 was entered first by someone else: 0-1. Use “Correct…” if it is wrong."
        )
        expect(page.locator("#board-2 output.entered")).to_have_text("0-1")
        assert page.locator("#board-2 button[data-result='1-0']").is_disabled()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_an_entry_after_a_write_on_another_board_is_retried_and_saved(server: str):
    tid = make_tournament(players=6, rounds=3)
    with signed_in_entry_page(server, tid) as (page, other_phone):
        other_phone(1, "1-0")
        page.click("#board-3 button[data-result='1/2-1/2']")
        expect(page.locator("#message")).to_have_text("Board 3: ½-½ saved.")
        expect(page.locator("#board-1 output.entered")).to_have_text("1-0")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_bye_requested_on_the_page_is_stored(server: str):
    tid = make_tournament(players=6, rounds=3)
    with signed_in_entry_page(server, tid) as (page, _):
        page.select_option("#bye-form select[name=start_rank]", "5")
        page.select_option("#bye-form select[name=points]", "zero")
        page.click("#bye-form button[type=submit]")
        expect(page.locator("#message")).to_have_text("5. Player 5: zero-point bye in round 2.")
        byes = page.request.get(server + reverse("tournaments:bye-list", args=[tid])).json()
    assert byes == [{"round": 2, "start_rank": 5, "player_id": 5, "points": "zero"}]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_withdrawal_refused_by_the_api_shows_its_reason(server: str):
    tid = make_tournament(players=6, rounds=3)
    with signed_in_entry_page(server, tid) as (page, _):
        page.select_option("#withdraw-form select[name=start_rank]", "6")
        page.fill("#withdraw-form input[name=from_round]", "1")
        page.click("#withdraw-form button[type=submit]")
        expect(page.locator("#message")).to_have_text(
            "from_round: player 6 is paired in round 1: record a forfeit there, "
            "or withdraw from a later round"
        )
        page.fill("#withdraw-form input[name=from_round]", "2")
        page.click("#withdraw-form button[type=submit]")
        expect(page.locator("#message")).to_have_text("6. Player 6 withdrawn from round 2 on.")


def test_the_page_lists_the_boards_still_without_a_result_and_the_organiser_pages(
    arbiter_client, tid
):
    # Board 2 has its draw (the fixture); boards 1 and 3 have none.
    page = arbiter_client.get(_enter_url(tid)).content.decode()
    assert "Without a result: boards 1, 3." in page
    assert reverse("live:slips", args=[tid, 1]) in page
    assert reverse("live:event-log", args=[tid]) in page
