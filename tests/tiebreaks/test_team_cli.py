"""``python -m tiebreaks team-standings`` and ``explain --team``, run in a subprocess.

tests/data/team_swiss_4.trf: four teams, two boards, two rounds.  R1: 1-2 1.5-0.5,
3-4 1-1.  R2: 1-3 0.5-1.5, 4-2 1.5-0.5.  MP: T1 2, T2 0, T3 3, T4 3; GP: T1 2.0,
T2 1.0, T3 2.5, T4 2.5.  Its 202 record lists EDE,EGGSB,BH:GP,MPvGP.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "data"
TEAMS = DATA / "team_swiss_4.trf"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tiebreaks", *map(str, args)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_json_gives_one_object_per_team_in_rank_order():
    done = run("team-standings", TEAMS, "--tiebreaks", "EDE,EGGSB/C1,BH:GP", "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    # T3 and T4 tie on 3 MP and did meet (1-1, drawn): EDE places both 1 (a drawn match
    # on MP and GP).  EGGSB/C1: T3 met T4 (2.5) drawing 1.0 and T1 (2.0) scoring 1.5,
    # the lowest opponent (T1) cut: 2.5; T4 met T3 (2.5, 1.0) and T2 (1.0, 1.5), T2
    # cut: 2.5.  BH:GP: T3 2.5 + 2.0 = 4.5, T4 2.5 + 1.0 = 3.5.
    assert rows[0] == {
        "team": 3,
        "name": "Team 3",
        "rank": 1,
        "match_points": 3,
        "game_points": 2.5,
        "tiebreaks": {"EDE": 1, "EGGSB/C1": 2.5, "BH:GP": 4.5},
    }
    assert [(r["team"], r["rank"]) for r in rows] == [(3, 1), (4, 2), (1, 3), (2, 4)]


def test_the_file_s_202_list_is_the_default():
    rows = json.loads(run("team-standings", TEAMS, "--json").stdout)
    assert list(rows[0]["tiebreaks"]) == ["EDE", "EGGSB", "BH:GP", "MPvGP"]


def test_the_table_heads_each_column_with_the_code():
    done = run("team-standings", TEAMS, "--tiebreaks", "MPvGP,BH")
    assert done.stdout.splitlines()[0].split() == ["Rank", "No", "Team", "MP", "GP", "MPvGP", "BH"]


def test_explain_team_lists_the_rounds():
    done = run("explain", TEAMS, "--team", "1", "--tiebreaks", "BH")
    assert done.returncode == 0, done.stderr
    assert "  R2: match vs 3 (white), MP 0.0, GP 0.5 [0.5 0.0]" in done.stdout.splitlines()
    assert "  BH = 3.0: Buchholz (C.07 8.1, 13)" in done.stdout.splitlines()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("team-standings", DATA / "held_swiss_5.trf"), "not a team file"),
        (("team-standings", DATA / "missing.trf"), "cannot read"),
        (("team-standings", TEAMS, "--tiebreaks", "ARO"), "unknown tie-break 'ARO'"),
        (("team-standings", TEAMS, "--tiebreaks", "EGGSB/C2"), "not allowed for EGGSB"),
        (("team-standings", TEAMS, "--rules", "fide-1999"), "invalid choice"),
        (("team-standings", TEAMS, "--rounds", "3"), "--rounds 3 is out of range"),
        (("explain", TEAMS, "--team", "9"), "no team with pairing number 9"),
        (("explain", TEAMS, "--team", "1", "--player", "1"), "not allowed with argument"),
    ],
)
def test_bad_input_exits_2_with_one_line(args, words):
    done = run(*args)
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1 and words in done.stderr
