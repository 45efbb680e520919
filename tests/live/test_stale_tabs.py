"""Stale tabs and double clicks on the check-in page, the players' and captains'
private links, the organiser's confirm and reject of reports, and the team page:
a form sent from a page drawn before the log changed stores no decision the
person did not see (refused with a message, nothing stored), and the same form
sent twice stores one event.

Every stale submission posts the hidden fields of the page as it was drawn, so
a page that stopped sending them fails here."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.builders import (
    build_team_event,
    build_tournament,
    organiser,
    private_link,
    record,
    record_board,
)
from tournaments.models import Event
from tournaments.store import commands
from tournaments.store.queries import load_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]


class _Forms(HTMLParser):
    """The page's forms: each its attributes and its hidden fields (name -> values)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[dict[str, str], dict[str, list[str]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append((found, {}))
        elif tag == "input" and found.get("type") == "hidden" and self.forms:
            self.forms[-1][1].setdefault(found["name"], []).append(found.get("value", ""))


def hidden(html: str, css_class: str, **match: str) -> dict[str, str | list[str]]:
    """The hidden fields of the first form of ``css_class`` whose hidden fields
    include ``match`` (a field sent several times: its values)."""
    parser = _Forms()
    parser.feed(html)
    for attrs, fields in parser.forms:
        values = {k: v[0] if len(v) == 1 else v for k, v in fields.items()}
        if css_class in attrs.get("class", "").split() and match.items() <= values.items():
            return {k: v for k, v in values.items() if k != "csrfmiddlewaretoken"}
    raise AssertionError(f"no form {css_class} {match}")


def stored(tid: int) -> int:
    return Event.objects.filter(tournament_id=tid).count()


# --- a player's report --------------------------------------------------------------


def test_a_report_from_a_page_of_a_round_since_over_is_refused():
    tid = build_tournament(players=4, pairings=[[(1, 3), (2, 4)]])
    link = private_link(tid, 1)
    form = hidden(Client().get(link).content.decode(), "report-buttons")
    record(tid, 1, "1-0")
    record(tid, 2, "0-1")
    pairing = {"round": 2, "boards": [{"white": 4, "black": 1}, {"white": 3, "black": 2}]}
    commands.record_pairing(tid, pairing, author=organiser())
    before = stored(tid)
    response = Client().post(link, {**form, "result": "1-0"})
    assert response.status_code == 400
    assert "round 1 is over: your game now is round 2, board 1" in response.content.decode()
    assert stored(tid) == before


def test_a_report_from_a_page_of_a_round_since_paired_again_is_refused():
    tid = build_tournament(players=4, pairings=[[(1, 3), (2, 4)]])
    link = private_link(tid, 1)
    form = hidden(Client().get(link).content.decode(), "report-buttons")
    commands.unpair_round(tid, {"round": 1}, author=organiser())
    pairing = {"round": 1, "boards": [{"white": 2, "black": 3}, {"white": 4, "black": 1}]}
    commands.record_pairing(tid, pairing, author=organiser())
    before = stored(tid)
    response = Client().post(link, {**form, "result": "1-0"})
    assert response.status_code == 400
    assert "you now play on board 2" in response.content.decode()
    assert stored(tid) == before


def test_a_report_sent_twice_is_stored_once():
    tid = build_tournament(players=4, pairings=[[(1, 3), (2, 4)]])
    link = private_link(tid, 1)
    form = {**hidden(Client().get(link).content.decode(), "report-buttons"), "result": "1-0"}
    Client().post(link, form)
    before = stored(tid)
    again = Client().post(link, form)
    assert "you already reported 1-0" in again.content.decode()
    assert stored(tid) == before


# --- a captain's line-up ------------------------------------------------------------


def team_event() -> int:
    """Four teams of two boards and a reserve (team 1: start ranks 1, 2, 3), round 1
    paired, nobody lined up."""
    return build_team_event(teams=4, boards=2, reserves=1, lined_up=False)


def test_a_line_up_from_a_page_of_a_round_since_started_is_refused():
    tid = team_event()
    link = private_link(tid, 1, role="captain")
    form = hidden(Client().get(link).content.decode(), "lineup")
    commands.submit_lineup(tid, {"round": 1, "team": 1, "players": [1, 2]}, author=organiser())
    commands.start_team_round(tid, {"round": 1}, author=organiser())
    before = stored(tid)
    response = Client().post(link, {**form, "board": ["1", "3"]})
    assert response.status_code == 400
    assert "the line-up due now is for round 2, not round 1" in response.content.decode()
    assert stored(tid) == before


def test_a_captains_line_up_from_a_page_drawn_before_the_organiser_changed_it_is_refused():
    tid = team_event()
    commands.submit_lineup(tid, {"round": 1, "team": 1, "players": [1, 3]}, author=organiser())
    link = private_link(tid, 1, role="captain")
    form = hidden(Client().get(link).content.decode(), "lineup")
    commands.submit_lineup(tid, {"round": 1, "team": 1, "players": [1, 2]}, author=organiser())
    before = stored(tid)
    response = Client().post(link, {**form, "board": ["2", "3"]})
    assert response.status_code == 400
    assert "changed since your page was loaded (now 1, 2)" in response.content.decode()
    assert stored(tid) == before
    assert load_tournament(tid).state.lineups[(1, 1)] == (1, 2)


def test_a_captains_first_line_up_is_taken_from_a_page_showing_none():
    tid = team_event()
    link = private_link(tid, 1, role="captain")
    form = hidden(Client().get(link).content.decode(), "lineup")
    assert Client().post(link, {**form, "board": ["1", "3"]}).status_code == 302
    assert load_tournament(tid).state.lineups[(1, 1)] == (1, 3)


def test_a_captains_line_up_sent_twice_is_stored_once():
    tid = team_event()
    link = private_link(tid, 1, role="captain")
    form = {**hidden(Client().get(link).content.decode(), "lineup"), "board": ["1", "3"]}
    Client().post(link, form)
    before = stored(tid)
    again = Client().post(link, form)
    assert "line-up for round 1 is this one already" in again.content.decode()
    assert stored(tid) == before
    assert load_tournament(tid).state.lineups[(1, 1)] == (1, 3)


# --- check-in -----------------------------------------------------------------------


@pytest.fixture
def desk(organiser_client: Client) -> Client:
    return organiser_client


def check_in_tournament() -> int:
    """Four players, the check-in setting on, players 1 and 2 checked in for round 1."""
    tid = build_tournament(players=4)
    commands.change_settings(tid, {"changes": {"check_in": True}}, author=organiser())
    commands.check_in_players(tid, {"round": 1, "player_ids": [1, 2]}, author=organiser())
    return tid


def check_in_page(client: Client, tid: int) -> str:
    return client.get(reverse("live:check-in", args=[tid])).content.decode()


def check_in_all_form(client: Client, tid: int) -> dict[str, object]:
    """The page's "Check in all" form: its first of class inline."""
    return {**hidden(check_in_page(client, tid), "inline"), "action": "all"}


def checked(tid: int) -> frozenset[int]:
    return load_tournament(tid).state.checked_in.get(1, frozenset())


def test_check_in_all_from_a_page_drawn_before_another_tab_changed_the_list_is_refused(desk):
    tid = check_in_tournament()
    everyone = check_in_all_form(desk, tid)
    body = {"round": 1, "player_ids": [2], "present": False}  # player 2 left the hall
    commands.check_in_players(tid, body, author=organiser())
    before = stored(tid)
    response = desk.post(reverse("live:check-in", args=[tid]), everyone, follow=True)
    assert "something was stored since your page was loaded" in response.content.decode()
    assert stored(tid) == before
    assert checked(tid) == {1}


def test_check_in_all_sent_twice_is_stored_once(desk):
    tid = check_in_tournament()
    everyone = check_in_all_form(desk, tid)
    desk.post(reverse("live:check-in", args=[tid]), everyone)
    before = stored(tid)
    desk.post(reverse("live:check-in", args=[tid]), everyone)
    assert stored(tid) == before
    assert checked(tid) == {1, 2, 3, 4}


def test_a_check_in_sent_twice_is_stored_once_and_says_so(desk):
    tid = check_in_tournament()
    form = {**hidden(check_in_page(desk, tid), "inline", player_id="3"), "action": "in"}
    desk.post(reverse("live:check-in", args=[tid]), form)
    before = stored(tid)
    again = desk.post(reverse("live:check-in", args=[tid]), form, follow=True)
    assert "already checked in for round 1" in again.content.decode()
    assert stored(tid) == before
    assert checked(tid) == {1, 2, 3}


def test_an_undo_of_a_check_in_another_tab_undid_stores_nothing(desk):
    tid = check_in_tournament()
    form = {**hidden(check_in_page(desk, tid), "inline", player_id="2"), "action": "out"}
    commands.check_in_players(tid, {"round": 1, "player_ids": [2], "present": False})
    before = stored(tid)
    response = desk.post(reverse("live:check-in", args=[tid]), form, follow=True)
    assert "already not checked in for round 1" in response.content.decode()
    assert stored(tid) == before
    assert checked(tid) == {1}


def test_a_check_in_of_a_player_withdrawn_since_the_page_was_drawn_is_refused(desk):
    tid = check_in_tournament()
    form = {**hidden(check_in_page(desk, tid), "inline", player_id="3"), "action": "in"}
    commands.withdraw_player(tid, {"start_rank": 3, "from_round": 1}, author=organiser())
    before = stored(tid)
    response = desk.post(reverse("live:check-in", args=[tid]), form, follow=True)
    assert "Player 3 withdrew before round 1" in response.content.decode()
    assert stored(tid) == before


# --- the organiser's confirm and reject of reports ----------------------------------


def reported_board() -> int:
    """Four players, round 1 paired (board 1: 1 v 3), player 1 reported 1-0."""
    tid = build_tournament(players=4, pairings=[[(1, 3), (2, 4)]])
    commands.report_result(tid, {"player_id": 1, "result": "1-0"})
    return tid


def reports_form(client: Client, tid: int, action: str) -> dict[str, object]:
    """Board 1's form of reports on the entry page, its button ``action``."""
    html = client.get(reverse("live:enter", args=[tid, 1])).content.decode()
    return {**hidden(html, "reports", board="1"), "action": action, "reason": "game still on"}


def test_a_confirm_of_a_report_its_player_changed_since_is_refused(desk):
    tid = reported_board()
    form = reports_form(desk, tid, "confirm")
    commands.report_result(tid, {"player_id": 1, "result": "0-1"})
    before = stored(tid)
    response = desk.post(reverse("live:reports", args=[tid, 1]), form, follow=True)
    assert "the reports of board 1 of round 1 changed since your page was loaded" in (
        response.content.decode()
    )
    assert stored(tid) == before
    assert load_tournament(tid).state.rounds[1].board(1).result is None


def test_a_reject_of_reports_when_the_opponent_reported_since_is_refused(desk):
    tid = reported_board()
    form = reports_form(desk, tid, "reject")
    commands.report_result(tid, {"player_id": 3, "result": "1-0"})
    before = stored(tid)
    response = desk.post(reverse("live:reports", args=[tid, 1]), form, follow=True)
    assert "the reports of board 1 of round 1 changed since your page was loaded" in (
        response.content.decode()
    )
    assert stored(tid) == before
    assert set(load_tournament(tid).state.reports[(1, None, 1)]) == {1, 3}


def test_a_confirm_sent_twice_records_the_result_once(desk):
    tid = reported_board()
    form = reports_form(desk, tid, "confirm")
    desk.post(reverse("live:reports", args=[tid, 1]), form)
    before = stored(tid)
    again = desk.post(reverse("live:reports", args=[tid, 1]), form, follow=True)
    assert "board 1 of round 1 already has 1-0" in again.content.decode()
    assert stored(tid) == before
    assert load_tournament(tid).state.rounds[1].board(1).result == "1-0"


def test_a_reject_sent_twice_is_stored_once(desk):
    tid = reported_board()
    form = reports_form(desk, tid, "reject")
    desk.post(reverse("live:reports", args=[tid, 1]), form)
    before = stored(tid)
    again = desk.post(reverse("live:reports", args=[tid, 1]), form, follow=True)
    assert "has no report to decide" in again.content.decode()
    assert stored(tid) == before


def reported_team_board() -> int:
    """Four teams of two boards, round 1 started (match 1, board 2: player 11 White
    v player 2), player 11 reported 1/2-1/2."""
    tid = build_team_event(teams=4, boards=2, reserves=1)
    commands.start_team_round(tid, {"round": 1}, author=organiser())
    commands.report_result(tid, {"player_id": 11, "result": "1/2-1/2"})
    return tid


def team_reports_form(client: Client, tid: int, action: str) -> dict[str, object]:
    """Match 1 board 2's form of reports on the team page, its button ``action``."""
    html = client.get(reverse("live:team-manage", args=[tid])).content.decode()
    form = hidden(html, "reports", match="1", board="2")
    return {**form, "action": action, "reason": "game still on"}


def test_a_confirm_of_a_team_boards_report_its_player_changed_since_is_refused(desk):
    tid = reported_team_board()
    form = team_reports_form(desk, tid, "confirm")
    commands.report_result(tid, {"player_id": 11, "result": "1-0"})
    before = stored(tid)
    response = desk.post(reverse("live:reports", args=[tid, 1]), form, follow=True)
    assert "the reports of board 2 of match 1 in round 1 changed since your page was loaded" in (
        response.content.decode()
    )
    assert stored(tid) == before
    assert 2 not in load_tournament(tid).state.team_rounds[1].match(1).results


def test_a_reject_of_a_team_boards_reports_when_the_opponent_reported_since_is_refused(desk):
    tid = reported_team_board()
    form = team_reports_form(desk, tid, "reject")
    commands.report_result(tid, {"player_id": 2, "result": "1/2-1/2"})
    before = stored(tid)
    response = desk.post(reverse("live:reports", args=[tid, 1]), form, follow=True)
    assert "the reports of board 2 of match 1 in round 1 changed since your page was loaded" in (
        response.content.decode()
    )
    assert stored(tid) == before
    assert set(load_tournament(tid).state.reports[(1, 1, 2)]) == {11, 2}


# --- the team page: pairing, line-ups, board results ---------------------------------


def team_page(client: Client, tid: int, number: int = 1) -> str:
    return client.get(reverse("live:team-manage", args=[tid]), {"round": number}).content.decode()


def send(client: Client, tid: int, form: dict[str, object]) -> Any:
    return client.post(reverse("live:team-manage", args=[tid]), form)


def test_pair_sent_twice_pairs_one_round(desk):
    tid = team_event()
    form = hidden(team_page(desk, tid), "pair")
    send(desk, tid, form)
    before = stored(tid)
    again = send(desk, tid, form)
    assert again.status_code == 400
    assert "round 2 is paired already: the next round to pair is 3" in again.content.decode()
    assert stored(tid) == before
    assert sorted(load_tournament(tid).state.team_rounds) == [1, 2]


def test_a_line_up_from_a_page_drawn_before_the_captain_sent_one_is_refused(desk):
    tid = team_event()
    form = {**hidden(team_page(desk, tid), "lineup", team="1"), "players": "1, 2"}
    Client().post(private_link(tid, 1, role="captain"), {"board": ["1", "3"]})
    before = stored(tid)
    response = send(desk, tid, form)
    assert response.status_code == 400
    assert "line-up for round 1 changed since your page was loaded (now 1, 3)" in (
        response.content.decode()
    )
    assert stored(tid) == before
    assert load_tournament(tid).state.lineups[(1, 1)] == (1, 3)


def test_a_line_up_sent_twice_from_the_team_page_is_stored_once(desk):
    tid = team_event()
    form = {**hidden(team_page(desk, tid), "lineup", team="1"), "players": "1, 2"}
    send(desk, tid, form)
    before = stored(tid)
    again = send(desk, tid, form)
    assert "line-up for round 1 is this one already" in again.content.decode()
    assert stored(tid) == before


def lined_up_event() -> int:
    """Four teams of two boards, round 1 paired (match 1: Club 1 - Club 4), lined up."""
    return build_team_event(teams=4, boards=2, reserves=1)


def test_a_board_result_sent_twice_is_stored_once(desk):
    tid = lined_up_event()
    form = {**hidden(team_page(desk, tid), "board", match="1", board="1"), "result": "1-0"}
    send(desk, tid, form)
    before = stored(tid)
    again = send(desk, tid, form)
    assert "board 1 of match 1 already has 1-0" in again.content.decode()
    assert stored(tid) == before


def test_a_correction_from_a_page_drawn_before_another_correction_is_refused(desk):
    tid = lined_up_event()
    record_board(tid, 1, 1, "1-0")
    form = {**hidden(team_page(desk, tid), "board", match="1", board="1"), "result": "0-1"}
    body = {"round": 1, "match": 1, "board": 1, "result": "1/2-1/2", "reason": "scoresheet"}
    commands.correct_board_result(tid, body, author=organiser())
    before = stored(tid)
    response = send(desk, tid, {**form, "reason": "arbiter saw it"})
    assert response.status_code == 400
    now = load_tournament(tid).state.team_rounds[1].match(1).results[1]
    assert f"the current result of board 1 is 1/2-1/2 (event #{now[1]})" in (
        response.content.decode()
    )
    assert stored(tid) == before
    assert now[0] == "1/2-1/2"


def test_a_correction_sent_twice_is_stored_once(desk):
    tid = lined_up_event()
    record_board(tid, 1, 1, "1-0")
    form = {**hidden(team_page(desk, tid), "board", match="1", board="1"), "result": "0-1"}
    send(desk, tid, {**form, "reason": "scoresheet"})
    before = stored(tid)
    send(desk, tid, {**form, "reason": "scoresheet"})
    assert stored(tid) == before
