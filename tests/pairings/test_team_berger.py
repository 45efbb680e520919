"""Team round robins from the Berger tables (C.05 Annex 1), 4 to 16 teams and beyond."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from pairings.berger import BergerError, team_round_robin
from tests.tiebreaks.team_builders import match, tournament
from tiebreaks.model import Color, System

SIZES = range(4, 17)


def _teams(count: int) -> list[int]:
    # Pairing numbers that are not 1..n, so the mapping from table numbers shows.
    return [10 + 3 * i for i in range(count)]


def test_four_teams_follow_the_annex_table_on_their_table_numbers():
    # C.05 Annex 1, 3 or 4 players: 1-4 2-3 / 4-3 1-2 / 2-4 3-1 (White first); table
    # numbers 1..4 are teams 10, 13, 16, 19.
    schedule = team_round_robin([10, 13, 16, 19])
    assert [r.boards for r in schedule] == [
        ((10, 19), (13, 16)),
        ((19, 16), (10, 13)),
        ((13, 19), (16, 10)),
    ]


@pytest.mark.parametrize("count", [*SIZES, 17, 24])
def test_every_pair_of_teams_meets_once_and_nobody_twice_a_round(count):
    teams = _teams(count)
    schedule = team_round_robin(teams)
    assert len(schedule) == count - 1 + count % 2
    for r in schedule:
        playing = [t for board in r.boards for t in board] + ([r.bye] if r.bye else [])
        assert sorted(playing) == teams
    meetings = Counter(frozenset(board) for r in schedule for board in r.boards)
    assert set(meetings) == {frozenset(pair) for pair in combinations(teams, 2)}
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize("count", SIZES)
def test_board_one_colours_are_balanced_as_the_tables_give(count):
    # Even: each team plays count - 1 (odd) matches, one more with White or with Black
    # on board 1.  Odd: count - 1 (even) matches, as many with each colour.
    teams = _teams(count)
    white = Counter(w for r in team_round_robin(teams) for w, _ in r.boards)
    black = Counter(b for r in team_round_robin(teams) for _, b in r.boards)
    differences = {white[t] - black[t] for t in teams}
    assert differences == ({-1, 1} if count % 2 == 0 else {0})


@pytest.mark.parametrize("count", SIZES)
def test_odd_sizes_give_each_team_one_rest(count):
    schedule = team_round_robin(_teams(count))
    rests = [r.bye for r in schedule if r.bye is not None]
    assert sorted(rests) == (sorted(_teams(count)) if count % 2 else [])


@pytest.mark.parametrize("count", SIZES)
def test_a_double_round_robin_repeats_each_match_with_colours_reversed(count):
    teams = _teams(count)
    schedule = team_round_robin(teams, cycles=2)
    half = len(schedule) // 2
    first = {frozenset(b): b for r in schedule[:half] for b in r.boards}
    second = {frozenset(b): b for r in schedule[half:] for b in r.boards}
    assert set(first) == set(second)
    assert all(second[pair] == first[pair][::-1] for pair in first)
    white = Counter(w for r in schedule for w, _ in r.boards)
    assert {white[t] for t in teams} == {count - 1}


def test_the_other_boards_alternate_from_board_one():
    # A Berger round played out: the team with White on board 1 has Black on board 2.
    (white, black), _ = team_round_robin([1, 2, 3, 4])[0].boards
    t = tournament(4, 4, [[match(white, black, "====")]], system=System.ROUND_ROBIN)
    boards = t.schedule[0].matches[0].boards
    assert [g.white_team for g in boards] == [white, black, white, black]
    assert [t.first_team_colour(b) for b in (1, 2, 3, 4)] == [Color.WHITE, Color.BLACK] * 2


def test_a_team_listed_twice_is_refused():
    with pytest.raises(BergerError, match="listed twice"):
        team_round_robin([1, 2, 2, 3])


def test_one_team_is_no_round_robin():
    with pytest.raises(BergerError, match="at least 2"):
        team_round_robin([1])
