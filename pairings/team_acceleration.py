"""Accelerated pairings for a team Swiss: virtual match and game points added to some
teams' pairing scores in the first rounds, never to their standings.

C.04.6 does not define an acceleration; C.04.2 A allows one announced in advance,
and C.04.5.1 (Baku) applies to any tournament scored 1 - 1/2 - 0.  For teams that
reads: GA is the first half of the teams to be paired in round 1, rounded up to an
even number, the last GA team staying the same afterwards (``acceleration.last_ga``);
the accelerated rounds and the rounds of the full virtual points are Baku's
(``acceleration.baku_schedule``); the method's "1 point" is a won match and its 0.5
a drawn match, in the competition's primary score: the match points of a win and of
a draw when it is decided by match points, the game points of a match won or drawn
on every board when by game points.  So the scoring must be standard in that score
(a drawn match half a won one, a lost one nothing).

TRF26 records virtual points, for individuals and teams, in ``250`` records:
columns 5-8 the match points, 10-13 the game points, 15-17 and 19-21 the first and
last round, 23-26 and 28-31 the first and last team; a ``192`` code ending in
``_BAKU`` asks for the method instead.  A team and round given by two records is
refused (the file would not say which one holds).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from pairings.acceleration import (
    BAKU,
    Acceleration,
    AccelerationError,
    baku_schedule,
    check_method,
    last_ga,
)
from pairings.acceleration_records import expand, format_records, parse_records, per_round
from tiebreaks.errors import TrfError
from tiebreaks.messages import msg
from tiebreaks.model import Unplayed
from tiebreaks.teams.model import Score, TeamTournament

ZERO = Fraction(0)


@dataclass(frozen=True)
class TeamAcceleration:
    """Virtual match points and game points per team pairing number and round."""

    match_points: Acceleration = field(default_factory=Acceleration)
    game_points: Acceleration = field(default_factory=Acceleration)

    def virtual(self, team: int, round_number: int) -> tuple[Fraction, Fraction]:
        """(match points, game points) added to the team's pairing score in the round."""
        return (
            self.match_points.virtual_points(team, round_number),
            self.game_points.virtual_points(team, round_number),
        )

    def virtual_score(self, team: int, round_number: int, score: Score) -> Fraction:
        mp, gp = self.virtual(team, round_number)
        return mp if score is Score.MP else gp

    def rounds(self) -> int:
        """The last round with a column in the data (0 for none)."""
        return max(
            (len(r) for a in (self.match_points, self.game_points) for r in a.points.values()),
            default=0,
        )


def _round_one(tournament: TeamTournament, absent: Collection[int]) -> list[int]:
    """The teams round 1 was paired with (a match, forfeited or not, or the PAB), or,
    before it is paired, the teams not absent from it."""
    first = tournament.schedule[0] if tournament.schedule else None
    if first is not None and first.matches:
        teams = [t for match in first.matches for t in match.teams()]
        return teams + [b.team for b in first.byes if b.kind is Unplayed.PAB]
    return [team.number for team in tournament.teams if team.number not in absent]


def team_baku(tournament: TeamTournament, absent: Collection[int] = ()) -> TeamAcceleration:
    """C.04.5.1 for a team Swiss: GA's virtual points in the primary score, round by
    round; any other scoring of that score is refused."""
    scoring = tournament.scoring
    if tournament.primary is Score.MP:
        win, draw, loss = scoring.win, scoring.draw, scoring.loss
    else:
        boards, games = tournament.boards, scoring.games
        win, draw, loss = games.win * boards, games.draw * boards, games.loss * boards
    if loss != 0 or draw * 2 != win:
        if tournament.primary is Score.MP:
            raise AccelerationError(
                msg(
                    "Baku acceleration needs standard match points"
                    " (a drawn match half a won one, a lost one nothing)"
                )
            )
        raise AccelerationError(
            msg(
                "Baku acceleration needs standard game points"
                " (a drawn match half a won one, a lost one nothing)"
            )
        )
    per_round = baku_schedule(tournament.rounds, win, draw)
    last = last_ga(_round_one(tournament, absent))
    ga = dict.fromkeys((t.number for t in tournament.teams if t.number <= last), per_round)
    points = Acceleration(MappingProxyType(ga))
    if tournament.primary is Score.MP:
        return TeamAcceleration(match_points=points)
    return TeamAcceleration(game_points=points)


# ---- TRF26 250 records (``acceleration_records``)


def read_records(lines: Sequence[str], tournament: TeamTournament) -> TeamAcceleration | None:
    """The virtual points of the file's 250 records, None when it has none."""
    teams = {t.number for t in tournament.teams}
    given = expand(parse_records(lines), teams, tournament.rounds)
    if not given:
        return None

    def points(index: int) -> Acceleration:
        if not any(value[index] for value, _ in given.values()):
            return Acceleration()  # as the method gives a score it does not touch
        return Acceleration(MappingProxyType(per_round(given, index)))

    return TeamAcceleration(points(0), points(1))


def records(acceleration: TeamAcceleration) -> list[str]:
    """The 250 records giving ``acceleration`` (compact ranges: ``format_records``)."""
    teams = set(acceleration.match_points.points) | set(acceleration.game_points.points)
    rounds = range(1, acceleration.rounds() + 1)
    return format_records({team: [acceleration.virtual(team, r) for r in rounds] for team in teams})


def requested(lines: Sequence[str]) -> bool:
    """A ``192`` code ending in ``_BAKU``: the method is asked for."""
    return any(x.startswith("192") and x[4:].strip().upper().endswith("_BAKU") for x in lines)


def from_file(
    lines: Sequence[str],
    tournament: TeamTournament,
    absent: Collection[int] = (),
    baku_option: bool = False,
) -> TeamAcceleration | None:
    """The file's 250 records, else the Baku method when 192 or ``--baku`` asks for it.
    TRF26: 250 records make the 192 method be disregarded; ``--baku`` with them is
    refused as contradicting them."""
    listed = read_records(lines, tournament)
    if listed is not None:
        if baku_option:
            line = next(n for n, x in enumerate(lines, start=1) if x.startswith("250"))
            raise TrfError(line, 1, msg("250 records and --baku both give virtual points"))
        return listed
    if baku_option or requested(lines):
        return team_baku(tournament, absent)
    return None


def by_method(
    method: str, tournament: TeamTournament, absent: Collection[int] = ()
) -> TeamAcceleration | None:
    """The acceleration a team tournament's setting names ("" for none)."""
    check_method(method)
    return team_baku(tournament, absent) if method == BAKU else None
