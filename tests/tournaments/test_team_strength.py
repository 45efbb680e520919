"""Issue 22: a team's TRF26 310 strength factor, given at registration or read from
a team file, kept as written and exported in the team's 310 record."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.builders import organiser
from tiebreaks.errors import TrfError
from tournaments.store.queries import load_tournament
from tournaments.store.trf_import import export_trf, import_trf

from .builders import Api
from .test_team_api import team_body, team_event

DATA = Path(__file__).resolve().parent.parent / "data"

pytestmark = pytest.mark.django_db


def _with_strength() -> str:
    """The four-team file with team 2's strength factor 1.25 (310 columns 48-53)."""
    text = (DATA / "team_swiss_4.trf").read_text()
    line = next(x for x in text.split("\n") if x.startswith("310   2"))
    return text.replace(line, line[:47] + "  1.25" + line[53:])


def _team_records(text: str) -> list[str]:
    """The 310 records up to the roster (the import renumbers the players)."""
    return [x[:72] for x in text.split("\n") if x.startswith("310")]


def test_a_team_registered_with_a_strength_factor_keeps_it(api: Api) -> None:
    tid = team_event(api, 0)
    body = {**team_body(1), "strength": "2345.5"}
    assert api.post("team-list", tid, body=body).status_code == 201
    assert api.get("team-list", tid).json()[0]["strength"] == "2345.5"


def test_a_strength_factor_that_is_no_number_is_refused_on_its_field(api: Api) -> None:
    tid = team_event(api, 0)
    response = api.post("team-list", tid, body={**team_body(1), "strength": "strong"})
    assert response.status_code == 400 and "strength" in response.json()


def test_a_files_strength_factor_is_the_teams() -> None:
    state = load_tournament(import_trf(_with_strength(), author=organiser()).id).state
    assert [team.strength for team in state.teams.values()] == ["", "1.25", "", ""]


def test_a_strength_factor_is_exported_in_its_teams_310_record() -> None:
    text = _with_strength()
    exported = export_trf(import_trf(text, author=organiser()).id)
    assert _team_records(exported) == _team_records(text)


def test_a_strength_factor_round_trips() -> None:
    first = import_trf(_with_strength(), author=organiser()).id
    second = import_trf(export_trf(first), author=organiser()).id
    assert load_tournament(second).state.teams == load_tournament(first).state.teams
    assert export_trf(second) == export_trf(first)


def test_a_files_strength_factor_that_is_no_number_is_refused_at_its_310_line() -> None:
    text = _with_strength().replace("  1.25", "  high")
    with pytest.raises(TrfError) as refused:
        import_trf(text, author=organiser())
    assert refused.value.line == next(
        n for n, x in enumerate(text.split("\n"), 1) if x.startswith("310   2")
    )
