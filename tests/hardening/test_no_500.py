"""Inputs that a framework default would answer with a 500: each gets a 4xx (or is handled)."""

from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from config.asgi import application
from live.snapshots import store_snapshot
from tests.live.builders import make_tournament, organiser
from tournaments.models import Event, Membership
from tournaments.store.queries import load_tournament

HUGE = "5" * 5000


@pytest.fixture
def tid(db: None) -> int:
    return make_tournament(players=4)


@pytest.fixture
def client(db: None) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=organiser())
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


WRITE_URLS = [
    ("tournaments:tournament-import", False),
    ("tournaments:result-create", True),
    ("tournaments:correction-create", True),
    ("tournaments:withdrawal-create", True),
    ("tournaments:schedule-create", True),
    ("tournaments:round-import-trf", True),
]


@pytest.mark.parametrize(("name", "per_tournament"), WRITE_URLS)
def test_options_describes_the_endpoint(client, tid, name: str, per_tournament: bool) -> None:
    response = client.options(reverse(name, args=[tid] if per_tournament else []))
    assert response.status_code == 200
    assert "POST" in response["Allow"]


def test_options_on_round_close(client, tid) -> None:
    response = client.options(reverse("tournaments:round-close", args=[tid, 1]))
    assert response.status_code == 200


def test_deeply_nested_json_is_a_400(client, tid) -> None:
    body = "[" * 100_000 + "]" * 100_000
    response = client.post(
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
