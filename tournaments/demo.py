"""The demo tournament: a 12-player, 5-round Swiss with three rounds played (a
forfeit, a requested bye, a pairing-allocated bye and a correction among them),
a withdrawal, and round 4 in progress.

Every event goes through the ordinary commands with a fixed idempotency key,
so loading it again stores nothing.  The players are fictional.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from tournaments.store import commands

NAME = "Crosstable Demo Open"

PLAYERS = [
    ("Elena Marchetti", 2431, "IM", "ITA"),
    ("Jonas Berg", 2398, "FM", "NOR"),
    ("Priya Raman", 2365, "FM", "IND"),
    ("Tomas Novak", 2340, "FM", "CZE"),
    ("Lucia Ferrer", 2302, "", "ESP"),
    ("Malik Haddad", 2277, "CM", "FRA"),
    ("Sofia Lindqvist", 2251, "WFM", "SWE"),
    ("Daniel Okafor", 2219, "", "NGR"),
    ("Hannah Weiss", 2188, "", "GER"),
    ("Marco Rossi", 2150, "", "ITA"),
    ("Yuki Tanaka", 2113, "", "JPN"),
    ("Pieter de Vries", 2074, "", "NED"),
]

DETAILS = {
    "start_date": "2026-03-13",
    "end_date": "2026-03-15",
    "place": "Bologna",
    "time_control": "90 min + 30 s per move",
    "chief_arbiter": "IA Carla Conti",
    "round_dates": ["2026-03-13", "2026-03-14", "2026-03-14", "2026-03-15", "2026-03-15"],
}

# round -> each board's result (None while the game is on), boards as the built-in Dutch
# engine pairs them (C.04.3): the demo's pairing check agrees with every round.
RESULTS: dict[int, list[str | None]] = {
    1: ["1-0", "0-1", "1/2-1/2", "0-1", "+/-", "1/2-1/2"],
    2: ["0-1", "1/2-1/2", "0-1", "1-0", "1/2-1/2"],
    3: ["1/2-1/2", "0-1", "1-0", "0-1", "1-0", "1/2-1/2"],
    4: [None, "1-0", None, "1/2-1/2", None, "0-1"],
}
CLOSED_ROUNDS = (1, 2, 3)


@transaction.atomic
def load_demo(author: User) -> int:
    """Store the demo tournament (once) and return its id."""
    created = commands.create_tournament(
        {"name": NAME, "rounds": 5, "system": "swiss", "details": DETAILS},
        author=author,
        idempotency_key="demo:created",
    )
    tournament_id = created.tournament_id
    step = 0

    def append(command: Callable[..., Any], payload: dict[str, Any]) -> None:
        nonlocal step
        step += 1
        command(tournament_id, payload, author=author, idempotency_key=f"demo:{step}")

    for name, rating, title, federation in PLAYERS:
        append(
            commands.register_player,
            {"name": name, "rating": rating, "title": title, "federation": federation},
        )
    # Yuki Tanaka did not turn up for round 1 (forfeit) and asked for a half-point bye.
    append(commands.request_bye, {"start_rank": 11, "round": 2, "points": "half"})
    for number, results in RESULTS.items():
        step += 1
        commands.pair_next_round(
            tournament_id, author=author, asked=number, idempotency_key=f"demo:{step}"
        )
        for board, result in enumerate(results, 1):
            if result is None:
                continue
            # Board 2 of round 3 was first entered the wrong way round.
            entered = "1-0" if (number, board) == (3, 2) else result
            append(commands.record_result, {"round": number, "board": board, "result": entered})
        if number == 3:
            append(
                commands.correct_result,
                {
                    "round": 3,
                    "board": 2,
                    "result": "0-1",
                    "reason": "The scoresheets show Black won; the slip was filled in wrongly.",
                },
            )
        if number in CLOSED_ROUNDS:
            append(commands.close_round, {"round": number})
    append(commands.withdraw_player, {"start_rank": 11, "from_round": 5})
    return tournament_id
