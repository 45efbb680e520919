"""The index page: where every tournament stands, read from the latest standings
snapshots, never by folding the event logs."""

from __future__ import annotations

from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from live.snapshots import ensure_snapshot, store_snapshot
from tournaments.store import commands
from tournaments.store.queries import load_tournament

from .builders import make_tournament, organiser, record

pytestmark = pytest.mark.django_db


def index() -> str:
    response = Client().get(reverse("live:index"))
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def entry(html: str, name: str) -> str:
    """The index's list item of the tournament called ``name``."""
    start = html.index(f">{name}</a>")
    return html[start : html.index("</li>", start)]


def test_a_round_in_play_shows_as_in_progress_with_the_players() -> None:
    ensure_snapshot(make_tournament(players=4, rounds=3, name="Spring Open"))
    item = entry(index(), "Spring Open")
    assert "Round 1 of 3, in progress" in item and "4 players" in item


def test_a_round_with_every_result_shows_as_finished() -> None:
    tid = make_tournament(players=4, rounds=3, name="Spring Open")
    record(tid, 1, "1-0")
    record(tid, 2, "1/2-1/2")
    ensure_snapshot(tid)
    assert "Round 1 of 3, finished" in entry(index(), "Spring Open")


def test_the_last_round_finished_shows_final_standings() -> None:
    tid = make_tournament(players=4, rounds=1, name="Blitz")
    record(tid, 1, "1-0")
    record(tid, 2, "0-1")
    ensure_snapshot(tid)
    assert "Final standings" in entry(index(), "Blitz")


def test_a_tournament_before_its_first_round_shows_registration() -> None:
    author = organiser()
    tid = commands.create_tournament({"name": "Autumn Cup", "rounds": 7}, author=author)
    for name in ("Ann", "Bob"):
        commands.register_player(tid.tournament_id, {"name": name}, author=author)
    ensure_snapshot(tid.tournament_id)
    assert "Registration: 2 players, 7 rounds" in entry(index(), "Autumn Cup")


def test_the_stage_is_the_latest_snapshot_s() -> None:
    tid = make_tournament(players=4, rounds=3, name="Spring Open")
    ensure_snapshot(tid)
    record(tid, 1, "1-0")
    record(tid, 2, "1-0")
    store_snapshot(load_tournament(tid))
    assert "Round 1 of 3, finished" in entry(index(), "Spring Open")


def test_a_tournament_without_a_snapshot_yet_is_listed_without_a_stage() -> None:
    make_tournament(players=4, name="Spring Open")
    item = entry(index(), "Spring Open")
    assert 'class="stage"' not in item and "players" not in item


def test_the_index_folds_no_event_log() -> None:
    ensure_snapshot(make_tournament(players=4, name="Spring Open"))
    ensure_snapshot(make_tournament(players=6, name="Club Cup"))
    with mock.patch("tournaments.store.state_cache.fold", side_effect=AssertionError("folded")):
        html = index()
    assert "Round 1 of 3, in progress" in entry(html, "Club Cup")
    assert "6 players" in entry(html, "Club Cup") and "4 players" in entry(html, "Spring Open")


def test_the_index_reads_the_same_few_queries_however_many_tournaments(
    django_assert_max_num_queries,
) -> None:
    for n in range(5):
        ensure_snapshot(make_tournament(players=4, name=f"Open {n}"))
    # The tournaments (their versions, their creation events) and their snapshots.
    with django_assert_max_num_queries(3):
        index()
