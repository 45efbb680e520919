"""The organiser's TRF import page: the import, its warnings (issue #8) and refusals."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tiebreaks.teams.standings import team_standings
from tournaments.models import Tournament
from tournaments.store.queries import load_tournament, may_write

from .builders import organiser

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data"
DISAGREE = DATA / "notations" / "declared_points_disagree.trf"
IMPORT_URL = reverse("live:import")


@pytest.fixture
def client() -> Client:
    signed_in = Client()
    signed_in.force_login(organiser())
    return signed_in


def upload(client: Client, path: Path, *, follow: bool = False, **fields: str):
    file = SimpleUploadedFile(path.name, path.read_bytes(), content_type="text/plain")
    return client.post(IMPORT_URL, {"file": file, **fields}, follow=follow)


def test_anonymous_users_are_sent_to_sign_in():
    response = Client().get(IMPORT_URL)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("live:login"))


def test_an_import_redirects_so_that_a_reload_does_not_import_again(client):
    response = upload(client, DISAGREE)
    assert response.status_code == 302
    assert response["Location"] == IMPORT_URL


def test_the_warnings_are_shown_after_the_import(client):
    page = upload(client, DISAGREE, follow=True).content.decode()
    assert "Warnings: read from the file but not used" in page
    assert "player 2 (Bravo, Ben): the file declares 2.0 points, the results give 1.5" in page


def test_the_page_links_the_imported_tournament(client):
    page = upload(client, DISAGREE, follow=True).content.decode()
    tournament = Tournament.objects.get()
    assert "Imported Declared points that disagree with the results: 4 players" in page
    assert reverse("live:spectator", args=[tournament.pk]) in page


def test_the_importer_becomes_the_organiser(client):
    upload(client, DISAGREE)
    assert may_write(organiser(), Tournament.objects.get().pk)


def test_warnings_are_shown_once(client):
    upload(client, DISAGREE, follow=True)
    assert "Bravo, Ben" not in client.get(IMPORT_URL).content.decode()


def test_a_file_without_warnings_shows_none(client):
    page = upload(client, DATA / "held_swiss_5.trf", follow=True).content.decode()
    assert "Warnings" not in page


def test_a_refused_file_names_line_and_column_and_stores_nothing(client):
    response = upload(client, DATA / "broken_import" / "bad_colour.trf")
    assert response.status_code == 400
    assert "line 9, column 97: colour" in response.content.decode()
    assert not Tournament.objects.exists()


def test_an_unknown_rules_edition_is_refused(client):
    response = upload(client, DISAGREE, rules="fide-1999")
    assert response.status_code == 400
    assert "fide-1999 is not one of the available choices" in response.content.decode()
    assert not Tournament.objects.exists()


def test_the_index_links_the_import_page_for_signed_in_users(client):
    assert IMPORT_URL in client.get(reverse("live:index")).content.decode()


def test_a_team_file_imports_as_a_team_event_with_the_files_scores(client: Client) -> None:
    response = upload(client, DATA / "team_swiss_4.trf", follow=True)
    assert (
        "Imported Four teams, two boards: 8 players, 2 rounds paired." in response.content.decode()
    )
    folded = load_tournament(Tournament.objects.latest("pk").pk)
    rows = team_standings(folded.state.to_team_tournament()).rows
    # The file's 310 records: MP 2, 0, 3, 3 and GP 2, 1, 2.5, 2.5.
    scores = {r.team.number: (r.match_points, r.game_points) for r in rows}
    assert scores == {1: (2, 2), 2: (0, 1), 3: (3, Fraction(5, 2)), 4: (3, Fraction(5, 2))}


def test_a_team_file_with_a_bye_two_rounds_ahead_keeps_it(client: Client) -> None:
    assert upload(client, DATA / "team_future_bye.trf").status_code == 302
    state = load_tournament(Tournament.objects.latest("pk").pk).state
    assert dict(state.team_byes) == {3: {2: "half"}}


def test_a_team_file_with_an_unrated_board_keeps_it_unrated(client: Client) -> None:
    assert upload(client, DATA / "team_unrated_board.trf").status_code == 302
    state = load_tournament(Tournament.objects.latest("pk").pk).state
    assert state.team_rounds[1].matches[0].unrated == {1}


def test_a_team_file_of_colour_type_b_imports_as_type_b(client: Client) -> None:
    assert upload(client, DATA / "team_colour_type_b.trf").status_code == 302
    state = load_tournament(Tournament.objects.latest("pk").pk).state
    assert state.settings.colour_type == "B"


def test_a_team_file_with_a_192_code_it_cannot_pair_by_is_refused_naming_the_line(
    client: Client, tmp_path: Path
) -> None:
    text = (DATA / "team_colour_type_b.trf").read_text()
    path = tmp_path / "baku.trf"
    path.write_text(text.replace("FIDE_TEAM_TYPEB_MP_GP", "FIDE_TEAM_BAKU_TYPEA_MP_GP"))
    response = upload(client, path)
    assert response.status_code == 400
    line = text.split("\n").index("192 FIDE_TEAM_TYPEB_MP_GP") + 1
    assert f"line {line}, column 5" in response.content.decode()
    assert not Tournament.objects.exists()


def test_a_refused_file_is_told_in_the_page_language_with_its_line_and_column():
    client = Client(headers={"accept-language": "fr"})
    client.force_login(organiser())
    response = upload(client, DATA / "broken_import" / "bad_colour.trf")
    assert response.status_code == 400
    assert (
        "ligne 9, colonne 97 : la couleur &#x27;x&#x27; à la ronde 1 n’est pas w, b ou -"
        in response.content.decode()
    )


def test_the_warnings_are_told_in_the_page_language():
    client = Client(headers={"accept-language": "es"})
    client.force_login(organiser())
    page = upload(client, DISAGREE, follow=True).content.decode()
    assert (
        "jugador 2 (Bravo, Ben): el archivo declara 2.0 puntos, los resultados dan 1.5;"
        " cuentan los resultados" in page
    )
