"""The one tournament builder for every app's tests: a tournament entered through
the ordinary commands, as an organiser would enter it.

``tests.tournaments.builders.make_tournament`` and ``tests.live.builders.make_tournament``
are presets of this builder, kept under their old names for the many tests using them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tournaments.store import commands
from tournaments.store.organisers import ensure_organiser

Pairing = Iterable[tuple[int, int]]


def organiser(username: str = "organiser") -> Any:
    user, _ = ensure_organiser(username)
    return user


def top_half_v_bottom_half(players: int) -> list[tuple[int, int]]:
    """Round 1 of a Swiss by rating: board b is b (white) v b + players/2."""
    half = players // 2
    return [(b, b + half) for b in range(1, half + 1)]


def build_tournament(
    *,
    author: Any = None,
    players: int = 4,
    rounds: int = 3,
    name: str = "Test Open",
    tiebreaks: Sequence[str] = (),
    rated: bool = False,
    pairings: Iterable[Pairing] = (),
) -> int:
    """A tournament of ``players`` players ("Player n"; rated 2500 - n, descending,
    when ``rated``) with the given rounds paired, (white, black) by start rank, and
    no results.  Returns its id."""
    author = author if author is not None else organiser()
    body: dict[str, Any] = {"name": name, "rounds": rounds}
    if tiebreaks:
        body["tiebreaks"] = list(tiebreaks)
    tid = commands.create_tournament(body, author=author).tournament_id
    for n in range(1, players + 1):
        player: dict[str, Any] = {"name": f"Player {n}"}
        if rated:
            player["rating"] = 2500 - n
        commands.register_player(tid, player, author=author)
    for number, boards in enumerate(pairings, start=1):
        commands.record_pairing(
            tid,
            {"round": number, "boards": [{"white": w, "black": b} for w, b in boards]},
            author=author,
        )
    return tid


def record(tid: int, board: int, result: str, round_number: int = 1, author: Any = None) -> int:
    """Record a result; returns the seq of the stored event."""
    body = {"round": round_number, "board": board, "result": result}
    return commands.record_result(tid, body, author=author or organiser()).seq
