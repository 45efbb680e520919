"""Properties of every round the engine pairs in generated tournaments."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pairings import pair_round
from tests.pairings.builders import played_out
from tiebreaks.model import Color, Game, Unplayed, UnplayedRound

tournaments = st.tuples(
    st.integers(min_value=2, max_value=24),  # players
    st.integers(min_value=0, max_value=2**16),  # seed
    st.sampled_from([0.0, 0.1]),  # share of players absent each round
)


def rounds_of(count: int, seed: int, absent_rate: float):
    return played_out(count, 7, 7, seed, absent_rate)[0]


def final(count: int, seed: int, absent_rate: float):
    return played_out(count, 7, 7, seed, absent_rate)[1]


@settings(max_examples=40, deadline=None)
@given(tournaments)
def test_every_present_player_is_paired_exactly_once(case):
    for tournament, _, absent, pairing in rounds_of(*case):
        seen = [n for b in pairing.boards for n in (b.white, b.black) if n]
        present = {p.start_rank for p in tournament.players} - absent
        assert sorted(seen) == sorted(present)


@settings(max_examples=40, deadline=None)
@given(tournaments)
def test_no_two_players_meet_twice(case):
    tournament = final(*case)
    for player in tournament.players:
        opponents = [g.opponent for g in player.rounds if isinstance(g, Game)]
        assert len(opponents) == len(set(opponents))


@settings(max_examples=40, deadline=None)
@given(tournaments)
def test_at_most_one_pairing_allocated_bye_per_player(case):
    tournament = final(*case)
    for player in tournament.players:
        byes = [r for r in player.rounds if isinstance(r, UnplayedRound) and r.kind is Unplayed.PAB]
        assert len(byes) <= 1


@settings(max_examples=40, deadline=None)
@given(tournaments)
def test_colour_rules_c3(case):
    # Before the final round nobody's colour difference passes ±2 and nobody gets
    # the same colour three times in a row (C3).
    tournament = final(*case)
    for player in tournament.players:
        colours = [g.color for g in player.rounds[: tournament.rounds - 1] if isinstance(g, Game)]
        assert abs(colours.count(Color.WHITE) - colours.count(Color.BLACK)) <= 2
        runs = ["".join(c.value for c in colours[i : i + 3]) for i in range(len(colours) - 2)]
        assert "www" not in runs and "bbb" not in runs


@settings(max_examples=20, deadline=None)
@given(tournaments)
def test_the_same_tournament_is_paired_the_same_way(case):
    for tournament, number, absent, pairing in rounds_of(*case):
        assert pair_round(tournament, number, absent=absent) == pairing


@settings(max_examples=30, deadline=None)
@given(tournaments)
def test_baku_acceleration_pairs_everybody_once_and_never_twice(case):
    played, tournament = played_out(*case[:1], 9, 9, *case[1:], accelerated=True)
    for before, _, absent, pairing in played:
        seen = [n for b in pairing.boards for n in (b.white, b.black) if n]
        assert sorted(seen) == sorted({p.start_rank for p in before.players} - absent)
    for player in tournament.players:
        opponents = [g.opponent for g in player.rounds if isinstance(g, Game)]
        assert len(opponents) == len(set(opponents))
