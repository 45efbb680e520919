"""Value objects for a team competition (C.07 Art. 11-13, TRF26 team section).

A team has a roster in board order (the first ``boards`` players are the regular
line-up, the rest reserves).  Each round holds matches and team byes; a match holds
its board games, each with the two players and who has White.  The match is named
by its two teams, ``white`` having White on board 1 (as TRF26 record 330 and the
C.04.6 team colour do).  Points are exact ``Fraction``s.

Game points (GP) are the sum of the board points, scored with the individual
``Scoring`` (1 - 1/2 - 0 by default, TRF26 162); match points (MP) compare the two
teams' game points and score 2 - 1 - 0 by default (TRF26 362), or any other scoring
such as 3 - 1 - 0.  Team byes and whole-match forfeits score as ``TeamScoring``
says (TRF26 320 for the pairing-allocated bye).

Everything the web side needs is here and pure: build a ``TeamTournament`` from
events, ask it for ``results()`` (per team and round: opponent, colour, MP, GP,
board points) and hand it to :func:`tiebreaks.teams.standings.team_standings`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from enum import Enum, StrEnum
from fractions import Fraction

from tiebreaks.errors import TieBreakError
from tiebreaks.messages import msg
from tiebreaks.model import (
    Color,
    Game,
    Outcome,
    Pending,
    Player,
    Round,
    Scoring,
    System,
    TournamentResults,
    Unplayed,
    UnplayedRound,
)


class TeamError(TieBreakError):
    """A team competition that does not hold together (unknown team, player off the
    roster, a team twice in one round...)."""


class Score(StrEnum):
    """The two team scores of C.07 11.1."""

    MP = "MP"  # match points
    GP = "GP"  # game points

    @property
    def other(self) -> Score:
        return Score.GP if self is Score.MP else Score.MP


class BoardResult(Enum):
    """One board's result, read from White's side as a score sheet is."""

    WHITE_WINS = "1-0"
    DRAW = "1/2-1/2"
    BLACK_WINS = "0-1"
    WHITE_FORFEIT_WIN = "+-"  # Black's board was empty or Black did not show
    BLACK_FORFEIT_WIN = "-+"
    DOUBLE_FORFEIT = "--"
    PENDING = "*"  # paired, no result yet


class MatchForfeit(Enum):
    """A whole match forfeited (TRF26 330): the team that did not show loses every board."""

    WHITE_WINS = "+-"
    BLACK_WINS = "-+"
    DOUBLE = "--"


@dataclass(frozen=True, slots=True)
class Team:
    """A team: pairing number, names, federation or club, captain and the roster in
    board order (regular players first, then reserves), as start ranks of players.
    ``strength`` is TRF26 310's strength factor, kept as written."""

    number: int
    name: str
    roster: tuple[int, ...] = ()
    short_name: str = ""
    federation: str = ""
    captain: str = ""
    strength: str = ""


@dataclass(frozen=True, slots=True)
class BoardGame:
    """One board of a match.  ``white_team`` is the team whose player has White on
    this board; ``white``/``black`` are start ranks, None for an empty board (its
    result is a forfeit).  ``rated`` is False for a game that lasted less than one
    move (TRF W/D/L)."""

    board: int
    white_team: int
    white: int | None
    black: int | None
    result: BoardResult
    rated: bool = True


@dataclass(frozen=True, slots=True)
class Match:
    """A match between team ``white`` (White on board 1) and team ``black``: its board
    games in board order, or a whole-match ``forfeit``."""

    white: int
    black: int
    boards: tuple[BoardGame, ...] = ()
    forfeit: MatchForfeit | None = None

    def teams(self) -> tuple[int, int]:
        return self.white, self.black

    def opponent(self, team: int) -> int:
        return self.black if team == self.white else self.white


@dataclass(frozen=True, slots=True)
class TeamBye:
    """A round without a match: a pairing-allocated, full-, half- or zero-point bye, or
    an absence (TRF26 320 for the PAB, 240 for the others)."""

    team: int
    kind: Unplayed


@dataclass(frozen=True, slots=True)
class TeamRound:
    number: int
    matches: tuple[Match, ...] = ()
    byes: tuple[TeamBye, ...] = ()


def _fraction(value: Fraction | int | str) -> Fraction:
    return Fraction(value)


@dataclass(frozen=True)
class TeamScoring:
    """Match points for a won, drawn and lost match (2 - 1 - 0 by default, TRF26 362),
    the board scoring (``games``, TRF26 162) and the pairing-allocated bye's match and
    game points (TRF26 320; None: a drawn match, the C.04.6 default).  A full-point bye
    and a forfeit win score as a match won on every board, a half-point bye as a drawn
    one, a zero-point bye, an absence and a forfeit loss nothing."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    games: Scoring = field(default_factory=Scoring)
    pab_match_points: Fraction | None = None
    pab_game_points: Fraction | None = None

    def __post_init__(self) -> None:
        for name in ("win", "draw", "loss"):
            object.__setattr__(self, name, _fraction(getattr(self, name)))
        for name in ("pab_match_points", "pab_game_points"):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, _fraction(getattr(self, name)))

    @classmethod
    def three_one_zero(cls) -> TeamScoring:
        return cls(win=Fraction(3), draw=Fraction(1), loss=Fraction(0))

    def match_points(self, own: Fraction, other: Fraction) -> Fraction:
        """C.07 11.1: the match is won by the team with more game points."""
        return self.win if own > other else self.draw if own == other else self.loss

    def bye(self, kind: Unplayed, boards: int) -> tuple[Fraction, Fraction]:
        """(MP, GP) of a round without a match."""
        games = self.games
        if kind is Unplayed.PAB:
            mp = self.draw if self.pab_match_points is None else self.pab_match_points
            gp = boards * games.draw if self.pab_game_points is None else self.pab_game_points
            return mp, gp
        if kind is Unplayed.FPB:
            return self.win, boards * games.fpb
        if kind is Unplayed.HPB:
            return self.draw, boards * games.hpb
        if kind is Unplayed.FORFEIT_WIN:
            return self.win, boards * games.forfeit_win
        if kind is Unplayed.FORFEIT_LOSS:
            return self.loss, boards * games.forfeit_loss
        return self.loss, boards * games.zpb  # ZPB, absent


# Board points from White's side, as the individual scoring names them.
_WHITE_SIDE = {
    BoardResult.WHITE_WINS: ("win", "loss"),
    BoardResult.DRAW: ("draw", "draw"),
    BoardResult.BLACK_WINS: ("loss", "win"),
    BoardResult.WHITE_FORFEIT_WIN: ("forfeit_win", "forfeit_loss"),
    BoardResult.BLACK_FORFEIT_WIN: ("forfeit_loss", "forfeit_win"),
    BoardResult.DOUBLE_FORFEIT: ("forfeit_loss", "forfeit_loss"),
}
BOARD_FORFEITS = frozenset(
    {BoardResult.WHITE_FORFEIT_WIN, BoardResult.BLACK_FORFEIT_WIN, BoardResult.DOUBLE_FORFEIT}
)


class RoundKind(Enum):
    """What a team's round was, for the tie-breaks (C.07 15-16 with teams)."""

    MATCH = "match"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    BYE = "bye"
    PENDING = "pending"  # paired, not every board has a result
    NONE = "none"  # nothing known


@dataclass(frozen=True, slots=True)
class TeamResult:
    """One team's round: the opponent (None for a bye), the team colour (board 1),
    match and game points, and the points per board (board 1 first; a bye or a forfeit
    gives each board the result it stands for, C.07 12)."""

    round: int
    kind: RoundKind
    opponent: int | None = None
    color: Color | None = None
    match_points: Fraction = Fraction(0)
    game_points: Fraction = Fraction(0)
    board_points: tuple[Fraction, ...] = ()
    bye: Unplayed | None = None


@dataclass(frozen=True)
class TeamTournament:
    """A team competition: its teams, the players' individual data (start ranks,
    names, ratings; their ``rounds`` are not used here, the board games are), the
    number of boards, the scheduled rounds, the rounds played so far, the scoring, the
    system and the primary score (MP unless the competition is decided by GP).
    ``colour_sequence`` is TRF26 352: the colours of the first team on boards 1, 2...
    (repeated to the number of boards), ``WB`` by default.  ``system_code`` is the
    TRF26 192 code as given (the C.04.6 colour type lives there); empty: derived."""

    teams: tuple[Team, ...]
    boards: int
    rounds: int
    schedule: tuple[TeamRound, ...] = ()
    players: tuple[Player, ...] = ()
    scoring: TeamScoring = field(default_factory=TeamScoring)
    system: System = System.SWISS
    primary: Score = Score.MP
    colour_sequence: str = "WB"
    name: str = ""
    system_code: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "teams", tuple(self.teams))
        object.__setattr__(self, "schedule", tuple(self.schedule))
        object.__setattr__(self, "players", tuple(self.players))
        self._check()

    # ---- checks: every reference resolves, nobody plays twice in a round

    def _check(self) -> None:
        if self.boards < 1:
            raise TeamError(
                msg(
                    "boards: a team match needs at least one board, not %(boards)s",
                    boards=self.boards,
                )
            )
        if not self.colour_sequence or set(self.colour_sequence.upper()) - {"W", "B"}:
            raise TeamError(
                msg(
                    "colour sequence %(colours)s must be W and B letters",
                    colours=repr(self.colour_sequence),
                )
            )
        repeats = -(-self.boards // len(self.colour_sequence))
        object.__setattr__(
            self, "colour_sequence", (self.colour_sequence.upper() * repeats)[: self.boards]
        )
        numbers = [t.number for t in self.teams]
        if len(set(numbers)) != len(numbers):
            raise TeamError(msg("two teams have the same pairing number"))
        member_of: dict[int, int] = {}
        for team in self.teams:
            if team.number < 1:
                raise TeamError(
                    msg("team %(name)s: pairing number must be at least 1", name=repr(team.name))
                )
            for rank in team.roster:
                if rank in member_of:
                    raise TeamError(
                        msg(
                            "player %(rank)s is on the rosters of teams %(first)s and %(second)s",
                            rank=rank,
                            first=member_of[rank],
                            second=team.number,
                        )
                    )
                member_of[rank] = team.number
        for number, rnd in enumerate(self.schedule, 1):
            if rnd.number != number:
                raise TeamError(
                    msg(
                        "round %(round)s is listed as round %(number)s",
                        round=rnd.number,
                        number=number,
                    )
                )
            self._check_round(rnd, member_of)

    def _check_round(self, rnd: TeamRound, member_of: dict[int, int]) -> None:
        known = {t.number for t in self.teams}
        seen: set[int] = set()
        where = msg("round %(round)s", round=rnd.number)
        for team in [t for m in rnd.matches for t in m.teams()] + [b.team for b in rnd.byes]:
            if team not in known:
                raise TeamError(
                    msg("%(where)s: team %(team)s does not exist", where=where, team=team)
                )
            if team in seen:
                raise TeamError(
                    msg("%(where)s: team %(team)s has two matches or byes", where=where, team=team)
                )
            seen.add(team)
        for match in rnd.matches:
            if match.white == match.black:
                raise TeamError(
                    msg(
                        "%(where)s: team %(team)s is paired against itself",
                        where=where,
                        team=match.white,
                    )
                )
            if match.forfeit is not None:
                continue
            boards = [g.board for g in match.boards]
            if boards != sorted(set(boards)) or not all(1 <= b <= self.boards for b in boards):
                raise TeamError(
                    msg(
                        "%(where)s, match %(white)s-%(black)s: boards %(given)s must be"
                        " distinct, in order, from 1 to %(boards)s",
                        where=where,
                        white=match.white,
                        black=match.black,
                        given=boards,
                        boards=self.boards,
                    )
                )
            for game in match.boards:
                if game.white_team not in match.teams():
                    raise TeamError(
                        msg(
                            "%(where)s, board %(board)s: team %(team)s is not in the match",
                            where=where,
                            board=game.board,
                            team=game.white_team,
                        )
                    )
                black_team = match.opponent(game.white_team)
                for player, team in ((game.white, game.white_team), (game.black, black_team)):
                    if player is not None and member_of.get(player) != team:
                        raise TeamError(
                            msg(
                                "%(where)s, board %(board)s: player %(player)s is not on the"
                                " roster of team %(team)s",
                                where=where,
                                board=game.board,
                                player=player,
                                team=team,
                            )
                        )
                # A board not played yet may wait for its line-ups (nobody seated).
                if (game.white is None or game.black is None) and (
                    game.result not in BOARD_FORFEITS | {BoardResult.PENDING}
                ):
                    raise TeamError(
                        msg(
                            "%(where)s, board %(board)s: an empty board can only be a forfeit",
                            where=where,
                            board=game.board,
                        )
                    )
                if not game.rated and game.result in BOARD_FORFEITS | {BoardResult.PENDING}:
                    raise TeamError(
                        msg(
                            "%(where)s, board %(board)s: only a game played can be unrated",
                            where=where,
                            board=game.board,
                        )
                    )

    # ---- lookups

    def team(self, number: int) -> Team:
        for team in self.teams:
            if team.number == number:
                return team
        raise TeamError(msg("there is no team with pairing number %(team)s", team=number))

    def team_of(self) -> dict[int, int]:
        """Each rostered player's team."""
        return {rank: t.number for t in self.teams for rank in t.roster}

    def first_team_colour(self, board: int) -> Color:
        """TRF26 352: the colour the first-named team has on ``board``."""
        letter = self.colour_sequence[board - 1]
        return Color.WHITE if letter == "W" else Color.BLACK

    # ---- results

    def played_rounds(self) -> tuple[TeamRound, ...]:
        """The rounds paired so far: up to the last with a match or a PAB.  The rounds
        after it hold only byes requested for rounds to come (TRF26 240), which count
        once their round is paired."""
        paired = [r.number for r in self.schedule if r.matches or _has_pab(r)]
        return self.schedule[: max(paired, default=0)]

    def results(self) -> dict[int, tuple[TeamResult, ...]]:
        """Per team, one TeamResult per round played so far (a round where the team
        has neither a match nor a bye, while others do, is an absence)."""
        out: dict[int, list[TeamResult]] = {t.number: [] for t in self.teams}
        for rnd in self.played_rounds():
            for result in self._round_results(rnd):
                out[result[0]].append(result[1])
            for team, rows in out.items():
                if len(rows) < rnd.number:
                    bye = TeamBye(team, Unplayed.ABSENT)
                    rows.append(self._bye_result(rnd.number, bye))
        return {team: tuple(rows) for team, rows in out.items()}

    def _round_results(self, rnd: TeamRound) -> Iterator[tuple[int, TeamResult]]:
        for bye in rnd.byes:
            yield bye.team, self._bye_result(rnd.number, bye)
        for match in rnd.matches:
            yield from self._match_results(rnd.number, match)

    def _per_board(self, kind: Unplayed) -> tuple[Fraction, ...]:
        """A round without a match, board by board, as Art. 12 counts it: the result it
        stands for on every board, a PAB as a standard win (C.07 12)."""
        games = self.scoring.games
        points = games.win if kind is Unplayed.PAB else games.for_unplayed(kind)
        return (points,) * self.boards

    def _bye_result(self, number: int, bye: TeamBye) -> TeamResult:
        mp, gp = self.scoring.bye(bye.kind, self.boards)
        return TeamResult(
            number,
            RoundKind.BYE,
            match_points=mp,
            game_points=gp,
            board_points=self._per_board(bye.kind),
            bye=bye.kind,
        )

    def _match_results(self, number: int, match: Match) -> Iterator[tuple[int, TeamResult]]:
        colours = {match.white: Color.WHITE, match.black: Color.BLACK}
        if match.forfeit is not None:
            winners = {
                MatchForfeit.WHITE_WINS: {match.white},
                MatchForfeit.BLACK_WINS: {match.black},
                MatchForfeit.DOUBLE: set(),
            }[match.forfeit]
            for team in match.teams():
                kind = Unplayed.FORFEIT_WIN if team in winners else Unplayed.FORFEIT_LOSS
                mp, gp = self.scoring.bye(kind, self.boards)
                yield (
                    team,
                    TeamResult(
                        number,
                        RoundKind.FORFEIT_WIN if team in winners else RoundKind.FORFEIT_LOSS,
                        match.opponent(team),
                        colours[team],
                        mp,
                        gp,
                        self._per_board(kind),
                    ),
                )
            return
        points = self.board_points(match)
        pending = any(g.result is BoardResult.PENDING for g in match.boards)
        game_points = {team: sum(points[team], Fraction(0)) for team in match.teams()}
        for team in match.teams():
            other = match.opponent(team)
            yield (
                team,
                TeamResult(
                    number,
                    RoundKind.PENDING if pending else RoundKind.MATCH,
                    other,
                    colours[team],
                    Fraction(0)
                    if pending
                    else self.scoring.match_points(game_points[team], game_points[other]),
                    Fraction(0) if pending else game_points[team],
                    tuple(points[team]),
                ),
            )

    def board_points(self, match: Match) -> dict[int, list[Fraction]]:
        """Each team's points on boards 1..boards of a played match (an empty board,
        missing from ``match.boards``, is a forfeit loss for both teams)."""
        games = self.scoring.games
        empty = games.forfeit_loss
        out = {team: [empty] * self.boards for team in match.teams()}
        for game in match.boards:
            if game.result is BoardResult.PENDING:
                out[match.white][game.board - 1] = out[match.black][game.board - 1] = Fraction(0)
                continue
            white_side, black_side = _WHITE_SIDE[game.result]
            black_team = match.opponent(game.white_team)
            out[game.white_team][game.board - 1] = getattr(games, white_side)
            out[black_team][game.board - 1] = getattr(games, black_side)
        return out


# Each player's Round for a board result, White's then Black's.
PLAYER_ROUNDS: dict[BoardResult, tuple[Outcome | Unplayed, Outcome | Unplayed]] = {
    BoardResult.WHITE_WINS: (Outcome.WIN, Outcome.LOSS),
    BoardResult.DRAW: (Outcome.DRAW, Outcome.DRAW),
    BoardResult.BLACK_WINS: (Outcome.LOSS, Outcome.WIN),
    BoardResult.WHITE_FORFEIT_WIN: (Unplayed.FORFEIT_WIN, Unplayed.FORFEIT_LOSS),
    BoardResult.BLACK_FORFEIT_WIN: (Unplayed.FORFEIT_LOSS, Unplayed.FORFEIT_WIN),
    BoardResult.DOUBLE_FORFEIT: (Unplayed.FORFEIT_LOSS, Unplayed.FORFEIT_LOSS),
}


def _player_round(
    result: Outcome | Unplayed, opponent: int | None, color: Color, rated: bool
) -> Round:
    if isinstance(result, Outcome):
        return Game(opponent or 0, result, color, rated)
    return UnplayedRound(result, opponent, color)


def _has_pab(rnd: TeamRound) -> bool:
    return any(b.kind is Unplayed.PAB for b in rnd.byes)


def individual_tournament(tournament: TeamTournament) -> TournamentResults:
    """The players' own tournament: each board game as the two players' rounds, a team
    bye as the bye of the team's first ``boards`` players, anybody else absent; for
    individual results per board and for the TRF ``001`` records."""
    rounds: dict[int, list[Round]] = {p.start_rank: [] for p in tournament.players}
    absent = UnplayedRound(Unplayed.ABSENT)
    for rnd in tournament.schedule:
        for match in rnd.matches:
            for game in match.boards:
                entries: tuple[Round, Round]
                if game.result is BoardResult.PENDING:
                    entries = (
                        Pending(game.black or 0, Color.WHITE),
                        Pending(game.white or 0, Color.BLACK),
                    )
                else:
                    white, black = PLAYER_ROUNDS[game.result]
                    entries = (
                        _player_round(white, game.black, Color.WHITE, game.rated),
                        _player_round(black, game.white, Color.BLACK, game.rated),
                    )
                for rank, entry in zip((game.white, game.black), entries, strict=True):
                    if rank is not None and rank in rounds:
                        rounds[rank].append(entry)
        for bye in rnd.byes:
            # The line-up a team bye stands for shows it (0000 - U, as pairing
            # programs read a team's PAB from its board-1 player).
            for rank in tournament.team(bye.team).roster[: tournament.boards]:
                if rank in rounds:
                    rounds[rank].append(UnplayedRound(bye.kind))
        for row in rounds.values():
            if len(row) < rnd.number:
                row.append(absent)
    return TournamentResults(
        players=tuple(replace(p, rounds=tuple(rounds[p.start_rank])) for p in tournament.players),
        rounds=tournament.rounds,
        scoring=tournament.scoring.games,
        system=tournament.system,
        name=tournament.name,
    )
