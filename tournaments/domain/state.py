"""A tournament's state: what its events add up to.  Pure Python, no Django.

``TournamentState`` is immutable; ``Accumulator`` is what ``fold`` changes
while it replays the events (each kind's ``apply`` is declared in ``events``);
``TournamentState.to_tiebreaks()`` turns a state into the
``tiebreaks.model.TournamentResults`` the standings engine reads.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from types import MappingProxyType
from typing import Any, Protocol

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
from tiebreaks.prizes import PrizeList
from tiebreaks.teams.model import TeamTournament

from .teams import (
    INDIVIDUAL,
    TEAM,
    BoardPrizeSettings,
    Lineup,
    TeamEntry,
    TeamRoundState,
    team_tournament,
)

# Results as entered by an arbiter, white's side first.  "0-0" is a double forfeit.
RESULTS = ("1-0", "1/2-1/2", "0-1", "+/-", "-/+", "0-0")
BYE_POINTS = {"half": Unplayed.HPB, "zero": Unplayed.ZPB, "full": Unplayed.FPB}
SYSTEMS = tuple(system.value for system in System)

_PLAYED = {
    "1-0": (Outcome.WIN, Outcome.LOSS),
    "1/2-1/2": (Outcome.DRAW, Outcome.DRAW),
    "0-1": (Outcome.LOSS, Outcome.WIN),
}
_UNPLAYED = {
    "+/-": (Unplayed.FORFEIT_WIN, Unplayed.FORFEIT_LOSS),
    "-/+": (Unplayed.FORFEIT_LOSS, Unplayed.FORFEIT_WIN),
    "0-0": (Unplayed.FORFEIT_LOSS, Unplayed.FORFEIT_LOSS),
}


class FoldError(ValueError):
    """A stream of events that does not describe a tournament (a bug, or rows written
    around the commands; never user input).  ``seq``: the event that does not fit."""

    def __init__(self, message: str, seq: int = 0) -> None:
        super().__init__(message)
        self.seq = seq


@dataclass(frozen=True)
class Settings:
    name: str
    rounds: int
    system: System
    scoring: Scoring
    rules: str
    tiebreaks: tuple[str, ...]
    unrated_rating: int | None = None  # issue 8: Art. 10 rating of unrated players
    acceleration: str = ""  # C.04.5 method for Swiss pairings ("baku"); "" none
    # Dates, place, time control, chief arbiter, round dates: shown, never computed with.
    details: Mapping[str, Any] = field(default_factory=dict)
    # Issue 22: "individual" or "team" (teams of ``boards`` players, match points
    # for a won, drawn, lost match as texts: {} is 2-1-0).
    kind: str = INDIVIDUAL
    boards: int = 0
    match_points: Mapping[str, str] = field(default_factory=dict)
    # How far a line-up may leave the roster order (``teams.LINEUP_ORDERS``); the
    # tolerance in rating points of "rating".
    lineup_order: str = "roster"
    lineup_tolerance: int | None = None
    # A team Swiss's C.04.6 colour-preference type (``teams.COLOUR_TYPES``).
    colour_type: str = "A"
    # A team event's primary score (C.07 11.1; ``teams.PRIMARY_SCORES``): "MP" match
    # points or "GP" game points first, in the standings, tie-breaks and pairings.
    primary_score: str = "MP"
    # A team event's pairing-allocated bye in match and game points (TRF26 320, as
    # texts); None: a drawn match, C.04.6's default.
    pab_match_points: str | None = None
    pab_game_points: str | None = None
    # TRF26 352: the first-named team's colours on boards 1, 2... (repeated down the
    # boards), starting with White: board 1's colour is the match's.
    colour_sequence: str = "WB"
    # Round 1's first colour ("white1" or "black1", TRF XXC); "": the server's default.
    initial_colour: str = ""
    # Only the players checked in for a round are paired in it (the others absent).
    check_in: bool = False
    # C.04.2 half-point byes: at most this many per player (None: no limit), and
    # none in these rounds (typically the last).
    max_half_byes: int | None = None
    no_half_byes_in: tuple[int, ...] = ()
    # Issue 21: two players' matching reports of their game record it without the
    # organiser (a result event of the system's, naming the reports it confirms).
    confirm_matching_reports: bool = False

    @property
    def is_team(self) -> bool:
        return self.kind == TEAM


@dataclass(frozen=True)
class PlayerState:
    start_rank: int
    name: str
    rating: int = 0
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    withdrawn_from: int | None = None  # first round the player no longer plays
    # The id given at registration, which never changes (start_rank is the pairing
    # number: the initial ranking may change it before round 1).
    player_id: int = 0
    sex: str = ""  # "m" or "w", as TRF writes it
    birth_date: str = ""  # ISO: a year ("1990") or a date ("1990-05-31")
    club: str = ""
    # A late entry: the first round the player could be paired in (the rounds before
    # it are byes of ``missed_rounds`` points: "zero" or "half").
    first_round: int = 1

    def withdrawn_in(self, round_number: int) -> bool:
        return self.withdrawn_from is not None and round_number >= self.withdrawn_from

    def tiebreak_player(self, rounds: tuple[Round, ...]) -> Player:
        """This player with ``rounds``, as the tie-break engine reads it.

        The last one made is kept on this (immutable) player state, which the
        states after it share until the player changes, and reused while its rounds
        are equal, which in practice means the very same entries: one result
        changes two players' rounds, and making 10k players afresh for each result
        would be a third of the worker's conversion.
        """
        last: Player | None = self.__dict__.get("_tiebreak_player")
        if last is not None and last.rounds == rounds:
            return last
        player = Player(
            start_rank=self.start_rank,
            name=self.name,
            rating=self.rating,
            title=self.title,
            federation=self.federation,
            fide_id=self.fide_id,
            sex=self.sex,
            birth_date=self.birth_date.replace("-", "/"),  # as TRF writes it
            rounds=rounds,
        )
        self.__dict__["_tiebreak_player"] = player  # as functools.cached_property does
        return player


@dataclass(frozen=True)
class BoardState:
    number: int
    white: int
    black: int
    result: str | None = None
    result_seq: int | None = None  # the event that set the current result
    rated: bool = True  # False: played but not rated (TRF W/D/L)

    def sides(self) -> tuple[Round, Round]:
        """This board as ``(white's round, black's round)``: Pending while no result
        (it counts for nothing, but Fore Buchholz sees the pairing)."""
        if self.result is None:
            return (Pending(self.black, Color.WHITE), Pending(self.white, Color.BLACK))
        if self.result in _PLAYED:
            white, black = _PLAYED[self.result]
            return (
                Game(self.black, white, Color.WHITE, self.rated),
                Game(self.white, black, Color.BLACK, self.rated),
            )
        white_kind, black_kind = _UNPLAYED[self.result]
        return (
            UnplayedRound(white_kind, self.black, Color.WHITE),
            UnplayedRound(black_kind, self.white, Color.BLACK),
        )


@dataclass(frozen=True)
class RoundState:
    number: int
    boards: tuple[BoardState, ...]
    byes: tuple[int, ...] = ()  # pairing-allocated byes
    closed: bool = False
    # Lookups by board number and by player: folding a big Swiss asks them per player.
    _by_number: dict[int, BoardState] = field(init=False, repr=False, compare=False)
    _by_player: dict[int, BoardState] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_number", {b.number: b for b in self.boards})
        by_player = {rank: b for b in self.boards for rank in (b.white, b.black)}
        object.__setattr__(self, "_by_player", by_player)

    def board(self, number: int) -> BoardState | None:
        return self._by_number.get(number)

    def with_board(self, board: BoardState) -> RoundState:
        """This round with ``board`` replacing the board of its number.

        Copies the lookups instead of rebuilding them: a result in a round of
        5,000 boards is then a few dict copies in C, not 15,000 Python steps.
        """
        new = copy.copy(self)  # no __post_init__: the lookups are set here
        object.__setattr__(new, "_by_number", dict(self._by_number))
        object.__setattr__(new, "_by_player", dict(self._by_player))
        if "entries" in self.__dict__:  # copy.copy shares the cached dict
            new.__dict__["entries"] = dict(self.entries)
        new._put(board)
        return new

    def _put(self, board: BoardState) -> None:
        """Replace the board of ``board``'s number in this very round: only for a
        round no state handed out holds any more (``Fold``'s own copies)."""
        self._by_number[board.number] = board
        self._by_player[board.white] = self._by_player[board.black] = board
        object.__setattr__(self, "boards", tuple(self._by_number.values()))
        if "entries" in self.__dict__:
            self.entries[board.white], self.entries[board.black] = board.sides()

    @cached_property
    def entries(self) -> dict[int, Round]:
        """Each player on a board: the round as the tie-break engine reads it.

        Built once per round state, which the states after it share until an
        event changes the round: a result then costs its own board, not every
        player's every round, when the worker rebuilds the engine's input.
        """
        entries: dict[int, Round] = {}
        for board in self.boards:
            entries[board.white], entries[board.black] = board.sides()
        return entries

    def board_of(self, start_rank: int) -> BoardState | None:
        return self._by_player.get(start_rank)

    @property
    def paired_players(self) -> frozenset[int]:
        return frozenset(self.byes).union(*((b.white, b.black) for b in self.boards))

    @property
    def complete(self) -> bool:
        return all(b.result is not None for b in self.boards)


# A reported board: (round, match, board), the match None in an individual event.
BoardKey = tuple[int, int | None, int]


@dataclass(frozen=True)
class Report:
    """A player's report of their game (``result.reported`` at ``seq``)."""

    result: str  # white's side first
    seq: int


@dataclass(frozen=True)
class TournamentState:
    last_seq: int  # seq of the last event folded
    settings: Settings
    players: Mapping[int, PlayerState]
    rounds: Mapping[int, RoundState]
    # round -> start rank -> "half" / "zero" / "full"
    requested_byes: Mapping[int, Mapping[int, str]] = field(default_factory=dict)
    fide_ids: Mapping[str, int] = field(default_factory=dict)  # -> start rank
    player_ids: Mapping[int, int] = field(default_factory=dict)  # player id -> start rank
    # A team event's teams by pairing number, its rounds and the line-ups by (round, team).
    teams: Mapping[int, TeamEntry] = field(default_factory=dict)
    team_rounds: Mapping[int, TeamRoundState] = field(default_factory=dict)
    lineups: Mapping[tuple[int, int], Lineup] = field(default_factory=dict)
    # round -> the ids of the players checked in for it
    checked_in: Mapping[int, frozenset[int]] = field(default_factory=dict)
    # round -> team -> "half" / "zero" / "full", as ``requested_byes`` for players
    team_byes: Mapping[int, Mapping[int, str]] = field(default_factory=dict)

    prize_list: PrizeList | None = None  # the last one set
    prize_list_seq: int | None = None  # the event that set it
    # Issue 21: each private link's holder (role, player id or team number) -> the
    # nonce of its live link; the players' reports by board -> start rank.
    links: Mapping[tuple[str, int], str] = field(default_factory=dict)
    reports: Mapping[BoardKey, Mapping[int, Report]] = field(default_factory=dict)
    # Team rounds the organiser marked started (line-ups public, captains' links closed).
    started_team_rounds: frozenset[int] = frozenset()
    board_prizes: BoardPrizeSettings = BoardPrizeSettings()  # the last set

    def team_round_started(self, number: int) -> bool:
        """Whether a team round has started: the organiser marked it started, or a
        board result or a match forfeit of it is stored (play has begun).  Its
        line-ups are public from then on and captains' links take no more."""
        rnd = self.team_rounds.get(number)
        if rnd is None:
            return False
        return number in self.started_team_rounds or any(
            m.results or m.forfeit is not None for m in rnd.matches
        )

    @cached_property
    def public_lineups(self) -> Mapping[tuple[int, int], Lineup]:
        """The line-ups spectators see: those of the rounds that have started.

        Computed once per state: the pages and the standings read it per match and
        per result, and each read would scan every line-up and every match of its
        round.  A state never changes (``OpenFold``'s states are not read after
        the next event), so neither does this.
        """
        started = {
            number: self.team_round_started(number) for number in {n for n, _ in self.lineups}
        }
        return MappingProxyType({key: p for key, p in self.lineups.items() if started[key[0]]})

    def team_of(self, start_rank: int) -> int | None:
        """The team whose roster holds the player, if any."""
        return next((t.number for t in self.teams.values() if start_rank in t.roster), None)

    def team_bye(self, round_number: int, team: int) -> str | None:
        return self.team_byes.get(round_number, {}).get(team)

    def to_team_tournament(self) -> TeamTournament:
        """A team event as the team standings engine reads it."""
        return team_tournament(self)

    @property
    def last_paired_round(self) -> int:
        return max(self.rounds, default=0)

    def requested_bye(self, round_number: int, start_rank: int) -> str | None:
        return self.requested_byes.get(round_number, {}).get(start_rank)

    def half_byes_of(self, start_rank: int) -> list[int]:
        """The rounds of the player's half-point byes, late-entry byes left out."""
        first = self.players[start_rank].first_round
        return sorted(
            number
            for number, byes in self.requested_byes.items()
            if number >= first and byes.get(start_rank) == "half"
        )

    def round_entry(self, round_number: int, start_rank: int) -> Round:
        """A player's entry for a paired round, as the tie-break engine reads it."""
        rnd = self.rounds[round_number]
        entry = rnd.entries.get(start_rank)
        if entry is not None:
            return entry
        if start_rank in rnd.byes:
            return UnplayedRound(Unplayed.PAB)
        bye = self.requested_bye(round_number, start_rank)
        if bye is not None:
            return UnplayedRound(BYE_POINTS[bye])
        # Not paired: withdrawn, or absent without a bye (C.07 16.1.1).
        return UnplayedRound(Unplayed.ABSENT)

    def to_tiebreaks(self) -> TournamentResults:
        """Rounds not paired yet are left out: they count for nothing so far."""
        ordered = sorted(self.players.values(), key=lambda p: p.start_rank)
        ranks = [p.start_rank for p in ordered]
        index = {rank: i for i, rank in enumerate(ranks)}
        # Round by round, then transposed: most entries are one lookup in the
        # round's shared ``entries`` (the worker does this for every result), done
        # in C; only the players on no board (byes, absences) are looked up one by one.
        columns = []
        for number in range(1, self.last_paired_round + 1):
            entries = self.rounds[number].entries
            column = list(map(entries.get, ranks))
            for rank in index.keys() - entries.keys():
                column[index[rank]] = self.round_entry(number, rank)
            columns.append(column)
        strips = zip(*columns, strict=True) if columns else [()] * len(ordered)
        players = tuple(
            p.tiebreak_player(rounds) for p, rounds in zip(ordered, strips, strict=True)
        )
        s = self.settings
        return TournamentResults(
            players=players,
            rounds=s.rounds,
            scoring=s.scoring,
            system=s.system,
            name=s.name,
            unrated_rating=s.unrated_rating,
        )


def scoring_from_payload(points: Mapping[str, Any]) -> Scoring:
    return Scoring(**{name: Fraction(str(value)) for name, value in points.items()})


class FoldedEvent(Protocol):
    """What the fold reads of an event (``events.DomainEvent``)."""

    @property
    def KIND(self) -> str: ...  # noqa: N802

    def apply(self, acc: Accumulator, seq: int) -> None: ...


def fold(
    events: Iterable[tuple[int, FoldedEvent]], start: TournamentState | None = None
) -> TournamentState:
    """The state after ``events`` (seq, event) in seq order: from tournament.created
    on, or continuing ``start`` with the events that follow it."""
    folder = OpenFold(start)
    for seq, event in events:
        folder.apply(seq, event)
    return folder.state()


class OpenFold:
    """A fold kept open: ``apply`` one event at a time, ``state()`` in between.

    A decision of many events (a TRF import) checks each new event against the
    state after the ones before it; folding each onto a fresh copy of a
    9,999-player state would copy every player per event.
    """

    def __init__(self, start: TournamentState | None = None) -> None:
        self._acc = Accumulator(start)

    def apply(self, seq: int, event: FoldedEvent) -> None:
        self._acc.advance(seq, event.KIND)
        event.apply(self._acc, seq)

    def state(self) -> TournamentState:
        """The state so far, valid until the next ``apply`` (it shares the fold's dicts)."""
        return self._acc.state()


class Accumulator:
    """The mutable state ``fold`` builds, one event at a time; each kind's
    ``apply`` (declared in ``events``) changes it, ``state()`` freezes it.

    ``state()`` after each event is how a bulk append validates every event
    against the events before it; that state shares the accumulator's players,
    rounds and byes, so it is only valid until the next event.
    """

    def __init__(self, start: TournamentState | None = None) -> None:
        """Start empty, or from ``start`` (copied: states are never changed)."""
        self.last_seq = start.last_seq if start else 0
        self.settings: Settings | None = start.settings if start else None
        self.players: dict[int, PlayerState] = dict(start.players) if start else {}
        # Shared with ``start``: an event replaces the round it changes by a copy,
        # which this accumulator then owns and changes in place for the next events
        # (a copy of 5,000 boards per result made a 9,999-player import minutes long).
        self.rounds: dict[int, RoundState] = dict(start.rounds) if start else {}
        self.owned: set[int] = set()
        # FIDE id -> start rank: registrations refuse twins without scanning every player.
        self.fide_ids: dict[str, int] = dict(start.fide_ids) if start else {}
        self.prize_list: PrizeList | None = start.prize_list if start else None
        self.prize_list_seq: int | None = start.prize_list_seq if start else None
        self.board_prizes = start.board_prizes if start else BoardPrizeSettings()
        self.player_ids: dict[int, int] = dict(start.player_ids) if start else {}
        self.requested_byes: dict[int, dict[int, str]] = {
            number: dict(byes) for number, byes in (start.requested_byes.items() if start else ())
        }
        # Teams and their rounds are few: replaced whole by the events that change them.
        self.teams: dict[int, TeamEntry] = dict(start.teams) if start else {}
        self.team_rounds: dict[int, TeamRoundState] = dict(start.team_rounds) if start else {}
        self.lineups: dict[tuple[int, int], Lineup] = dict(start.lineups) if start else {}
        self.checked_in: dict[int, frozenset[int]] = dict(start.checked_in) if start else {}
        self.team_byes: dict[int, dict[int, str]] = {
            number: dict(byes) for number, byes in (start.team_byes.items() if start else ())
        }
        self.links: dict[tuple[str, int], str] = dict(start.links) if start else {}
        self.reports: dict[BoardKey, Mapping[int, Report]] = dict(start.reports) if start else {}
        self.started_team_rounds = start.started_team_rounds if start else frozenset()

    def advance(self, seq: int, kind: str) -> None:
        """Accept event ``seq`` of ``kind`` as the next one, or raise FoldError."""
        if seq != self.last_seq + 1:
            raise FoldError(f"event seq {seq} follows {self.last_seq}", seq)
        if (self.settings is None) != (kind == "tournament.created"):
            raise FoldError(f"event {seq} ({kind}) out of place", seq)
        self.last_seq = seq

    def replace_round(self, rnd: RoundState) -> None:
        """Put ``rnd`` in place of its round; this accumulator owns it from now on."""
        self.rounds[rnd.number] = rnd
        self.owned.add(rnd.number)

    def put_board(self, round_number: int, board: BoardState) -> None:
        """Replace a board of a round: in place in a round this accumulator owns,
        else in a copy it then owns."""
        rnd = self.rounds[round_number]
        if round_number in self.owned:
            rnd._put(board)
        else:
            self.replace_round(rnd.with_board(board))

    def state(self) -> TournamentState:
        if self.settings is None:
            raise FoldError("no tournament.created event")
        return TournamentState(
            last_seq=self.last_seq,
            settings=self.settings,
            players=MappingProxyType(self.players),
            rounds=MappingProxyType(dict(self.rounds)),
            fide_ids=MappingProxyType(self.fide_ids),
            player_ids=MappingProxyType(self.player_ids),
            requested_byes=MappingProxyType(
                {r: MappingProxyType(byes) for r, byes in self.requested_byes.items()}
            ),
            teams=MappingProxyType(self.teams),
            team_rounds=MappingProxyType(self.team_rounds),
            lineups=MappingProxyType(self.lineups),
            checked_in=MappingProxyType(self.checked_in),
            team_byes=MappingProxyType(
                {r: MappingProxyType(byes) for r, byes in self.team_byes.items()}
            ),
            prize_list=self.prize_list,
            prize_list_seq=self.prize_list_seq,
            links=MappingProxyType(self.links),
            reports=MappingProxyType(self.reports),
            started_team_rounds=self.started_team_rounds,
            board_prizes=self.board_prizes,
        )
