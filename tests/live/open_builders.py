"""Weekend opens of any size for the spectator pages, through the ordinary commands.

``make_open(players, played)``: rounds 1..played with every result, round
played + 1 paired without results, the last player withdrawn from that round and
the one before on a requested half-point bye in it.  Names vary in length (one is
very long), federations and titles in a few patterns.
"""

from __future__ import annotations

from tournaments.store import commands

from .builders import organiser

FEDERATIONS = ("ITA", "GER", "FRA", "ESP", "NED", "NOR", "IND", "USA")
TITLES = ("GM", "IM", "FM", "", "", "CM", "", "")
FIRST = ("Anna", "Boris", "Chiara", "Dmitri", "Eva", "Farid", "Greta", "Hugo", "Ines", "Jan")
LAST = ("Rossi", "Weber", "Bianchi", "Petrov", "Lindqvist", "Haddad", "Novak", "Ferrer")
LONG_NAME = "Maximiliane Alexandra von Hohenzollern-Sigmaringen-Ostergaard"
RESULTS = ("1-0", "0-1", "1/2-1/2", "1-0", "0-1")
DETAILS = {
    "start_date": "2026-05-01",
    "end_date": "2026-05-03",
    "place": "Lyon",
    "time_control": "90 min + 30 s",
    "chief_arbiter": "IA Paul Martin",
    "round_dates": ["2026-05-01", None, "2026-05-02"],
}


def player_name(n: int) -> str:
    if n == 7:
        return LONG_NAME
    return f"{FIRST[n % len(FIRST)]} {LAST[(n // len(FIRST)) % len(LAST)]} {n}"


def pairing(ranks: list[int], round_number: int) -> list[dict[str, int]]:
    """Top half against a rotated bottom half: no rematch for the first len/2 rounds."""
    half = len(ranks) // 2
    boards = []
    for b in range(half):
        white, black = ranks[b], ranks[half + (b + round_number - 1) % half]
        if round_number % 2 == 0:
            white, black = black, white
        boards.append({"white": white, "black": black})
    return boards


def make_open(players: int, played: int = 2, rounds: int = 9, name: str = "Weekend Open") -> int:
    author = organiser()
    tid = commands.create_tournament(
        {"name": name, "rounds": rounds, "tiebreaks": ["BH/C1", "BH", "SB"], "details": DETAILS},
        author=author,
    ).tournament_id
    for n in range(1, players + 1):
        commands.register_player(
            tid,
            {
                "name": player_name(n),
                "rating": 2600 - 3 * n,
                "title": TITLES[n % len(TITLES)] if n < 40 else "",
                "federation": FEDERATIONS[n % len(FEDERATIONS)],
            },
            author=author,
        )
    everyone = list(range(1, players + 1))
    for number in range(1, played + 1):
        boards = pairing(everyone, number)
        commands.record_pairing(tid, {"round": number, "boards": boards}, author=author)
        for board in range(1, len(boards) + 1):
            result = "+/-" if (number, board) == (1, 3) else RESULTS[(board + number) % 5]
            commands.record_result(
                tid, {"round": number, "board": board, "result": result}, author=author
            )
    current = played + 1
    commands.withdraw_player(tid, {"start_rank": players, "from_round": current}, author=author)
    commands.request_bye(
        tid, {"start_rank": players - 1, "round": current, "points": "half"}, author=author
    )
    commands.record_pairing(
        tid,
        {"round": current, "boards": pairing(everyone[:-2], current), "confirm_repeats": True},
        author=author,
    )
    return tid
