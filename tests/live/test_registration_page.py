"""The organiser's registration page: one player, a pasted list with its preview,
look-ups in FIDE's rating list; who may use it."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.builders import build_tournament, organiser
from tournaments.models import Event
from tournaments.store import commands, queries

pytestmark = pytest.mark.django_db

FIDE = Path(__file__).resolve().parent.parent / "data" / "fide"


@pytest.fixture
def tid() -> int:
    return build_tournament(author=organiser(), players=0)


@pytest.fixture
def client() -> Client:
    signed_in = Client()
    signed_in.force_login(organiser())
    return signed_in


def url(tid: int) -> str:
    return reverse("live:register", args=[tid])


def players(tid: int) -> list[tuple[int, str, int]]:
    state = queries.load_tournament(tid).state
    return [(p.start_rank, p.name, p.rating) for p in state.players.values()]


def events(tid: int) -> int:
    return Event.objects.filter(tournament_id=tid).count()


def test_anonymous_users_are_sent_to_sign_in(tid):
    response = Client().get(url(tid))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("live:login"))


def test_another_organiser_may_not_register(tid):
    other = Client()
    other.force_login(organiser("mallory"))
    assert other.get(url(tid)).status_code == 403
    assert other.post(url(tid), {"action": "one", "name": "Eve"}).status_code == 403
    assert events(tid) == 1


def test_a_post_without_the_csrf_token_is_refused(tid):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(organiser())
    assert strict.post(url(tid), {"action": "one", "name": "Eve"}).status_code == 403
    assert events(tid) == 1


def test_one_player_is_registered_by_the_form(client, tid):
    response = client.post(
        url(tid), {"action": "one", "name": "Rossi, Anna", "rating": "2150", "federation": "ita"}
    )
    assert response.status_code == 302
    assert players(tid) == [(1, "Rossi, Anna", 2150)]
    page = client.get(url(tid)).content.decode()
    assert "Rossi, Anna is registered." in page


def test_a_refused_player_is_shown_next_to_the_field_and_nothing_is_stored(client, tid):
    client.post(url(tid), {"action": "one", "name": "First", "fide_id": "1234"})
    response = client.post(url(tid), {"action": "one", "name": "Twin", "fide_id": "1234"})
    assert response.status_code == 400
    assert "FIDE id 1234 is already player 1" in response.content.decode()
    assert players(tid) == [(1, "First", 0)]


def test_a_pasted_list_is_previewed_with_every_bad_cell_and_nothing_stored(client, tid):
    rows = "Good, One\t\t2000\nBad, Two\tx1\t2000\n\t\t1900\n"
    response = client.post(url(tid), {"action": "preview", "rows": rows})
    assert response.status_code == 400
    page = response.content.decode()
    assert "line 2, column 2 (fide_id)" in page
    assert "line 3, column 1 (name): a name is required" in page
    assert "Register them" not in page
    assert events(tid) == 1


def test_a_good_list_is_previewed_then_registered_on_confirmation(client, tid):
    rows = "Name\tElo\nRossi, Anna\t2150\nBianchi, Carlo\t\n"
    preview = client.post(url(tid), {"action": "preview", "rows": rows})
    assert preview.status_code == 200
    assert "Preview: 2 players" in preview.content.decode()
    assert events(tid) == 1
    confirmed = client.post(
        url(tid), {"action": "confirm", "rows": preview.context["preview_text"]}
    )
    assert confirmed.status_code == 302
    assert players(tid) == [(1, "Rossi, Anna", 2150), (2, "Bianchi, Carlo", 0)]


def test_a_list_refused_by_a_registration_stores_none_of_it(client, tid):
    client.post(url(tid), {"action": "one", "name": "Already", "fide_id": "777"})
    rows = "New, One\t\nTwin, Two\t777\n"
    response = client.post(url(tid), {"action": "confirm", "rows": rows})
    assert response.status_code == 400
    assert "Nothing was registered" in response.content.decode()
    assert "line 2" in response.content.decode()
    assert players(tid) == [(1, "Already", 0)]


def test_a_csv_file_can_be_given_instead_of_pasted_rows(client, tid):
    csv = SimpleUploadedFile("p.csv", b'Name,Rating\n"Verdi, Luca",1800\n', "text/csv")
    response = client.post(url(tid), {"action": "preview", "file": csv})
    assert response.status_code == 200
    assert [r.player for r in response.context["preview"].rows] == [
        {"name": "Verdi, Luca", "rating": 1800}
    ]


def test_the_rating_list_fills_in_what_a_row_leaves_blank(client, tid):
    listed = SimpleUploadedFile("list.txt", (FIDE / "players_list_foa.txt").read_bytes())
    # The row gives the FIDE id only; the file gives the rest (hand-copied from it).
    response = client.post(
        url(tid), {"action": "preview", "rows": "x\t9000001\n", "rating_list": listed}
    )
    (row,) = response.context["preview"].rows
    assert row.player == {
        "name": "x",
        "fide_id": "9000001",
        "rating": 2612,
        "title": "GM",
        "federation": "ITA",
        "sex": "m",
        "birth_date": "1988",
    }


def test_a_look_up_by_id_and_by_name_offers_to_register_each_player_found(client, tid):
    listed = SimpleUploadedFile("list.xml", (FIDE / "players_list_xml_foa.xml").read_bytes())
    response = client.post(
        url(tid), {"action": "lookup", "queries": "9000002\nlefevre", "rating_list": listed}
    )
    assert response.status_code == 200
    found = dict(response.context["found"])
    assert [p.name for p in found["9000002"]] == ["Bianchi, Giulia"]
    assert [p.name for p in found["lefevre"]] == ["Lefèvre, Chloé"]
    assert response.content.decode().count('value="one"') >= 3  # the form's and two found


def test_a_look_up_without_a_list_says_to_choose_the_file(client, tid, settings):
    settings.FIDE_RATING_LIST = ""
    response = client.post(url(tid), {"action": "lookup", "queries": "9000002"})
    assert response.status_code == 400
    assert "Choose the rating list file" in response.content.decode()


def test_the_index_links_the_registration_page_for_the_tournaments_one_organises(client, tid):
    mine = reverse("live:register", args=[tid])
    assert mine in client.get(reverse("live:index")).content.decode()
    other = Client()
    other.force_login(organiser("mallory"))
    assert mine not in other.get(reverse("live:index")).content.decode()
    assert mine not in Client().get(reverse("live:index")).content.decode()


def test_a_look_up_without_a_file_searches_the_list_on_the_server(client, tid, settings):
    settings.FIDE_RATING_LIST = str(FIDE / "players_list_foa.txt")
    response = client.post(url(tid), {"action": "lookup", "queries": "9000003"})
    assert [p.name for p in dict(response.context["found"])["9000003"]] == ["Dupont, Emile"]


def test_a_late_entry_by_the_form_gets_the_byes_chosen_for_the_rounds_paired(client):
    tid = build_tournament(author=organiser(), players=2, pairings=[[(1, 2)]])
    form = {"action": "one", "name": "Late", "missed_rounds": "half"}
    assert client.post(url(tid), form).status_code == 302
    assert queries.load_tournament(tid).state.requested_bye(1, 3) == "half"


def test_the_form_offers_the_byes_of_a_late_entry_only_once_a_round_is_paired(client, tid):
    assert 'name="missed_rounds"' not in client.get(url(tid)).content.decode()
    paired = build_tournament(author=organiser(), players=2, pairings=[[(1, 2)]])
    assert 'name="missed_rounds"' in client.get(url(paired)).content.decode()


def test_a_half_point_bye_beyond_the_limit_is_shown_as_an_error_naming_points(client):
    tid = build_tournament(author=organiser(), players=2, rounds=5)
    commands.change_settings(tid, {"changes": {"max_half_byes": 0}}, author=organiser())
    action = reverse("live:player-action", args=[tid])
    form = {"action": "bye", "player_id": "1", "round": "2", "points": "half"}
    page = client.post(action, form, follow=True).content.decode()
    assert 'class="message error"' in page and "points: Player 1 has 0 half-point byes" in page
