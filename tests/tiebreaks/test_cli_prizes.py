"""``python -m tiebreaks prizes`` run as a user would.

Held's 5-round Swiss (FIDE-C07-and-TRF.md §8.1) under the 2023 rules with BH only:
Bruno (2) alone on 4.0; on 3.5 Charline (3, BH 15.5), David (4, BH 15.0), then Alyx
(1) and Stephan (16) both on BH 12.5, tied on everything.  Every amount below is
worked out from those published figures.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tiebreaks.test_cli import SWISS_5, run
from tests.tiebreaks.test_stakes import SIX
from tiebreaks.trf import trf_from_tournament, write_trf

PLACES = [
    {"name": "1st", "amount": "1000", "place": 1},
    {"name": "2nd", "amount": "500", "place": 2},
    {"name": "3rd", "amount": "250", "place": 3},
    {"name": "4th", "amount": "100", "place": 4},
    {"name": "5th", "amount": "60", "place": 5},
]


def prizes_json(tmp_path: Path, definition: dict) -> list[dict]:
    path = tmp_path / "prizes.json"
    path.write_text(json.dumps(definition))
    result = run(
        "prizes", SWISS_5, "--prizes", path, "--rules", "fide-2023", "--tiebreaks", "BH", "--json"
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def amounts(winners: list[dict]) -> dict[int, list[tuple[str, str]]]:
    return {w["start_rank"]: [(p["name"], p["amount"]) for p in w["prizes"]] for w in winners}


def first_amounts(winners: list[dict]) -> dict[int, str]:
    return {w["start_rank"]: w["prizes"][0]["amount"] for w in winners}


def test_tiebreak_sharing_splits_only_the_players_tied_on_everything(tmp_path: Path) -> None:
    # 3 and 4 take 2nd and 3rd; 1 and 16 share 4th + 5th: 160 / 2 = 80.
    winners = prizes_json(tmp_path, {"sharing": "tiebreak", "prizes": PLACES})
    assert amounts(winners) == {
        2: [("1st", "1000.00")],
        3: [("2nd", "500.00")],
        4: [("3rd", "250.00")],
        1: [("4th", "80.00")],
        16: [("5th", "80.00")],
    }
    assert [w["start_rank"] for w in winners] == [2, 3, 4, 1, 16]


def test_equal_sharing_pools_the_places_of_the_group(tmp_path: Path) -> None:
    # Places 2-5 pooled: 500 + 250 + 100 + 60 = 910, 227.50 each.
    winners = prizes_json(tmp_path, {"sharing": "equal", "prizes": PLACES})
    assert first_amounts(winners) == {
        2: "1000.00",
        3: "227.50",
        4: "227.50",
        1: "227.50",
        16: "227.50",
    }


def test_hort_sharing(tmp_path: Path) -> None:
    # Half of 910 equally: 113.75 each; the other half by tie-break: 250 to 3, 125 to
    # 4, and 1 and 16 (tied) split 50 + 30: 40 each.
    winners = prizes_json(tmp_path, {"sharing": "hort", "prizes": PLACES})
    assert first_amounts(winners) == {
        2: "1000.00",
        3: "363.75",
        4: "238.75",
        1: "153.75",
        16: "153.75",
    }


def test_one_object_per_winner_with_its_shape(tmp_path: Path) -> None:
    winners = prizes_json(tmp_path, {"sharing": "equal", "prizes": PLACES[:2]})
    # 2nd (500) shared by the four on 3.5: 125 each.
    assert winners[1] == {
        "start_rank": 3,
        "place": "2",
        "points": 3.5,
        "prizes": [{"name": "2nd", "amount": "125.00", "shared_with": [4, 1, 16]}],
    }


def test_the_table_lists_each_winner(tmp_path: Path) -> None:
    path = tmp_path / "prizes.json"
    path.write_text(json.dumps({"prizes": PLACES[:1]}))
    result = run("prizes", SWISS_5, "--prizes", path)
    assert result.returncode == 0, result.stderr
    header, *rows = result.stdout.splitlines()
    assert header.split()[:5] == ["Rank", "SNo", "Name", "Pts", "Prize"]
    assert [row.split() for row in rows] == [["1", "2", "Bruno", "4.0", "1st", "1000.00"]]


def test_a_prize_nobody_qualifies_for_is_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "prizes.json"
    women = {"name": "Best woman", "amount": "50", "place": 1, "category": {"sex": "w"}}
    path.write_text(json.dumps({"prizes": [*PLACES[:1], women]}))
    result = run("prizes", SWISS_5, "--prizes", path, "--json")
    assert result.returncode == 0
    # Held's file has no woman.
    assert "warning:" in result.stderr and "'Best woman' not awarded" in result.stderr


def with_record(tmp_path: Path, changes: dict[int, tuple[str, str]]) -> Path:
    """Held's file with some players' sex (column 10) and birth date (columns 70-79)
    changed: start rank -> (sex, birth date)."""
    lines = []
    for line in SWISS_5.read_text().splitlines():
        if line.startswith("001") and int(line[4:8]) in changes:
            sex, born = changes[int(line[4:8])]
            line = f"{line[:9]}{sex}{line[10:69]}{born:<10}{line[79:]}"
        lines.append(line)
    path = tmp_path / "record.trf"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_sex_and_birth_year_from_the_trf_choose_the_category_winners(tmp_path: Path) -> None:
    # Helene (5, 2.5 points) is placed above Genevieve (7, 1.5); Paul (14) born 2013
    # is under 14 in 2026, Nick (12) born 2012 is not.
    trf = with_record(
        tmp_path, {5: ("w", "1995/03/04"), 7: ("w", "1990"), 12: ("m", "2012"), 14: ("m", "2013")}
    )
    women = {"name": "Best woman", "amount": "50", "place": 1, "category": {"sex": "w"}}
    junior = {"name": "Best U14", "amount": "30", "place": 1, "category": {"born_after": 2012}}
    path = tmp_path / "prizes.json"
    path.write_text(json.dumps({"prizes": [*PLACES[:1], women, junior]}))
    result = run("prizes", trf, "--prizes", path, "--json")
    assert result.returncode == 0, result.stderr
    assert amounts(json.loads(result.stdout)) == {
        2: [("1st", "1000.00")],
        5: [("Best woman", "50.00")],
        14: [("Best U14", "30.00")],
    }


def test_clubs_given_beside_the_trf_choose_the_club_prize(tmp_path: Path) -> None:
    # Opal (13, 1.5 points) is placed above Lais (10, 1.0); Nick (12) is in another club.
    clubs = tmp_path / "clubs.json"
    clubs.write_text(json.dumps({"13": "Torre", "10": "Torre", "12": "Scacchi Roma"}))
    club = {"name": "Best of Torre", "amount": "40", "place": 1, "category": {"clubs": ["Torre"]}}
    path = tmp_path / "prizes.json"
    path.write_text(json.dumps({"prizes": [*PLACES[:1], club]}))
    result = run("prizes", SWISS_5, "--prizes", path, "--clubs", clubs, "--json")
    assert result.returncode == 0, result.stderr
    assert amounts(json.loads(result.stdout)) == {
        2: [("1st", "1000.00")],
        13: [("Best of Torre", "40.00")],
    }


@pytest.mark.parametrize(
    ("clubs", "words"),
    [
        ('["Torre"]', "expected an object of start rank -> club name"),
        ('{"99": "Torre"}', "'99': no player has this start rank"),
        ('{"3": 7}', "'3': expected a club name, not 7"),
        ("{not json", "not JSON"),
    ],
)
def test_a_bad_clubs_file_exits_2_naming_the_entry(tmp_path: Path, clubs: str, words: str) -> None:
    path = tmp_path / "clubs.json"
    path.write_text(clubs)
    prizes = tmp_path / "prizes.json"
    prizes.write_text(json.dumps({"prizes": PLACES[:1]}))
    result = run("prizes", SWISS_5, "--prizes", prizes, "--clubs", path)
    assert result.returncode == 2
    assert result.stderr.startswith("error: ") and words in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            '{"sharing": "fair", "prizes": [{"name": "1st", "place": 1}]}',
            "sharing: expected one of",
        ),
        ('{"prizes": [{"name": "1st", "amount": "1,000", "place": 1}]}', "prizes[0].amount"),
        ('{"prizes": [{"name": "1st", "place": 1, "category": {"titles": "GM"}}]}', "titles"),
        ("{not json", "not JSON"),
    ],
)
def test_a_bad_prize_list_exits_2_naming_the_field(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "prizes.json"
    path.write_text(text)
    result = run("prizes", SWISS_5, "--prizes", path, "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("error: ") and words in result.stderr


def test_a_missing_prize_list_exits_2(tmp_path: Path) -> None:
    result = run("prizes", SWISS_5, "--prizes", tmp_path / "none.json")
    assert result.returncode == 2
    assert "cannot read" in result.stderr


# --- python -m tiebreaks stakes -------------------------------------------------------


def six_trf(tmp_path: Path) -> Path:
    path = tmp_path / "six.trf"
    path.write_text(write_trf(trf_from_tournament(SIX)))
    return path


def test_stakes_json_gives_places_and_reach_per_result(tmp_path: Path) -> None:
    # The six-player event of test_stakes: 1 on 2 points plays 2 on 1.5; a loss leaves
    # 1 second alone at best, level for 2nd-3rd at worst (test_stakes says why).
    path = tmp_path / "prizes.json"
    path.write_text(json.dumps({"prizes": PLACES[:2]}))
    result = run("stakes", six_trf(tmp_path), "--prizes", path, "--json")
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert found["open_games"] == [[1, 2], [3, 5], [4, 6]]
    first = next(p for p in found["players"] if p["start_rank"] == 1)
    loss = next(r for r in first["results"] if r["result"] == "loss")
    assert (loss["points"], loss["best"], loss["worst"]) == (2, "2", "2-3")
    assert [(p["name"], p["reach"]) for p in loss["prizes"]] == [
        ("1st", "out of reach"),
        ("2nd", "possible"),
    ]
    assert loss["prizes"][0]["leavers_needed"] == 1
    # No game can put a player above 1: a tie is left to the tie-breaks.
    assert loss["prizes"][1]["needs"] == {"text": "only the tie-breaks", "slack": 0, "games": []}


def test_stakes_text_names_each_result(tmp_path: Path) -> None:
    path = tmp_path / "prizes.json"
    path.write_text(json.dumps({"prizes": PLACES[:2]}))
    result = run("stakes", six_trf(tmp_path), "--prizes", path)
    assert result.returncode == 0, result.stderr
    assert "  win: 3.0, place 1; certain: 1st, 2nd; possible: -" in result.stdout.splitlines()


def test_stakes_count_only_the_clubs_players_for_a_club_prize(tmp_path: Path) -> None:
    clubs = tmp_path / "clubs.json"
    clubs.write_text(json.dumps({"3": "Torre", "6": "Torre"}))
    club = {"name": "Best of Torre", "amount": "40", "place": 1, "category": {"clubs": ["Torre"]}}
    path = tmp_path / "prizes.json"
    path.write_text(json.dumps({"prizes": [club]}))
    result = run("stakes", six_trf(tmp_path), "--prizes", path, "--clubs", clubs, "--json")
    assert result.returncode == 0, result.stderr
    # Without the clubs nobody is in the list; with them 3 and 6, and only they.
    assert {p["start_rank"] for p in json.loads(result.stdout)["players"]} == {3, 6}


def test_stakes_without_a_prize_list_exits_2() -> None:
    result = run("stakes", SWISS_5, "--prizes", "/nonexistent.json")
    assert result.returncode == 2
    assert "cannot read /nonexistent.json" in result.stderr
