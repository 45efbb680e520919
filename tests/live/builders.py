"""Tournaments for live tests: a preset of the shared builder (``tests.builders``)."""

from __future__ import annotations

from typing import Any

from tests import builders
from tournaments.store import commands
from tournaments.store.queries import load_tournament

# As a French page writes them (Django's fr locale).
FRENCH_MONTHS = [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
]


def organiser() -> Any:
    return builders.organiser("live-organiser")


def make_tournament(players: int = 6, rounds: int = 3, name: str = "Live Open") -> int:
    """A rated Swiss (BH, SB) with round 1 paired top half against bottom half:
    board b is b (white) v b + players/2."""
    return builders.build_tournament(
        author=organiser(),
        players=players,
        rounds=rounds,
        name=name,
        tiebreaks=("BH", "SB"),
        rated=True,
        pairings=[builders.top_half_v_bottom_half(players)],
    )


def record(tid: int, board: int, result: str, round_number: int = 1) -> int:
    """Record a result; returns the seq of the stored event."""
    return builders.record(tid, board, result, round_number, author=organiser())


def round_two_with_a_withdrawal_and_a_bye() -> int:
    """Six players, three rounds: round 1 won by White on every board (1 v 4, 2 v 5,
    3 v 6); player 6 withdrawn from round 2, player 5 on a requested half-point bye in
    it; round 2 paired 4 v 1, 2 v 3."""
    author = organiser()
    tid = make_tournament(players=6, rounds=3)
    for board in (1, 2, 3):
        record(tid, board, "1-0")
    commands.withdraw_player(tid, {"start_rank": 6, "from_round": 2}, author=author)
    commands.request_bye(tid, {"start_rank": 5, "round": 2, "points": "half"}, author=author)
    boards = [{"white": 4, "black": 1}, {"white": 2, "black": 3}]
    commands.record_pairing(tid, {"round": 2, "boards": boards}, author=author)
    return tid


def moved_up() -> int:
    """A team event (4 clubs of 2 boards + a reserve) where Club 1's player 2 plays
    board 2 in round 1, then board 1 in round 2 as player 1 rests: one game on each
    board.  Club 1 wins every board; elsewhere White wins board 1 and loses board 2."""
    author = builders.organiser()
    tid = builders.build_team_event(teams=4, boards=2, lined_up=False)
    for round_number, club_one in ((1, [1, 2]), (2, [2, 3])):
        if round_number == 2:
            commands.pair_next_team_round(tid, {}, author=author)
        for team in range(1, 5):
            players = club_one if team == 1 else [3 * team - 2, 3 * team - 1]
            body = {"round": round_number, "team": team, "players": players}
            commands.submit_lineup(tid, body, author=author)
        for match in load_tournament(tid).state.team_rounds[round_number].matches:
            for board in (1, 2):
                # White on board 1 is the match's first team, on board 2 its second.
                white_team = match.white if board == 1 else match.black
                won = white_team == 1 if 1 in match.teams() else board == 1
                result = "1-0" if won else "0-1"
                builders.record_board(tid, match.number, board, result, round_number)
    return tid
