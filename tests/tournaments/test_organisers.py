"""Organiser grants and revocations are events of the tournament, like results."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournaments.models import Event, Membership
from tournaments.store.commands import CommandError
from tournaments.store.organisers import ensure_organiser, grant_organiser, revoke_organiser

from .builders import make_tournament, stored

PLAYER = {"name": "Late Entry"}


@pytest.fixture
def tid(organiser) -> int:
    return make_tournament(organiser, players=2)


@pytest.fixture
def bob():
    user, _ = ensure_organiser("bob")
    return user


def last_event(tid: int) -> Event:
    return Event.objects.filter(tournament_id=tid).latest("seq")


def test_a_grant_is_an_event_by_whoever_granted_it(tid, organiser, bob):
    grant_organiser(tid, bob, author=organiser)
    event = last_event(tid)
    assert (event.kind, event.author) == ("organiser.granted", organiser)
    assert event.payload == {"user_id": bob.pk, "username": "bob"}


def test_a_granted_organiser_writes_and_a_revoked_one_no_longer(tid, organiser, bob, make_api):
    grant_organiser(tid, bob, author=organiser)
    assert make_api("bob").post("player-list", tid, body=PLAYER).status_code == 201
    revoke_organiser(tid, bob, author=organiser)
    assert last_event(tid).kind == "organiser.revoked"
    assert make_api("bob").post("player-list", tid, body=PLAYER).status_code == 403


def test_granting_twice_is_refused_and_stores_nothing(tid, organiser, bob):
    grant_organiser(tid, bob, author=organiser)
    before = stored(tid)
    with pytest.raises(CommandError, match="already organises"):
        grant_organiser(tid, bob, author=organiser)
    assert stored(tid) == before


def test_revoking_a_non_organiser_is_refused_and_stores_nothing(tid, organiser, bob):
    before = stored(tid)
    with pytest.raises(CommandError, match="does not organise"):
        revoke_organiser(tid, bob, author=organiser)
    assert stored(tid) == before


def test_createorganiser_for_a_tournament_grants_it_as_an_event(tid):
    user, _ = ensure_organiser("carla", [tid])
    assert last_event(tid).payload == {"user_id": user.pk, "username": "carla"}
    ensure_organiser("carla", [tid])  # already one: nothing more
    assert Event.objects.filter(tournament_id=tid, kind="organiser.granted").count() == 1


def organisers_url(tid: int) -> str:
    return reverse("admin:tournaments_tournament_organisers", args=[tid])


def test_the_admin_grants_through_the_event(admin_client, admin_user, tid, bob):
    response = admin_client.post(organisers_url(tid), {"user": "bob", "action": "grant"})
    assert response.status_code == 302
    event = last_event(tid)
    assert (event.kind, event.author) == ("organiser.granted", admin_user)
    assert Membership.objects.filter(tournament_id=tid, user=bob).exists()


def test_the_admin_shows_a_refused_revocation_on_the_form(admin_client, tid, bob):
    response = admin_client.post(organisers_url(tid), {"user": "bob", "action": "revoke"})
    assert response.status_code == 200
    assert response.context["form"].errors["user"] == ["bob does not organise this tournament"]


def test_the_admin_cannot_edit_memberships_directly(admin_client, tid, bob):
    inline = admin_client.get(reverse("admin:tournaments_tournament_change", args=[tid]))
    assert inline.status_code == 200
    formset = next(
        f for f in inline.context["inline_admin_formsets"] if f.formset.model is Membership
    )
    assert not formset.has_add_permission and not formset.has_delete_permission
    assert not formset.has_change_permission
    assert not get_user_model().objects.get(username="bob").memberships.exists()
