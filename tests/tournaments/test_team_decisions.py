"""The team-event decisions (issue 22) on folded states: no database."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tiebreaks.teams.standings import team_standings
from tournaments.domain import team_decisions as td
from tournaments.domain.decisions import Plan
from tournaments.domain.errors import CommandError
from tournaments.domain.events import TournamentCreated
from tournaments.domain.state import TournamentState, fold
from tournaments.domain.teams import match_score

SCORING = {
    "win": "1", "draw": "1/2", "loss": "0", "forfeit_win": "1", "forfeit_loss": "0",
    "pab": "1", "fpb": "1", "hpb": "1/2", "zpb": "0",
}  # fmt: skip


def player(name: str, rating: int = 2000) -> dict[str, Any]:
    return {"name": name, "rating": rating, "title": "", "federation": "", "fide_id": ""}


def event(teams: int = 4, boards: int = 2, rounds: int = 3, system: str = "round robin") -> Plan:
    """A team event with ``teams`` teams of ``boards`` + 1 players (team t's players
    are start ranks (t - 1) * (boards + 1) + 1, ...), registered in order."""
    created = TournamentCreated(
        name="League", rounds=rounds, system=system, scoring=SCORING, rules="fide-2026",
        tiebreaks=("EDE", "MPvGP"), kind="team", boards=boards,
    )  # fmt: skip
    plan = Plan(fold([(1, created)]))
    for t in range(1, teams + 1):
        body = {"name": f"Team {t}", "short_name": f"T{t}", "federation": "", "captain": ""}
        players = [player(f"P{t}.{i}", 2400 - 100 * t - i) for i in range(boards + 1)]
        plan.decide(td.decide_team_registration, {**body, "players": players})
    return plan


def roster(state: TournamentState, team: int) -> tuple[int, ...]:
    return state.teams[team].roster


def refused(plan: Plan, decision: Any, body: dict[str, Any]) -> CommandError:
    with pytest.raises(CommandError) as caught:
        decision(plan.state, body)
    return caught.value


def test_a_team_registers_its_players_in_board_order() -> None:
    plan = event(teams=2, boards=2)
    assert roster(plan.state, 1) == (1, 2, 3)
    assert roster(plan.state, 2) == (4, 5, 6)
    assert plan.state.players[4].name == "P2.0"


def test_a_roster_shorter_than_the_boards_is_refused() -> None:
    plan = event(teams=1, boards=4)
    body = {
        "name": "X",
        "short_name": "",
        "federation": "",
        "captain": "",
        "players": [player("a")],
    }
    assert refused(plan, td.decide_team_registration, body).field == "players"


def test_a_line_up_out_of_roster_order_is_refused_a_reserve_may_step_in() -> None:
    plan = event(teams=2, boards=2)
    error = refused(plan, td.decide_lineup, {"round": 1, "team": 1, "players": [2, 1]})
    assert error.field == "players"
    plan.decide(td.decide_lineup, {"round": 1, "team": 1, "players": [1, 3]})  # 3: the reserve
    assert plan.state.lineups[(1, 1)] == (1, 3)


# Team 1's roster in an event of 3 boards: start ranks 1-4 (4 the reserve).
_SEATS = st.lists(st.sampled_from([1, 2, 3, 4, None]), min_size=3, max_size=3)


@settings(max_examples=60, deadline=None)
@given(_SEATS)
def test_a_line_up_is_taken_exactly_when_it_keeps_the_roster_order(seats: list[int | None]) -> None:
    plan = event(teams=2, boards=3)
    seated = [p for p in seats if p is not None]
    # Nobody seated is a match forfeit, not a line-up.
    in_order = bool(seated) and seated == sorted(seated) and len(set(seated)) == len(seated)
    body = {"round": 1, "team": 1, "players": seats}
    if in_order:
        plan.decide(td.decide_lineup, body)
        assert plan.state.lineups[(1, 1)] == tuple(seats)
    else:
        assert refused(plan, td.decide_lineup, body).field.startswith("players")


def test_a_line_up_with_another_teams_player_names_the_board() -> None:
    plan = event(teams=2, boards=2)
    error = refused(plan, td.decide_lineup, {"round": 1, "team": 1, "players": [1, 4]})
    assert error.field == "players.1"


def test_the_round_robin_pairs_round_one_from_the_berger_table() -> None:
    plan = event(teams=4)
    (paired,) = plan.decide(td.decide_next_team_round, {})
    # Berger table for 4: round 1 is 1-4, 2-3.
    assert [(m.white, m.black) for m in paired.matches] == [(1, 4), (2, 3)]  # type: ignore[attr-defined]


def play_round_one(plan: Plan) -> None:
    """Round 1 of a 4-team, 2-board round robin: 1-4 and 2-3, every team lined up."""
    plan.decide(td.decide_next_team_round, {})
    for team in range(1, 5):
        first = roster(plan.state, team)[0]
        plan.decide(td.decide_lineup, {"round": 1, "team": team, "players": [first, first + 1]})


def test_board_results_make_match_and_game_points() -> None:
    plan = event(teams=4)
    play_round_one(plan)
    # Match 1 is team 1 (White on board 1) v team 4: board 1 1-0 for team 1, board 2
    # (team 4 White) a draw: team 1 scores 1.5 GP to 0.5, a won match (2 MP).
    plan.decide(td.decide_board_result, {"round": 1, "match": 1, "board": 1, "result": "1-0"})
    plan.decide(td.decide_board_result, {"round": 1, "match": 1, "board": 2, "result": "1/2-1/2"})
    rows = {r.team.number: r for r in team_standings(plan.state.to_team_tournament()).rows}
    assert (rows[1].match_points, rows[1].game_points) == (2, Fraction(3, 2))
    assert (rows[4].match_points, rows[4].game_points) == (0, Fraction(1, 2))


def test_a_board_on_the_second_teams_colour_is_read_from_white() -> None:
    plan = event(teams=4)
    play_round_one(plan)
    # Board 2 of match 1: team 4's player has White; 1-0 is a point for team 4.
    plan.decide(td.decide_board_result, {"round": 1, "match": 1, "board": 2, "result": "1-0"})
    plan.decide(td.decide_board_result, {"round": 1, "match": 1, "board": 1, "result": "1-0"})
    rows = {r.team.number: r for r in team_standings(plan.state.to_team_tournament()).rows}
    assert rows[1].match_points == rows[4].match_points == 1


def test_an_empty_board_is_a_forfeit_and_takes_no_result() -> None:
    plan = event(teams=4)
    plan.decide(td.decide_next_team_round, {})
    plan.decide(td.decide_lineup, {"round": 1, "team": 1, "players": [1, 2]})
    plan.decide(td.decide_lineup, {"round": 1, "team": 4, "players": [10]})  # board 2 empty
    error = refused(
        plan, td.decide_board_result, {"round": 1, "match": 1, "board": 2, "result": "1-0"}
    )
    assert error.field == "board"
    plan.decide(td.decide_board_result, {"round": 1, "match": 1, "board": 1, "result": "0-1"})
    # Board 1 to team 4, board 2 a forfeit win for team 1: 1-1, a drawn match.
    rows = {r.team.number: r for r in team_standings(plan.state.to_team_tournament()).rows}
    assert (rows[1].match_points, rows[1].game_points) == (1, 1)


def test_a_forfeited_match_scores_every_board_for_the_team_that_came() -> None:
    plan = event(teams=4)
    plan.decide(td.decide_next_team_round, {})
    plan.decide(td.decide_match_forfeit, {"round": 1, "match": 2, "result": "+/-"})
    rows = {r.team.number: r for r in team_standings(plan.state.to_team_tournament()).rows}
    assert (rows[2].match_points, rows[2].game_points) == (2, 2)
    assert (rows[3].match_points, rows[3].game_points) == (0, 0)


@pytest.mark.parametrize(
    ("decision", "body"),
    [
        (td.decide_board_result, {"board": 1, "result": "1-0"}),
        (td.decide_match_forfeit, {"result": "+/-"}),
    ],
    ids=["board result", "match forfeit"],
)
def test_a_match_the_round_does_not_have_is_refused(decision: Any, body: dict[str, Any]) -> None:
    plan = event(teams=4)
    play_round_one(plan)
    error = refused(plan, decision, {"round": 1, "match": 3, **body})
    assert (error.field, error.message) == ("match", "round 1 has no match 3")


def test_a_correction_replaces_the_result_and_names_the_one_it_corrects() -> None:
    plan = event(teams=4)
    play_round_one(plan)
    body = {"round": 1, "match": 1, "board": 1, "result": "1-0"}
    plan.decide(td.decide_board_result, body)
    seq = plan.state.last_seq
    assert refused(plan, td.decide_board_result, body).field == "result"
    (corrected,) = plan.decide(
        td.decide_board_correction, {**body, "result": "0-1", "reason": "sheet misread"}
    )
    assert corrected.supersedes == seq  # type: ignore[attr-defined]
    assert plan.state.team_rounds[1].match(1).results[1][0] == "0-1"  # type: ignore[union-attr]


def test_a_line_up_is_fixed_once_its_match_has_a_result() -> None:
    plan = event(teams=4)
    play_round_one(plan)
    plan.decide(td.decide_board_result, {"round": 1, "match": 1, "board": 1, "result": "1-0"})
    error = refused(plan, td.decide_lineup, {"round": 1, "team": 1, "players": [1, 3]})
    assert error.field == "round"


def test_line_ups_become_public_in_the_state_after_their_round_starts() -> None:
    plan = event(teams=4)
    play_round_one(plan)
    assert dict(plan.state.public_lineups) == {}
    plan.decide(td.decide_round_start, {"round": 1})
    assert dict(plan.state.public_lineups) == dict(plan.state.lineups)


def test_the_public_line_ups_are_computed_once_per_state(monkeypatch) -> None:
    plan = event(teams=4)
    play_round_one(plan)
    plan.decide(td.decide_round_start, {"round": 1})
    state = plan.state
    asked: list[int] = []
    started = TournamentState.team_round_started

    def counted(self: TournamentState, number: int) -> bool:
        asked.append(number)
        return started(self, number)

    monkeypatch.setattr(TournamentState, "team_round_started", counted)
    for match in state.team_rounds[1].matches:  # as the pages and the timeline loop
        match_score(state, 1, match)
    assert asked == [1]


def test_a_swiss_round_waits_for_every_result_of_the_round_before() -> None:
    plan = event(teams=4, system="swiss")
    plan.decide(td.decide_next_team_round, {})
    assert refused(plan, td.decide_next_team_round, {}).field == "round"


def test_individual_commands_refuse_team_commands() -> None:
    created = TournamentCreated(
        name="Open", rounds=3, system="swiss", scoring=SCORING, rules="fide-2026",
        tiebreaks=("BH",),
    )  # fmt: skip
    state = fold([(1, created)])
    with pytest.raises(CommandError) as caught:
        td.decide_next_team_round(state, {})
    assert caught.value.field == "kind"
