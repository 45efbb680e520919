"""A team competition as the individual engine sees it: two score sheets.

C.07 Art. 13 applies the individual tie-breaks (Art. 6-10) to teams "using MP or GP".
So each team becomes a participant of an individual tournament whose rounds are its
matches: a match won, drawn or lost (by game points) is a game won, drawn or lost; a
whole-match forfeit is a forfeit; a team bye is a bye.  Scored in match points that
is one ``ScoreSheet`` (:func:`tiebreaks.scores.build_sheet`); the same rounds scored in
game points is another (:func:`tiebreaks.scores.rescored`).  Art. 15 and 16 (round
robins, unplayed rounds, the dummy and its caps, the VUR cut) then apply unchanged,
"points" meaning "match points and game points" (16.4 note).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import lcm

from tiebreaks.definitions import Context
from tiebreaks.model import (
    Game,
    Outcome,
    Pending,
    Player,
    Round,
    Scoring,
    TournamentResults,
    Unplayed,
    UnplayedRound,
)
from tiebreaks.rules import RuleSet
from tiebreaks.scores import ScoreSheet, build_sheet, rescored
from tiebreaks.teams.model import RoundKind, Score, TeamResult, TeamTournament


def match_point_scoring(tournament: TeamTournament) -> Scoring:
    """The individual Scoring that gives each team round its match points."""
    scoring = tournament.scoring
    mp = {kind: scoring.bye(kind, tournament.boards)[0] for kind in Unplayed}
    return Scoring(
        win=scoring.win,
        draw=scoring.draw,
        loss=scoring.loss,
        forfeit_win=mp[Unplayed.FORFEIT_WIN],
        forfeit_loss=mp[Unplayed.FORFEIT_LOSS],
        pab=mp[Unplayed.PAB],
        fpb=mp[Unplayed.FPB],
        hpb=mp[Unplayed.HPB],
        zpb=mp[Unplayed.ZPB],
    )


def _entry(result: TeamResult, mp_scoring: Scoring) -> Round:
    kind = result.kind
    if kind is RoundKind.MATCH:
        outcome = (
            Outcome.WIN
            if result.match_points == mp_scoring.win
            else Outcome.DRAW
            if result.match_points == mp_scoring.draw
            else Outcome.LOSS
        )
        return Game(result.opponent or 0, outcome, result.color)
    if kind is RoundKind.PENDING:
        return Pending(result.opponent or 0, result.color)
    if kind is RoundKind.FORFEIT_WIN:
        return UnplayedRound(Unplayed.FORFEIT_WIN, result.opponent, result.color)
    if kind is RoundKind.FORFEIT_LOSS:
        return UnplayedRound(Unplayed.FORFEIT_LOSS, result.opponent, result.color)
    if kind is RoundKind.BYE and result.bye is not None:
        return UnplayedRound(result.bye)
    return None


def as_individual(
    tournament: TeamTournament, results: dict[int, tuple[TeamResult, ...]]
) -> TournamentResults:
    """The teams as the participants of an individual tournament scored in match points."""
    scoring = match_point_scoring(tournament)
    return TournamentResults(
        players=tuple(
            Player(
                team.number,
                name=team.name,
                rounds=tuple(_entry(r, scoring) for r in results[team.number]),
            )
            for team in tournament.teams
        ),
        rounds=tournament.rounds,
        scoring=scoring,
        system=tournament.system,
        name=tournament.name,
    )


@dataclass(eq=False)
class TeamContext:
    """What the team tie-breaks share: the team results, the MP and GP sheets with an
    individual-engine Context each, and every team's points per board and round."""

    tournament: TeamTournament
    results: dict[int, tuple[TeamResult, ...]]
    match_sheet: ScoreSheet

    @classmethod
    def build(
        cls, tournament: TeamTournament, rules: RuleSet, after_round: int | None
    ) -> TeamContext:
        results = tournament.results()
        sheet = build_sheet(as_individual(tournament, results), rules, after_round)
        return cls(tournament, results, sheet)

    @property
    def primary(self) -> Score:
        return self.tournament.primary

    @cached_property
    def game_sheet(self) -> ScoreSheet:
        sheet = self.match_sheet
        boards = self.tournament.boards
        games = self.tournament.scoring.games
        rows = [self.results[p.start_rank][: sheet.rounds] for p in sheet.players]
        values = [r.game_points for row in rows for r in row]
        per_match = [boards * games.win, boards * games.draw, boards * games.loss]
        unit = lcm(*(v.denominator for v in values + per_match))
        pts = [
            [int(r.game_points * unit) if k else 0 for r, k in zip(row, kinds, strict=True)]
            for row, kinds in zip(rows, sheet.kind, strict=True)
        ]
        win, draw, loss = (int(v * unit) for v in per_match)
        return rescored(sheet, pts, unit, win, draw, loss)

    def sheet(self, score: Score) -> ScoreSheet:
        return self.match_sheet if score is Score.MP else self.game_sheet

    @cached_property
    def _contexts(self) -> dict[Score, Context]:
        return {score: Context(self.sheet(score)) for score in Score}

    def context(self, score: Score) -> Context:
        """The individual engine's Context for the teams scored in ``score``."""
        return self._contexts[score]

    def board_points(self, index: int) -> list[tuple[Fraction, ...]]:
        """Team ``index`` (sheet order)'s points per board in each round counted."""
        sheet = self.match_sheet
        team = sheet.players[index].start_rank
        return [
            r.board_points
            for r, k in zip(self.results[team][: sheet.rounds], sheet.kind[index], strict=True)
            if k
        ]
