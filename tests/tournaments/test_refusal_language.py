"""A refusal keeps its template and parameters (tournaments.domain.errors.msg), and
the API answers it in the language the request asks for, its field names as sent."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

from django.urls import reverse

from tests.builders import record
from tiebreaks import messages
from tiebreaks.errors import TrfError
from tournaments.domain import errors
from tournaments.domain.errors import CommandError, listed, msg

from .builders import Api, make_tournament

DATA = Path(__file__).resolve().parent.parent / "data"


def post(api: Api, name: str, tid: int, *args: Any, body: Any, language: str | None) -> Any:
    headers = {"accept-language": language} if language else {}
    url = reverse(f"tournaments:{name}", args=[tid, *args])
    return api.client.post(url, body, format="json", headers=headers)


def test_a_message_is_its_english_text_and_keeps_its_template_and_parameters() -> None:
    text = msg("%(name)s withdrew before round %(round)s", name="Ann", round=3)
    assert text == "Ann withdrew before round 3"
    assert (text.template, text.params) == (
        "%(name)s withdrew before round %(round)s",
        {"name": "Ann", "round": 3},
    )


def test_a_refusal_names_its_template_and_parameters() -> None:
    error = CommandError("round", msg("round %(round)s is closed", round=2))
    assert (error.field, error.message, str(error)) == (
        "round",
        "round 2 is closed",
        "round: round 2 is closed",
    )
    assert (error.template, error.params) == ("round %(round)s is closed", {"round": 2})
    assert error.errors == {"round": ["round 2 is closed"]}


def test_a_refusal_of_a_plain_text_is_its_own_template() -> None:
    error = CommandError("tiebreaks", "unknown tie-break XYZ")
    assert (error.template, error.params) == ("unknown tie-break XYZ", {})


def test_a_template_without_parameters_keeps_a_percent_sign_as_written() -> None:
    assert msg("100% sure") == "100% sure"


def test_a_message_survives_a_pickle_with_its_template() -> None:
    text = pickle.loads(pickle.dumps(msg("board %(board)s appears twice", board=4)))
    assert (text, text.template, text.params) == (
        "board 4 appears twice",
        "board %(board)s appears twice",
        {"board": 4},
    )


def test_a_list_of_several_is_a_message_whose_and_is_translated() -> None:
    three = listed(["3", "7", "12"])
    assert three == "3, 7 and 12"
    assert (three.template, three.params) == (  # type: ignore[attr-defined]
        "%(items)s and %(last)s",
        {"items": "3, 7", "last": "12"},
    )
    assert listed(["3"]) == "3"


def test_an_api_refusal_is_in_english_by_default_naming_the_field(api, organiser):
    tid = make_tournament(organiser, players=4)
    response = post(api, "reinstatement-create", tid, body={"player_id": 1}, language=None)
    assert response.status_code == 400
    assert response.json() == {"player_id": ["Player 1 has not withdrawn"]}


def test_an_api_refusal_is_in_the_language_asked_its_field_name_as_sent(api, organiser):
    tid = make_tournament(organiser, players=4)
    response = post(api, "reinstatement-create", tid, body={"player_id": 1}, language="fr")
    assert response.status_code == 400
    assert response.json() == {"player_id": ["Player 1 : aucun retrait enregistré"]}


def test_a_body_check_is_in_the_language_asked(api, organiser):
    tid = make_tournament(organiser, players=4)
    response = post(api, "reinstatement-create", tid, body={"player_id": 0}, language="de")
    assert response.status_code == 400
    assert response.json() == {"player_id": ["Dieser Wert muss größer oder gleich 1 sein."]}


def test_a_list_in_a_refusal_is_joined_in_the_language_asked(api, organiser):
    tid = make_tournament(organiser, players=4, pairings=[[(1, 3), (2, 4)]])
    record(tid, 1, "1-0")
    record(tid, 2, "0-1")
    response = post(api, "round-unpair", tid, 1, body={}, language="es")
    assert response.status_code == 400
    assert response.json() == {
        "round": [
            "los tableros 1 y 2 de la ronda 1 ya tienen resultado:"
            " corrija los resultados en su lugar"
        ]
    }


def test_a_stale_seq_is_told_in_the_language_asked(api, organiser):
    tid = make_tournament(organiser, players=2)  # seq 3
    body = {"name": "Late", "expected_seq": 2}
    response = post(api, "player-list", tid, body=body, language="fr")
    assert response.status_code == 409
    assert response.json()["detail"] == (
        "le tournoi en est au seq 3, pas 2 : rechargez et réessayez"
    )


def test_a_refused_trf_is_told_in_the_language_asked_with_its_line_and_column(api):
    response = api.client.post(
        reverse("tournaments:tournament-import"),
        (DATA / "broken_import" / "bad_colour.trf").read_text(),
        content_type="text/plain",
        headers={"accept-language": "it"},
    )
    assert response.status_code == 400
    assert response.json() == {
        "detail": "riga 9, colonna 97: il colore 'x' al turno 1 non è w, b o -",
        "line": 9,
        "column": 97,
    }


def test_an_unknown_tie_break_is_told_in_the_language_asked(api, organiser):
    tid = make_tournament(organiser, players=4)
    response = api.client.patch(
        reverse("tournaments:tournament-detail", args=[tid]),
        {"tiebreaks": ["XYZ"]},
        format="json",
        headers={"accept-language": "es"},
    )
    assert response.status_code == 400
    assert response.json() == {"tiebreaks": ["desempate 'XYZ' desconocido en el código 'XYZ'"]}


def test_a_prize_list_refusal_is_in_the_language_asked_its_path_as_sent(api, organiser):
    tid = make_tournament(organiser, players=4)
    body = {"prizes": [{"name": "1st", "place": 1, "category": {"rating_max": "1800"}}]}
    response = api.client.put(
        reverse("tournaments:prize-list", args=[tid]),
        body,
        format="json",
        headers={"accept-language": "fr"},
    )
    assert response.status_code == 400
    assert response.json() == {
        "prizes[0].category.rating_max": ["un nombre entier est attendu, pas '1800'"]
    }


def test_the_domains_msg_is_the_engines() -> None:
    assert (errors.msg, errors.Message) == (messages.msg, messages.Message)


def test_an_engine_error_is_its_english_text_and_keeps_its_template() -> None:
    error = TrfError(9, 5, messages.msg("duplicate start rank %(rank)s", rank=3))
    assert str(error) == "line 9, column 5: duplicate start rank 3"
    text = messages.text_of(error)
    assert (text.template, text.params["line"], text.params["column"]) == (  # type: ignore[attr-defined]
        "line %(line)s, column %(column)s: %(reason)s",
        9,
        5,
    )
    assert text.params["reason"].template == "duplicate start rank %(rank)s"  # type: ignore[attr-defined]


def test_an_exception_raised_with_a_plain_text_is_that_text() -> None:
    assert messages.text_of(ValueError("boom")) == "boom"
