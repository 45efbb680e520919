"""The organiser's event log page: filters, correction links, JSON Lines."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.builders import build_tournament, organiser, record
from tournaments.store import commands

pytestmark = pytest.mark.django_db


@pytest.fixture
def tid() -> int:
    """4 players; round 1: 1-3 (1-0, corrected to 0-1), 2-4 (draw)."""
    tid = build_tournament(author=organiser(), players=4, pairings=[[(1, 3), (2, 4)]])
    record(tid, 1, "1-0")
    record(tid, 2, "1/2-1/2")
    commands.correct_result(tid, {"round": 1, "board": 1, "result": "0-1", "reason": "sheets"})
    return tid


@pytest.fixture
def client() -> Client:
    signed_in = Client()
    signed_in.force_login(organiser())
    return signed_in


def url(tid: int, **query: str) -> str:
    return reverse("live:event-log", args=[tid]) + (
        "?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else ""
    )


def seqs(response) -> list[int]:
    return [line.event.seq for line in response.context["lines"]]


def test_only_the_tournaments_organisers_read_the_log_page(tid):
    assert Client().get(url(tid)).status_code == 302
    other = Client()
    other.force_login(organiser("mallory"))
    assert other.get(url(tid)).status_code == 403


def test_every_event_is_listed_newest_first_with_who_and_what(client, tid):
    response = client.get(url(tid))
    # Hand-counted: created, 4 registrations, the pairing, two results, the correction.
    assert seqs(response) == list(range(9, 0, -1))
    page = response.content.decode()
    assert "round 1 board 1: 0-1 (corrects #7: sheets)" in page
    assert '<a href="#event-7">corrects #7</a>' in page
    assert ">organiser<" in page


def test_filter_by_kind_and_by_round(client, tid):
    assert seqs(client.get(url(tid, kind="result.recorded"))) == [8, 7]
    assert seqs(client.get(url(tid, round="1"))) == [9, 8, 7, 6]


def test_filter_by_player_finds_registration_pairing_and_results(client, tid):
    # Player 3: registered at #4, paired on board 1 (#6), its result (#7) and correction (#9).
    assert seqs(client.get(url(tid, player="3"))) == [9, 7, 6, 4]


def test_a_bad_filter_is_refused_naming_it(client, tid):
    response = client.get(url(tid, round="x"))
    assert response.status_code == 400
    assert "round" in response.context["form"].errors


def test_the_log_downloads_as_json_lines_oldest_first(client, tid):
    response = client.get(url(tid, kind="result.corrected", format="jsonl"))
    assert response["Content-Type"] == "application/jsonl"
    (line,) = b"".join(response.streaming_content).decode().splitlines()
    event = json.loads(line)
    assert (event["seq"], event["kind"], event["author"]) == (9, "result.corrected", None)
    assert event["payload"] == {
        "round": 1,
        "board": 1,
        "result": "0-1",
        "reason": "sheets",
        "supersedes": 7,
    }


@pytest.fixture
def ranked() -> int:
    """Players registered lowest rated first, then ranked (C.04.2): High (id 2) gets
    pairing number 1, Mid (id 3) 2, Low (id 1) 3; round 1 is High v Low."""
    author = organiser()
    tid = build_tournament(author=author, players=0)
    commands.register_player(tid, {"name": "Low", "rating": 1800}, author=author)
    commands.register_player(tid, {"name": "High", "rating": 2400}, author=author)
    commands.register_player(tid, {"name": "Mid", "rating": 2000}, author=author)
    commands.rank_players(tid, {"method": "fide"}, author=author)
    commands.edit_player(tid, {"player_id": 1, "changes": {"club": "Roma"}}, author=author)
    commands.record_pairing(tid, {"round": 1, "boards": [{"white": 1, "black": 3}]})
    record(tid, 1, "1-0")
    return tid


def test_filter_by_player_follows_the_player_id_through_the_ranking(client, ranked):
    # Low (id 1): registered with start rank 1 (#2), ranked (#5), edited (#6), on
    # board 1 as pairing number 3 (#7), its result (#8).
    assert seqs(client.get(url(ranked, player="1"))) == [8, 7, 6, 5, 2]


def test_filter_by_player_leaves_out_events_of_the_start_rank_another_had(client, ranked):
    # High (id 2) has pairing number 1 now; start rank 1 at #2 was Low's registration.
    assert seqs(client.get(url(ranked, player="2"))) == [8, 7, 5, 3]


def test_the_player_filter_lists_the_players_by_name(client, ranked):
    page = client.get(url(ranked)).content.decode()
    assert '<option value="1">3. Low</option>' in page
    assert '<option value="2">1. High</option>' in page


MONTHS = {
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre "
    "dicembre",
}
DAY_FORMS = {"fr": "{d} {m} {y}", "de": "{d}. {m} {y}", "it": "{d} {m} {y}"}


@pytest.mark.parametrize("language", ["fr", "de", "it"])
def test_the_log_writes_when_in_the_page_language(tid, language):
    reader = Client(HTTP_ACCEPT_LANGUAGE=language)
    reader.force_login(organiser())
    today = timezone.now().date()
    month = MONTHS[language].split()[today.month - 1]
    day = DAY_FORMS[language].format(d=today.day, m=month, y=today.year)
    assert day in reader.get(url(tid)).content.decode()


def test_the_log_tells_a_settings_change_and_a_prize_list_in_the_page_language(tid):
    commands.change_settings(tid, {"changes": {"check_in": True}}, author=organiser())
    prizes = [
        {"name": "1st", "amount": "100", "place": 1},
        {"name": "2nd", "amount": "50", "place": 2},
    ]
    commands.set_prize_list(
        tid, {"definition": {"sharing": "equal", "prizes": prizes}}, author=organiser()
    )
    reader = Client(HTTP_ACCEPT_LANGUAGE="fr")
    reader.force_login(organiser())
    page = reader.get(url(tid)).content.decode()
    assert "paramètres : pointage activé" in page
    assert "liste des prix fixée : 2 prix, partage égal" in page
