"""Reading FIDE's rating list files offline (pure, no database).

The files in tests/data/fide/ are hand-made in FIDE's layouts: the header lines
are those of the real ``players_list_foa.txt`` (combined list) and of a monthly
standard list (``SEP26``), the XML has the elements of ``players_list_xml_foa.xml``;
the players are invented.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from tournaments.domain.rating_list import (
    ListedPlayer,
    RatingListError,
    look_up,
    read_rating_list,
)

DATA = Path(__file__).resolve().parent.parent / "data" / "fide"

# Hand-copied from players_list_foa.txt.
TESTA = ListedPlayer(
    fide_id="9000001",
    name="Testa, Marco",
    federation="ITA",
    sex="m",
    title="GM",
    rating=2612,
    rapid=2590,
    blitz=2601,
    birth_year="1988",
)


def players(name: str) -> list[ListedPlayer]:
    with open(DATA / name, "rb") as stream:
        return list(read_rating_list(stream))


def test_the_combined_txt_list_gives_every_field():
    listed = players("players_list_foa.txt")
    assert [p.fide_id for p in listed] == [f"900000{i}" for i in range(1, 6)]
    assert listed[0] == TESTA


def test_the_higher_of_title_and_womens_title_in_c04_2_order_is_kept():
    by_id = {p.fide_id: p for p in players("players_list_foa.txt")}
    assert by_id["9000002"].title == "IM"  # IM and WGM: IM ranks first
    assert by_id["9000005"].title == "WFM"  # FOA "AFM" is no FIDE title


def test_unrated_unknown_birth_year_and_inactive_flag():
    novak = {p.fide_id: p for p in players("players_list_foa.txt")}["9000004"]
    assert (novak.rating, novak.rapid, novak.birth_year, novak.inactive) == (0, 1650, "", True)


def test_a_monthly_standard_list_reads_its_month_column_as_the_rating():
    listed = players("standard_sep26frl.txt")
    assert [(p.fide_id, p.rating, p.rapid) for p in listed[:2]] == [
        ("9000001", 2612, 0),
        ("9000002", 2402, 0),
    ]
    assert listed[4].inactive and listed[4].sex == "w"


def test_the_xml_list_gives_the_same_player_as_the_txt():
    listed = players("players_list_xml_foa.xml")
    assert listed[0] == TESTA
    # Latin-1 as declared by the file; unrated in standard, rated in rapid.
    assert (listed[2].name, listed[2].rating, listed[2].rapid) == ("Lefèvre, Chloé", 0, 1500)


@pytest.mark.parametrize("name", ["players_list_foa.txt", "players_list_xml_foa.xml"])
def test_a_zipped_list_reads_as_the_list_itself(name):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.write(DATA / name, name)
    buffer.seek(0)
    assert list(read_rating_list(buffer)) == players(name)


def test_a_file_that_is_no_rating_list_is_refused():
    with pytest.raises(RatingListError, match="line 1: not a FIDE rating list"):
        list(read_rating_list(io.BytesIO(b"001    1 m    Someone\n")))


def test_a_broken_xml_list_is_refused_with_its_line():
    with pytest.raises(RatingListError, match="line 3"):
        list(read_rating_list(io.BytesIO(b"<playerslist>\n<player>\n<fideid>1</name>\n")))


def test_look_up_by_fide_id():
    found = look_up(players("players_list_foa.txt"), fide_ids=["9000001", "12345"])
    assert found.by_id == {"9000001": TESTA}


def test_look_up_by_name_matches_word_beginnings_without_case_or_accents():
    listed = players("players_list_xml_foa.xml")
    found = look_up(listed, names=["lefevre chl", "testa", "nobody"])
    assert [p.fide_id for p in found.by_name["lefevre chl"]] == ["9000006"]
    assert [p.fide_id for p in found.by_name["testa"]] == ["9000001"]
    assert found.by_name["nobody"] == []


def test_look_up_by_name_lists_the_highest_rated_matches_first_up_to_the_limit():
    listed = players("players_list_foa.txt")
    # Words starting with "m": Marco Testa (2612), then Marek Novak (unrated).
    assert [p.fide_id for p in look_up(listed, names=["m"]).by_name["m"]] == [
        "9000001",
        "9000004",
    ]
    assert [p.fide_id for p in look_up(listed, names=["m"], limit=1).by_name["m"]] == ["9000001"]
