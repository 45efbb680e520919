"""The Dutch system on hand-checked cases (C.04.3)."""

from __future__ import annotations

import pytest

from pairings import Board, NoLegalPairing, pair_round
from tests.pairings.builders import entrants, history, played_out
from tiebreaks.model import Color


def boards(*pairs: tuple[int, int]) -> tuple[Board, ...]:
    return tuple(Board(w, b) for w, b in pairs)


def test_round_one_pairs_top_half_against_bottom_half_alternating_colours():
    # S1 = 1-4 against S2 = 5-8; the higher player of an odd board number gets the
    # initial colour (5.2.5).
    pairing = pair_round(entrants(8, 5), 1)
    assert pairing.boards == boards((1, 5), (6, 2), (3, 7), (8, 4))


def test_black1_gives_the_top_player_black():
    pairing = pair_round(entrants(8, 5), 1, initial_colour=Color.BLACK)
    assert pairing.boards == boards((5, 1), (2, 6), (7, 3), (4, 8))


def test_odd_number_gives_the_lowest_player_the_bye():
    pairing = pair_round(entrants(7, 5), 1)
    assert pairing.boards == boards((1, 4), (5, 2), (3, 6), (7, 0))
    assert pairing.bye == 7


def test_requested_byes_are_not_paired():
    pairing = pair_round(entrants(8, 5), 1, absent={1, 8})
    assert pairing.boards == boards((2, 5), (6, 3), (4, 7))


def test_no_legal_pairing_once_everybody_has_met():
    # Four players, three rounds: everybody has met everybody (C1).
    played, finished = played_out(4, 4, 3, seed=1)
    assert len(played) == 3
    with pytest.raises(NoLegalPairing):
        pair_round(finished, 4)


def test_the_same_input_gives_the_same_pairing():
    *_, (tournament, number, absent, pairing) = played_out(31, 9, 5, seed=7)[0]
    assert pair_round(tournament, number, absent=absent) == pairing


def test_bye_when_the_lowest_bye_eligible_player_moved_down_and_was_paired():
    # Before round 5: 2 has 3 points and has met everybody; 1 (2½, a half-point bye
    # in round 1) has met 2, 3, 4; 3, 4, 5 (2 points) all had the bye (C2).  Only 1
    # and 2 may get the bye, and 2 cannot be paired: bye 2, then 1-5 and 3-4 (C1).
    # 1 had white twice running: absolutely due black (5.2.2).  3 and 4 (both B W B)
    # never differed: the higher 3 gets his white (5.2.4).  This crashed (KeyError)
    # when 1, moved down with 2, was paired before the remainder's bye was chosen.
    tournament = history(
        5,
        7,
        [(2, 4, "1/2"), (5, 3, "1/2"), (1, 0, "H")],
        [(4, 1, "0-1"), (3, 2, "1/2"), (5, 0, "")],
        [(1, 3, "1-0"), (2, 5, "1-0"), (4, 0, "")],
        [(1, 2, "0-1"), (5, 4, "1/2"), (3, 0, "")],
    )
    assert pair_round(tournament, 5).boards == boards((5, 1), (3, 4), (2, 0))
