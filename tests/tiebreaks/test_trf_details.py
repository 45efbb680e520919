"""The descriptive header records of a TRF: place, dates, arbiter, time control."""

from __future__ import annotations

from tiebreaks.trf import parse_trf
from tiebreaks.trf.details import iso_date, tournament_details

PLAYER = "001    1      Alpha, Anna                       2100 ITA    12345678 1990/01/01  0.0    1"


def trf(*headers: str) -> str:
    return "\n".join(["012 Spring Open", *headers, PLAYER, "XXR 5", ""])


def test_place_arbiter_time_control_and_dates_are_read() -> None:
    text = trf(
        "022 Bologna",
        "042 2026/03/13",
        "052 2026/03/15",
        "102 IA Carla Conti",
        "122 90 min + 30 s",
    )
    assert tournament_details(parse_trf(text)) == {
        "place": "Bologna",
        "start_date": "2026-03-13",
        "end_date": "2026-03-15",
        "chief_arbiter": "IA Carla Conti",
        "time_control": "90 min + 30 s",
    }


def test_round_dates_are_read_from_the_round_columns_of_132() -> None:
    line = "132" + " " * 88 + "26/03/13  26/03/14            26/03/15"
    details = tournament_details(parse_trf(trf(line)))
    assert details["round_dates"] == ["2026-03-13", "2026-03-14", None, "2026-03-15"]


def test_a_file_without_those_records_has_no_details() -> None:
    assert tournament_details(parse_trf(trf())) == {}


def test_dates_in_the_forms_pairing_programs_write() -> None:
    assert iso_date("2026/03/13") == "2026-03-13"
    assert iso_date("26/03/13") == "2026-03-13"
    assert iso_date("13.03.2026") == "2026-03-13"
    assert iso_date("2026-03-13") == "2026-03-13"


def test_a_date_in_another_form_or_impossible_is_left_out() -> None:
    assert iso_date("March 13") is None
    assert iso_date("2026/02/30") is None
    details = tournament_details(parse_trf(trf("042 Spring 2026")))
    assert "start_date" not in details
