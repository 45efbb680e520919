"""Issue 22: a team event's primary score (C.07 11.1), match points ("MP", the
default) or game points ("GP") first: a setting fixed once round 1 is paired, which
the standings, the tie-breaks and the team Swiss read, imported from and exported as
the TRF26 192 code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from pairings.team_swiss import pair_team_round, rules_from_code, team_pairing_request
from tests.builders import organiser
from tiebreaks.teams.model import Score
from tiebreaks.teams.standings import team_standings
from tiebreaks.teams.trf import parse_team_trf, read_team_trf
from tournaments.store import commands
from tournaments.store.queries import load_tournament
from tournaments.store.trf_import import export_trf, import_trf

from .builders import Api
from .test_team_api import team_event

DATA = Path(__file__).resolve().parent.parent / "data"
# Four teams, three rounds: by game points 4, 1, 2, 3; by match points 4, 2, 1, 3.
GAME_POINTS_FILE = DATA / "team_game_points.trf"

pytestmark = pytest.mark.django_db


def _patch(api: Api, tid: int, body: dict[str, Any]) -> Any:
    url = reverse("tournaments:tournament-detail", args=[tid])
    return api.client.patch(url, body, format="json")


def _imported() -> int:
    return import_trf(GAME_POINTS_FILE.read_text(), author=organiser()).id


def _order(tid: int) -> list[int]:
    folded = load_tournament(tid)
    standings = team_standings(folded.state.to_team_tournament(), folded.tiebreaks, folded.rules)
    return [row.team.number for row in standings.rows]


def test_a_team_event_ranks_by_match_points_unless_told(api: Api) -> None:
    assert api.get("tournament-detail", team_event(api, 2)).json()["primary_score"] == "MP"


def test_game_points_set_at_creation_are_the_events_primary_score(api: Api) -> None:
    tid = team_event(api, 2, primary_score="GP")
    assert load_tournament(tid).state.to_team_tournament().primary is Score.GP


def test_the_team_swiss_pairs_on_the_primary_score(api: Api) -> None:
    tid = team_event(api, 4, system="swiss", rounds=3, colour_type="B", primary_score="GP")
    code = load_tournament(tid).state.to_team_tournament().system_code
    assert rules_from_code(code, Score.MP).primary is Score.GP


def test_game_points_may_be_set_before_round_one(api: Api) -> None:
    tid = team_event(api, 2)
    assert _patch(api, tid, {"primary_score": "GP"}).status_code == 201
    assert api.get("tournament-detail", tid).json()["primary_score"] == "GP"


def test_an_unknown_primary_score_is_refused_on_its_field(api: Api) -> None:
    body = {"name": "L", "rounds": 3, "kind": "team", "boards": 4, "primary_score": "BP"}
    response = api.post("tournament-list", body=body)
    assert response.status_code == 400 and "primary_score" in response.json()


def test_the_primary_score_is_fixed_once_round_one_is_paired(api: Api) -> None:
    tid = team_event(api, 2)
    assert api.post("team-round-pair", tid, body={}).status_code == 201
    response = _patch(api, tid, {"primary_score": "GP"})
    assert response.status_code == 400 and "primary_score" in response.json()


def test_the_fixed_primary_score_is_refused_in_the_language_asked_for(api: Api) -> None:
    tid = team_event(api, 2)
    api.post("team-round-pair", tid, body={})
    url = reverse("tournaments:tournament-detail", args=[tid])
    headers = {"accept-language": "fr"}
    response = api.client.patch(url, {"primary_score": "GP"}, format="json", headers=headers)
    assert response.json()["primary_score"] == [
        "le score principal ne peut plus changer : la ronde 1 est appariée"
    ]


def test_an_individual_event_takes_no_primary_score(api: Api) -> None:
    body = {"name": "Open", "rounds": 5, "primary_score": "GP"}
    response = api.post("tournament-list", body=body)
    assert response.status_code == 400 and "primary_score" in response.json()


def test_baku_on_game_points_does_not_ask_for_standard_match_points(api: Api) -> None:
    body: dict[str, Any] = {"system": "swiss", "rounds": 5, "acceleration": "baku"}
    body["primary_score"] = "GP"
    tid = team_event(api, 4, match_points={"win": 3, "draw": 1, "loss": 0}, **body)
    assert api.get("tournament-detail", tid).json()["acceleration"] == "baku"


# ---- TRF: 192 FIDE_TEAM_TYPEA_GP_MP


def test_a_file_with_game_points_first_imports_with_that_setting() -> None:
    assert load_tournament(_imported()).state.settings.primary_score == "GP"


def test_the_imported_event_ranks_by_game_points() -> None:
    assert _order(_imported()) == [4, 1, 2, 3]


def test_a_file_with_game_points_first_gives_the_pure_engines_standings() -> None:
    file = read_team_trf(GAME_POINTS_FILE)
    folded = load_tournament(_imported())
    ours = team_standings(folded.state.to_team_tournament(), folded.tiebreaks, folded.rules)
    theirs = team_standings(file.tournament, file.tiebreaks or None, folded.rules)
    assert [(r.team.number, r.rank, r.tiebreaks) for r in ours.rows] == [
        (r.team.number, r.rank, r.tiebreaks) for r in theirs.rows
    ]


def test_game_points_first_are_exported_in_the_192_code() -> None:
    exported = export_trf(_imported())
    assert [x for x in exported.split("\n") if x.startswith("192")] == ["192 FIDE_TEAM_TYPEA_GP_MP"]


def test_game_points_first_round_trip() -> None:
    first = _imported()
    second = import_trf(export_trf(first), author=organiser()).id
    assert load_tournament(second).state.settings == load_tournament(first).state.settings
    assert export_trf(second) == export_trf(first)


def test_the_next_round_of_an_imported_team_swiss_is_paired_on_game_points() -> None:
    # Six teams after two rounds: by game points first, round 3 pairs 6-1, 5-4, 3-2;
    # by match points 1-4, 6-5, 3-2.
    text = (DATA / "team_colour_type_b.trf").read_text()
    text = text.replace("192 FIDE_TEAM_TYPEB_MP_GP", "192 FIDE_TEAM_TYPEB_GP_MP")
    request = team_pairing_request(parse_team_trf(text))
    theirs = pair_team_round(request.tournament, request.round, rules=request.rules)
    tid = import_trf(text, author=organiser()).id
    commands.pair_next_team_round(tid, {}, author=organiser())
    paired = load_tournament(tid).state.team_rounds[request.round]
    assert sorted((m.white, m.black) for m in paired.matches) == sorted(theirs.matches)
    assert sorted(theirs.matches) == [(3, 2), (5, 4), (6, 1)]
