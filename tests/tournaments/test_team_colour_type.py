"""Issue 22: a team Swiss's C.04.6 colour-preference type ("A", "B", "none"), a
setting of the event that the C.04.6 pairing and the TRF26 192 code follow."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from pairings.team_swiss import ColourType, rules_from_code
from tests.builders import build_team_event
from tournaments.store import queries

pytestmark = pytest.mark.django_db


def patch(api: Any, tid: int, **changes: Any) -> Any:
    url = reverse("tournaments:tournament-detail", args=[tid])
    return api.client.patch(url, changes, format="json")


def test_a_team_swiss_pairs_by_type_a_unless_told(api: Any, organiser: Any) -> None:
    tid = build_team_event(author=organiser, system="swiss", lined_up=False)
    assert api.get("tournament-detail", tid).json()["colour_type"] == "A"
    code = queries.load_tournament(tid).state.to_team_tournament().system_code
    assert rules_from_code(code).colour_type is ColourType.A


@pytest.mark.parametrize(("setting", "kind"), [("B", ColourType.B), ("none", ColourType.NONE)])
def test_the_colour_type_set_is_the_one_the_pairing_reads(
    api: Any, organiser: Any, setting: str, kind: ColourType
) -> None:
    tid = build_team_event(author=organiser, system="swiss", lined_up=False)
    assert patch(api, tid, colour_type=setting).status_code == 201
    code = queries.load_tournament(tid).state.to_team_tournament().system_code
    assert rules_from_code(code).colour_type is kind


def test_an_unknown_colour_type_is_refused_on_its_field(api: Any, organiser: Any) -> None:
    tid = build_team_event(author=organiser, system="swiss", lined_up=False)
    response = patch(api, tid, colour_type="C")
    assert response.status_code == 400 and "colour_type" in str(response.json())


def test_a_round_robin_takes_no_colour_type(api: Any, organiser: Any) -> None:
    tid = build_team_event(author=organiser, lined_up=False)
    response = patch(api, tid, colour_type="B")
    assert response.status_code == 400 and "colour_type" in str(response.json())


def test_an_individual_event_takes_no_colour_type(api: Any) -> None:
    body = {"name": "Open", "rounds": 5, "system": "swiss", "colour_type": "B"}
    response = api.post("tournament-list", body=body)
    assert response.status_code == 400 and "colour_type" in str(response.json())
