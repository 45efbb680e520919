"""A small Swiss entered through the API end to end, and what it folds into."""

from __future__ import annotations

from fractions import Fraction

from tiebreaks.model import (
    Color,
    Game,
    Outcome,
    Player,
    Scoring,
    System,
    TournamentResults,
    Unplayed,
)
from tiebreaks.model import UnplayedRound as Unplayed_
from tournaments.store.queries import load_tournament

W, B = Color.WHITE, Color.BLACK
WIN, DRAW, LOSS = Outcome.WIN, Outcome.DRAW, Outcome.LOSS

PLAYERS = [
    ("Anna", 2300, "FM", "ITA"),
    ("Boris", 2250, "", "GER"),
    ("Chiara", 2200, "WIM", "ITA"),
    ("Dmitri", 2150, "", "SRB"),
    ("Eva", 2100, "", "AUT"),
    ("Femi", 2050, "", "NGR"),
]


def enter_small_swiss(api) -> int:
    created = api.post(
        "tournament-list",
        body={"name": "Club Swiss", "rounds": 3, "tiebreaks": ["BH/C1", "BH", "SB"]},
    )
    assert created.status_code == 201, created.json()
    tid = created.json()["tournament"]
    for name, rating, title, federation in PLAYERS:
        body = {"name": name, "rating": rating, "title": title, "federation": federation}
        assert api.post("player-list", tid, body=body).status_code == 201

    def pair(number, boards, byes=()):
        body = {
            "round": number,
            "boards": [{"white": w, "black": b} for w, b in boards],
            "byes": list(byes),
        }
        response = api.post("round-list", tid, body=body)
        assert response.status_code == 201, response.json()

    def result(number, board, value):
        body = {"round": number, "board": board, "result": value}
        response = api.post("result-create", tid, body=body)
        assert response.status_code == 201, response.json()

    pair(1, [(1, 4), (5, 2), (3, 6)])
    result(1, 1, "1-0")
    result(1, 2, "1/2-1/2")
    result(1, 3, "+/-")  # Femi did not turn up
    bye = {"start_rank": 6, "round": 2, "points": "half"}
    assert api.post("bye-list", tid, body=bye).status_code == 201
    pair(2, [(2, 1), (4, 3)], byes=[5])
    result(2, 1, "0-1")
    result(2, 2, "1/2-1/2")
    pair(3, [(1, 5), (3, 2), (6, 4)])
    result(3, 1, "1-0")
    result(3, 2, "0-1")
    result(3, 3, "0-1")
    correction = {"round": 3, "board": 1, "result": "1/2-1/2", "reason": "slip misread"}
    assert api.post("correction-create", tid, body=correction).status_code == 201
    return tid


def test_a_small_swiss_entered_through_the_api_folds_into_the_engines_tournament(api):
    tid = enter_small_swiss(api)

    def player(rank, rounds):
        name, rating, title, federation = PLAYERS[rank - 1]
        return Player(rank, name, rating, title, federation, rounds=rounds)

    expected = TournamentResults(
        players=(
            player(1, (Game(4, WIN, W), Game(2, WIN, B), Game(5, DRAW, W))),
            player(2, (Game(5, DRAW, B), Game(1, LOSS, W), Game(3, WIN, B))),
            player(3, (Unplayed_(Unplayed.FORFEIT_WIN, 6, W), Game(4, DRAW, B), Game(2, LOSS, W))),
            player(4, (Game(1, LOSS, B), Game(3, DRAW, W), Game(6, WIN, B))),
            player(5, (Game(2, DRAW, W), Unplayed_(Unplayed.PAB), Game(1, DRAW, B))),
            player(
                6,
                (Unplayed_(Unplayed.FORFEIT_LOSS, 3, B), Unplayed_(Unplayed.HPB), Game(4, LOSS, W)),
            ),
        ),
        rounds=3,
        scoring=Scoring(),
        system=System.SWISS,
        name="Club Swiss",
    )
    folded = load_tournament(tid)
    assert folded.results == expected
    # created, 6 players, 3 pairings, 8 results, a bye and a correction
    assert folded.version == 20
    assert (folded.rules, folded.tiebreaks) == ("fide-2026", ("BH/C1", "BH", "SB"))
    scores = {p.start_rank: sum(map(Scoring().points, p.rounds)) for p in folded.results.players}
    assert scores == {
        1: Fraction(5, 2),
        2: Fraction(3, 2),
        3: Fraction(3, 2),
        4: Fraction(3, 2),
        5: 2,
        6: Fraction(1, 2),
    }


def test_the_read_endpoints_show_the_folded_tournament(api):
    tid = enter_small_swiss(api)
    anonymous = type(api)()

    detail = anonymous.get("tournament-detail", tid).json()
    assert detail["name"] == "Club Swiss"
    assert (detail["players"], detail["rounds_paired"], detail["version"]) == (6, 3, 20)
    assert detail["scoring"]["hpb"] == "1/2"

    players = anonymous.get("player-list", tid).json()
    assert [p["name"] for p in players] == [p[0] for p in PLAYERS]

    round_three = anonymous.get("round-detail", tid, 3).json()
    assert round_three["boards"][0] == {
        "board": 1,
        "white": 1,
        "black": 5,
        "result": "1/2-1/2",
        "result_seq": 20,
    }
    assert anonymous.get("round-list", tid).json()[1]["byes"] == [5]
    assert anonymous.get("bye-list", tid).json() == [
        {"round": 2, "start_rank": 6, "player_id": 6, "points": "half"}
    ]
    assert anonymous.get("round-detail", tid, 9).status_code == 404
