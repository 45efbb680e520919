"""Properties of random team competitions: each board result counted once, match
points from game points, line-ups in roster order, TRF round trips, standings ranked
by the primary score."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.team_synthetic import random_match
from tests.tiebreaks.team_builders import teams
from tiebreaks.model import Player, Unplayed
from tiebreaks.teams.model import (
    BoardResult,
    RoundKind,
    Score,
    TeamBye,
    TeamRound,
    TeamTournament,
    individual_tournament,
)
from tiebreaks.teams.standings import team_standings
from tiebreaks.teams.trf import parse_team_trf, team_trf_text

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_BYES = (Unplayed.PAB, Unplayed.FPB, Unplayed.HPB, Unplayed.ZPB)


@st.composite
def team_tournaments(draw: st.DrawFn) -> TeamTournament:
    """2-9 teams of 1-6 boards (and up to 2 reserves), 1-5 rounds, random pairings,
    results, reserves, empty boards, forfeited matches and team byes."""
    count = draw(st.integers(2, 9))
    boards = draw(st.integers(1, 6))
    rounds = draw(st.integers(1, 5))
    rng = random.Random(draw(st.integers(0, 2**32)))
    squad = teams(count, boards, reserves=rng.randint(0, 2))
    schedule = []
    for number in range(1, rounds + 1):
        order = list(squad)
        rng.shuffle(order)
        byes = []
        if len(order) % 2:
            byes.append(TeamBye(order.pop().number, rng.choice(_BYES)))
        matches = [
            random_match(
                rng,
                order[i],
                order[i + 1],
                boards,
                forfeits=0.1,
                empty_boards=0.1,
                reserves=0.3,
                unrated=0.05,
            )
            for i in range(0, len(order), 2)
        ]
        matches.sort(key=lambda m: min(m.teams()))  # the order a TRF file reads back
        schedule.append(TeamRound(number, tuple(matches), tuple(byes)))
    return TeamTournament(
        teams=squad,
        boards=boards,
        rounds=rounds,
        schedule=tuple(schedule),
        players=tuple(Player(r, name=f"P{r}") for t in squad for r in t.roster),
        primary=draw(st.sampled_from(Score)),
    )


@SETTINGS
@given(team_tournaments())
def test_each_board_result_is_counted_once(t: TeamTournament) -> None:
    # A decided, drawn or single-forfeit board hands out exactly one game point between
    # the two teams; a double forfeit none.
    results = t.results()
    for rnd in t.schedule:
        for match in rnd.matches:
            if match.forfeit is not None:
                continue
            handed_out = sum(1 for g in match.boards if g.result is not BoardResult.DOUBLE_FORFEIT)
            white, black = (results[team][rnd.number - 1] for team in match.teams())
            assert white.game_points + black.game_points == handed_out


@SETTINGS
@given(team_tournaments())
def test_match_points_come_from_the_game_points(t: TeamTournament) -> None:
    results = t.results()
    for rnd in t.schedule:
        for match in rnd.matches:
            if match.forfeit is not None:
                continue
            mine, theirs = (results[team][rnd.number - 1] for team in match.teams())
            expected = 2 if mine.game_points > theirs.game_points else 1
            expected = 0 if mine.game_points < theirs.game_points else expected
            assert mine.match_points == expected and mine.kind is RoundKind.MATCH


@SETTINGS
@given(team_tournaments())
def test_players_points_add_up_to_the_team_s_game_points_in_a_played_match(
    t: TeamTournament,
) -> None:
    individual = {p.start_rank: p for p in individual_tournament(t).players}
    scoring = t.scoring.games
    results = t.results()
    for rnd in t.schedule:
        for match in rnd.matches:
            if match.forfeit is not None:
                continue
            for team in match.teams():
                total = sum(
                    (
                        scoring.points(individual[rank].round(rnd.number))
                        for game in match.boards
                        for rank in (game.white, game.black)
                        if rank is not None and rank in t.team(team).roster
                    ),
                    Fraction(0),
                )
                assert total == results[team][rnd.number - 1].game_points


@SETTINGS
@given(team_tournaments())
def test_a_team_file_written_and_read_back_is_the_same_tournament(t: TeamTournament) -> None:
    assert parse_team_trf(team_trf_text(t)).tournament == t


@SETTINGS
@given(team_tournaments(), st.sampled_from(["fide-2026", "fide-2023"]))
def test_standings_are_ordered_by_the_primary_score(t: TeamTournament, rules: str) -> None:
    rows = team_standings(t, ["EDE", "EMGSB/C1", "BH:GP", "TBR"], rules).rows
    primary = [r.match_points if t.primary is Score.MP else r.game_points for r in rows]
    assert primary == sorted(primary, reverse=True)
    assert sorted(r.team.number for r in rows) == [team.number for team in t.teams]
