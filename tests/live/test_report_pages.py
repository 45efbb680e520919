"""The players' private links (issue 21): the report page, its refusals and
throttle; the organiser's side on the entry page and the slips; "reported" on
the live page."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.test import Client
from django.urls import reverse
from redis.exceptions import RedisError
from rest_framework.throttling import SimpleRateThrottle

from live.private_pages import LinkThrottle
from live.projection import build_standings
from tests.builders import build_tournament, organiser, private_link, record, report, signed_in
from tournaments.store import commands
from tournaments.store.queries import load_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]


@pytest.fixture
def tid() -> int:
    """Four players, round 1 paired: board 1 is 1 v 3, board 2 is 2 v 4."""
    return build_tournament(players=4, pairings=[[(1, 3), (2, 4)]])


def test_the_link_shows_the_players_board_and_opponent(tid):
    page = Client().get(private_link(tid, 3)).content.decode()
    assert "Round 1, board 1" in page
    assert "You play Black against" in page
    assert "Player 1" in page


def test_a_report_through_the_link_is_stored_for_the_links_player(tid):
    link = private_link(tid, 4)
    response = Client().post(link, {"result": "0-1"})
    assert response.status_code == 302
    assert load_tournament(tid).state.reports[(1, None, 2)][4].result == "0-1"


def test_a_bad_report_answers_400_naming_the_field(tid):
    response = Client().post(private_link(tid, 4), {"result": "2-0"})
    assert response.status_code == 400
    assert "result:" in response.content.decode()


def test_a_revoked_link_answers_403_with_a_page_saying_so(tid):
    link = private_link(tid, 2)
    commands.revoke_link(tid, {"role": "player", "holder": 2}, author=organiser())
    response = Client().get(link)
    assert response.status_code == 403
    assert "no longer works" in response.content.decode()


def test_a_link_that_is_none_answers_404(tid):
    response = Client().get(reverse("live:link", args=["not-a-link"]))
    assert response.status_code == 404
    assert "not one of ours" in response.content.decode()


def test_a_link_is_throttled(tid, monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"private_link": "2/min"})
    link = private_link(tid, 1)
    statuses = [Client().get(link).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]


def test_the_throttle_counts_each_link_apart(tid, monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"private_link": "1/min"})
    assert Client().get(private_link(tid, 1)).status_code == 200
    assert Client().get(private_link(tid, 2)).status_code == 200


def test_the_entry_page_marks_reported_boards(tid):
    report(tid, 2, "1-0")
    page = signed_in().get(reverse("live:enter", args=[tid, 1])).content.decode()
    assert 'class="entry-board reported"' in page
    assert "to confirm: board 2." in page


def test_the_entry_page_flags_conflicting_reports(tid):
    report(tid, 1, "1-0")
    report(tid, 3, "0-1")
    page = signed_in().get(reverse("live:enter", args=[tid, 1])).content.decode()
    assert 'class="entry-board reported conflict"' in page
    assert "Conflicting reports" in page


def test_the_organiser_confirms_from_the_entry_page(tid):
    report(tid, 2, "1/2-1/2")
    url = reverse("live:reports", args=[tid, 1])
    signed_in().post(url, {"board": "2", "action": "confirm"})
    assert load_tournament(tid).state.rounds[1].board(2).result == "1/2-1/2"


def test_the_organiser_rejects_from_the_entry_page(tid):
    report(tid, 2, "1/2-1/2")
    url = reverse("live:reports", args=[tid, 1])
    signed_in().post(url, {"board": "2", "action": "reject", "reason": "still playing"})
    assert (1, None, 2) not in load_tournament(tid).state.reports


def test_only_organisers_confirm(tid):
    report(tid, 2, "1/2-1/2")
    other = Client()
    other.force_login(organiser("mallory"))
    response = other.post(reverse("live:reports", args=[tid, 1]), {"board": "2"})
    assert response.status_code == 403


def test_the_slips_give_links_to_the_players_without_one(tid):
    private_link(tid, 1)
    url = reverse("live:links", args=[tid])
    signed_in().post(url, {"role": "player", "action": "issue", "round": "1"})
    assert {holder for _, holder in load_tournament(tid).state.links} == {1, 2, 3, 4}


def test_the_slips_carry_a_qr_code_of_each_players_link(tid):
    private_link(tid, 1)
    page = signed_in().get(reverse("live:slips", args=[tid, 1])).content.decode()
    assert page.count('class="segno"') == 1
    assert "White: report the result" in page


def test_the_live_table_shows_reported_boards_until_confirmed(tid):
    report(tid, 2, "1-0")
    now = datetime.now(UTC)
    assert build_standings(load_tournament(tid), now).rounds.reported == [2]
    record(tid, 2, "1-0")
    assert build_standings(load_tournament(tid), now).rounds.reported == []


def test_the_event_log_names_the_system_as_the_author_of_a_self_confirmed_result(tid):
    commands.change_settings(
        tid, {"changes": {"confirm_matching_reports": True}}, author=organiser()
    )
    report(tid, 2, "0-1")
    report(tid, 4, "0-1")
    page = signed_in().get(reverse("live:event-log", args=[tid])).content.decode()
    assert "the system: matching reports" in page
    assert page.count("the player's private link") == 2


def test_the_round_page_says_reported_until_the_result_is_confirmed(tid):
    report(tid, 2, "1-0")
    page = Client().get(reverse("live:round", args=[tid, 1])).content.decode()
    assert "reported by the players, not confirmed yet" in page


class _Unreachable:
    def get(self, *args, **kwargs):
        raise RedisError("connection refused")


def test_a_link_works_uncounted_while_the_cache_is_unreachable(tid, monkeypatch):
    link = private_link(tid, 1)
    monkeypatch.setattr(LinkThrottle, "cache", _Unreachable())
    assert Client().get(link).status_code == 200
