"""The team-event API (issue 22): organisers write, anyone reads, a bad body is
refused naming the field and stores nothing."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import pytest

from tiebreaks.teams.standings import team_standings
from tournaments.store.queries import load_tournament

from .builders import Api, stored


def team_body(number: int, players: int = 5) -> dict[str, Any]:
    return {
        "name": f"Club {number}",
        "short_name": f"C{number}",
        "federation": "Rochade",
        "captain": f"Captain {number}",
        "players": [
            {"name": f"Player {number}.{i}", "rating": 2300 - 10 * i} for i in range(1, players + 1)
        ],
    }


def team_event(api: Api, teams: int, boards: int = 4, **settings: Any) -> int:
    body = {"name": "League", "rounds": max(teams - 1, 1), "system": "round robin"}
    body |= {"kind": "team", "boards": boards, **settings}
    response = api.post("tournament-list", body=body)
    assert response.status_code == 201, response.json()
    tid = response.json()["tournament"]
    for number in range(1, teams + 1):
        answer = api.post("team-list", tid, body=team_body(number))
        assert answer.status_code == 201, answer.json()
    return tid


def test_a_team_event_says_so(api: Api) -> None:
    tid = team_event(api, 2)
    detail = api.get("tournament-detail", tid).json()
    assert (detail["kind"], detail["boards"]) == ("team", 4)
    assert detail["tiebreaks"] == ["EDE", "MPvGP", "EMGSB", "KS"]  # the round-robin default


def test_a_team_event_without_boards_is_refused(api: Api) -> None:
    response = api.post("tournament-list", body={"name": "L", "rounds": 3, "kind": "team"})
    assert response.status_code == 400
    assert "boards" in response.json()


def test_an_individual_tie_break_list_is_checked_as_team_codes(api: Api) -> None:
    body = {"name": "L", "rounds": 3, "kind": "team", "boards": 4, "tiebreaks": ["XYZ"]}
    response = api.post("tournament-list", body=body)
    assert response.status_code == 400
    assert "tiebreaks" in response.json()


def test_teams_are_listed_with_their_rosters(api: Api) -> None:
    tid = team_event(api, 2)
    (first, second) = api.get("team-list", tid).json()
    assert first["number"] == 1 and first["captain"] == "Captain 1"
    assert [p["start_rank"] for p in second["roster"]] == [6, 7, 8, 9, 10]


def test_a_bad_player_in_a_team_names_the_field_and_stores_nothing(api: Api) -> None:
    tid = team_event(api, 1)
    before = stored(tid)
    body = team_body(2)
    body["players"][2]["federation"] = "italy"
    response = api.post("team-list", tid, body=body)
    assert response.status_code == 400
    assert "players.2.federation" in response.json()
    assert stored(tid) == before


def test_a_line_up_out_of_roster_order_is_refused(api: Api) -> None:
    tid = team_event(api, 2)
    response = api.post("lineup-create", tid, body={"round": 1, "team": 1, "players": [2, 1]})
    assert response.status_code == 400
    assert "players" in response.json()


def test_a_roster_edit_keeps_the_players_given_and_adds_new_ones(api: Api) -> None:
    tid = team_event(api, 2)
    roster = [{"start_rank": r} for r in (2, 1, 3, 4)] + [{"name": "Newcomer", "rating": 1900}]
    response = api.post("team-roster", tid, 1, body={"roster": roster})
    assert response.status_code == 201, response.json()
    (first, _) = api.get("team-list", tid).json()
    assert [p["start_rank"] for p in first["roster"]] == [2, 1, 3, 4, 11]


def test_another_teams_player_cannot_join_a_roster_by_start_rank(api: Api) -> None:
    tid = team_event(api, 2)
    roster = [{"start_rank": r} for r in (1, 2, 3, 6)]
    response = api.post("team-roster", tid, 1, body={"roster": roster})
    assert response.status_code == 400
    assert "roster.3.start_rank" in response.json()


@pytest.mark.parametrize(
    ("name", "body"),
    [
        ("team-list", team_body(9)),
        ("lineup-create", {"round": 1, "team": 1, "players": [1, 2, 3, 4]}),
        ("team-round-pair", {}),
        ("board-result-create", {"round": 1, "match": 1, "board": 1, "result": "1-0"}),
        ("match-forfeit-create", {"round": 1, "match": 1, "result": "+/-"}),
    ],
)
def test_only_organisers_write(make_api: Any, api: Api, name: str, body: dict[str, Any]) -> None:
    tid = team_event(api, 2)
    before = stored(tid)
    assert Api().post(name, tid, body=body).status_code == 401
    assert make_api("stranger").post(name, tid, body=body).status_code == 403
    assert stored(tid) == before


def lineups(
    api: Api, tid: int, round_number: int, teams: int, skip: Collection[int] = frozenset()
) -> None:
    """Each team's first four roster players, in order; teams in ``skip`` send none."""
    for team in range(1, teams + 1):
        if team in skip:
            continue
        first = (team - 1) * 5 + 1
        body = {"round": round_number, "team": team, "players": list(range(first, first + 4))}
        assert api.post("lineup-create", tid, body=body).status_code == 201


def result(api: Api, tid: int, rnd: int, match: int, board: int, outcome: str) -> Any:
    body = {"round": rnd, "match": match, "board": board, "result": outcome}
    return api.post("board-result-create", tid, body=body)


def test_an_eight_team_round_robin_through_the_api(api: Api) -> None:
    """Round 1 and 2 of 8 teams x 4 boards: line-ups, Berger pairing, board results,
    a board forfeit (an empty seat), a team forfeit and a correction."""
    tid = team_event(api, 8)
    assert api.post("team-round-pair", tid, body={}).status_code == 201
    rounds = api.get("team-round-list", tid).json()
    # Berger table for 8, round 1: 1-8, 2-7, 3-6, 4-5 (C.05 Annex 1).
    assert [(m["white"], m["black"]) for m in rounds[0]["matches"]] == [
        (1, 8), (2, 7), (3, 6), (4, 5),
    ]  # fmt: skip
    lineups(api, tid, 1, 8, skip={5, 8})
    # Team 8 sends three players: board 4 is empty, a forfeit win for team 1's player.
    short = {"round": 1, "team": 8, "players": [36, 37, 38]}
    assert api.post("lineup-create", tid, body=short).status_code == 201
    # Team 5 does not show: match 4 (4-5) is forfeited to team 4.
    forfeit = {"round": 1, "match": 4, "result": "+/-"}
    assert api.post("match-forfeit-create", tid, body=forfeit).status_code == 201
    # Match 1, team 1 White on boards 1 and 3: 1-0, 1/2, 1-0 and board 4's forfeit;
    # team 8 scores the draw only: 3.5-0.5.
    for board, outcome in ((1, "1-0"), (2, "1/2-1/2"), (3, "1-0")):
        assert result(api, tid, 1, 1, board, outcome).status_code == 201
    refused = result(api, tid, 1, 1, 4, "1-0")
    assert refused.status_code == 400 and "board" in refused.json()
    # Matches 2 and 3: every board won by White's player, so each 2-2.
    for match in (2, 3):
        for board in range(1, 5):
            assert result(api, tid, 1, match, board, "1-0").status_code == 201
    # A correction: match 3 board 2 was 0-1 (team 3, Black there, wins 3-1).
    body = {"round": 1, "match": 3, "board": 2, "result": "0-1", "reason": "sheet misread"}
    assert api.post("board-correction-create", tid, body=body).status_code == 201
    match_scores = [m["score"] for m in api.get("team-round-list", tid).json()[0]["matches"]]
    assert match_scores == [["7/2", "1/2"], ["2", "2"], ["3", "1"], ["4", "0"]]
    state = load_tournament(tid).state
    rows = {r.team.number: r for r in team_standings(state.to_team_tournament()).rows}
    # Hand-checked: wins 2 MP (teams 1, 3, 4), draws 1 MP (2, 7), losses 0.
    assert [rows[t].match_points for t in range(1, 9)] == [2, 1, 2, 2, 0, 0, 1, 0]
    assert [str(rows[t].game_points) for t in (1, 4, 5, 6, 8)] == ["7/2", "4", "0", "1", "1/2"]
    # Round 2 is paired only by the Berger table: 8-5, 6-4, 7-3, 1-2.
    assert api.post("team-round-pair", tid, body={}).status_code == 201
    second = api.get("team-round-list", tid).json()[1]["matches"]
    assert [(m["white"], m["black"]) for m in second] == [(8, 5), (6, 4), (7, 3), (1, 2)]


@pytest.mark.parametrize(
    ("name", "body", "field"),
    [
        ("lineup-create", {"round": 1, "team": 1, "players": ["x"]}, "players.0"),
        ("lineup-create", {"round": 9, "team": 1, "players": [1]}, "round"),
        ("lineup-create", {"round": 1, "team": 7, "players": [1]}, "team"),
        ("team-round-list", {"round": 1, "matches": [{"white": 1, "black": 1}]}, "matches.0.black"),
        ("team-round-list", {"round": 1, "matches": [{"white": 1, "black": 5}]}, "matches.0.black"),
        ("team-round-list", {"round": 2, "matches": []}, "round"),
        ("board-result-create", {"round": 1, "match": 1, "board": 1, "result": "2-0"}, "result"),
        ("board-result-create", {"round": 1, "match": 1, "board": 1, "result": "1-0"}, "round"),
        ("match-forfeit-create", {"round": 1, "match": 1, "result": "1-0"}, "result"),
        ("team-list", {"name": "X", "players": [7]}, "players.0.non_field_errors"),
    ],
)
def test_bad_bodies_name_the_field_and_store_nothing(
    api: Api, name: str, body: dict[str, Any], field: str
) -> None:
    tid = team_event(api, 2)
    before = stored(tid)
    response = api.post(name, tid, body=body)
    assert response.status_code == 400
    assert field in response.json(), response.json()
    assert stored(tid) == before


def test_team_commands_on_an_individual_tournament_are_refused(api: Api) -> None:
    tid = api.post("tournament-list", body={"name": "Open", "rounds": 3}).json()["tournament"]
    response = api.post("team-round-pair", tid, body={})
    assert response.status_code == 400 and "kind" in response.json()


def test_a_team_bye_and_a_withdrawal_show_on_the_team_list(api: Api) -> None:
    tid = team_event(api, 4, system="swiss", rounds=3)
    bye = api.post("team-bye-create", tid, body={"team": 2, "round": 2, "points": "zero"})
    assert bye.status_code == 201, bye.json()
    gone = api.post("team-withdrawal", tid, 3, body={"from_round": 3})
    assert gone.status_code == 201, gone.json()
    teams = {t["number"]: t for t in api.get("team-list", tid).json()}
    assert (teams[2]["byes"], teams[3]["withdrawn_from"]) == ({"2": "zero"}, 3)


def test_a_withdrawn_team_is_reinstated_from_the_first_round_not_paired(api: Api) -> None:
    tid = team_event(api, 4, system="swiss", rounds=3)
    api.post("team-withdrawal", tid, 3, body={"from_round": 3})
    back = api.post("team-reinstatement", tid, 3, body={})
    assert back.status_code == 201, back.json()
    assert back.json()["payload"] == {"team": 3, "from_round": 3}
    teams = {t["number"]: t for t in api.get("team-list", tid).json()}
    assert teams[3]["withdrawn_from"] is None


def test_reinstating_a_team_not_withdrawn_names_the_team_and_stores_nothing(api: Api) -> None:
    tid = team_event(api, 4, system="swiss", rounds=3)
    before = stored(tid)
    response = api.post("team-reinstatement", tid, 2, body={})
    assert response.status_code == 400 and "team" in response.json()
    assert stored(tid) == before


def test_board_prize_settings_are_stored_as_an_event(api: Api) -> None:
    tid = team_event(api, 4, rounds=3)
    response = api.post("board-prize-settings", tid, body={"order": "percentage", "min_games": 2})
    assert response.status_code == 201, response.json()
    assert response.json()["kind"] == "team.board_prizes_set"
    again = api.post("board-prize-settings", tid, body={"order": "percentage", "min_games": 2})
    assert again.status_code == 400 and "order" in again.json()


def test_a_bad_board_prize_minimum_names_the_field_and_stores_nothing(api: Api) -> None:
    tid = team_event(api, 4, rounds=3)
    before = stored(tid)
    response = api.post("board-prize-settings", tid, body={"order": "percentage", "min_games": -1})
    assert response.status_code == 400 and "min_games" in response.json()
    assert stored(tid) == before


def test_the_board_assignment_is_stored_with_the_board_prize_settings(api: Api) -> None:
    tid = team_event(api, 4, rounds=3)
    body = {"order": "performance", "assignment": "most_played"}
    assert api.post("board-prize-settings", tid, body=body).status_code == 201
    assert load_tournament(tid).state.board_prizes.assignment == "most_played"


def test_board_prize_settings_without_an_assignment_count_every_board(api: Api) -> None:
    tid = team_event(api, 4, rounds=3)
    api.post("board-prize-settings", tid, body={"order": "percentage"})
    assert load_tournament(tid).state.board_prizes.assignment == "every_board"


def test_a_bad_board_assignment_names_the_field_and_stores_nothing(api: Api) -> None:
    tid = team_event(api, 4, rounds=3)
    before = stored(tid)
    body = {"order": "performance", "assignment": "first_board"}
    response = api.post("board-prize-settings", tid, body=body)
    assert response.status_code == 400 and "assignment" in response.json()
    assert stored(tid) == before


def test_the_regulations_board_prize_options_are_stored(api: Api) -> None:
    tid = team_event(api, 4, rounds=3)
    body = {
        "order": "performance",
        "min_games": 70,
        "reserve_min_games": 50,
        "minimum_unit": "percent",
        "rating_cap": 400,
        "unrated_rating": 1000,
        "tiebreaks": ["mutual", "games", "percentage", "team_place"],
    }
    assert api.post("board-prize-settings", tid, body=body).status_code == 201
    settings = load_tournament(tid).state.board_prizes
    assert (settings.reserve_min_games, settings.rating_cap, settings.tiebreaks) == (
        50,
        400,
        ("mutual", "games", "percentage", "team_place"),
    )


@pytest.mark.parametrize(
    ("field", "extra"),
    [
        ("rating_cap", {"rating_cap": 0}),
        ("unrated_rating", {"unrated_rating": "x"}),
        ("reserve_min_games", {"reserve_min_games": -1}),
        ("minimum_unit", {"minimum_unit": "rounds"}),
        ("tiebreaks.0", {"tiebreaks": ["buchholz"]}),
        ("tiebreaks", {"tiebreaks": ["games", "games"]}),
        ("tiebreaks", {"tiebreaks": ["performance"]}),
        ("min_games", {"minimum_unit": "percent", "min_games": 101}),
    ],
)
def test_a_bad_board_prize_option_names_the_field_and_stores_nothing(
    api: Api, field: str, extra: dict[str, object]
) -> None:
    tid = team_event(api, 4, rounds=3)
    before = stored(tid)
    response = api.post("board-prize-settings", tid, body={"order": "performance", **extra})
    assert response.status_code == 400 and field in response.json(), response.json()
    assert stored(tid) == before


def test_a_bad_team_bye_names_the_field_and_stores_nothing(api: Api) -> None:
    tid = team_event(api, 4, system="swiss", rounds=3)
    before = stored(tid)
    response = api.post("team-bye-create", tid, body={"team": 2, "round": 2, "points": "some"})
    assert response.status_code == 400
    assert "points" in response.json()
    assert stored(tid) == before


def test_teams_are_given_pairing_numbers_by_rating(api: Api) -> None:
    tid = team_event(api, 2, rounds=1)
    api.post("team-list", tid, body={**team_body(3), "players": [
        {"name": f"Strong {i}", "rating": 2700} for i in range(4)
    ]})  # fmt: skip
    response = api.post("team-ranking", tid, body={"method": "rating"})
    assert response.status_code == 201, response.json()
    assert [t["name"] for t in api.get("team-list", tid).json()][0] == "Club 3"


def test_a_retried_round_robin_pairing_with_a_forfeit_stores_nothing_twice(api: Api) -> None:
    tid = team_event(api, 4)
    api.post("team-withdrawal", tid, 4, body={"from_round": 1})
    first = api.post("team-round-pair", tid, body={}, key="pair-1")
    assert first.status_code == 201, first.json()
    assert first.json()["kind"] == "team.match_forfeited"  # team 4's match
    count = stored(tid)
    again = api.post("team-round-pair", tid, body={}, key="pair-1")
    assert (again.status_code, again.json()["seq"]) == (201, first.json()["seq"])
    assert stored(tid) == count


def test_a_line_up_retried_with_its_key_and_the_line_up_it_replaces_is_stored_once(
    api: Api,
) -> None:
    tid = team_event(api, 2)
    body = {"round": 1, "team": 1, "players": [1, 2, 3, 4], "replaces": []}
    first = api.post("lineup-create", tid, body=body, key="lineup-1")
    again = api.post("lineup-create", tid, body=body, key="lineup-1")
    assert again.status_code == 201
    assert again.json()["seq"] == first.json()["seq"]
