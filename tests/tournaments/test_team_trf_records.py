"""What a team file holds beyond matches and results survives the web import
(issue 22): byes requested for rounds after the next one, board games played but not
rated (TRF W/D/L), the C.04.6 colour type of record 192.  Each: the import's events
hold it, the export writes the file's records back, and the standings of the
imported event log are the pure engine's on the same file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pairings.team_swiss import TeamSwissRules, pair_team_round, team_pairing_request
from tests.builders import organiser
from tiebreaks.errors import TrfError
from tiebreaks.teams.standings import team_standings
from tiebreaks.teams.trf import read_team_trf
from tournaments.store import commands
from tournaments.store.queries import load_tournament
from tournaments.store.trf_import import export_trf, import_trf

DATA = Path(__file__).resolve().parent.parent / "data"

pytestmark = pytest.mark.django_db


def imported(name: str) -> int:
    return import_trf((DATA / name).read_text(), author=organiser()).id


def records(text: str, prefix: str) -> list[str]:
    return [line.rstrip() for line in text.split("\n") if line.startswith(prefix)]


def round_one(text: str) -> dict[str, str]:
    """Each player's colour and result in round 1 (the start ranks are renumbered)."""
    return {line[14:47].strip(): line[96:99] for line in records(text, "001")}


def rows(standings: Any) -> list[tuple[Any, ...]]:
    return [
        (r.rank, r.team.number, r.match_points, r.game_points, tuple(r.tiebreaks.values()))
        for r in standings.rows
    ]


def same_standings_as_the_file(name: str) -> None:
    file = read_team_trf(DATA / name)
    tournament = load_tournament(imported(name))
    ours = team_standings(
        tournament.state.to_team_tournament(), tournament.tiebreaks, tournament.rules
    )
    theirs = team_standings(file.tournament, file.tiebreaks or None, tournament.rules)
    assert rows(ours) == rows(theirs)


# ---- byes requested for a round after the next one


def test_a_bye_two_rounds_ahead_is_requested_for_its_round() -> None:
    state = load_tournament(imported("team_future_bye.trf")).state
    assert dict(state.team_byes) == {3: {2: "half"}}
    assert max(state.team_rounds) == 1


def test_a_bye_two_rounds_ahead_is_exported_as_its_240_record() -> None:
    exported = export_trf(imported("team_future_bye.trf"))
    assert records(exported, "240") == ["240 H 003    2"]


def test_a_bye_two_rounds_ahead_counts_in_no_standings_yet() -> None:
    same_standings_as_the_file("team_future_bye.trf")


def test_a_bye_ahead_refused_by_its_command_is_reported_at_its_240_line() -> None:
    bye = "240 H 003    2"
    text = (DATA / "team_future_bye.trf").read_text().replace(bye, f"240 Z 004    1\n{bye}")
    text = text.replace("092 Team: Swiss-System", "092 Team: Round robin")
    with pytest.raises(TrfError) as refused:
        import_trf(text, author=organiser())
    assert refused.value.line == text.split("\n").index(bye) + 1
    assert "round robin" in str(refused.value)


# ---- board games played but not rated (W/D/L)


def test_an_unrated_board_game_is_recorded_unrated() -> None:
    state = load_tournament(imported("team_unrated_board.trf")).state
    match = state.team_rounds[1].match_of(1)
    assert match is not None and match.unrated == {1}
    assert state.team_rounds[1].match_of(3).unrated == frozenset()  # type: ignore[union-attr]


def test_an_unrated_board_game_is_exported_as_w_and_l() -> None:
    exported = export_trf(imported("team_unrated_board.trf"))
    text = (DATA / "team_unrated_board.trf").read_text()
    assert round_one(exported) == round_one(text)
    assert round_one(exported)["P101"] == "w W"


def test_an_unrated_board_game_gives_the_files_standings() -> None:
    same_standings_as_the_file("team_unrated_board.trf")


# ---- the C.04.6 colour type (record 192)


@pytest.mark.parametrize(
    ("name", "colour_type"),
    [("team_colour_type_b.trf", "B"), ("team_colour_type_none.trf", "none")],
)
def test_the_colour_type_of_192_is_the_events_setting(name: str, colour_type: str) -> None:
    assert load_tournament(imported(name)).state.settings.colour_type == colour_type


@pytest.mark.parametrize("name", ["team_colour_type_b.trf", "team_colour_type_none.trf"])
def test_the_colour_type_is_exported_as_the_files_192_record(name: str) -> None:
    assert records(export_trf(imported(name)), "192") == records((DATA / name).read_text(), "192")


@pytest.mark.parametrize("name", ["team_colour_type_b.trf", "team_colour_type_none.trf"])
def test_the_next_round_is_paired_with_the_files_colour_type(name: str) -> None:
    file = read_team_trf(DATA / name)
    request = team_pairing_request(file)
    theirs = pair_team_round(
        request.tournament,
        request.round,
        rules=request.rules,
        absent=request.absent,
        initial_colour=request.initial_colour,
    )
    as_type_a = pair_team_round(request.tournament, request.round, rules=TeamSwissRules())
    assert theirs.matches != as_type_a.matches  # the file is one where the type matters
    tid = imported(name)
    commands.pair_next_team_round(tid, {}, author=organiser())
    paired = load_tournament(tid).state.team_rounds[request.round]
    assert sorted((m.white, m.black) for m in paired.matches) == sorted(theirs.matches)


@pytest.mark.parametrize("name", ["team_colour_type_b.trf", "team_colour_type_none.trf"])
def test_a_file_with_a_colour_type_gives_its_standings(name: str) -> None:
    same_standings_as_the_file(name)


def test_a_colour_type_b_code_ending_baku_round_trips_with_both_settings() -> None:
    text = (DATA / "team_colour_type_b.trf").read_text()
    text = text.replace("192 FIDE_TEAM_TYPEB_MP_GP", "192 FIDE_TEAM_TYPEB_MP_GP_BAKU")
    exported = export_trf(import_trf(text, author=organiser()).id)
    # Six teams, five rounds: GA is teams 1-4, 2 virtual MP in rounds 1-2, 1 in round 3.
    assert records(exported, "192") == ["192 FIDE_TEAM_TYPEB_MP_GP_BAKU"]
    assert records(exported, "250") == [
        "250  2.0  0.0 001 002 0001 0004",
        "250  1.0  0.0 003 003 0001 0004",
    ]
    settings = load_tournament(import_trf(exported, author=organiser()).id).state.settings
    assert (settings.colour_type, settings.acceleration) == ("B", "baku")


@pytest.mark.parametrize(
    "code",
    [
        "FIDE_TEAM_TYPEB_MP",
        "FIDE_TEAM_TYPEB_MP_BAKU",
        "FIDE_TEAM_BAKU_TYPEA_MP_GP",
        "FIDE_DUTCH_2026",
    ],
)
def test_a_192_code_the_event_cannot_pair_by_is_refused_at_its_line(code: str) -> None:
    text = (DATA / "team_colour_type_b.trf").read_text()
    text = text.replace("192 FIDE_TEAM_TYPEB_MP_GP", f"192 {code}")
    with pytest.raises(TrfError) as refused:
        import_trf(text, author=organiser())
    assert refused.value.line == text.split("\n").index(f"192 {code}") + 1


# ---- the initial colour (XXC, 152, or what round 1 shows)


def test_the_files_initial_colour_is_the_events() -> None:
    state = load_tournament(imported("team_initial_black.trf")).state
    assert state.settings.initial_colour == "black1"


def test_round_one_is_paired_with_the_files_initial_colour() -> None:
    request = team_pairing_request(read_team_trf(DATA / "team_initial_black.trf"))
    theirs = pair_team_round(
        request.tournament, 1, rules=request.rules, initial_colour=request.initial_colour
    )
    # 1-3 and 2-4; the first team has the initial colour when odd (C.04.6 4.3.1).
    assert theirs.matches == ((3, 1), (2, 4))
    tid = imported("team_initial_black.trf")
    commands.pair_next_team_round(tid, {}, author=organiser())
    paired = load_tournament(tid).state.team_rounds[1]
    assert sorted((m.white, m.black) for m in paired.matches) == sorted(theirs.matches)


def test_the_initial_colour_is_exported_as_xxc() -> None:
    assert records(export_trf(imported("team_initial_black.trf")), "XXC") == ["XXC black1"]


# ---- what a team event cannot hold: refused or reported, never dropped


def test_abnormal_points_are_refused_at_their_299_line() -> None:
    text = (DATA / "team_unrated_board.trf").read_text() + "299 H   0.5        001  101\n"
    with pytest.raises(TrfError) as refused:
        import_trf(text, author=organiser())
    assert refused.value.line == len(text.split("\n")) - 1
    assert "abnormal points" in str(refused.value)


# ---- the whole round trip


@pytest.mark.parametrize(
    "name",
    [
        "team_future_bye.trf",
        "team_unrated_board.trf",
        "team_colour_type_b.trf",
        "team_colour_type_none.trf",
        "team_initial_black.trf",
    ],
)
def test_an_imported_files_export_imports_as_the_same_event(name: str) -> None:
    first = imported(name)
    exported = export_trf(first)
    second = import_trf(exported, author=organiser()).id
    before, after = load_tournament(first).state, load_tournament(second).state
    assert after.settings == before.settings
    assert (after.teams, after.lineups, after.team_byes) == (
        before.teams,
        before.lineups,
        before.team_byes,
    )
    assert after.team_rounds == before.team_rounds
    assert export_trf(second) == exported
