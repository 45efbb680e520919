"""The admin shows events read-only and corrects results by appending an event."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.builders import build_team_event
from tournaments.models import Event
from tournaments.store import commands

from .builders import make_tournament, stored


@pytest.fixture
def tid(organiser) -> int:
    tid = make_tournament(organiser, players=2, pairings=[[(1, 2)]])
    commands.record_result(tid, {"round": 1, "board": 1, "result": "1-0"}, author=organiser)
    return tid


def correct_url(tid: int) -> str:
    return reverse("admin:tournaments_tournament_correct_result", args=[tid])


def test_the_admin_correction_appends_an_event_by_the_admin(admin_client, admin_user, tid):
    body = {"round": 1, "board": 1, "result": "0-1", "reason": "colours were swapped"}
    response = admin_client.post(correct_url(tid), body)
    assert response.status_code == 302
    event = Event.objects.get(tournament_id=tid, seq=6)
    assert event.kind == "result.corrected"
    assert event.author == admin_user
    assert event.payload == {**body, "supersedes": 5}


def test_the_admin_correction_needs_a_reason(admin_client, tid):
    response = admin_client.post(correct_url(tid), {"round": 1, "board": 1, "result": "0-1"})
    assert response.status_code == 200
    assert "reason" in response.context["form"].errors
    assert stored(tid) == 5


def test_the_admin_correction_shows_the_commands_refusal(admin_client, tid):
    body = {"round": 1, "board": 4, "result": "0-1", "reason": "typo"}
    response = admin_client.post(correct_url(tid), body)
    assert response.context["form"].errors["board"] == ["round 1 has no board 4"]
    assert stored(tid) == 5


def test_the_tournament_page_lists_its_events(admin_client, tid):
    response = admin_client.get(reverse("admin:tournaments_tournament_change", args=[tid]))
    assert response.status_code == 200
    assert "round 1 board 1: 1-0" in response.content.decode()


def test_the_admin_cannot_delete_an_event(admin_client, tid):
    event = Event.objects.get(tournament_id=tid, seq=5)
    response = admin_client.post(
        reverse("admin:tournaments_event_delete", args=[event.pk]), {"post": "yes"}
    )
    assert response.status_code == 403
    assert Event.objects.filter(pk=event.pk).exists()


def test_the_admin_cannot_change_an_event(admin_client, tid):
    event = Event.objects.get(tournament_id=tid, seq=5)
    url = reverse("admin:tournaments_event_change", args=[event.pk])
    response = admin_client.post(url, {"kind": "round.closed", "payload": "{}"})
    assert response.status_code == 403
    assert Event.objects.get(pk=event.pk).kind == "result.recorded"


@pytest.mark.parametrize(
    ("model", "shown"), [("tournament", "Test Open"), ("event", "round 1 board 1: 1-0")]
)
def test_the_admin_lists_tournaments_and_events(admin_client, tid, model, shown):
    response = admin_client.get(reverse(f"admin:tournaments_{model}_changelist"))
    assert response.status_code == 200
    assert shown in response.content.decode()


def test_the_admin_shows_an_event_read_only(admin_client, tid):
    event = Event.objects.get(tournament_id=tid, seq=5)
    response = admin_client.get(reverse("admin:tournaments_event_change", args=[event.pk]))
    assert response.status_code == 200
    assert 'name="kind"' not in response.content.decode()


def test_a_team_events_history_shows_its_team_events(admin_client):
    tid = build_team_event(teams=2, boards=1)
    response = admin_client.get(reverse("admin:tournaments_tournament_change", args=[tid]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "team 1. Club 1: 2 players" in html and "round 1: matches 1-2" in html
