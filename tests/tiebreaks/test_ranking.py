"""Ranking (C.07 4.2): score, then each tie-break inside the groups still tied; Direct
Encounter (Type A) is computed inside each group; equal on everything = shared place."""

from __future__ import annotations

from tests.tiebreaks.builders import tournament_from_strips, with_ratings
from tiebreaks.standings import compute_standings

# 1, 2 and 3 beat each other in a circle and score 2.0; 4, 5, 6 lost their only game.
CIRCLE = tournament_from_strips({1: "+W2 +W4 -B3", 2: "-B1 +W3 +W5", 3: "+B6 -B2 +W1"})
# 1 beat 2 and 3, who never met; all three score 2.0 from three rounds.
UNFINISHED = tournament_from_strips({1: "+W2 +B3 -W4", 2: "-B1 +W5 +B6", 3: "+W7 -W1 +B8"})


def _places(standings) -> dict[int, str]:
    return {r.player.start_rank: r.place for r in standings.rows}


def test_equal_on_everything_share_a_place() -> None:
    places = _places(compute_standings(CIRCLE, ["DE"]))
    assert [places[p] for p in (1, 2, 3)] == ["1-3"] * 3


def test_shared_rank_is_the_first_place() -> None:
    rows = compute_standings(CIRCLE, ["DE"]).rows
    assert [r.rank for r in rows if r.player.start_rank in (1, 2, 3)] == [1, 1, 1]


def test_next_place_after_a_shared_one() -> None:
    rows = {r.player.start_rank: r for r in compute_standings(CIRCLE, ["DE"]).rows}
    assert (rows[4].place, rows[4].rank) == ("4-6", 4)


def test_direct_encounter_is_recomputed_inside_the_subgroup_left_tied() -> None:
    # BPG: 3 played Black twice, 1 and 2 once; DE then only sees 1-2 (1 won).
    places = _places(compute_standings(CIRCLE, ["BPG", "DE"]))
    assert [places[p] for p in (3, 1, 2)] == ["1", "2", "3"]


def test_direct_encounter_value_is_the_position_inside_its_group() -> None:
    rows = {r.player.start_rank: r for r in compute_standings(CIRCLE, ["BPG", "DE"]).rows}
    assert [rows[p].tiebreaks["DE"] for p in (1, 2, 3)] == [1, 2, None]


def test_direct_encounter_swiss_rule_6_3_ranks_a_sure_winner_first() -> None:
    # 1 has 2 points against the group; 2 and 3 can reach at most 1 each.
    places = _places(compute_standings(UNFINISHED, ["DE"]))
    assert [places[p] for p in (1, 2, 3)] == ["1", "2-3", "2-3"]


def test_later_tie_break_only_splits_the_remaining_tie() -> None:
    places = _places(compute_standings(UNFINISHED, ["DE", "TPN"]))
    assert [places[p] for p in (1, 2, 3)] == ["1", "2", "3"]


def test_tpn_reverse_ranks_the_higher_pairing_number_first() -> None:
    places = _places(compute_standings(UNFINISHED, ["DE", "TPN/R"]))
    assert [places[p] for p in (1, 3, 2)] == ["1", "2", "3"]


def test_undefined_value_ranks_last() -> None:
    # ARO-C1 of a player with a single rated game is undefined: it loses the tie.
    tournament = with_ratings(
        tournament_from_strips({1: "+W3 =B4", 2: "+B5 =BYE"}), {3: 1500, 4: 1600, 5: 2000}
    )
    places = _places(compute_standings(tournament, ["ARO/C1"]))
    assert (places[1], places[2]) == ("1", "2")


def test_direct_encounter_averages_repeated_meetings() -> None:
    # 6.1.2: 1 beat 2 twice (average 1), lost to 3; 2 beat 3; 3 beat 1: 1 point each.
    # Summed, 1 would have 2 and win; averaged, nobody is ahead.
    tournament = tournament_from_strips(
        {
            1: "+W2 -B3 -W7 +B2 -W8",
            2: "-B1 +W9 +B3 -W1 -B4",
            3: "+W5 +W1 -W2 -B6 -B10",
        }
    )
    places = _places(compute_standings(tournament, ["DE"]))
    assert [places[p] for p in (1, 2, 3)] == ["1-3"] * 3
