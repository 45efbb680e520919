"""Team matches with random board results, for the team benches and property tests.

``random_match`` plays one match between two teams: a share of whole-match forfeits,
of boards left empty, of line-ups with a reserve, of unrated games, all drawn from
the caller's ``random.Random``.
"""

from __future__ import annotations

import random

from tiebreaks.teams.model import BoardGame, BoardResult, Match, MatchForfeit, Team

_DECIDED = (BoardResult.WHITE_WINS, BoardResult.DRAW, BoardResult.BLACK_WINS)


def random_match(
    rng: random.Random,
    white: Team,
    black: Team,
    boards: int,
    *,
    forfeits: float = 0.0,
    empty_boards: float = 0.0,
    reserves: float = 0.0,
    unrated: float = 0.0,
) -> Match:
    """A match with random board results: ``forfeits`` the share of whole-match
    forfeits, ``empty_boards`` of boards left empty, ``reserves`` of line-ups where a
    reserve replaces a regular player (roster order kept), ``unrated`` of games that
    lasted less than one move.  White has White on the odd boards."""
    if rng.random() < forfeits:
        return Match(white.number, black.number, forfeit=rng.choice(list(MatchForfeit)))
    lineups = {team.number: _lineup(rng, team, boards, reserves) for team in (white, black)}
    games = []
    for board in range(1, boards + 1):
        w_team, b_team = (white, black) if board % 2 else (black, white)
        w: int | None = lineups[w_team.number][board - 1]
        b = lineups[b_team.number][board - 1]
        result = rng.choices(_DECIDED, (4, 3, 3))[0]
        rated = rng.random() >= unrated  # W/D/L: only for a game played
        if rng.random() < empty_boards:
            w, result, rated = None, BoardResult.BLACK_FORFEIT_WIN, True
        games.append(BoardGame(board, w_team.number, w, b, result, rated))
    return Match(white.number, black.number, tuple(games))


def _lineup(rng: random.Random, team: Team, boards: int, reserves: float) -> list[int]:
    chosen = list(range(boards))
    if len(team.roster) > boards and rng.random() < reserves:
        chosen.remove(rng.randrange(boards))
        chosen.append(rng.randrange(boards, len(team.roster)))
    return [team.roster[i] for i in sorted(chosen)]
