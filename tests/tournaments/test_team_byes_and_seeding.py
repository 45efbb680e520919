"""Team byes, withdrawals and the teams' pairing numbers (issue 22) on folded
states: no database."""

from __future__ import annotations

from typing import Any

from tiebreaks.teams.standings import team_standings
from tournaments.domain import amendments
from tournaments.domain import team_decisions as td
from tournaments.domain.decisions import Plan
from tournaments.domain.events import MatchForfeited, TeamRoundPaired
from tournaments.domain.teams import team_seeds

from .test_team_decisions import event, player, refused


def rows(plan: Plan) -> dict[int, Any]:
    return {r.team.number: r for r in team_standings(plan.state.to_team_tournament()).rows}


def paired_teams(event: Any) -> set[int]:
    assert isinstance(event, TeamRoundPaired)
    return {t for m in event.matches for t in (m.white, m.black)} | set(event.byes)


def test_a_team_with_a_half_point_bye_is_left_out_of_the_swiss_round_and_draws() -> None:
    plan = event(teams=5, boards=2, system="swiss")
    plan.decide(td.decide_team_bye, {"team": 2, "round": 1, "points": "half"})
    (paired,) = plan.decide(td.decide_next_team_round, {})
    assert paired_teams(paired) == {1, 3, 4, 5}
    assert not paired.byes  # type: ignore[attr-defined]  # four teams: no PAB
    # A half-point bye is a drawn match: 1 MP, half of the 2 boards' points.
    assert (rows(plan)[2].match_points, rows(plan)[2].game_points) == (1, 1)


def test_a_zero_point_bye_scores_nothing() -> None:
    plan = event(teams=5, boards=2, system="swiss")
    plan.decide(td.decide_team_bye, {"team": 2, "round": 1, "points": "zero"})
    plan.decide(td.decide_next_team_round, {})
    assert (rows(plan)[2].match_points, rows(plan)[2].game_points) == (0, 0)


def test_a_bye_is_refused_in_a_round_robin_and_in_a_paired_round() -> None:
    robin = event(teams=4)
    body = {"team": 1, "round": 1, "points": "half"}
    assert refused(robin, td.decide_team_bye, body).field == "round"
    swiss = event(teams=4, system="swiss")
    swiss.decide(td.decide_next_team_round, {})
    assert "already paired" in refused(swiss, td.decide_team_bye, body).message


def test_a_team_with_a_bye_submits_no_line_up() -> None:
    plan = event(teams=4, system="swiss")
    plan.decide(td.decide_team_bye, {"team": 3, "round": 1, "points": "half"})
    error = refused(plan, td.decide_lineup, {"round": 1, "team": 3, "players": [7, 8]})
    assert error.field == "team"


def test_a_withdrawn_team_is_not_paired_in_later_swiss_rounds() -> None:
    plan = event(teams=5, boards=2, system="swiss")
    plan.decide(td.decide_team_withdrawal, {"team": 5, "from_round": 1})
    (paired,) = plan.decide(td.decide_next_team_round, {})
    assert paired_teams(paired) == {1, 2, 3, 4}


def test_a_pairing_as_given_refuses_a_withdrawn_team() -> None:
    plan = event(teams=4, system="swiss")
    plan.decide(td.decide_team_withdrawal, {"team": 4, "from_round": 1})
    body = {"round": 1, "matches": [{"white": 1, "black": 4}], "byes": []}
    assert refused(plan, td.decide_team_pairing, body).field == "matches.0.black"


def test_a_withdrawn_teams_round_robin_match_is_forfeited_to_its_opponent() -> None:
    plan = event(teams=4, boards=2)
    plan.decide(td.decide_team_withdrawal, {"team": 4, "from_round": 1})
    paired, forfeited = plan.decide(td.decide_next_team_round, {})
    # Berger round 1: 1-4, 2-3; team 4 has Black in match 1: team 1 wins it.
    assert isinstance(paired, TeamRoundPaired) and isinstance(forfeited, MatchForfeited)
    assert (forfeited.match, forfeited.result) == (1, "+/-")
    assert (rows(plan)[1].match_points, rows(plan)[1].game_points) == (2, 2)


def test_a_team_paired_in_the_round_cannot_withdraw_from_it() -> None:
    plan = event(teams=4, system="swiss")
    plan.decide(td.decide_next_team_round, {})
    error = refused(plan, td.decide_team_withdrawal, {"team": 1, "from_round": 1})
    assert error.field == "from_round"
    plan.decide(td.decide_team_withdrawal, {"team": 1, "from_round": 2})
    assert plan.state.teams[1].withdrawn_from == 2


def test_a_reinstated_team_is_paired_again_from_the_next_swiss_round() -> None:
    plan = event(teams=5, boards=2, system="swiss")
    plan.decide(td.decide_team_withdrawal, {"team": 5, "from_round": 1})
    (first,) = plan.decide(td.decide_next_team_round, {})
    for match in first.matches:  # type: ignore[attr-defined]  # round 1 complete
        plan.decide(td.decide_match_forfeit, {"round": 1, "match": match.match, "result": "0-0"})
    (back,) = plan.decide(td.decide_team_reinstatement, {"team": 5})
    assert back.from_round == 2  # type: ignore[attr-defined]
    assert plan.state.teams[5].withdrawn_from is None
    (paired,) = plan.decide(td.decide_next_team_round, {})
    assert 5 in paired_teams(paired)


def test_a_team_not_withdrawn_cannot_be_reinstated() -> None:
    plan = event(teams=4, system="swiss")
    assert refused(plan, td.decide_team_reinstatement, {"team": 2}).field == "team"


def test_a_team_reinstatement_into_a_paired_round_names_the_first_possible() -> None:
    plan = event(teams=5, system="swiss")
    plan.decide(td.decide_team_withdrawal, {"team": 5, "from_round": 1})
    plan.decide(td.decide_next_team_round, {})
    error = refused(plan, td.decide_team_reinstatement, {"team": 5, "from_round": 1})
    assert error.field == "from_round" and "from round 2" in error.message


def test_a_team_withdrawn_from_the_last_paired_round_on_cannot_play_again() -> None:
    plan = event(teams=4, system="swiss", rounds=1)
    plan.decide(td.decide_team_withdrawal, {"team": 4, "from_round": 1})
    plan.decide(td.decide_next_team_round, {})
    error = refused(plan, td.decide_team_reinstatement, {"team": 4})
    assert "every round is paired" in error.message


def seeded_event() -> Plan:
    """Three 2-board teams registered weakest first: team 1's first boards average
    1050 (an unrated player counts 0), team 2's 2150 (its reserve, 2700, does not
    count), team 3's 2200."""
    plan = event(teams=0, boards=2, system="swiss")
    for name, ratings in (("Alpha", (2100, 0, 2500)), ("Beta", (2200, 2100, 2700))):
        players = [player(f"{name} {i}", r) for i, r in enumerate(ratings)]
        body = {"name": name, "short_name": "", "federation": "", "captain": ""}
        plan.decide(td.decide_team_registration, {**body, "players": players})
    body = {"name": "Gamma", "short_name": "", "federation": "", "captain": ""}
    players = [player("Gamma 0", 2300), player("Gamma 1", 2100)]
    plan.decide(td.decide_team_registration, {**body, "players": players})
    return plan


def test_teams_are_ranked_by_the_mean_rating_of_their_first_boards() -> None:
    plan = seeded_event()
    plan.decide(td.decide_team_ranking, {"method": "rating"})
    assert [plan.state.teams[n].name for n in (1, 2, 3)] == ["Gamma", "Beta", "Alpha"]
    assert plan.state.teams[1].number == 1


def test_line_ups_and_byes_follow_their_team_to_its_new_number() -> None:
    plan = seeded_event()
    gamma = plan.state.teams[3].roster
    plan.decide(td.decide_lineup, {"round": 1, "team": 3, "players": list(gamma)})
    plan.decide(td.decide_team_bye, {"team": 1, "round": 2, "points": "zero"})
    plan.decide(td.decide_team_ranking, {"order": [3, 2, 1]})
    assert plan.state.lineups[(1, 1)] == gamma
    assert plan.state.team_bye(2, 3) == "zero"


def test_a_ranking_must_list_every_team_once_before_round_one() -> None:
    plan = seeded_event()
    assert refused(plan, td.decide_team_ranking, {"order": [3, 3, 1]}).field == "order.1"
    assert "missing: 2" in refused(plan, td.decide_team_ranking, {"order": [3, 1]}).message
    assert refused(plan, td.decide_team_ranking, {"order": [1, 2, 9]}).field == "order.2"
    plan.decide(td.decide_next_team_round, {})
    late = refused(plan, td.decide_team_ranking, {"order": [3, 2, 1]})
    assert "round 1 is paired" in late.message


def test_a_team_event_does_not_rank_its_players() -> None:
    plan = seeded_event()
    error = refused(plan, amendments.decide_ranking, {"method": "fide"})
    assert error.message == "rank the teams instead"


def test_an_unrated_board_counts_as_zero_in_the_team_strength() -> None:
    strengths = {seed.name: seed.rating for seed in team_seeds(seeded_event().state)}
    assert strengths == {"Alpha": 1050, "Beta": 2150, "Gamma": 2200}


def test_a_cancelled_bye_puts_the_team_back_into_the_pairing() -> None:
    plan = event(teams=4, system="swiss")
    body = {"team": 2, "round": 1}
    assert refused(plan, td.decide_team_bye_cancellation, body).field == "round"  # none yet
    plan.decide(td.decide_team_bye, {**body, "points": "zero"})
    plan.decide(td.decide_team_bye_cancellation, body)
    assert plan.state.team_bye(1, 2) is None
    (paired,) = plan.decide(td.decide_next_team_round, {})
    assert paired_teams(paired) == {1, 2, 3, 4}
