"""Baku acceleration for a team Swiss: GA's virtual points, accelerated pairings, the
TRF26 250 records and the command line; the standings never see the virtual points."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pairings.acceleration import AccelerationError
from pairings.team_acceleration import read_records, records, team_baku
from pairings.team_swiss import TeamSwissRules, pair_team_round, team_states
from tests.pairings.builders import run_pairings_cli
from tests.tiebreaks.team_builders import match, tournament
from tiebreaks.errors import TrfError
from tiebreaks.teams.model import Score, TeamScoring
from tiebreaks.teams.standings import team_standings
from tiebreaks.teams.trf import parse_team_trf, team_trf_text

TWO, ONE, NONE = Fraction(2), Fraction(1), Fraction(0)


def sixteen(rounds=()):
    """16 teams of 2 boards, 7 rounds: 4 accelerated, 2 MP (a won match) in rounds 1-2
    and 1 MP (a drawn one) in rounds 3-4 for GA = teams 1-8."""
    return tournament(16, 2, list(rounds), scheduled=7)


# Round 1 as the accelerated pairing makes it, every higher number losing.
ROUND_ONE = [
    match(1, 5, "11"),
    match(6, 2, "00"),
    match(3, 7, "11"),
    match(8, 4, "00"),
    match(9, 13, "11"),
    match(14, 10, "00"),
    match(11, 15, "11"),
    match(16, 12, "00"),
]


def test_ga_is_the_top_half_with_a_won_match_then_a_drawn_one():
    acceleration = team_baku(sixteen())
    assert [acceleration.virtual(8, r) for r in range(1, 8)] == [(TWO, NONE)] * 2 + [
        (ONE, NONE)
    ] * 2 + [(NONE, NONE)] * 3


def test_the_first_gb_team_has_no_virtual_points():
    assert team_baku(sixteen()).virtual(9, 1) == (NONE, NONE)


def test_ga_is_counted_from_the_teams_paired_in_round_one():
    # 14 teams to pair (15 and 16 absent): GA = 2 * ceil(14 / 4) = 8, still 1-8.
    acceleration = team_baku(sixteen(), absent={15, 16})
    assert (acceleration.virtual(8, 1), acceleration.virtual(9, 1)) == ((TWO, NONE), (NONE, NONE))


def test_ga_of_ten_teams_is_six():
    acceleration = team_baku(tournament(10, 2, [], scheduled=5))
    assert (acceleration.virtual(6, 1), acceleration.virtual(7, 1)) == ((TWO, NONE), (NONE, NONE))


def test_a_game_point_competition_gets_virtual_game_points():
    # Decided by GP on 4 boards: a won match is 4 GP, a drawn one 2.  5 rounds: 3
    # accelerated, the first 2 of them with the full points.
    t = tournament(8, 4, [], scheduled=5, primary=Score.GP)
    acceleration = team_baku(t)
    assert [acceleration.virtual(1, r) for r in (1, 2, 3, 4)] == [
        (NONE, Fraction(4)),
        (NONE, Fraction(4)),
        (NONE, Fraction(2)),
        (NONE, NONE),
    ]


def test_three_one_zero_match_points_are_refused():
    t = tournament(8, 2, [], scheduled=5, scoring=TeamScoring.three_one_zero())
    with pytest.raises(AccelerationError, match="standard match points"):
        team_baku(t)


def test_round_one_pairs_ga_and_gb_each_within_itself():
    # Two scoregroups: 1-8 with 2 virtual MP, 9-16 with none.  Each pairs top half
    # against bottom half (3.6, the smallest identifier); 4.3.1 the smaller TPN is the
    # first team and has White when odd.  Unaccelerated it would be 1-9, 10-2, ...
    pairing = pair_team_round(sixteen(), 1, acceleration=team_baku(sixteen()))
    assert pairing.matches == (
        (1, 5),
        (6, 2),
        (3, 7),
        (8, 4),
        (9, 13),
        (14, 10),
        (11, 15),
        (16, 12),
    )


def test_round_two_pairs_ga_losers_with_gb_winners():
    # After ROUND_ONE the pairing scores are: 1-4 2 + 2 = 4 MP, 5-8 0 + 2 and 9-12
    # 2 + 0 = 2 MP, 13-16 0.  So 1-3 and 2-4 (1-2 would be the unaccelerated bracket
    # of winners 1-4 and 9-12's first pair), 5-9, 6-10, 7-11, 8-12 (no colour
    # preference decides: type A, one match each), 13-15, 14-16.
    t = sixteen([ROUND_ONE])
    pairs = {frozenset(m) for m in pair_team_round(t, 2, acceleration=team_baku(t)).matches}
    assert pairs == {
        frozenset(p)
        for p in ((1, 3), (2, 4), (5, 9), (6, 10), (7, 11), (8, 12), (13, 15), (14, 16))
    }


def test_standings_ignore_the_virtual_points():
    # Team 5 lost its round-1 match: 0 MP in the standings, 0 + 2 in the pairing.
    t = sixteen([ROUND_ONE])
    rows = {row.team.number: row for row in team_standings(t).rows}
    accelerated = team_states(t, 2, TeamSwissRules(), team_baku(t))
    assert (rows[5].match_points, accelerated[5].score) == (NONE, TWO)


def test_standings_of_a_file_with_250_records_ignore_them():
    t = sixteen([ROUND_ONE])
    read = parse_team_trf(_with(team_trf_text(t), *BAKU_RECORDS)).tournament
    rows = {row.team.number: row.match_points for row in team_standings(read).rows}
    assert (rows[5], rows[9]) == (NONE, TWO)


# ---- TRF26 250 records


BAKU_RECORDS = [
    "250  2.0  0.0 001 002 0001 0008",
    "250  1.0  0.0 003 004 0001 0008",
]


def test_the_baku_points_are_written_as_two_250_records():
    assert records(team_baku(sixteen())) == BAKU_RECORDS


def test_250_records_are_read_back_as_the_same_points():
    assert read_records(BAKU_RECORDS, sixteen()) == team_baku(sixteen())


def test_a_team_and_round_given_twice_is_refused_at_its_line():
    lines = [*BAKU_RECORDS, "250  1.0  0.0 002 002 0008 0009"]
    with pytest.raises(TrfError, match="line 3, column 15: 250 gives team 8 round 2 again"):
        read_records(lines, sixteen())


def test_a_250_team_not_in_the_file_is_refused():
    with pytest.raises(TrfError, match="250 names team 17"):
        read_records(["250  1.0  0.0 001 001 0016 0017"], sixteen())


def test_250_rounds_beyond_the_tournament_are_refused():
    with pytest.raises(TrfError, match="250 rounds 1-8 are not within 1-7"):
        read_records(["250  1.0  0.0 001 008 0001 0001"], sixteen())


def test_bad_250_points_are_refused_at_their_column():
    with pytest.raises(TrfError, match="column 5: 250 expects match points"):
        read_records(["250  one 0.0 001 001 0001 0001"], sixteen())


# ---- the command line


ACCELERATED_OUTPUT = "8\n1 5\n6 2\n3 7\n8 4\n9 13\n14 10\n11 15\n16 12\n"


def _with(text: str, *lines: str) -> str:
    return text.replace("310   1", "\n".join([*lines, "310   1"]), 1)


def test_the_command_reads_250_records(tmp_path: Path):
    source = tmp_path / "teams.trf"
    source.write_text(_with(team_trf_text(sixteen()), *BAKU_RECORDS))
    done = run_pairings_cli("--team", source, "-p")
    assert (done.returncode, done.stdout) == (0, ACCELERATED_OUTPUT), done.stderr


def test_the_command_reads_a_baku_192_code(tmp_path: Path):
    source = tmp_path / "teams.trf"
    text = team_trf_text(sixteen())
    code = next(line for line in text.splitlines() if line.startswith("192"))
    source.write_text(text.replace(code, code + "_BAKU"))
    done = run_pairings_cli("--team", source, "-p")
    assert (done.returncode, done.stdout) == (0, ACCELERATED_OUTPUT), done.stderr


def test_the_command_with_baku_option(tmp_path: Path):
    source = tmp_path / "teams.trf"
    source.write_text(team_trf_text(sixteen()))
    done = run_pairings_cli("--team", source, "-p", "--baku")
    assert (done.returncode, done.stdout) == (0, ACCELERATED_OUTPUT), done.stderr


def test_a_bad_250_record_exits_2_with_its_line(tmp_path: Path):
    source = tmp_path / "teams.trf"
    source.write_text(_with(team_trf_text(sixteen()), "250  1.0  0.0 001 001 0016 0017"))
    done = run_pairings_cli("--team", source, "-p")
    assert done.returncode == 2 and "250 names team 17" in done.stderr
