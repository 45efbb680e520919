"""Team events through the TRF import and export of the API (issue 22): a team
event exported and imported again is the same event; what a team event cannot hold
is refused naming the record."""

from __future__ import annotations

from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.builders import build_team_event, organiser, record_board
from tiebreaks.teams.standings import team_standings
from tournaments.store import commands
from tournaments.store.queries import load_tournament

from .builders import Api


def played_swiss() -> int:
    """A 5-team, 2-board Swiss (round 1: two matches and the PAB): board results, an
    empty seat, a forfeited match, a correction; team 2 withdrawn from round 3, team 1
    with a half-point bye in round 2, the round to pair."""
    author = organiser()
    tid = build_team_event(author=author, teams=5, boards=2, system="swiss", lined_up=False)
    rnd = load_tournament(tid).state.team_rounds[1]
    (first, second) = rnd.matches
    for team in first.teams():
        roster = load_tournament(tid).state.teams[team].roster
        players = [roster[0], None] if team == first.black else list(roster[:2])
        commands.submit_lineup(tid, {"round": 1, "team": team, "players": players}, author=author)
    record_board(tid, 1, 1, "1/2-1/2")
    correction = {"round": 1, "match": 1, "board": 1, "result": "1-0", "reason": "misread"}
    commands.correct_board_result(tid, correction, author=author)
    commands.forfeit_match(tid, {"round": 1, "match": 2, "result": "-/+"}, author=author)
    commands.request_team_bye(tid, {"team": 1, "round": 2, "points": "half"}, author=author)
    commands.withdraw_team(tid, {"team": 2, "from_round": 3}, author=author)
    return tid


def matches(state: Any) -> list[tuple[Any, ...]]:
    """Each match with its teams, forfeit and board results (not the events' seqs)."""
    return [
        (
            r,
            m.white,
            m.black,
            m.forfeit,
            {board: result for board, (result, _) in m.results.items()},
        )
        for r, rnd in sorted(state.team_rounds.items())
        for m in rnd.matches
    ]


def exported(api: Api, tid: int) -> str:
    response = api.client.get(reverse("tournaments:tournament-export", args=[tid]))
    assert response.status_code == 200
    return response.content.decode()


def imported(api: Api, text: str) -> Any:
    upload = SimpleUploadedFile("teams.trf", text.encode())
    url = reverse("tournaments:tournament-import")
    return api.client.post(url, {"file": upload}, format="multipart")


def test_a_team_event_exports_with_its_team_records(api: Api) -> None:
    text = exported(api, played_swiss())
    assert "\n310 " in text and "\n330 -+ 001" in text
    assert "\n240 H 002" in text  # the bye of the round to pair
    assert "### Crosstable teams withdrawn from round 3: 2" in text


def test_an_exported_team_event_imports_as_the_same_event(api: Api) -> None:
    tid = played_swiss()
    response = imported(api, exported(api, tid))
    assert response.status_code == 201, response.json()
    assert response.json()["rounds_paired"] == 1
    before, after = load_tournament(tid).state, load_tournament(response.json()["id"]).state
    assert after.settings.is_team and after.settings.boards == 2
    assert after.teams == before.teams
    assert after.lineups == before.lineups
    assert sorted(matches(after)) == sorted(matches(before))
    assert after.team_byes == before.team_byes
    standings = [team_standings(s.to_team_tournament()).rows for s in (before, after)]
    assert [(r.team.number, r.match_points, r.game_points) for r in standings[0]] == [
        (r.team.number, r.match_points, r.game_points) for r in standings[1]
    ]
    assert exported(api, response.json()["id"]) == exported(api, tid)


def test_a_team_file_with_another_colour_sequence_is_refused_at_its_352(api: Api) -> None:
    tid = build_team_event(teams=4, boards=2)
    text = exported(api, tid).replace("\n352 WB", "\n352 BW")
    response = imported(api, text)
    assert response.status_code == 400
    line = text.split("\n").index("352 BW") + 1
    assert f"line {line}" in str(response.json())


def test_a_round_robin_with_a_withdrawn_team_imports_as_exported(api: Api) -> None:
    author = organiser()
    tid = build_team_event(author=author, teams=4, boards=2, lined_up=False)
    for match in (1, 2):
        commands.forfeit_match(tid, {"round": 1, "match": match, "result": "+/-"}, author=author)
    commands.withdraw_team(tid, {"team": 4, "from_round": 2}, author=author)
    commands.pair_next_team_round(tid, {}, author=author)  # team 4's match forfeited
    response = imported(api, exported(api, tid))
    assert response.status_code == 201, response.json()
    before, after = load_tournament(tid).state, load_tournament(response.json()["id"]).state
    assert after.teams == before.teams and after.teams[4].withdrawn_from == 2
    # TRF keeps no match order: the file's forfeited matches come after the others.
    assert sorted(matches(after)) == sorted(matches(before))
