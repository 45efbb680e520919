"""Round-robin schedules against FIDE Handbook C.05 Annex 1 (Berger tables), and the
schedule API that pairs a round robin from them."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tiebreaks.model import Unplayed
from tournaments.domain.berger import BergerError, berger_rounds, round_robin_schedule
from tournaments.store import commands, queries

from .builders import stored

SIZES = range(3, 17)


def _table(text: str) -> list[list[tuple[int, ...]]]:
    """'1-4, 2-3 / 4-3, 1-2' -> one list of (white, black) per round, as the Annex prints it."""
    return [
        [tuple(int(n) for n in board.split("-")) for board in line.split(",")]
        for line in text.strip().splitlines()
    ]


# C.05 Annex 1, "Berger Tables for Round-Robin Tournaments", copied by hand from the
# tables for 3 or 4, 5 or 6 and 9 or 10 players (round by round, White first).
ANNEX_4 = _table(
    """
    1-4, 2-3
    4-3, 1-2
    2-4, 3-1
    """
)
ANNEX_6 = _table(
    """
    1-6, 2-5, 3-4
    6-4, 5-3, 1-2
    2-6, 3-1, 4-5
    6-5, 1-4, 2-3
    3-6, 4-2, 5-1
    """
)
ANNEX_10 = _table(
    """
    1-10, 2-9, 3-8, 4-7, 5-6
    10-6, 7-5, 8-4, 9-3, 1-2
    2-10, 3-1, 4-9, 5-8, 6-7
    10-7, 8-6, 9-5, 1-4, 2-3
    3-10, 4-2, 5-1, 6-9, 7-8
    10-8, 9-7, 1-6, 2-5, 3-4
    4-10, 5-3, 6-2, 7-1, 8-9
    10-9, 1-8, 2-7, 3-6, 4-5
    5-10, 6-4, 7-3, 8-2, 9-1
    """
)


@pytest.mark.parametrize(("players", "published"), [(4, ANNEX_4), (6, ANNEX_6), (10, ANNEX_10)])
def test_table_equals_the_annex(players, published):
    assert berger_rounds(players) == published


def test_odd_field_uses_the_next_even_table_and_the_dummy_gives_the_bye():
    # Annex: 5 players use the 6-player table; whoever meets number 6 has the bye.
    schedule = round_robin_schedule(5)
    assert [r.bye for r in schedule] == [1, 4, 2, 5, 3]
    assert schedule[1].boards == ((5, 3), (1, 2))


@pytest.mark.parametrize("players", SIZES)
def test_every_pair_meets_exactly_once(players):
    meetings = Counter(
        frozenset(board) for r in round_robin_schedule(players) for board in r.boards
    )
    assert set(meetings) == {frozenset(p) for p in combinations(range(1, players + 1), 2)}
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize("players", SIZES)
def test_each_player_plays_or_has_the_bye_once_per_round(players):
    schedule = round_robin_schedule(players)
    assert len(schedule) == players - 1 + players % 2
    for r in schedule:
        seated = [p for board in r.boards for p in board] + ([r.bye] if r.bye else [])
        assert sorted(seated) == list(range(1, players + 1))
        assert (r.bye is None) == (players % 2 == 0)


@pytest.mark.parametrize("players", SIZES)
def test_double_round_robin_meets_twice_with_colours_reversed(players):
    schedule = round_robin_schedule(players, cycles=2)
    single = len(schedule) // 2
    games = Counter(board for r in schedule for board in r.boards)
    assert set(games.values()) == {1}
    assert all((black, white) in games for white, black in games)
    for first, second in zip(schedule[:single], schedule[single:], strict=True):
        assert second.boards == tuple((b, w) for w, b in first.boards)
        assert second.number == first.number + single


def test_swap_last_two_exchanges_the_last_rounds_of_the_first_cycle():
    plain = round_robin_schedule(6, cycles=2)
    swapped = round_robin_schedule(6, cycles=2, swap_last_two=True)
    assert swapped[3].boards == plain[4].boards
    assert swapped[4].boards == plain[3].boards
    assert [r.number for r in swapped] == list(range(1, 11))


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"players": 2}, "players"),
        ({"players": 17}, "players"),
        ({"players": 6, "cycles": 3}, "cycles"),
        ({"players": 6, "swap_last_two": True}, "swap_last_two"),
    ],
)
def test_out_of_range_requests_name_the_field(kwargs, field):
    with pytest.raises(BergerError, match=f"^{field}:"):
        round_robin_schedule(**kwargs)


# --------------------------------------------------------------------------- the schedule API


def _round_robin(author, players: int, rounds: int, system: str = "round robin") -> int:
    event = commands.create_tournament(
        {"name": "Club RR", "rounds": rounds, "system": system}, author=author
    )
    for n in range(1, players + 1):
        commands.register_player(event.tournament_id, {"name": f"Player {n}"}, author=author)
    return event.tournament_id


def _schedule(api, tid, **body):
    return api.post("schedule-create", tid, body=body)


def _stored_boards(tid):
    state = queries.load_tournament(tid).state
    return [[(b.white, b.black) for b in state.rounds[n].boards] for n in sorted(state.rounds)]


@pytest.mark.django_db
def test_schedule_pairs_every_round_from_the_annex_table(api, organiser):
    tid = _round_robin(organiser, players=6, rounds=5)
    response = _schedule(api, tid)
    assert response.status_code == 201, response.json()
    assert response.json()["rounds"] == 5
    assert _stored_boards(tid) == ANNEX_6


@pytest.mark.django_db
def test_schedule_leaves_the_resting_player_of_an_odd_field_unpaired(api, organiser):
    tid = _round_robin(organiser, players=5, rounds=5)
    assert _schedule(api, tid).status_code == 201
    state = queries.load_tournament(tid).state
    # Annex, 5 or 6 players, round 1: 1-6 (6 is the dummy), 2-5, 3-4.
    assert _stored_boards(tid)[0] == [(2, 5), (3, 4)]
    assert state.rounds[1].byes == ()
    assert state.round_entry(1, 1).kind is Unplayed.ABSENT


@pytest.mark.django_db
def test_schedule_of_a_double_round_robin_reverses_colours(api, organiser):
    tid = _round_robin(organiser, players=4, rounds=6, system="double round robin")
    assert _schedule(api, tid).status_code == 201
    boards = _stored_boards(tid)
    assert boards[:3] == ANNEX_4
    assert boards[3:] == [[(b, w) for w, b in r] for r in ANNEX_4]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("system", "rounds", "body", "field"),
    [
        ("swiss", 5, {}, "system"),
        ("round robin", 4, {}, "rounds"),
        ("round robin", 5, {"swap_last_two": True}, "swap_last_two"),
        ("round robin", 5, {"swap_last_two": "maybe"}, "swap_last_two"),
    ],
)
def test_schedule_refusals_name_the_field_and_store_nothing(
    api, organiser, system, rounds, body, field
):
    tid = _round_robin(organiser, players=6, rounds=rounds, system=system)
    before = stored(tid)
    response = _schedule(api, tid, **body)
    assert response.status_code == 400
    assert field in response.json()
    assert stored(tid) == before


@pytest.mark.django_db
def test_schedule_is_refused_once_rounds_are_paired(api, organiser):
    tid = _round_robin(organiser, players=4, rounds=3)
    assert _schedule(api, tid).status_code == 201
    response = _schedule(api, tid)
    assert response.status_code == 400
    assert response.json() == {"rounds": ["Rounds are already paired."]}


@pytest.mark.django_db
def test_schedule_is_for_the_tournaments_organisers(make_api, organiser):
    tid = _round_robin(organiser, players=4, rounds=3)
    assert _schedule(make_api("someone-else"), tid).status_code == 403
    assert _schedule(make_api(None), tid).status_code == 401
