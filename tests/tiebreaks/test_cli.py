"""``python -m tiebreaks`` run as a user would, in a subprocess.

Expected numbers are the published TEC exercise values (Held, C.07-2023) as listed
in FIDE-C07-and-TRF.md §8.1 and §8.2.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tiebreaks.model import System
from tiebreaks.standings import default_tiebreaks

DATA = Path(__file__).resolve().parents[1] / "data"
SWISS_5 = DATA / "held_swiss_5.trf"
ROUND_ROBIN = DATA / "held_round_robin.trf"

# §8.1, players 1..16: PTS, BH (pub ex. 1-4), BH-C1 (pub ex. 5-8), 2023/2024 rules.
PTS = [3.5, 4.0, 3.5, 3.5, 2.5, 3.0, 1.5, 2.5, 1.5, 1.0, 2.5, 2.0, 1.5, 2.0, 2.0, 3.5]
BH_2023 = [
    12.5,
    13.0,
    15.5,
    15.0,
    8.5,
    12.0,
    14.5,
    13.5,
    9.0,
    13.0,
    13.5,
    11.5,
    14.0,
    11.0,
    12.0,
    12.5,
]
BH_C1_2023 = [
    11.0,
    12.0,
    13.0,
    11.5,
    7.5,
    11.0,
    12.5,
    12.0,
    7.5,
    11.5,
    12.0,
    9.5,
    12.0,
    9.0,
    11.0,
    11.0,
]


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tiebreaks", *map(str, args)],
        capture_output=True,
        text=True,
        check=False,
    )


def standings_json(*args: str | Path) -> list[dict]:
    result = run("standings", *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def by_start_rank(rows: list[dict]) -> dict[int, dict]:
    return {row["start_rank"]: row for row in rows}


def test_table_has_a_column_per_tiebreak_headed_by_the_code_as_given() -> None:
    result = run("standings", SWISS_5, "--rules", "fide-2023", "--tiebreaks", "bh/c1,BH")
    assert result.returncode == 0, result.stderr
    header, *rows = result.stdout.splitlines()
    assert header.split() == ["Rank", "SNo", "Name", "Rtg", "Pts", "bh/c1", "BH"]
    assert len(rows) == 16
    david = next(row.split() for row in rows if row.split()[1] == "4")
    assert david[2:] == ["David", "2050", "3.5", "11.5", "15.0"]


def test_table_columns_are_aligned() -> None:
    result = run("standings", SWISS_5, "--tiebreaks", "BH")
    lines = result.stdout.splitlines()
    ends = {len(line) for line in lines}
    assert len(ends) == 1  # every row ends in the BH column, right-aligned


def test_table_shows_a_shared_place() -> None:
    # §8.2: Bruno (2) and Charline (3) tie on points, DE, wins, SB and KS (ex. 16).
    result = run("standings", ROUND_ROBIN, "--tiebreaks", "DE,WIN,SB,KS")
    places = {row.split()[1]: row.split()[0] for row in result.stdout.splitlines()[1:]}
    assert (places["1"], places["2"], places["3"]) == ("1", "2-3", "2-3")


def test_json_gives_bh_for_every_player_under_the_2023_rules() -> None:
    rows = standings_json(SWISS_5, "--rules", "fide-2023", "--tiebreaks", "BH/C1,BH")
    assert [rows[i]["rank"] for i in range(16)] == sorted(row["rank"] for row in rows)
    players = by_start_rank(rows)
    assert [players[n]["points"] for n in range(1, 17)] == PTS
    assert [players[n]["tiebreaks"]["BH"] for n in range(1, 17)] == BH_2023
    assert [players[n]["tiebreaks"]["BH/C1"] for n in range(1, 17)] == BH_C1_2023


def test_json_row_shape() -> None:
    nick = by_start_rank(standings_json(SWISS_5, "--rules", "fide-2023", "--tiebreaks", "BH"))[12]
    # Ranked by points, then BH, from the published figures: 9 players have more
    # points, and of the other two on 2.0 only player 15 (BH 12.0) has more BH.
    ahead = sum((pts, bh) > (PTS[11], BH_2023[11]) for pts, bh in zip(PTS, BH_2023, strict=True))
    assert ahead == 10
    # Nick's adjusted score for his opponents is 3.0 (§8.1 AS-O, ex. 9).
    assert nick == {
        "rank": ahead + 1,
        "start_rank": 12,
        "name": "Nick",
        "rating": 1650,
        "points": 2,
        "modified_points": 3,
        "tiebreaks": {"BH": 11.5},
    }


def test_json_gives_null_for_an_undefined_value() -> None:
    # §8.1: ARO-C1 of Nick is undefined (he has one played game).
    players = by_start_rank(
        standings_json(SWISS_5, "--rules", "fide-2023", "--tiebreaks", "ARO/C1")
    )
    assert players[12]["tiebreaks"] == {"ARO/C1": None}
    assert players[4]["tiebreaks"] == {"ARO/C1": 1983}


def test_2026_rules_cap_the_dummy_opponents() -> None:
    # §8.1, 2026 table: #4 R2 HPB dummy capped at 2.5, #6 R3 PAB at 2.5, #11 R4 forfeit win
    # at #9's adjusted score 1.5.
    players = by_start_rank(standings_json(SWISS_5, "--tiebreaks", "BH"))
    assert [players[n]["tiebreaks"]["BH"] for n in (4, 6, 11)] == [14.0, 11.5, 12.5]


def test_without_tiebreaks_the_file_202_record_is_used(tmp_path: Path) -> None:
    text = SWISS_5.read_text().replace("142 5\n", "142 5\n202 SB,BH/C1\n")
    path = tmp_path / "with_202.trf"
    path.write_text(text)
    rows = standings_json(path, "--rules", "fide-2023")
    assert list(rows[0]["tiebreaks"]) == ["SB", "BH/C1"]


def test_without_tiebreaks_or_202_the_default_list_for_the_system_is_used() -> None:
    rows = standings_json(ROUND_ROBIN)
    assert tuple(rows[0]["tiebreaks"]) == default_tiebreaks(System.ROUND_ROBIN)


def test_rounds_gives_the_standings_after_that_round() -> None:
    players = by_start_rank(standings_json(SWISS_5, "--rounds", "1", "--tiebreaks", "BH"))
    # R1 results from the crosstable: Alyx beat Jessica, Charline drew Maria, Helene lost to Opal.
    assert (players[1]["points"], players[3]["points"], players[5]["points"]) == (1, 0.5, 0)
    assert (players[9]["points"], players[11]["points"], players[13]["points"]) == (0, 0.5, 1)


def test_explain_names_the_dummy_cap_under_the_2026_rules() -> None:
    result = run("explain", SWISS_5, "--player", "4", "--tiebreaks", "BH")
    assert result.returncode == 0, result.stderr
    r2 = next(line for line in result.stdout.splitlines() if line.strip().startswith("R2:"))
    assert "half-point bye" in r2 and "2.5" in r2 and "capped" in r2
    assert any(line.strip().startswith("BH = 14.0") for line in result.stdout.splitlines())


def test_explain_under_the_2023_rules_uses_the_uncapped_dummy() -> None:
    result = run("explain", SWISS_5, "--player", "4", "--rules", "fide-2023", "--tiebreaks", "BH")
    r2 = next(line for line in result.stdout.splitlines() if line.strip().startswith("R2:"))
    assert "3.5" in r2 and "capped" not in r2


def _broken_trf(tmp_path: Path) -> Path:
    path = tmp_path / "broken.trf"
    lines = SWISS_5.read_text().split("\n")
    alyx = next(i for i, line in enumerate(lines) if line.startswith("001    1"))
    lines[alyx] = lines[alyx][:98] + "X" + lines[alyx][99:]  # round 1 result (column 99)
    path.write_text("\n".join(lines))
    return path


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("standings", DATA / "missing.trf"), "cannot read"),
        (("standings", "BROKEN"), "line 10, column 99: unknown result code"),
        (("standings", SWISS_5, "--tiebreaks", "BH,XYZ"), "XYZ"),
        (("standings", SWISS_5, "--tiebreaks", ","), "at least one code"),
        (("standings", SWISS_5, "--rules", "fide-1999"), "fide-1999"),
        (("standings", SWISS_5, "--rounds", "6"), "--rounds 6 is out of range"),
        (("standings", SWISS_5, "--rounds", "0"), "--rounds 0 is out of range"),
        (("standings", SWISS_5, "--rounds", "two"), "--rounds"),
        (("explain", SWISS_5, "--player", "17"), "17"),
        (("explain", SWISS_5), "--player"),
        (("standings",), "file"),
        ((), "command"),
    ],
)
def test_bad_input_exits_2_with_one_line(tmp_path: Path, args: tuple, words: str) -> None:
    args = tuple(_broken_trf(tmp_path) if a == "BROKEN" else a for a in args)
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert words in result.stderr


def test_help_says_what_each_rule_edition_is() -> None:
    result = run("standings", "--help")
    assert result.returncode == 0
    assert "1 March 2026" in result.stdout and "virtual opponent" in result.stdout


NOTATIONS = DATA / "notations"


@pytest.mark.parametrize("path", sorted(NOTATIONS.glob("*.trf")), ids=lambda p: p.name)
def test_every_real_world_notation_is_read(path: Path) -> None:
    result = run("standings", path)
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) > 1


def test_declared_points_that_disagree_are_a_warning_on_stderr() -> None:
    path = NOTATIONS / "declared_points_disagree.trf"
    result = run("standings", path, "--json")
    assert result.returncode == 0
    assert result.stderr == (
        f"warning: {path}: player 2 (Bravo, Ben): the file declares 2.0 points, "
        "the results give 1.5; the results count\n"
    )
    assert by_start_rank(json.loads(result.stdout))[2]["points"] == 1.5


def test_unrated_players_with_aro_are_a_warning_on_stderr() -> None:
    result = run("standings", NOTATIONS / "unrated_player_rating_tiebreak.trf")
    assert result.returncode == 0
    assert result.stderr.startswith("warning: ") and "start ranks 4" in result.stderr


def test_unrated_rating_counts_unrated_opponents_at_that_rating() -> None:
    # Player 1 met 2 (1900) and the unrated 4: ARO (1900 + 1000) / 2 = 1450.
    path = NOTATIONS / "unrated_player_rating_tiebreak.trf"
    result = run("standings", path, "--unrated-rating", "1000", "--json")
    assert (result.returncode, result.stderr) == (0, "")
    assert by_start_rank(json.loads(result.stdout))[1]["tiebreaks"]["ARO"] == 1450


def test_an_unrated_rating_out_of_range_exits_2() -> None:
    result = run(
        "standings", NOTATIONS / "unrated_player_rating_tiebreak.trf", "--unrated-rating", "0"
    )
    assert result.returncode == 2
    assert result.stderr == (
        "error: --unrated-rating 0 is out of range: give a rating from 1 to 4000\n"
    )
