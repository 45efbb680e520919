"""Parsing players pasted from a spreadsheet or read from a CSV file (pure, no database)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournaments.domain.bulk_registration import MAX_ROWS, parse_registrations

DATA = Path(__file__).resolve().parent.parent / "data" / "registration"


def errors_of(text: str) -> list[tuple[int, int, str]]:
    return [(e.line, e.column, e.field) for e in parse_registrations(text).errors]


def test_tab_separated_rows_without_header_follow_the_default_column_order():
    text = "Rossi, Anna\t24100000\t2150\tWFM\tita\tf\t1990\tScacchi Roma\n"
    parsed = parse_registrations(text)
    assert parsed.errors == ()
    assert parsed.rows[0].line == 1
    assert parsed.rows[0].player == {
        "name": "Rossi, Anna",
        "fide_id": "24100000",
        "rating": 2150,
        "title": "WFM",
        "federation": "ITA",
        "sex": "w",
        "birth_date": "1990",
        "club": "Scacchi Roma",
    }


def test_short_rows_leave_the_missing_columns_blank():
    parsed = parse_registrations("Bianchi, Carlo\t\t1800\n")
    assert [r.player for r in parsed.rows] == [{"name": "Bianchi, Carlo", "rating": 1800}]


def test_a_header_row_names_the_columns_in_any_order():
    text = "Elo\tFed\tPlayer\tFIDE ID\n2402\tFRA\tDupont, Luc\t600001\n"
    parsed = parse_registrations(text)
    assert parsed.columns == ("rating", "federation", "name", "fide_id")
    assert [r.player for r in parsed.rows] == [
        {"rating": 2402, "federation": "FRA", "name": "Dupont, Luc", "fide_id": "600001"}
    ]
    assert parsed.rows[0].line == 2


def test_header_cells_naming_no_known_column_are_ignored_and_reported():
    parsed = parse_registrations("No.\tName\tRtg\n1\tAnna\t2000\n")
    assert parsed.ignored == ("No.",)
    assert [r.player for r in parsed.rows] == [{"name": "Anna", "rating": 2000}]


def test_every_bad_cell_is_reported_by_line_and_column():
    text = (
        "Good, One\t\t2000\n"
        "Bad, Two\t12ab\t2000\tXX\n"  # line 2: FIDE id (column 2), title (column 4)
        "\t\t1900\n"  # line 3: no name (column 1)
        "Bad, Four\t\t99999\t\tITALY\tq\t31.02.1990\n"  # rating, federation, sex, date
    )
    assert errors_of(text) == [
        (2, 2, "fide_id"),
        (2, 4, "title"),
        (3, 1, "name"),
        (4, 3, "rating"),
        (4, 5, "federation"),
        (4, 6, "sex"),
        (4, 7, "birth_date"),
    ]
    # Only the good row is a registration.
    assert [r.line for r in parse_registrations(text).rows] == [1]


def test_an_error_message_says_what_is_expected():
    (error,) = parse_registrations("Anna\t\t\tGMX\n").errors
    assert str(error).startswith("line 1, column 4 (title): 'GMX' is not a FIDE title")


def test_the_same_fide_id_twice_is_refused_on_the_second_line():
    text = "A\t1001\nB\t2002\nC\t1001\n"
    (error,) = parse_registrations(text).errors
    assert (error.line, error.column, error.field) == (3, 2, "fide_id")
    assert "also on line 1" in error.message


def test_cells_beyond_the_known_columns_are_refused():
    assert errors_of("A\t1\t2000\tGM\tITA\tm\t1990\tClub\tsurplus\n") == [(1, 9, "row")]


def test_blank_lines_are_skipped_and_line_numbers_stay_those_of_the_text():
    parsed = parse_registrations("\nAnna\n\n\nBruno\n")
    assert [r.line for r in parsed.rows] == [2, 5]


@pytest.mark.parametrize(
    ("cell", "stored"),
    [("1990", "1990"), ("1990-05-31", "1990-05-31"), ("31.05.1990", "1990-05-31")],
)
def test_a_birth_year_or_date_is_stored_as_iso_text(cell, stored):
    (row,) = parse_registrations(f"Anna\t\t\t\t\t\t{cell}\n").rows
    assert row.player["birth_date"] == stored


@pytest.mark.parametrize("unrated", ["", "0", "-"])
def test_an_unrated_player_has_no_rating(unrated):
    (row,) = parse_registrations(f"Anna\t\t{unrated}\n").rows
    assert "rating" not in row.player


def test_a_csv_file_with_a_header_and_quoted_names():
    parsed = parse_registrations((DATA / "players.csv").read_text(encoding="utf-8"))
    assert parsed.errors == ()
    # Hand-copied from the file.
    assert [r.player["name"] for r in parsed.rows] == ["Müller, Jürgen", "García, Ana", "Kim, Ji"]
    assert parsed.rows[1].player == {
        "name": "García, Ana",
        "fide_id": "2200010",
        "rating": 2231,
        "title": "WIM",
        "federation": "ESP",
        "sex": "w",
        "birth_date": "2001-04-17",
    }


def test_a_semicolon_separated_csv_as_european_spreadsheets_save_it():
    parsed = parse_registrations((DATA / "players_semicolon.csv").read_text(encoding="utf-8"))
    assert parsed.errors == ()
    assert [(r.player["name"], r.player.get("rating")) for r in parsed.rows] == [
        ("Rossi, Anna", 2150),
        ("Verdi, Luca", None),
    ]


def test_nothing_to_register_is_an_error():
    assert errors_of("\n \n") == [(1, 0, "row")]
    assert errors_of("Name\tRating\n") == [(1, 0, "row")]


def test_a_header_naming_a_column_twice_is_refused():
    assert errors_of("Name\tElo\tRating\nAnna\t1\t2\n")[0] == (1, 3, "rating")


def test_more_rows_than_the_limit_are_refused():
    text = "".join(f"P{i}\n" for i in range(MAX_ROWS + 1))
    assert errors_of(text) == [(MAX_ROWS + 1, 0, "row")]
