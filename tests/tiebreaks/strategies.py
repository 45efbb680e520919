"""Hypothesis strategies for random, valid ``tiebreaks.model.TournamentResults`` values.

Every generated tournament is internally consistent: when A has a game against B in
round r, B has the mirror game against A (opposite outcome, opposite colour); a forfeit
win of A against B is a forfeit loss of B against A; a double forfeit is a forfeit loss
on both sides; at most one pairing-allocated bye per round; a withdrawn player is
absent to the end.  Every player has exactly ``tournament.rounds`` entries, and every
field fits a TRF ``001`` line so the same values serve the TRF round-trip property.

The shape of a tournament (sizes, how often each kind of unplayed round occurs) is
drawn by Hypothesis, so it shrinks towards small, fully played events; the details
(who meets whom, results) come from a seeded ``random.Random`` so that a 30-player,
9-round event does not exhaust Hypothesis' buffer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

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

_MIRROR = {Outcome.WIN: Outcome.LOSS, Outcome.DRAW: Outcome.DRAW, Outcome.LOSS: Outcome.WIN}
_OTHER = {Color.WHITE: Color.BLACK, Color.BLACK: Color.WHITE}
_SURNAMES = ("Rossi", "Müller", "Dupont", "García", "Novák", "Ødegaard", "Smith", "Kowalski")
_GIVEN = ("Anna", "Bruno", "Carla", "Dário", "Elena", "Franco", "Giulia", "Hélène")
_TITLES = ("", "", "", "GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
_FEDERATIONS = ("", "ITA", "FRA", "GER", "ESP", "CZE", "NOR", "ENG", "POL")

STANDARD = Scoring()
THREE_ONE_ZERO = Scoring.three_one_zero()
# TRF16 on the points field: "depends ... on the value of the pairing-allocated bye
# (usually the same as a win)" -- usually, so some events give half a point.
HALF_POINT_PAB = Scoring(pab=Fraction(1, 2))
scorings = st.sampled_from((STANDARD, THREE_ONE_ZERO, HALF_POINT_PAB))


@dataclass(frozen=True)
class SwissRates:
    """Probabilities of each unplayed event, per player or per board and round."""

    withdraw: float = 0.0
    requested_bye: float = 0.0  # split between HPB, ZPB, a full-point bye and "not paired"
    forfeit: float = 0.0
    double_forfeit: float = 0.0
    unrated_game: float = 0.0  # TRF W/D/L: played, lasted less than one move
    # Per board of the last round: result not known yet (Pending on both sides, a
    # round in progress).  TRF cannot say "not known" for one board, so the TRF round trip
    # leaves these out.
    unknown_result: float = 0.0


_LEVELS = (0.0, 0.03, 0.1, 0.25)


def swiss_rates(heavy: bool = False) -> st.SearchStrategy[SwissRates]:
    """Rates for Swiss events; ``heavy`` never draws a fully played event."""
    levels = st.sampled_from(_LEVELS[1:] if heavy else _LEVELS)
    return st.builds(
        SwissRates,
        withdraw=st.sampled_from((0.0, 0.02, 0.06)),
        requested_bye=levels,
        forfeit=levels,
        double_forfeit=st.sampled_from((0.0, 0.05)),
        unrated_game=st.sampled_from((0.0, 0.05)),
        unknown_result=st.sampled_from((0.0, 0.0, 0.5)),
    )


def _player_fields(rng: random.Random, rank: int, rated_only: bool) -> dict[str, Any]:
    """Identity fields of a player, each within its TRF 001 column width."""
    unrated = not rated_only and rng.random() < 0.15
    return {
        "name": f"{rng.choice(_SURNAMES)}, {rng.choice(_GIVEN)} {rank}",
        "rating": 0 if unrated else rng.randint(1000, 2850),
        "title": rng.choice(_TITLES),
        "federation": rng.choice(_FEDERATIONS),
        "fide_id": rng.choice(("", str(rng.randint(1000, 99_999_999)))),
        "sex": rng.choice(("", "m", "w")),
        "birth_date": rng.choice(
            ("", f"{rng.randint(1940, 2018)}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}")
        ),
    }


class _Builder:
    """Collects each player's rounds while a tournament is generated round by round."""

    def __init__(self, players: int, rng: random.Random, scoring: Scoring) -> None:
        self.rng = rng
        self.scoring = scoring
        self.strips: dict[int, list[Round]] = {rank: [] for rank in range(1, players + 1)}

    def unplayed(self, rank: int, kind: Unplayed) -> None:
        self.strips[rank].append(UnplayedRound(kind))

    def game(self, white: int, black: int, *, rated: bool = True, draw_weight: float = 0.3) -> None:
        roll = self.rng.random()
        outcome = (
            Outcome.DRAW
            if roll < draw_weight
            else Outcome.WIN
            if roll < (1 + draw_weight) / 2
            else Outcome.LOSS
        )
        self.strips[white].append(Game(black, outcome, Color.WHITE, rated))
        self.strips[black].append(Game(white, _MIRROR[outcome], Color.BLACK, rated))

    def unknown(self, white: int, black: int) -> None:
        self.strips[white].append(Pending(black, Color.WHITE))
        self.strips[black].append(Pending(white, Color.BLACK))

    def forfeit(self, winner: int, loser: int, winner_colour: Color) -> None:
        self.strips[winner].append(UnplayedRound(Unplayed.FORFEIT_WIN, loser, winner_colour))
        self.strips[loser].append(
            UnplayedRound(Unplayed.FORFEIT_LOSS, winner, _OTHER[winner_colour])
        )

    def double_forfeit(self, white: int, black: int) -> None:
        self.strips[white].append(UnplayedRound(Unplayed.FORFEIT_LOSS, black, Color.WHITE))
        self.strips[black].append(UnplayedRound(Unplayed.FORFEIT_LOSS, white, Color.BLACK))

    def tournament(
        self, rounds: int, system: System, name: str, rated_only: bool
    ) -> TournamentResults:
        players = tuple(
            Player(
                start_rank=rank, rounds=tuple(strip), **_player_fields(self.rng, rank, rated_only)
            )
            for rank, strip in self.strips.items()
        )
        return TournamentResults(players, rounds, self.scoring, system, name)


def _requested_bye(rng: random.Random) -> Unplayed:
    # Mostly the C.07 16.1.1 requested byes; now and then a full-point bye (16.2.1)
    # or a round without pairing that is not a withdrawal.
    return rng.choices(
        (Unplayed.HPB, Unplayed.ZPB, Unplayed.FPB, Unplayed.ABSENT), weights=(5, 3, 1, 1)
    )[0]


def _swiss(
    players: int,
    rounds: int,
    rates: SwissRates,
    rng: random.Random,
    scoring: Scoring,
    rated_only: bool,
) -> TournamentResults:
    build = _Builder(players, rng, scoring)
    withdrawn: set[int] = set()
    for number in range(1, rounds + 1):
        available = []
        for rank in build.strips:
            if rank in withdrawn or rng.random() < rates.withdraw:
                withdrawn.add(rank)
                build.unplayed(rank, Unplayed.ABSENT)
            elif rng.random() < rates.requested_bye:
                build.unplayed(rank, _requested_bye(rng))
            else:
                available.append(rank)
        rng.shuffle(available)
        if len(available) % 2:
            build.unplayed(available.pop(), Unplayed.PAB)
        for white, black in zip(available[::2], available[1::2], strict=True):
            roll = rng.random()
            if number == rounds and rng.random() < rates.unknown_result:
                build.unknown(white, black)
            elif roll < rates.double_forfeit:
                build.double_forfeit(white, black)
            elif roll < rates.double_forfeit + rates.forfeit:
                winner, loser, colour = rng.choice(
                    ((white, black, Color.WHITE), (black, white, Color.BLACK))
                )
                build.forfeit(winner, loser, colour)
            else:
                build.game(white, black, rated=rng.random() >= rates.unrated_game)
    return build.tournament(rounds, System.SWISS, f"Random Swiss {players}x{rounds}", rated_only)


@st.composite
def swiss_tournaments(
    draw: Callable,
    *,
    min_players: int = 2,
    max_players: int = 30,
    min_rounds: int = 1,
    max_rounds: int = 9,
    rates: st.SearchStrategy[SwissRates] | None = None,
    scoring: st.SearchStrategy[Scoring] = scorings,
    rated_only: bool = False,
) -> TournamentResults:
    """Swiss tournaments with random pairings (repeats allowed), results and unplayed rounds.

    ``rated_only`` gives every player a rating and plays every game rated, for
    comparisons with engines that know neither unrated players nor TRF W/D/L.
    """
    players = draw(st.integers(min_players, max_players))
    rounds = draw(st.integers(min_rounds, max_rounds))
    drawn_rates = draw(rates if rates is not None else swiss_rates())
    if rated_only:
        drawn_rates = replace(drawn_rates, unrated_game=0.0)
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    return _swiss(players, rounds, drawn_rates, rng, draw(scoring), rated_only)


round_robin_forfeit_rates = st.sampled_from((0.0, 0.1, 0.25))


def berger_schedule(players: int) -> list[list[tuple[int, int]]]:
    """(white, black) boards per round by the circle method; a rest round for an odd field
    is left out of the boards (the player is absent, as TRF26 writes a rest round)."""
    n = players + players % 2
    circle = list(range(1, n + 1))
    schedule = []
    for number in range(n - 1):
        boards = [(circle[i], circle[n - 1 - i]) for i in range(n // 2)]
        if number % 2:  # alternate the fixed player's colour
            boards[0] = boards[0][::-1]
        schedule.append([(w, b) for w, b in boards if w <= players and b <= players])
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return schedule


@st.composite
def round_robins(
    draw: Callable,
    *,
    min_players: int = 3,
    max_players: int = 10,
    forfeit_rate: st.SearchStrategy[float] = round_robin_forfeit_rates,
    scoring: st.SearchStrategy[Scoring] = scorings,
) -> TournamentResults:
    """Single or double round robins on a Berger-like schedule, with some forfeits.

    No double forfeits: C.07 15.2 treats round-robin forfeits as games, and a double
    forfeit has no game to stand for.
    """
    players = draw(st.integers(min_players, max_players))
    double = draw(st.booleans())
    rate = draw(forfeit_rate)
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    build = _Builder(players, rng, draw(scoring))
    single = berger_schedule(players)
    cycles = [single, [[(b, w) for w, b in boards] for boards in single]] if double else [single]
    for boards in (boards for cycle in cycles for boards in cycle):
        resting = set(build.strips) - {rank for board in boards for rank in board}
        for rank in resting:
            build.unplayed(rank, Unplayed.ABSENT)
        for white, black in boards:
            if rng.random() < rate:
                winner, loser, colour = rng.choice(
                    ((white, black, Color.WHITE), (black, white, Color.BLACK))
                )
                build.forfeit(winner, loser, colour)
            else:
                build.game(white, black)
    system = System.DOUBLE_ROUND_ROBIN if double else System.ROUND_ROBIN
    rounds = len(single) * len(cycles)
    return build.tournament(rounds, system, f"Random round robin of {players}", rated_only=False)


def tournaments(**swiss_options: Any) -> st.SearchStrategy[TournamentResults]:
    """Swiss tournaments and round robins."""
    return st.one_of(swiss_tournaments(**swiss_options), round_robins())


def trf_can_say_it(tournament: TournamentResults) -> bool:
    """Whether a TRF file can hold ``tournament`` exactly (for round-trip properties)."""
    # The reader's documented decision reads a round where every cell is blank (every
    # player absent) as not played yet, since TRF16 cannot tell the two apart.  A board
    # without a result is written as pairing programs write the round being played.
    return all(
        isinstance(r, Game | UnplayedRound | Pending) for p in tournament.players for r in p.rounds
    ) and all(
        any(
            not (isinstance(r := p.round(n), UnplayedRound) and r.kind is Unplayed.ABSENT)
            for p in tournament.players
        )
        for n in range(1, tournament.rounds + 1)
    )
