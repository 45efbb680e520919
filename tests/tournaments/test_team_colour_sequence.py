"""Issue 22: a team event's colour sequence (TRF26 352), the first-named team's
colours down the boards: alternating ("WB") unless the settings say otherwise,
imported from and exported as the 352 record."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from tests.builders import organiser
from tiebreaks.teams.standings import team_standings
from tiebreaks.teams.trf import read_team_trf
from tournaments.store.queries import load_tournament
from tournaments.store.trf_import import export_trf, import_trf

from .builders import Api
from .test_team_api import team_event

DATA = Path(__file__).resolve().parent.parent / "data"
# Four teams, four boards, the first-named team White on boards 1 and 2.
WWBB_FILE = DATA / "team_colours_wwbb.trf"

pytestmark = pytest.mark.django_db


def _imported() -> int:
    return import_trf(WWBB_FILE.read_text(), author=organiser()).id


def _patch(api: Api, tid: int, body: dict[str, Any]) -> Any:
    url = reverse("tournaments:tournament-detail", args=[tid])
    return api.client.patch(url, body, format="json")


def _white_teams(api: Api, tid: int) -> list[int]:
    """Who has White on each board of round 1's match, both teams lined up."""
    assert api.post("team-round-pair", tid, body={}).status_code == 201
    for team, first in ((1, 1), (2, 6)):
        body = {"round": 1, "team": team, "players": list(range(first, first + 4))}
        assert api.post("lineup-create", tid, body=body).status_code == 201
    (match,) = api.get("team-round-list", tid).json()[0]["matches"]
    return [board["white_team"] for board in match["boards"]]


def test_a_colour_sequence_set_at_creation_colours_the_boards(api: Api) -> None:
    assert _white_teams(api, team_event(api, 2, colour_sequence="WWBB")) == [1, 1, 2, 2]


def test_a_colour_sequence_not_starting_with_white_is_refused_on_its_field(api: Api) -> None:
    body = {"name": "L", "rounds": 3, "kind": "team", "boards": 4, "colour_sequence": "BW"}
    response = api.post("tournament-list", body=body)
    assert response.status_code == 400 and "colour_sequence" in response.json()


def test_the_colour_sequence_is_fixed_once_round_one_is_paired(api: Api) -> None:
    tid = team_event(api, 2)
    assert api.post("team-round-pair", tid, body={}).status_code == 201
    response = _patch(api, tid, {"colour_sequence": "WWBB"})
    assert response.status_code == 400 and "colour_sequence" in response.json()


# ---- TRF: 352 WWBB


def test_a_files_352_sequence_is_the_events_setting() -> None:
    assert load_tournament(_imported()).state.settings.colour_sequence == "WWBB"


def test_a_file_with_its_own_colour_sequence_gives_the_pure_engines_standings() -> None:
    file = read_team_trf(WWBB_FILE)
    folded = load_tournament(_imported())
    ours = team_standings(folded.state.to_team_tournament(), folded.tiebreaks, folded.rules)
    theirs = team_standings(file.tournament, file.tiebreaks or None, folded.rules)
    assert [(r.team.number, r.rank, r.game_points, r.tiebreaks) for r in ours.rows] == [
        (r.team.number, r.rank, r.game_points, r.tiebreaks) for r in theirs.rows
    ]


def test_the_colour_sequence_is_exported_as_the_files_352_record() -> None:
    exported = export_trf(_imported())
    assert [x for x in exported.split("\n") if x.startswith("352")] == ["352 WWBB"]


def test_a_colour_sequence_round_trips() -> None:
    first = _imported()
    second = import_trf(export_trf(first), author=organiser()).id
    before, after = load_tournament(first).state, load_tournament(second).state
    assert after.settings == before.settings
    assert after.team_rounds == before.team_rounds
    assert export_trf(second) == export_trf(first)
