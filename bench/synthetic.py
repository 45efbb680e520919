"""Big synthetic Swiss tournaments for the benchmarks: pure Python, deterministic per seed.

The pairing is a cheap imitation of a Swiss system (players sorted by score, then
rating, each paired with the nearest player below not met yet), good enough to give
realistic spreads of scores and opponents' scores.  A few per cent of the rounds are
unplayed: requested byes, forfeits, double forfeits, withdrawals and one
pairing-allocated bye per round when the number of available players is odd.

``entrants`` and ``with_round`` build tournaments round by round from pairings
made elsewhere (the Dutch engine in tests/pairings, a quick Swiss in
bench/pairing_bench.py), with results drawn from a seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from pairings import RoundPairing
from tiebreaks.model import (
    Color,
    Game,
    Outcome,
    Pending,
    Player,
    Round,
    TournamentResults,
    Unplayed,
    UnplayedRound,
)

# How far down the score-sorted list a player looks for an opponent not met yet.
_LOOKAHEAD = 12
_FEDERATIONS = ("ITA", "FRA", "GER", "ESP", "NED", "IND", "USA", "NOR", "HUN", "POL")
_TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM")
_RESULTS = (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)
_MIRROR = {Outcome.WIN: Outcome.LOSS, Outcome.DRAW: Outcome.DRAW, Outcome.LOSS: Outcome.WIN}


@dataclass(frozen=True)
class UnplayedRates:
    """Per-player, per-round probabilities; the defaults give about 3 % unplayed rounds."""

    withdraw: float = 0.0025  # then absent to the end
    half_point_bye: float = 0.004
    zero_point_bye: float = 0.002
    forfeit: float = 0.008  # per board: one side does not show up
    double_forfeit: float = 0.001  # per board


def synthetic_swiss(
    players: int = 9999,
    rounds: int = 11,
    seed: int = 2026,
    rates: UnplayedRates | None = None,
) -> TournamentResults:
    """A finished ``rounds``-round Swiss of ``players`` players (start ranks 1..players)."""
    if not 2 <= players <= 9999:
        raise ValueError("players: TRF16 start ranks have four digits, so 2..9999")
    if rounds < 1:
        raise ValueError("rounds: at least 1")
    rates = rates or UnplayedRates()
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1000, 2800) for _ in range(players)), reverse=True)
    rating = dict(zip(range(1, players + 1), ratings, strict=True))
    strips: dict[int, list[Round]] = {rank: [] for rank in rating}
    half_points = dict.fromkeys(rating, 0)
    met: dict[int, set[int]] = {rank: set() for rank in rating}
    had_pab: set[int] = set()
    withdrawn: set[int] = set()

    def give(rank: int, entry: Round, halves: int) -> None:
        strips[rank].append(entry)
        half_points[rank] += halves

    for _ in range(rounds):
        available = []
        for rank in rating:
            if rank in withdrawn or rng.random() < rates.withdraw:
                withdrawn.add(rank)
                give(rank, UnplayedRound(Unplayed.ABSENT), 0)
                continue
            draw = rng.random()
            if draw < rates.half_point_bye:
                give(rank, UnplayedRound(Unplayed.HPB), 1)
            elif draw < rates.half_point_bye + rates.zero_point_bye:
                give(rank, UnplayedRound(Unplayed.ZPB), 0)
            else:
                available.append(rank)
        available.sort(key=lambda r: (-half_points[r], -rating[r]))
        if len(available) % 2:
            bye = next((r for r in reversed(available) if r not in had_pab), available[-1])
            available.remove(bye)
            had_pab.add(bye)
            give(bye, UnplayedRound(Unplayed.PAB), 2)
        for white, black in _pairs(available, met, rng):
            _play_board(white, black, rating, rates, rng, give)
    return TournamentResults(
        players=tuple(_player(rank, rating[rank], strips[rank], rng) for rank in rating),
        rounds=rounds,
        name=f"Synthetic Swiss {players}x{rounds} (seed {seed})",
    )


def _pairs(
    ordered: list[int], met: dict[int, set[int]], rng: random.Random
) -> list[tuple[int, int]]:
    """Pair each player with the nearest one below not met yet (a repeat when none is near)."""
    unpaired = list(ordered)
    boards = []
    while unpaired:
        top = unpaired.pop(0)
        window = unpaired[:_LOOKAHEAD]
        partner = next((r for r in window if r not in met[top]), unpaired[0])
        unpaired.remove(partner)
        met[top].add(partner)
        met[partner].add(top)
        boards.append((top, partner) if rng.random() < 0.5 else (partner, top))
    return boards


def _play_board(white, black, rating, rates, rng, give) -> None:
    draw = rng.random()
    if draw < rates.double_forfeit:
        give(white, UnplayedRound(Unplayed.FORFEIT_LOSS, black, Color.WHITE), 0)
        give(black, UnplayedRound(Unplayed.FORFEIT_LOSS, white, Color.BLACK), 0)
        return
    if draw < rates.double_forfeit + rates.forfeit:
        winner, loser = (white, black) if rng.random() < 0.5 else (black, white)
        give(winner, UnplayedRound(Unplayed.FORFEIT_WIN, loser, _colour(winner, white)), 2)
        give(loser, UnplayedRound(Unplayed.FORFEIT_LOSS, winner, _colour(loser, white)), 0)
        return
    # Elo expectation for white, then a draw band whose width shrinks with the gap.
    expected = 1 / (1 + 10 ** ((rating[black] - rating[white]) / 400))
    roll = rng.random()
    draw_band = 0.3 * (1 - abs(expected - 0.5))
    if roll < expected - draw_band / 2:
        white_result = Outcome.WIN
    elif roll < expected + draw_band / 2:
        white_result = Outcome.DRAW
    else:
        white_result = Outcome.LOSS
    black_result = _MIRROR[white_result]
    halves = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}
    give(white, Game(black, white_result, Color.WHITE), halves[white_result])
    give(black, Game(white, black_result, Color.BLACK), halves[black_result])


def _colour(rank: int, white: int) -> Color:
    return Color.WHITE if rank == white else Color.BLACK


def _player(rank: int, rating: int, strip: list[Round], rng: random.Random) -> Player:
    return Player(
        start_rank=rank,
        name=f"Player, Number {rank:04d}",
        rating=rating,
        title=rng.choice(_TITLES) if rating >= 2400 else "",
        federation=rng.choice(_FEDERATIONS),
        fide_id=str(100000 + rank),
        sex=rng.choice("mw"),
        birth_date=f"{rng.randint(1950, 2015)}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}",
        rounds=tuple(strip),
    )


def unplayed_share(tournament: TournamentResults) -> float:
    """The fraction of all player-rounds that are not games played over the board."""
    entries = [r for p in tournament.players for r in p.rounds]
    return sum(not isinstance(r, Game) for r in entries) / len(entries)


def open_last_round(tournament: TournamentResults) -> TournamentResults:
    """The same tournament with every game of its last round played over the board
    turned back into a game without a result (byes and forfeits stay): the final round
    as it is being played."""
    last = tournament.rounds - 1
    players = []
    for player in tournament.players:
        rounds = list(player.rounds)
        entry = rounds[last] if len(rounds) > last else None
        if isinstance(entry, Game):
            rounds[last] = Pending(entry.opponent, entry.color)
        players.append(replace(player, rounds=tuple(rounds)))
    return replace(tournament, players=tuple(players))


def entrants(count: int, rounds: int) -> TournamentResults:
    players = tuple(Player(start_rank=n, rating=2600 - 10 * n) for n in range(1, count + 1))
    return TournamentResults(players=players, rounds=rounds)


def with_round(
    tournament: TournamentResults,
    pairing: RoundPairing,
    rng: random.Random,
    absent: frozenset[int] = frozenset(),
) -> TournamentResults:
    """The tournament with one more round: random results for the boards, a
    pairing-allocated bye, and a half-point bye for each absent player."""
    entries: dict[int, Round] = {n: UnplayedRound(Unplayed.HPB) for n in absent}
    for board in pairing.boards:
        if board.black == 0:
            entries[board.white] = UnplayedRound(Unplayed.PAB)
            continue
        outcome = rng.choice(_RESULTS)
        entries[board.white] = Game(board.black, outcome, Color.WHITE)
        entries[board.black] = Game(board.white, _MIRROR[outcome], Color.BLACK)
    players = tuple(
        replace(p, rounds=(*p.rounds, entries.get(p.start_rank, UnplayedRound(Unplayed.ABSENT))))
        for p in tournament.players
    )
    return replace(tournament, players=players)
