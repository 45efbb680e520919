"""A random tournament paired round by round by the Dutch engine: the random
tournament generator FIDE asks of an endorsed pairing program (``-g CONFIG``).

The configuration is read as the endorsed engines' generators read theirs: one
``Key=Value`` per line, ``#`` starting a comment.  Keys:

- ``PlayersNumber`` (required), ``RoundsNumber`` (required);
- ``DrawPercentage``: the share of games played that are drawn (default 30);
- ``ForfeitRate``: about one game in N is not played, won by forfeit by either side;
- ``RetiredRate``: about one player in N withdraws after a round and is absent
  (a zero-point bye, not paired) in every later round;
- ``HalfPointByeRate``: about one player in N asks for a half-point bye in one
  round (never the last);
- ``HighestRating``, ``LowestRating``: the ratings' range (default 2600 and 1400).

Rates are "one in N" (N >= 1; unset: none).  Everything drawn comes from one
``random.Random(seed)``, so a seed gives the same file every time.  A game played
is won by the higher-rated player with the Elo expectation's probability.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from pairings.dutch import NoLegalPairing, RoundPairing, pair_round
from tiebreaks.model import (
    Color,
    Game,
    Outcome,
    Player,
    Round,
    TournamentResults,
    Unplayed,
    UnplayedRound,
)
from tiebreaks.trf import TRF16, TRF26, trf_from_tournament, write_trf

_MIRROR = {Outcome.WIN: Outcome.LOSS, Outcome.DRAW: Outcome.DRAW, Outcome.LOSS: Outcome.WIN}


class ConfigError(ValueError):
    """A configuration the generator cannot use; the message names the line."""


@dataclass(frozen=True)
class Config:
    players: int
    rounds: int
    draw_percentage: int = 30
    forfeit_rate: float | None = None
    retired_rate: float | None = None
    half_point_bye_rate: float | None = None
    highest_rating: int = 2600
    lowest_rating: int = 1400


# Key -> (field, type, smallest value allowed)
_KEYS: dict[str, tuple[str, type, float]] = {
    "PlayersNumber": ("players", int, 2),
    "RoundsNumber": ("rounds", int, 1),
    "DrawPercentage": ("draw_percentage", int, 0),
    "ForfeitRate": ("forfeit_rate", float, 1),
    "RetiredRate": ("retired_rate", float, 1),
    "HalfPointByeRate": ("half_point_bye_rate", float, 1),
    "HighestRating": ("highest_rating", int, 0),
    "LowestRating": ("lowest_rating", int, 0),
}


def read_config(text: str) -> Config:
    """The configuration in ``text``; ConfigError naming the line when a line is not
    ``Key=Value`` with a known key and a number in range, or a required key is missing."""
    values: dict[str, int | float] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = (part.strip() for part in line.partition("="))
        if not sep:
            raise ConfigError(f"line {number}: expected Key=Value, not {line!r}")
        if key not in _KEYS:
            raise ConfigError(f"line {number}: unknown key {key!r} (known: {', '.join(_KEYS)})")
        field, kind, least = _KEYS[key]
        try:
            parsed = kind(value)
        except ValueError:
            raise ConfigError(f"line {number}: {key} must be a number, not {value!r}") from None
        if parsed < least or (key == "DrawPercentage" and parsed > 100):
            limit = "from 0 to 100" if key == "DrawPercentage" else f"at least {least:g}"
            raise ConfigError(f"line {number}: {key} must be {limit}, not {value}")
        values[field] = parsed
    for key in ("PlayersNumber", "RoundsNumber"):
        if _KEYS[key][0] not in values:
            raise ConfigError(f"{key} is missing")
    config = Config(**values)  # type: ignore[arg-type]
    if config.lowest_rating > config.highest_rating:
        raise ConfigError("LowestRating is above HighestRating")
    return config


def _one_in(rate: float | None, rng: random.Random) -> bool:
    return rate is not None and rng.random() * rate < 1


def generate(config: Config, seed: int) -> tuple[TournamentResults, Color]:
    """A tournament of ``config.rounds`` rounds, each paired by the engine from the
    rounds before it, and the initial colour drawn for it.  NoLegalPairing when a
    round cannot be paired (too many rounds for the players)."""
    rng = random.Random(seed)
    initial = rng.choice((Color.WHITE, Color.BLACK))
    ratings = sorted(
        (rng.randint(config.lowest_rating, config.highest_rating) for _ in range(config.players)),
        reverse=True,
    )
    players = tuple(
        Player(start_rank=n, name=f"Player {n:04d}", rating=rating)
        for n, rating in enumerate(ratings, start=1)
    )
    # Who withdraws after which round, who asks for a half-point bye in which round.
    retired = {
        p.start_rank: rng.randint(1, config.rounds - 1)
        for p in players
        if config.rounds > 1 and _one_in(config.retired_rate, rng)
    }
    bye_round = {
        p.start_rank: rng.randint(1, config.rounds - 1)
        for p in players
        if config.rounds > 1 and _one_in(config.half_point_bye_rate, rng)
    }
    tournament = TournamentResults(
        players=players, rounds=config.rounds, name=f"Random, seed {seed}"
    )
    for number in range(1, config.rounds + 1):
        gone = {n for n, after in retired.items() if number > after}
        resting = {n for n, at in bye_round.items() if at == number} - gone
        pairing = pair_round(tournament, number, absent=gone | resting, initial_colour=initial)
        entries: dict[int, Round] = {n: UnplayedRound(Unplayed.HPB) for n in resting}
        entries |= {n: UnplayedRound(Unplayed.ZPB) for n in gone}
        entries |= _results(pairing, tournament, config, rng)
        tournament = replace(
            tournament,
            players=tuple(
                replace(p, rounds=(*p.rounds, entries[p.start_rank])) for p in tournament.players
            ),
        )
    return tournament, initial


def _results(
    pairing: RoundPairing, tournament: TournamentResults, config: Config, rng: random.Random
) -> dict[int, Round]:
    entries: dict[int, Round] = {}
    for board in pairing.boards:
        white, black = board.white, board.black
        if not black:
            entries[white] = UnplayedRound(Unplayed.PAB)
            continue
        if _one_in(config.forfeit_rate, rng):
            winner, loser = (white, black) if rng.random() < 0.5 else (black, white)
            colour = {white: Color.WHITE, black: Color.BLACK}
            entries[winner] = UnplayedRound(Unplayed.FORFEIT_WIN, loser, colour[winner])
            entries[loser] = UnplayedRound(Unplayed.FORFEIT_LOSS, winner, colour[loser])
            continue
        if rng.random() * 100 < config.draw_percentage:
            outcome = Outcome.DRAW
        else:
            gap = tournament.player(white).rating - tournament.player(black).rating
            expected = 1 / (1 + 10 ** (-gap / 400))
            outcome = Outcome.WIN if rng.random() < expected else Outcome.LOSS
        entries[white] = Game(black, outcome, Color.WHITE)
        entries[black] = Game(white, _MIRROR[outcome], Color.BLACK)
    return entries


def generated_trf(config: Config, seed: int, *, trf16: bool = False) -> str:
    """The generated tournament as a TRF26 file (TRF16 with ``trf16``), with its
    initial colour as ``XXC``, the record both JaVaFo-style engines read."""
    tournament, initial = generate(config, seed)
    text = write_trf(trf_from_tournament(tournament, version=TRF16 if trf16 else TRF26))
    lines = text.split("\n")
    first_player = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines.insert(first_player, "XXC white1" if initial is Color.WHITE else "XXC black1")
    return "\n".join(lines)


__all__ = ["Config", "ConfigError", "NoLegalPairing", "generate", "generated_trf", "read_config"]
