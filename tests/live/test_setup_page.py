"""The organiser's page that creates a tournament."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.builders import build_team_event, organiser
from tournaments.api.permissions import may_write
from tournaments.models import Tournament
from tournaments.store import commands, queries

pytestmark = pytest.mark.django_db

URL = reverse("live:create")
FORM = {"name": "Spring Open", "system": "swiss", "rounds": "7", "rules": "fide-2026"}


@pytest.fixture
def client() -> Client:
    signed_in = Client()
    signed_in.force_login(organiser())
    return signed_in


def test_anonymous_users_are_sent_to_sign_in():
    response = Client().post(URL, FORM)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("live:login"))
    assert not Tournament.objects.exists()


def test_a_post_without_the_csrf_token_is_refused():
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(organiser())
    assert strict.post(URL, {**FORM, "scoring": "standard"}).status_code == 403
    assert not Tournament.objects.exists()


def test_a_tournament_is_created_with_its_details_and_the_page_goes_to_registration(client):
    form = {
        **FORM,
        "scoring": "three_one_zero",
        "tiebreaks": "BH/C1, SB",
        "start_date": "2026-03-13",
        "place": "Bologna",
        "federation": "ita",
        "deputy_arbiters": "Dario Dini\nElena Eco\n",
        "round_dates": "2026-03-13\n\n2026-03-15",
    }
    response = client.post(URL, form)
    tournament = Tournament.objects.get()
    assert response["Location"] == reverse("live:register", args=[tournament.pk])
    settings = queries.load_tournament(tournament.pk).state.settings
    assert (settings.name, settings.rounds, settings.tiebreaks) == (
        "Spring Open",
        7,
        ("BH/C1", "SB"),
    )
    assert settings.scoring.win == 3 and settings.scoring.draw == 1
    assert dict(settings.details) == {
        "start_date": "2026-03-13",
        "place": "Bologna",
        "federation": "ITA",
        "deputy_arbiters": ["Dario Dini", "Elena Eco"],
        "round_dates": ["2026-03-13", None, "2026-03-15"],
    }


def test_co_organisers_may_write_to_the_new_tournament(client):
    colleague = organiser("colleague")
    client.post(URL, {**FORM, "scoring": "standard", "organisers": "colleague"})
    assert may_write(colleague, Tournament.objects.get().pk)


def test_an_unknown_tie_break_is_shown_next_to_its_field_and_nothing_is_stored(client):
    response = client.post(URL, {**FORM, "scoring": "standard", "tiebreaks": "BH, XYZ"})
    assert response.status_code == 400
    assert "XYZ" in str(response.context["form"].errors["tiebreaks"])
    assert not Tournament.objects.exists()


def test_an_unknown_co_organiser_is_refused_and_nothing_is_stored(client):
    response = client.post(URL, {**FORM, "scoring": "standard", "organisers": "nobody"})
    assert response.status_code == 400
    assert "No user named nobody" in response.content.decode()
    assert not Tournament.objects.exists()


def test_acceleration_of_a_round_robin_is_refused_naming_the_field(client):
    form = {**FORM, "system": "round robin", "scoring": "standard", "acceleration": "baku"}
    response = client.post(URL, form)
    assert response.status_code == 400
    assert "acceleration applies to a Swiss only" in str(response.context["form"].errors)


def test_the_page_offers_the_c07_presets_and_names_the_codes(client):
    page = client.get(URL).content.decode()
    assert "BH/C1, BH, SB, PS, DE, WIN" in page  # the Swiss recommendation
    assert "DE, WIN, SB, KS" in page  # the round-robin one
    assert "Sonneborn-Berger" in page


def test_the_page_names_the_team_codes_with_their_articles(client):
    page = client.get(URL).content.decode()
    assert "<td><code>MPvGP</code></td><td>Match Points or Game Points</td><td>13.1</td>" in page
    assert "<td><code>EDE</code></td><td>Extended Direct Encounter</td><td>13.3</td>" in page


def test_the_page_says_scoring_is_the_board_scoring_of_a_team_event(client):
    page = client.get(URL).content.decode()
    assert "A team event: the points of a game on a board (game points)." in page


# --- the settings page --------------------------------------------------------------


def created(client: Client, **form: str) -> int:
    client.post(URL, {**FORM, "scoring": "standard", **form})
    return Tournament.objects.latest("pk").pk


def test_the_settings_page_shows_the_settings_and_saves_the_changes(client):
    tid = created(client, place="Bologna", acceleration="baku")
    settings_url = reverse("live:settings", args=[tid])
    page = client.get(settings_url)
    assert page.context["form"].initial["place"] == "Bologna"
    form = {**FORM, "scoring": "standard", "rounds": "9", "place": "Modena"}
    response = client.post(settings_url, form)
    assert response.status_code == 302
    settings = queries.load_tournament(tid).state.settings
    # Hand-checked: rounds and place changed, acceleration cleared (left blank).
    assert (settings.rounds, settings.details["place"], settings.acceleration) == (9, "Modena", "")


def test_a_setting_the_rounds_forbid_is_refused_next_to_its_field(client):
    tid = created(client)
    for name in ("A", "B"):
        commands.register_player(tid, {"name": name})
    commands.record_pairing(tid, {"round": 1, "boards": [{"white": 1, "black": 2}]})
    response = client.post(
        reverse("live:settings", args=[tid]),
        {**FORM, "scoring": "standard", "system": "round robin"},
    )
    assert response.status_code == 400
    assert "the system cannot change: round 1 is paired" in str(response.context["form"].errors)


def test_only_the_tournaments_organisers_see_its_settings_page(client):
    tid = created(client)
    other = Client()
    other.force_login(organiser("mallory"))
    assert other.get(reverse("live:settings", args=[tid])).status_code == 403
    assert Client().get(reverse("live:settings", args=[tid])).status_code == 302


def test_the_pairing_settings_are_created_from_the_form(client):
    form = {
        **FORM,
        "scoring": "standard",
        "initial_colour": "black1",
        "check_in": "on",
        "max_half_byes": "2",
        "no_half_byes_in": "7, 6",
    }
    client.post(URL, form)
    settings = queries.load_tournament(Tournament.objects.get().pk).state.settings
    assert (
        settings.initial_colour,
        settings.check_in,
        settings.max_half_byes,
        settings.no_half_byes_in,
    ) == ("black1", True, 2, (6, 7))


def test_rounds_without_half_point_byes_must_be_numbers(client):
    response = client.post(URL, {**FORM, "scoring": "standard", "no_half_byes_in": "last"})
    assert response.status_code == 400
    assert "no_half_byes_in" in response.context["form"].errors
    assert not Tournament.objects.exists()


def test_a_round_without_half_point_byes_after_the_last_is_refused_next_to_its_field(client):
    response = client.post(URL, {**FORM, "scoring": "standard", "no_half_byes_in": "8"})
    assert response.status_code == 400
    assert "after the last round" in str(response.context["form"].errors["no_half_byes_in"])


def test_the_settings_page_clears_a_pairing_setting_left_blank(client):
    tid = created(client, check_in="on", max_half_byes="1")
    client.post(reverse("live:settings", args=[tid]), {**FORM, "scoring": "standard"})
    settings = queries.load_tournament(tid).state.settings
    assert (settings.check_in, settings.max_half_byes) == (False, None)


def test_the_settings_page_turns_matching_reports_into_results_on_and_off(client):
    tid = created(client)
    settings_url = reverse("live:settings", args=[tid])
    client.post(settings_url, {**FORM, "scoring": "standard", "confirm_matching_reports": "on"})
    assert queries.load_tournament(tid).state.settings.confirm_matching_reports
    client.post(settings_url, {**FORM, "scoring": "standard"})
    assert not queries.load_tournament(tid).state.settings.confirm_matching_reports


# --- a team event's settings -------------------------------------------------------------

TEAM_FORM = {**FORM, "scoring": "standard", "kind": "team", "boards": "4"}


def test_a_team_events_settings_page_shows_no_individual_only_setting(client):
    client.post(URL, TEAM_FORM)
    tid = Tournament.objects.latest("pk").pk
    fields = client.get(reverse("live:settings", args=[tid])).context["form"].fields
    shown = {"acceleration", "check_in", "max_half_byes", "no_half_byes_in"} & set(fields)
    assert (shown, "confirm_matching_reports" in fields) == (set(), False)


def test_a_team_events_match_points_change_on_the_settings_page(client):
    client.post(URL, TEAM_FORM)
    tid = Tournament.objects.latest("pk").pk
    response = client.post(
        reverse("live:settings", args=[tid]), {**TEAM_FORM, "match_points": "3-1-0"}
    )
    assert response.status_code == 302
    points = queries.load_tournament(tid).state.settings.match_points
    assert dict(points) == {"win": "3", "draw": "1", "loss": "0"}


def test_a_team_events_settings_page_keeps_the_acceleration_set_on_the_team_page(client):
    client.post(URL, {**TEAM_FORM, "acceleration": "baku"})
    tid = Tournament.objects.latest("pk").pk
    client.post(reverse("live:settings", args=[tid]), {**TEAM_FORM, "rounds": "9"})
    settings = queries.load_tournament(tid).state.settings
    assert (settings.rounds, settings.acceleration) == (9, "baku")


def test_a_team_events_match_points_are_fixed_on_the_settings_page_once_paired(client):
    tid = build_team_event(teams=4, boards=2, system="swiss", author=organiser())
    field = client.get(reverse("live:settings", args=[tid])).context["form"].fields["match_points"]
    assert field.disabled
