"""Small builders for team tests.

``match(1, 2, "1=0+")`` is a match of team 1 (White on board 1) against team 2 with
the boards read from team 1's side: ``1`` won, ``=`` drawn, ``0`` lost, ``+`` won by
forfeit, ``-`` lost by forfeit, ``x`` double forfeit, ``*`` no result yet.  Colours
alternate from board 1 (``WB`` colour sequence).  Team n's roster is players
n*100+1, n*100+2, ... (one per board plus ``reserves``).  ``forfeit(1, 2, "+-")``
is a whole match forfeited, ``bye(3, "PAB")`` a team bye.  Random matches (property
tests) come from ``bench.team_synthetic``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tiebreaks.model import Player, System, Unplayed
from tiebreaks.teams.model import (
    BoardGame,
    BoardResult,
    Match,
    MatchForfeit,
    Team,
    TeamBye,
    TeamRound,
    TeamScoring,
    TeamTournament,
)

# A board read from the first team's side, as (result when the first team has White,
# result when it has Black).
_SIDE = {
    "1": (BoardResult.WHITE_WINS, BoardResult.BLACK_WINS),
    "=": (BoardResult.DRAW, BoardResult.DRAW),
    "0": (BoardResult.BLACK_WINS, BoardResult.WHITE_WINS),
    "+": (BoardResult.WHITE_FORFEIT_WIN, BoardResult.BLACK_FORFEIT_WIN),
    "-": (BoardResult.BLACK_FORFEIT_WIN, BoardResult.WHITE_FORFEIT_WIN),
    "x": (BoardResult.DOUBLE_FORFEIT, BoardResult.DOUBLE_FORFEIT),
    "*": (BoardResult.PENDING, BoardResult.PENDING),
}
_BYES = {k.name: k for k in (Unplayed.PAB, Unplayed.FPB, Unplayed.HPB, Unplayed.ZPB)}


def player(team: int, board: int) -> int:
    return team * 100 + board


def match(first: int, second: int, boards: str) -> Match:
    games = []
    for board, sign in enumerate(boards, 1):
        first_white = board % 2 == 1
        white_team, black_team = (first, second) if first_white else (second, first)
        result = _SIDE[sign][0 if first_white else 1]
        games.append(
            BoardGame(
                board,
                white_team,
                player(white_team, board),
                player(black_team, board),
                result,
            )
        )
    return Match(first, second, tuple(games))


def forfeit(first: int, second: int, kind: str) -> Match:
    return Match(first, second, forfeit=MatchForfeit(kind))


def bye(team: int, kind: str) -> TeamBye:
    return TeamBye(team, _BYES[kind])


def teams(count: int, boards: int, reserves: int = 0) -> tuple[Team, ...]:
    return tuple(
        Team(n, f"Team {n}", tuple(player(n, b) for b in range(1, boards + reserves + 1)))
        for n in range(1, count + 1)
    )


def tournament(
    count: int,
    boards: int,
    rounds: Sequence[Sequence[Match | TeamBye]],
    *,
    scheduled: int | None = None,
    system: System = System.SWISS,
    scoring: TeamScoring | None = None,
    **options: object,
) -> TeamTournament:
    """``count`` teams of ``boards`` boards; ``rounds`` lists each round's matches and byes."""
    squad = teams(count, boards)
    return TeamTournament(
        teams=squad,
        boards=boards,
        rounds=scheduled or len(rounds),
        schedule=tuple(
            TeamRound(
                number,
                tuple(m for m in items if isinstance(m, Match)),
                tuple(b for b in items if isinstance(b, TeamBye)),
            )
            for number, items in enumerate(rounds, 1)
        ),
        players=tuple(Player(rank, name=f"P{rank}") for t in squad for rank in t.roster),
        system=system,
        scoring=scoring or TeamScoring(),
        **options,  # type: ignore[arg-type]
    )
