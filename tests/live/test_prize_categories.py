"""Prize categories by what the registrations carry (``player.registered`` v3: sex,
birth date, club; the rating as ever), from the event log to the awards API, the
calculator API and the crosstable's Prize column."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests import builders
from tests.tiebreaks.test_cli_prizes import with_record
from tournaments.store import commands
from tournaments.store.trf_import import import_trf

from .builders import organiser

pytestmark = pytest.mark.django_db

# Six players, best first by rating; only one of them is in each category, and
# never the best placed, so each category prize goes to its player and to nobody
# else (without the player's record the prize would lapse).
PLAYERS: list[dict[str, Any]] = [
    {"name": "Adam", "rating": 2300, "sex": "m", "birth_date": "1980", "club": "Torre"},
    {"name": "Bruno", "rating": 2200, "sex": "m", "birth_date": "1985-02-03", "club": "Torre"},
    {"name": "Carlo", "rating": 1750, "sex": "m", "birth_date": "1990", "club": "Torre"},
    {"name": "Dario", "rating": 2100, "sex": "m", "birth_date": "1975", "club": "Scacchi Roma"},
    {"name": "Elena", "rating": 2050, "sex": "w", "birth_date": "1992", "club": "Torre"},
    {"name": "Fabio", "rating": 2000, "sex": "m", "birth_date": "2013-07-01", "club": "Torre"},
]

CATEGORIES = [
    ("Best U1800", {"rating_max": 1799}, 3),
    ("Best woman", {"sex": "w"}, 5),
    ("Best under 14", {"born_after": 2012}, 6),
    ("Best of Scacchi Roma", {"clubs": ["Scacchi Roma"]}, 4),
]


def tournament(category: dict[str, Any], *, paired_only: bool = False) -> int:
    """Round 1 of 2: 1 v 4, 2 v 5, 3 v 6; 1 won, the others drawn (unless
    ``paired_only``): 1 alone first; a general 1st prize and the category's prize."""
    author = organiser()
    tid = commands.create_tournament(
        {"name": "Category Open", "rounds": 2, "tiebreaks": ["BH"]}, author=author
    ).tournament_id
    for player in PLAYERS:
        commands.register_player(tid, player, author=author)
    commands.record_pairing(
        tid,
        {"round": 1, "boards": [{"white": w, "black": w + 3} for w in (1, 2, 3)]},
        author=author,
    )
    if not paired_only:
        for board, result in ((1, "1-0"), (2, "1/2-1/2"), (3, "1/2-1/2")):
            builders.record(tid, board, result, author=author)
    definition = {
        "prizes": [
            {"name": "1st", "amount": "100", "place": 1},
            {"name": "Category", "amount": "20", "place": 1, "category": category},
        ]
    }
    commands.set_prize_list(tid, {"definition": definition}, author=author)
    return tid


@pytest.mark.parametrize(("name", "category", "winner"), CATEGORIES)
def test_the_awards_api_gives_a_category_prize_to_its_player(
    name: str, category: dict[str, Any], winner: int
) -> None:
    body = APIClient().get(reverse("prize-awards", args=[tournament(category)])).json()
    won = {w["start_rank"]: [p["name"] for p in w["prizes"]] for w in body["winners"]}
    assert won[winner] == ["Category"]
    assert body["unawarded"] == []


@pytest.mark.parametrize(("name", "category", "winner"), CATEGORIES)
def test_the_calculator_counts_only_the_categorys_player(
    name: str, category: dict[str, Any], winner: int
) -> None:
    tid = tournament(category, paired_only=True)
    body = APIClient().get(reverse("stakes", args=[tid])).json()
    in_category = {
        player["start_rank"]
        for player in body["players"]
        for outcome in player["results"]
        for prize in outcome["prizes"]
        if prize["name"] == "Category"
    }
    assert in_category == {winner}


def test_an_edited_club_moves_the_club_prize() -> None:
    tid = tournament({"clubs": ["Scacchi Roma"]})
    commands.edit_player(tid, {"player_id": 4, "changes": {"club": "Torre"}}, author=organiser())
    commands.edit_player(
        tid, {"player_id": 6, "changes": {"club": "Scacchi Roma"}}, author=organiser()
    )
    body = APIClient().get(reverse("prize-awards", args=[tid])).json()
    won = {w["start_rank"]: [p["name"] for p in w["prizes"]] for w in body["winners"]}
    assert won[6] == ["Category"]
    assert 4 not in won


def test_the_crosstable_shows_a_womans_prize_beside_her() -> None:
    tid = tournament({"sex": "w"})
    html = Client().get(reverse("live:crosstable", args=[tid])).content.decode()
    row = html[html.index("Elena") :]
    assert "Category" in row[: row.index("</tr>")]


def test_an_imported_trfs_sex_and_birth_year_choose_the_winners_as_the_cli_does(
    tmp_path: Path,
) -> None:
    # The file and the expectations of test_cli_prizes: Helene (5) is the best
    # placed woman, Paul (14) the only player born after 2012.
    trf = with_record(
        tmp_path, {5: ("w", "1995/03/04"), 7: ("w", "1990"), 12: ("m", "2012"), 14: ("m", "2013")}
    )
    tid = import_trf(trf.read_text(), author=organiser()).id
    definition = {
        "prizes": [
            {"name": "1st", "amount": "1000", "place": 1},
            {"name": "Best woman", "amount": "50", "place": 1, "category": {"sex": "w"}},
            {"name": "Best U14", "amount": "30", "place": 1, "category": {"born_after": 2012}},
        ]
    }
    commands.set_prize_list(tid, {"definition": definition}, author=organiser())
    body = APIClient().get(reverse("prize-awards", args=[tid])).json()
    assert {w["start_rank"]: [p["name"] for p in w["prizes"]] for w in body["winners"]} == {
        2: ["1st"],
        5: ["Best woman"],
        14: ["Best U14"],
    }
