"""The prize winners, the last-round calculator and "what if" over HTTP, from a
tournament's events (the engines' own cases: tests/tiebreaks/test_prizes.py,
test_stakes.py)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from tournaments.store import commands
from tournaments.store.queries import last_seq

from .builders import make_tournament, organiser, record

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]

EQUAL = {
    "sharing": "equal",
    "prizes": [
        {"name": "1st", "amount": "100", "place": 1},
        {"name": "2nd", "amount": "50", "place": 2},
    ],
}


def with_prizes(definition: dict = EQUAL) -> int:
    """Four players, round 1 paired 1 v 3 and 2 v 4, no results yet."""
    tid = make_tournament(players=4)
    commands.set_prize_list(tid, {"definition": definition}, author=organiser())
    return tid


def get(name: str, tid: int):
    return APIClient().get(reverse(name, args=[tid]))


def what_if(tid: int, body: object):
    return APIClient().post(reverse("what-if", args=[tid]), body, format="json")


def test_the_winners_share_by_the_prize_list() -> None:
    tid = with_prizes()
    record(tid, 1, "1-0")
    record(tid, 2, "0-1")
    body = get("prize-awards", tid).json()
    # 1 and 4 won and are tied on everything (BH 0, SB 0): equal sharing splits
    # 100 + 50 in two, 75.00 each.
    assert body["winners"] == [
        {
            "start_rank": 1,
            "place": "1-2",
            "points": 1,
            "prizes": [{"name": "1st", "amount": "75.00", "shared_with": [4]}],
        },
        {
            "start_rank": 4,
            "place": "1-2",
            "points": 1,
            "prizes": [{"name": "2nd", "amount": "75.00", "shared_with": [1]}],
        },
    ]
    assert body["version"] == last_seq(tid)


def test_a_prize_nobody_qualifies_for_is_listed_unawarded() -> None:
    junior = {"name": "Best junior", "amount": "20", "place": 1, "category": {"born_after": 2009}}
    tid = with_prizes({"prizes": [EQUAL["prizes"][0], junior]})
    # No player has a birth date on record: nobody is in an age category.
    assert get("prize-awards", tid).json()["unawarded"] == [{"name": "Best junior", "place": 1}]


def test_awards_without_a_prize_list_are_404() -> None:
    tid = make_tournament(players=4)
    assert get("prize-awards", tid).status_code == 404
    assert get("stakes", tid).status_code == 404


def test_the_calculator_says_what_a_draw_needs() -> None:
    # By tie-breaks (not pooled): a share of a tie for 1st is not the 1st prize.
    tid = with_prizes({"prizes": EQUAL["prizes"]})
    body = get("stakes", tid).json()
    assert body["open_games"] == [[1, 3], [2, 4]]
    first = next(p for p in body["players"] if p["start_rank"] == 1)
    draw = next(r for r in first["results"] if r["result"] == "draw")
    # On ½ 1 is level with 3; a drawn 2-4 leaves all four level on ½ (1-4, both the
    # best case, nobody above, and the worst, most level or above); a decisive one
    # puts its winner on 1, above.  So 1st needs 2-4 drawn.
    assert (draw["best"], draw["worst"]) == ("1-4", "1-4")
    prize = next(p for p in draw["prizes"] if p["name"] == "1st")
    assert prize["reach"] == "possible"
    assert prize["needs"]["text"] == "2-4 1/2-1/2"


def test_what_if_gives_standings_and_prizes_and_stores_nothing() -> None:
    tid = with_prizes()
    before = last_seq(tid)
    response = what_if(tid, {"results": {"1": "win", "4": "win"}})
    assert response.status_code == 200, response.json()
    body = response.json()
    rows = [(r["start_rank"], r["place"], r["points"]) for r in body["standings"]["rows"]]
    assert rows[:2] == [(1, "1-2", 1), (4, "1-2", 1)]
    assert [w["prizes"][0]["amount"] for w in body["winners"]] == ["75.00", "75.00"]
    assert last_seq(tid) == before


def test_what_if_names_the_entry_that_cannot_be() -> None:
    tid = with_prizes()
    response = what_if(tid, {"results": {"9": "win"}})
    assert response.status_code == 400
    assert list(response.json()) == ["results.9"]


def test_what_if_refuses_sides_that_disagree() -> None:
    tid = with_prizes()
    response = what_if(tid, {"results": {"1": "win", "3": "win"}})
    assert response.status_code == 400
    assert "results.3" in response.json()


def test_what_if_refuses_an_unknown_result() -> None:
    tid = with_prizes()
    response = what_if(tid, {"results": {"1": "1-0"}})
    assert response.status_code == 400
    assert "results" in response.json()


def test_what_if_is_throttled(monkeypatch) -> None:
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"what_if": "2/min"})
    tid = with_prizes()
    codes = [what_if(tid, {"results": {}}).status_code for _ in range(3)]
    assert codes == [200, 200, 429]


def test_what_if_tells_why_in_the_language_asked_under_the_field() -> None:
    tid = with_prizes()
    response = APIClient().post(
        reverse("what-if", args=[tid]),
        {"results": {"1": "win", "3": "win"}},
        format="json",
        headers={"accept-language": "de"},
    )
    assert response.status_code == 400
    assert response.json() == {
        "results.3": ["win für 3 widerspricht dem Ergebnis, das für den Gegner angegeben ist"]
    }
