"""Issue 22: what a team event's pairing-allocated bye is worth, in match and game
points (TRF26 320): a drawn match unless the settings say otherwise, imported from
and exported as the 320 record."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from django.urls import reverse

from tests.builders import organiser
from tiebreaks.model import Unplayed
from tiebreaks.teams.standings import team_standings
from tiebreaks.teams.trf import read_team_trf
from tournaments.store.queries import load_tournament
from tournaments.store.trf_import import export_trf, import_trf

from .builders import Api
from .test_team_api import team_event

DATA = Path(__file__).resolve().parent.parent / "data"
# Five teams, two boards: teams 5 and 4 had a PAB worth a won match, 2 MP and 2 GP.
PAB_FILE = DATA / "team_pab_won_match.trf"

pytestmark = pytest.mark.django_db


def _imported() -> int:
    return import_trf(PAB_FILE.read_text(), author=organiser()).id


def _pab(tid: int) -> tuple[Fraction, Fraction]:
    t = load_tournament(tid).state.to_team_tournament()
    return t.scoring.bye(Unplayed.PAB, t.boards)


def test_the_pab_is_a_drawn_match_unless_told(api: Api) -> None:
    tid = team_event(api, 3)
    assert api.get("tournament-detail", tid).json()["pab_match_points"] is None
    assert _pab(tid) == (1, 2)


def test_the_pab_set_at_creation_scores_so(api: Api) -> None:
    tid = team_event(api, 3, pab_match_points=2, pab_game_points="3/2")
    assert _pab(tid) == (2, Fraction(3, 2))


def test_a_bad_pab_value_is_refused_on_its_field(api: Api) -> None:
    body = {"name": "L", "rounds": 3, "kind": "team", "boards": 4, "pab_game_points": -1}
    response = api.post("tournament-list", body=body)
    assert response.status_code == 400 and "pab_game_points" in response.json()


def test_an_individual_event_takes_no_team_pab_value(api: Api) -> None:
    response = api.post("tournament-list", body={"name": "O", "rounds": 5, "pab_match_points": 2})
    assert response.status_code == 400 and "pab_match_points" in response.json()


# ---- TRF: 320  2.0  2.0


def test_a_files_320_value_is_the_events_setting() -> None:
    settings = load_tournament(_imported()).state.settings
    assert (settings.pab_match_points, settings.pab_game_points) == ("2", "2")


def test_a_file_with_a_pab_worth_a_won_match_gives_the_pure_engines_standings() -> None:
    file = read_team_trf(PAB_FILE)
    folded = load_tournament(_imported())
    ours = team_standings(folded.state.to_team_tournament(), folded.tiebreaks, folded.rules)
    theirs = team_standings(file.tournament, file.tiebreaks or None, folded.rules)
    assert [(r.team.number, r.rank, r.match_points, r.tiebreaks) for r in ours.rows] == [
        (r.team.number, r.rank, r.match_points, r.tiebreaks) for r in theirs.rows
    ]


def test_the_pab_value_is_exported_as_the_files_320_record() -> None:
    exported = export_trf(_imported())
    assert [x for x in exported.split("\n") if x.startswith("320")] == ["320  2.0  2.0 005 004"]


def test_a_pab_value_round_trips() -> None:
    first = _imported()
    second = import_trf(export_trf(first), author=organiser()).id
    assert load_tournament(second).state.settings == load_tournament(first).state.settings
    assert export_trf(second) == export_trf(first)


def test_a_pab_value_set_by_the_settings_change_is_cleared_by_null(api: Api) -> None:
    tid = team_event(api, 3)
    url = reverse("tournaments:tournament-detail", args=[tid])
    assert api.client.patch(url, {"pab_match_points": 2}, format="json").status_code == 201
    assert _pab(tid) == (2, 2)
    assert api.client.patch(url, {"pab_match_points": None}, format="json").status_code == 201
    assert _pab(tid) == (1, 2)
