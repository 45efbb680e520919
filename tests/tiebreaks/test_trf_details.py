"""The descriptive header records of a TRF: place, dates, arbiters, time control,
read and written."""

from __future__ import annotations

from tiebreaks.model import Player, TournamentResults, Unplayed
from tiebreaks.trf import ByeRecord, parse_trf, trf_from_tournament, write_trf
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


def test_federation_and_deputy_arbiters_are_read_from_032_and_each_112() -> None:
    text = trf("032 ITA", "112 Dario Dini", "112 Elena Eco")
    assert tournament_details(parse_trf(text)) == {
        "federation": "ITA",
        "deputy_arbiters": ["Dario Dini", "Elena Eco"],
    }


DETAILS = {
    "place": "Bologna",
    "federation": "ITA",
    "start_date": "2026-03-13",
    "end_date": "2026-03-15",
    "chief_arbiter": "IA Carla Conti",
    "deputy_arbiters": ["Dario Dini", "Elena Eco"],
    "time_control": "90 min + 30 s",
    "round_dates": ["2026-03-13", None, "2026-03-15"],
}


def _written(**options) -> str:
    players = (Player(1, "Alpha, Anna", 2100), Player(2, "Bravo, Ben"), Player(3, "Cora", 1500))
    tournament = TournamentResults(players=players, rounds=3, name="Spring Open")
    return write_trf(trf_from_tournament(tournament, **options))


def test_details_are_written_as_the_header_records_they_are_read_from() -> None:
    assert tournament_details(parse_trf(_written(details=DETAILS))) == DETAILS


def test_header_records_are_written_in_the_order_of_their_codes() -> None:
    codes = [line[:3] for line in _written(details=DETAILS).splitlines()]
    headers = codes[: codes.index("142")]
    # Hand-listed: TRF16's order, 112 once per deputy.
    assert headers == [
        "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "112",
        "122", "132",
    ]  # fmt: skip


def test_the_counts_of_players_and_rated_players_are_written() -> None:
    lines = _written().splitlines()
    # Three players, two of them rated (2100 and 1500); individual: no teams.
    assert {"062 3", "072 2", "082 0"} <= set(lines)


def test_dates_are_written_as_trf_writes_them() -> None:
    lines = _written(details=DETAILS).splitlines()
    assert "042 2026/03/13" in lines
    # 132: YY/MM/DD under round 1's cell (column 92), round 3's 20 columns on.
    (dates,) = (line for line in lines if line.startswith("132"))
    assert dates[91:99] == "26/03/13" and dates[111:119] == "26/03/15"
    assert dates[99:111].strip() == ""


def test_byes_to_come_are_written_as_240_records_and_read_back() -> None:
    byes = (ByeRecord(Unplayed.HPB, 2, (1, 3)), ByeRecord(Unplayed.ZPB, 3, (2,)))
    text = _written(byes=byes)
    assert "240 H 002    1    3" in text.splitlines()
    assert parse_trf(text).headers.byes == byes
