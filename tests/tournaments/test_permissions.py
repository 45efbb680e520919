"""Anyone reads; a tournament's organisers (and staff) write to it."""

from __future__ import annotations

from types import SimpleNamespace

from django.contrib.auth import get_user_model

from tournaments.api.permissions import IsOrganiserOrReadOnly
from tournaments.models import Membership
from tournaments.store.organisers import grant_organiser

from .builders import Api, make_tournament, stored

PLAYER = {"name": "Newcomer"}


def test_anonymous_users_read(organiser):
    tid = make_tournament(organiser)
    anonymous = Api()
    assert anonymous.get("tournament-list").status_code == 200
    assert anonymous.get("tournament-detail", tid).status_code == 200
    assert anonymous.get("event-list", tid).status_code == 200


def test_anonymous_writes_are_refused(organiser):
    tid = make_tournament(organiser)
    anonymous = Api()
    assert anonymous.post("player-list", tid, body=PLAYER).status_code == 401
    assert anonymous.post("tournament-list", body={"name": "X", "rounds": 5}).status_code == 401
    assert stored(tid) == 5


def test_another_tournaments_organiser_is_refused(make_api, organiser):
    tid = make_tournament(organiser)
    response = make_api("someone-else").post("player-list", tid, body=PLAYER)
    assert response.status_code == 403
    assert stored(tid) == 5


def test_the_creator_becomes_the_organiser_and_writes(make_api):
    alice = make_api("alice")
    tid = alice.post("tournament-list", body={"name": "Alice Open", "rounds": 5}).json()[
        "tournament"
    ]
    assert Membership.objects.filter(tournament_id=tid, user__username="alice").exists()
    assert alice.post("player-list", tid, body=PLAYER).status_code == 201


def test_an_added_organiser_writes(make_api, organiser):
    tid = make_tournament(organiser)
    bob = make_api("bob")
    grant_organiser(tid, get_user_model().objects.get(username="bob"), author=organiser)
    assert bob.post("player-list", tid, body=PLAYER).status_code == 201


def test_staff_write_anywhere(make_api, organiser):
    tid = make_tournament(organiser)
    staff = make_api("arbiter")
    get_user_model().objects.filter(username="arbiter").update(is_staff=True)
    assert staff.post("player-list", tid, body=PLAYER).status_code == 201


def test_an_organisers_write_is_allowed_by_one_query(rf, organiser, django_assert_num_queries):
    # The membership alone proves the tournament exists: no second query on the
    # path every result of a burst takes.
    tid = make_tournament(organiser)
    request = rf.post("/")
    request.user = organiser
    view = SimpleNamespace(kwargs={"tournament_id": tid})
    with django_assert_num_queries(1):
        assert IsOrganiserOrReadOnly().has_permission(request, view)
