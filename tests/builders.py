"""The one tournament builder for every app's tests: a tournament entered through
the ordinary commands, as an organiser would enter it.

``tests.tournaments.builders.make_tournament`` and ``tests.live.builders.make_tournament``
are presets of this builder, kept under their old names for the many tests using them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.test import Client
from django.urls import reverse

from tournaments.store import commands, private_links
from tournaments.store.organisers import ensure_organiser

Pairing = Iterable[tuple[int, int]]


def organiser(username: str = "organiser") -> Any:
    user, _ = ensure_organiser(username)
    return user


def signed_in(username: str = "organiser") -> Client:
    """A browser signed in as that organiser."""
    client = Client()
    client.force_login(organiser(username))
    return client


def report(tid: int, player_id: int, result: str) -> None:
    """A player's report, as their private link's page sends it."""
    commands.report_result(tid, {"player_id": player_id, "result": result})


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


def build_team_event(
    *,
    author: Any = None,
    teams: int = 4,
    boards: int = 4,
    reserves: int = 1,
    system: str = "round robin",
    rounds: int | None = None,
    lined_up: bool = True,
) -> int:
    """A team event of ``teams`` teams ("Club t", captain "Captain t") of ``boards`` +
    ``reserves`` players (team t's are start ranks (t - 1) * (boards + reserves) + 1...,
    rated 2400 - 10 * start rank), round 1 paired by the system and, ``lined_up``,
    each team's first ``boards`` players lined up in it."""
    author = author or organiser()
    size = boards + reserves
    created = commands.create_tournament(
        {
            "name": "Team League",
            "rounds": rounds or (teams - 1 + teams % 2 if system != "swiss" else 5),
            "system": system,
            "kind": "team",
            "boards": boards,
        },
        author=author,
    )
    tid = created.tournament_id
    for t in range(1, teams + 1):
        players = [
            {"name": f"Player {t}.{i}", "rating": 2400 - 10 * ((t - 1) * size + i)}
            for i in range(1, size + 1)
        ]
        body = {"name": f"Club {t}", "short_name": f"C{t}", "captain": f"Captain {t}"}
        commands.register_team(tid, {**body, "players": players}, author=author)
    commands.pair_next_team_round(tid, {}, author=author)
    if lined_up:
        for t in range(1, teams + 1):
            first = (t - 1) * size + 1
            lineup = {"round": 1, "team": t, "players": list(range(first, first + boards))}
            commands.submit_lineup(tid, lineup, author=author)
    return tid


def record_board(
    tid: int, match: int, board: int, result: str, round_number: int = 1, author: Any = None
) -> int:
    """Record a board of a team match; returns the event's seq."""
    body = {"round": round_number, "match": match, "board": board, "result": result}
    return commands.record_board_result(tid, body, author=author or organiser()).seq


def private_link(tid: int, holder: int, role: str = "player", author: Any = None) -> str:
    """Issue ``holder`` (a player id, or a team number for "captain") a private link;
    returns the link's path."""
    private_links.issue(tid, role, [holder], author=author or organiser())
    return reverse("live:link", args=[private_links.tokens(tid, role)[holder]])
