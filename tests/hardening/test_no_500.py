"""Inputs that a framework default would answer with a 500: each gets a 4xx (or is handled)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connections
from django.urls import reverse
from rest_framework.test import APIClient

from config.asgi import application
from live.snapshots import store_snapshot
from tests import builders
from tests.live.builders import make_tournament, organiser
from tournaments.models import Event, Membership
from tournaments.store.queries import load_tournament

HUGE = "5" * 5000


@pytest.fixture
def tid(db: None) -> int:
    return make_tournament(players=4)


WRITE_URLS = [
    ("tournaments:tournament-import", False),
    ("tournaments:result-create", True),
    ("tournaments:correction-create", True),
    ("tournaments:withdrawal-create", True),
    ("tournaments:schedule-create", True),
    ("tournaments:round-import-trf", True),
]


@pytest.mark.parametrize(("name", "per_tournament"), WRITE_URLS)
def test_options_describes_the_endpoint(
    organiser_api, tid, name: str, per_tournament: bool
) -> None:
    response = organiser_api.options(reverse(name, args=[tid] if per_tournament else []))
    assert response.status_code == 200
    assert "POST" in response["Allow"]


def test_options_on_round_close(organiser_api, tid) -> None:
    response = organiser_api.options(reverse("tournaments:round-close", args=[tid, 1]))
    assert response.status_code == 200


def test_deeply_nested_json_is_a_400(organiser_api, tid) -> None:
    body = "[" * 100_000 + "]" * 100_000
    response = organiser_api.post(
        reverse("tournaments:result-create", args=[tid]), body, content_type="application/json"
    )
    assert response.status_code == 400
    assert "JSON" in response.json()["detail"]


def test_if_none_match_with_5000_digits_gets_the_table(tid) -> None:
    store_snapshot(load_tournament(tid))
    response = APIClient().get(reverse("standings", args=[tid]), HTTP_IF_NONE_MATCH=f'"{HUGE}"')
    assert response.status_code == 200


def test_version_parameter_with_5000_digits_is_a_400(tid) -> None:
    response = APIClient().get(reverse("standings", args=[tid]), {"version": HUGE})
    assert response.status_code == 400
    assert "version" in response.json()


def test_a_forged_extra_event_row_in_the_admin_form_is_ignored(admin_client, tid) -> None:
    url = reverse("admin:tournaments_tournament_change", args=[tid])
    events, members = Event.objects.count(), Membership.objects.count()
    # Rows the read-only inlines never offered (an organiser who does not exist, an
    # event): the admin ignores them, changes nothing and goes back to the list.
    data = {
        "memberships-TOTAL_FORMS": "1",
        "memberships-INITIAL_FORMS": "0",
        "memberships-0-user": "987654",
        "events-TOTAL_FORMS": "1",
        "events-INITIAL_FORMS": "0",
    }
    response = admin_client.post(url, data)
    assert response.status_code == 302
    assert (Event.objects.count(), Membership.objects.count()) == (events, members)


@pytest.mark.django_db(transaction=True)
async def test_a_websocket_path_matching_no_route_is_refused() -> None:
    communicator = WebsocketCommunicator(
        application, "/ws/nothing/here/", headers=[(b"origin", b"http://127.0.0.1")]
    )
    connected, _ = await communicator.connect(timeout=5)
    assert not connected


@pytest.fixture
def empty(db: None) -> int:
    """A tournament of one round and no player."""
    return builders.build_tournament(author=organiser(), players=0, rounds=1)


def import_round(client: APIClient, tid: int, text: str) -> Any:
    url = reverse("tournaments:round-import-trf", args=[tid])
    return client.post(url, text, content_type="text/plain")


def test_a_blank_round_trf_is_a_400_naming_the_file(organiser_api, empty) -> None:
    response = import_round(organiser_api, empty, "\n  \n")
    assert response.status_code == 400
    assert response.json() == {"file": ["The TRF is empty."]}
    assert Event.objects.filter(tournament_id=empty).count() == 1


def test_a_round_of_nobody_is_refused_every_time(organiser_api, empty) -> None:
    for _ in range(2):  # column 92: round 1's cell (TRF)
        response = import_round(organiser_api, empty, "012 Empty Open\n")
        assert response.status_code == 400
        assert response.json()["detail"].startswith("line 1, column 92: boards: A round needs")
    assert Event.objects.filter(tournament_id=empty).count() == 1


def test_a_refused_round_of_a_file_without_players_is_placed_on_line_1(organiser_api, db) -> None:
    # Round 1 paired empty, as stored before a round of nobody was refused: pairing
    # round 2 of 1 is refused on "round", which no player's line can show.
    tid = builders.build_tournament(author=organiser(), players=0, rounds=1, pairings=[[]])
    response = import_round(organiser_api, tid, "012 Empty Open\n")
    assert response.status_code == 400
    assert response.json()["line"] == 1
    assert "round" in response.json()["detail"]


@pytest.fixture
async def close_connections() -> AsyncIterator[None]:
    """The consumer's queries ran in asgiref's thread: its connection must not
    outlive the test database."""
    yield
    await sync_to_async(connections.close_all)()


@pytest.mark.django_db(transaction=True)
async def test_a_deeply_nested_websocket_frame_gets_an_error_frame(
    broker, close_connections
) -> None:
    tid = await sync_to_async(make_tournament)(players=4)
    communicator = WebsocketCommunicator(application, f"/ws/tournaments/{tid}/standings/")
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    assert (await communicator.receive_json_from(timeout=10))["type"] == "standings"
    await communicator.send_to(text_data="[" * 990 + "]" * 990)
    error = await communicator.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["detail"].startswith("frames must be JSON objects")
    await communicator.disconnect()


@pytest.mark.parametrize(
    "query",
    [{"kind": "\x00"}, {"payload__contains": "\x00"}, {"kind__regex": "(unclosed"}],
)
def test_a_filter_postgresql_refuses_is_a_400_in_the_admin_event_list(
    admin_client, tid, query: dict[str, str]
) -> None:
    response = admin_client.get(reverse("admin:tournaments_event_changelist"), query)
    assert response.status_code == 400


def test_the_admin_event_list_still_filters_by_kind(admin_client, tid) -> None:
    url = reverse("admin:tournaments_event_changelist")
    response = admin_client.get(url, {"kind": "round.paired"})
    assert response.status_code == 200
    assert response.context["cl"].result_count == 1  # make_tournament pairs round 1 only
