"""A team event's part of the folded state, and the team engine's value made of it.
Pure Python, no Django.

A team tournament (``Settings.kind == "team"``) keeps its players as an individual
one does (``player.registered``); a team's roster names them by start rank in board
order, reserves last.  A round holds matches (the first-named team has White on
board 1, the other boards as the event's colour sequence, TRF26 352, says:
alternating, ``WB``, by default) and the teams with
the pairing-allocated bye; each team submits a line-up per round (players by board,
``None`` for an empty board).  ``team_tournament`` turns all of it into the
``tiebreaks.teams.model.TeamTournament`` the team standings are computed from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING

from tiebreaks.model import Color, System, Unplayed
from tiebreaks.teams.model import (
    BoardGame,
    BoardResult,
    Match,
    MatchForfeit,
    Score,
    Team,
    TeamBye,
    TeamRound,
    TeamScoring,
    TeamTournament,
)

if TYPE_CHECKING:
    from .state import Accumulator, TournamentState

INDIVIDUAL, TEAM = "individual", "team"
KINDS = (INDIVIDUAL, TEAM)
# How far a line-up may leave the roster order (the regulations' setting): not at
# all (FIDE Olympiad), ahead of a player rated at most the tolerance higher
# (national leagues), or freely.
ROSTER_ORDER, RATING_ORDER, FREE_ORDER = "roster", "rating", "free"
LINEUP_ORDERS = (ROSTER_ORDER, RATING_ORDER, FREE_ORDER)
# A board's result as entered (white's side first, as for individual boards) and
# as the team engine reads it.
BOARD_RESULTS: Mapping[str, BoardResult] = MappingProxyType(
    {
        "1-0": BoardResult.WHITE_WINS,
        "1/2-1/2": BoardResult.DRAW,
        "0-1": BoardResult.BLACK_WINS,
        "+/-": BoardResult.WHITE_FORFEIT_WIN,
        "-/+": BoardResult.BLACK_FORFEIT_WIN,
        "0-0": BoardResult.DOUBLE_FORFEIT,
    }
)
# The results of a game played: only these may be unrated (TRF W/D/L).
PLAYED_RESULTS = frozenset({"1-0", "1/2-1/2", "0-1"})
# A whole match forfeited, from the first-named team's side.
MATCH_FORFEITS: Mapping[str, MatchForfeit] = MappingProxyType(
    {"+/-": MatchForfeit.WHITE_WINS, "-/+": MatchForfeit.BLACK_WINS, "0-0": MatchForfeit.DOUBLE}
)
COLOUR_SEQUENCE = "WB"  # TRF26 352: board 1 as the pairing says, then alternating
# A team Swiss's C.04.6 colour-preference type (1.7) and the TRF26 192 code that
# names it (match points first, game points deciding colours, 4.2.2); type A is the
# code the team engine derives ("").
COLOUR_TYPES: Mapping[str, str] = MappingProxyType(
    {"A": "", "B": "FIDE_TEAM_TYPEB_MP_GP", "none": "FIDE_TEAM_MP_GP"}
)

# A team event's primary score (C.07 11.1): match points (the default) or game
# points first; the other is the secondary score.
PRIMARY_SCORES = (Score.MP.value, Score.GP.value)

Lineup = tuple[int | None, ...]


@dataclass(frozen=True)
class BoardPrizeSettings:
    """The organiser's board prize rules (``team.board_prizes_set``): the order
    (``tiebreaks.teams.boards.BoardOrder``), the minimum of games (None: the
    engine's default) and the board a player's games count on
    (``tiebreaks.teams.boards.BoardAssignment``); the public page's defaults, which a
    reader's query overrides."""

    order: str = "performance"
    min_games: int | None = None
    assignment: str = "every_board"
    # The regulations' options (tiebreaks.teams.boards): a reserve minimum (None: as
    # min_games), the minimums' unit ("games" or "percent" of the rounds), the rating
    # cap and an unrated opponent's rating (None: none), the tie-breaks after the
    # order (None: the order's default).
    reserve_min_games: int | None = None
    minimum_unit: str = "games"
    rating_cap: int | None = None
    unrated_rating: int | None = None
    tiebreaks: tuple[str, ...] | None = None


@dataclass(frozen=True)
class TeamEntry:
    """A registered team: its pairing number (registration order) and its roster of
    start ranks in board order, reserves last."""

    number: int
    name: str
    short_name: str = ""
    federation: str = ""
    captain: str = ""
    roster: tuple[int, ...] = ()
    withdrawn_from: int | None = None  # the first round the team no longer plays
    # TRF26 310's strength factor, kept as given and written back; never computed
    # with (the pairing numbers' strength is the roster's ratings, ``team_seeds``).
    strength: str = ""

    def withdrawn_in(self, round_number: int) -> bool:
        return self.withdrawn_from is not None and round_number >= self.withdrawn_from


@dataclass(frozen=True)
class MatchState:
    """One match of a round: ``white`` has White on board 1.  ``results`` maps a
    board to (result, seq of the event that set it); ``unrated`` the boards whose
    game was played but not rated (TRF W/D/L); ``forfeit`` a whole-match forfeit
    from ``white``'s side."""

    number: int
    white: int
    black: int
    results: Mapping[int, tuple[str, int]] = field(default_factory=dict)
    forfeit: str | None = None
    unrated: frozenset[int] = frozenset()

    def teams(self) -> tuple[int, int]:
        return self.white, self.black


@dataclass(frozen=True)
class TeamRoundState:
    number: int
    matches: tuple[MatchState, ...]
    byes: tuple[int, ...] = ()  # teams with the pairing-allocated bye

    def match(self, number: int) -> MatchState | None:
        return next((m for m in self.matches if m.number == number), None)

    def match_of(self, team: int) -> MatchState | None:
        return next((m for m in self.matches if team in m.teams()), None)

    @property
    def teams(self) -> frozenset[int]:
        return frozenset(self.byes).union(*(m.teams() for m in self.matches))


def board_colour(board: int, colours: str = COLOUR_SEQUENCE) -> Color:
    """The colour of the first-named team on ``board`` (TRF26 352, ``WB...`` unless
    the event's ``colour_sequence`` says otherwise)."""
    letter = colours[(board - 1) % len(colours)]
    return Color.WHITE if letter == "W" else Color.BLACK


@dataclass(frozen=True)
class BoardView:
    """One board of a match as played: who has White and Black (start ranks, None
    for an empty board), the result and whether it is implied by an empty board."""

    board: int
    white_team: int
    white: int | None
    black: int | None
    result: str | None
    implied: bool = False
    rated: bool = True  # False: a game played but not rated (TRF W/D/L)

    @property
    def empty(self) -> bool:
        return self.white is None or self.black is None


def empty_board_result(white: int | None, black: int | None) -> str | None:
    """The forfeit an empty board is: the player who came wins it (None: both came)."""
    if white is not None and black is not None:
        return None
    if white is None and black is None:
        return "0-0"
    return "+/-" if white is not None else "-/+"


def match_boards(
    match: MatchState,
    lineups: Mapping[tuple[int, int], Lineup],
    round_number: int,
    boards: int,
    colours: str = COLOUR_SEQUENCE,
) -> tuple[BoardView, ...]:
    """The boards of a played match, from the two line-ups; () while a line-up is
    missing.  ``colours``: the event's colour sequence (TRF26 352)."""
    first = lineups.get((round_number, match.white))
    second = lineups.get((round_number, match.black))
    if first is None or second is None:
        return ()
    out = []
    for board in range(1, boards + 1):
        mine = first[board - 1] if board <= len(first) else None
        theirs = second[board - 1] if board <= len(second) else None
        if board_colour(board, colours) is Color.WHITE:
            white_team, white, black = match.white, mine, theirs
        else:
            white_team, white, black = match.black, theirs, mine
        implied = empty_board_result(white, black)
        recorded = match.results.get(board)
        result = implied if implied is not None else recorded[0] if recorded else None
        rated = implied is not None or board not in match.unrated
        out.append(BoardView(board, white_team, white, black, result, implied is not None, rated))
    return tuple(out)


def round_complete(state: TournamentState, rnd: TeamRoundState) -> bool:
    """Every match of the round forfeited or with a result on every board."""
    for match in rnd.matches:
        if match.forfeit is not None:
            continue
        views = match_boards(
            match, state.lineups, rnd.number, state.settings.boards, state.settings.colour_sequence
        )
        if not views or any(v.result is None for v in views):
            return False
    return True


def team_scoring(
    points: Mapping[str, str] | None,
    games: object,
    pab: tuple[str | None, str | None] = (None, None),
) -> TeamScoring:
    """Match points as the settings give them (2-1-0 without), on the board scoring,
    with the PAB's match and game points (None: a drawn match's)."""
    given = {k: Fraction(v) for k, v in (points or {}).items()}
    pab_mp, pab_gp = (None if value is None else Fraction(value) for value in pab)
    return TeamScoring(
        games=games,  # type: ignore[arg-type]
        pab_match_points=pab_mp,
        pab_game_points=pab_gp,
        **given,
    )


def team_tournament(state: TournamentState) -> TeamTournament:
    """The team engine's value of a team event's state: every team, each paired round
    with its matches (a match without both line-ups is pending on every board), the
    pairing-allocated byes."""
    from .state import BYE_POINTS  # state imports this module

    settings = state.settings
    teams = tuple(
        Team(t.number, t.name, t.roster, t.short_name, t.federation, t.captain, t.strength)
        for t in sorted(state.teams.values(), key=lambda t: t.number)
    )
    schedule = []
    # A line-up's empty seat is a forfeit from the round's start on: before, the
    # line-up is not public (issue 21), and the standings would tell of it.
    lineups = state.public_lineups
    for number in range(1, max(state.team_rounds, default=0) + 1):
        rnd = state.team_rounds[number]
        matches = tuple(
            _match(m, lineups, number, settings.boards, settings.colour_sequence)
            for m in rnd.matches
        )
        byes = tuple(TeamBye(team, Unplayed.PAB) for team in rnd.byes) + tuple(
            TeamBye(team, BYE_POINTS[points])
            for team, points in sorted(state.team_byes.get(number, {}).items())
        )
        schedule.append(TeamRound(number, matches, byes))
    players = tuple(
        p.tiebreak_player(()) for p in sorted(state.players.values(), key=lambda p: p.start_rank)
    )
    primary = Score(settings.primary_score)
    return TeamTournament(
        teams=teams,
        boards=settings.boards,
        rounds=settings.rounds,
        schedule=tuple(schedule),
        players=players,
        scoring=team_scoring(
            settings.match_points,
            settings.scoring,
            (settings.pab_match_points, settings.pab_game_points),
        ),
        system=settings.system,
        primary=primary,
        colour_sequence=settings.colour_sequence,
        name=settings.name,
        system_code=_system_code(settings.colour_type, primary)
        if settings.system is System.SWISS
        else "",
    )


def _system_code(colour_type: str, primary: Score) -> str:
    """The 192 code of a team Swiss's colour type with the primary score first (the
    pairing reads the primary score from the code when it names one)."""
    return COLOUR_TYPES[colour_type].replace("MP_GP", f"{primary}_{primary.other}")


@dataclass(frozen=True)
class TeamSeed:
    """A team as the initial ranking (``initial_ranking``) sorts it for its pairing
    number: by strength, the mean rating of the roster's first ``boards`` players
    (an unrated one counting as the event's rating for unrated players, else 0),
    then by name."""

    number: int
    name: str
    rating: Fraction
    title: str = ""


def team_seeds(state: TournamentState) -> list[TeamSeed]:
    """The teams by pairing number, each with its strength."""
    boards = state.settings.boards
    unrated = state.settings.unrated_rating or 0
    seeds = []
    for team in sorted(state.teams.values(), key=lambda t: t.number):
        top = [state.players[rank].rating or unrated for rank in team.roster[:boards]]
        seeds.append(TeamSeed(team.number, team.name, Fraction(sum(top), len(top) or 1)))
    return seeds


def renumber_teams(acc: Accumulator, new_number: Mapping[int, int]) -> None:
    """Give the teams new pairing numbers (before round 1): their line-ups and
    requested byes follow them."""
    acc.teams = {
        new_number[old]: replace(team, number=new_number[old]) for old, team in acc.teams.items()
    }
    acc.lineups = {(r, new_number[t]): players for (r, t), players in acc.lineups.items()}
    acc.team_byes = {
        r: {new_number[t]: points for t, points in byes.items()}
        for r, byes in acc.team_byes.items()
    }


def _match(
    match: MatchState,
    lineups: Mapping[tuple[int, int], Lineup],
    number: int,
    boards: int,
    colours: str,
) -> Match:
    if match.forfeit is not None:
        return Match(match.white, match.black, forfeit=MATCH_FORFEITS[match.forfeit])
    views = match_boards(match, lineups, number, boards, colours)
    if not views:
        # Line-ups not in yet: every board pending, nobody seated.
        games = tuple(
            BoardGame(b, match.white, None, None, BoardResult.PENDING) for b in range(1, boards + 1)
        )
        return Match(match.white, match.black, games)
    return Match(
        match.white,
        match.black,
        tuple(
            BoardGame(
                v.board,
                v.white_team,
                v.white,
                v.black,
                BoardResult.PENDING if v.result is None else BOARD_RESULTS[v.result],
                v.rated,
            )
            for v in views
        ),
    )


# Each side's points for a board result, white's first, as the board scoring names them.
_SIDE_POINTS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "1-0": ("win", "loss"),
        "1/2-1/2": ("draw", "draw"),
        "0-1": ("loss", "win"),
        "+/-": ("forfeit_win", "forfeit_loss"),
        "-/+": ("forfeit_loss", "forfeit_win"),
        "0-0": ("forfeit_loss", "forfeit_loss"),
    }
)


def match_score(
    state: TournamentState, round_number: int, match: MatchState
) -> dict[int, Fraction]:
    """Each team's game points in a match so far: the boards with a result (an empty
    board's forfeit included), or every board of a forfeited match."""
    scoring = state.settings.scoring
    boards = state.settings.boards
    if match.forfeit is not None:
        mine, theirs = _SIDE_POINTS[match.forfeit]
        return {
            match.white: boards * getattr(scoring, mine),
            match.black: boards * getattr(scoring, theirs),
        }
    score = {match.white: Fraction(0), match.black: Fraction(0)}
    # As the standings count them: an empty seat from the round's start on.
    colours = state.settings.colour_sequence
    for view in match_boards(match, state.public_lineups, round_number, boards, colours):
        if view.result is None:
            continue
        white_side, black_side = _SIDE_POINTS[view.result]
        black_team = match.black if view.white_team == match.white else match.white
        score[view.white_team] += getattr(scoring, white_side)
        score[black_team] += getattr(scoring, black_side)
    return score


def score_text(points: Fraction) -> str:
    """Game points as a match score shows them: 2½, ½, 3 (other fractions as 1/3)."""
    whole, part = divmod(points, 1)
    if part == 0:
        return str(whole)
    if part == Fraction(1, 2):
        return f"{whole or ''}½"
    return str(points)
