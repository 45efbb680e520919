"""What the Dutch system knows about each player before a round is paired.

Everything is read from the ``tiebreaks`` value objects of the rounds played so far:
pairing scores (C.04.3 1.2; with acceleration, C.04.5, the score plus the virtual
points of the round), the opponents already met (C1), the colour history and the
colour preference (1.6, 1.7; 2017: A.6), the floats of the two previous rounds (1.4) and whether
the player may still receive the pairing-allocated bye (C2).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction

from pairings.acceleration import Acceleration
from tiebreaks.model import Color, Game, Player, Round, TournamentResults, Unplayed, UnplayedRound

WHITE, BLACK = Color.WHITE, Color.BLACK


def other(colour: Color) -> Color:
    return BLACK if colour is WHITE else WHITE


class Float:
    DOWN = "down"
    UP = "up"
    NONE = ""


@dataclass(frozen=True, slots=True)
class PairingPlayer:
    """One player as the pairing sees it (C.04.3 Article 1; 2017: A.1-A.7).

    ``colours`` are the colours of the games actually played, oldest first: an
    unplayed round (bye, forfeit, absence) has no colour (C.04.1 f).
    """

    number: int  # pairing number, the TPN (1.1, C.04.2 Article 2): the start rank
    score: Fraction  # the pairing score: virtual points (C.04.5) included
    opponents: frozenset[int]  # opponents met over the board (C1: forfeits do not count)
    colours: tuple[Color, ...]
    floats: tuple[str, str]  # float in the previous round and in the round before (1.4)
    bye_eligible: bool  # C2
    unplayed: int  # rounds without a game over the board

    # 1.6, 1.7, from the colours: kept as fields because every edge of a bracket reads them.
    colour_difference: int = 0  # games with White minus games with Black
    repeated: Color | None = None  # the colour of the last two games when the same
    preference: Color | None = None  # None before any game is played
    absolute_imbalance: bool = False  # colour difference beyond ±1
    absolute: bool = False  # 1.7 (2017: A.6.a): that, or the same colour in the last two games
    strong: bool = False  # 1.7 (2017: A.6.b): colour difference ±1, not absolute


def _colour_state(colours: tuple[Color, ...]) -> dict[str, object]:
    """1.6, 1.7: colour difference, repeated colour, the preference and its strength."""
    cd = colours.count(WHITE) - colours.count(BLACK)
    repeated = colours[-1] if len(colours) >= 2 and colours[-1] == colours[-2] else None
    imbalance = abs(cd) > 1
    if imbalance:
        preference: Color | None = BLACK if cd > 0 else WHITE
    elif repeated is not None:
        preference = other(repeated)
    elif cd:
        preference = BLACK if cd > 0 else WHITE
    else:
        preference = other(colours[-1]) if colours else None
    absolute = imbalance or repeated is not None
    return {
        "colour_difference": cd,
        "repeated": repeated,
        "preference": preference,
        "absolute_imbalance": imbalance,
        "absolute": absolute,
        "strong": not absolute and cd != 0,
    }


def made_by_pairing(entry: Round) -> bool:
    """A round entry the pairing made: a game, a forfeit (a scheduled game not played),
    the pairing-allocated bye.  A requested bye or an absence was not paired."""
    if isinstance(entry, Game):
        return True
    return isinstance(entry, UnplayedRound) and (
        entry.kind is Unplayed.PAB or entry.kind.is_forfeit
    )


def pairing_numbers(
    tournament: TournamentResults, round_number: int, absent: Collection[int] = ()
) -> dict[int, int]:
    """The pairing numbers of a round (1.2.2; the parity that 5.2.5 reads): the start
    ranks in order, counting the players to be paired and those who took part in the
    pairing of an earlier round, so that a player who is absent keeps his number and
    those after him keep theirs.  A player who has not yet entered the pairing (absent
    since round 1, a late entry) has no number yet.  bbpPairings numbers them so."""
    left_out = set(absent)
    numbers: dict[int, int] = {}
    for player in sorted(tournament.players, key=lambda p: p.start_rank):
        if player.start_rank not in left_out or any(
            made_by_pairing(player.round(rnd)) for rnd in range(1, round_number)
        ):
            numbers[player.start_rank] = len(numbers) + 1
    return numbers


def _float(
    player: Player, rnd: int, scores: dict[int, list[Fraction]], tournament: TournamentResults
):
    """1.4.2, 1.4.3: the float a player received in round ``rnd``: a bye or a forfeit win
    counts as a downfloat, an unplayed round without points as none."""
    entry = player.round(rnd)
    if isinstance(entry, Game):
        mine = scores[player.start_rank][rnd - 1]
        theirs = scores[entry.opponent][rnd - 1]
        return Float.DOWN if mine > theirs else Float.UP if mine < theirs else Float.NONE
    points = tournament.scoring.points(entry)
    return Float.DOWN if points > tournament.scoring.loss else Float.NONE


def _bye_eligible(player: Player, played: int, tournament: TournamentResults) -> bool:
    """C2: not someone who already had the pairing-allocated bye or scored a win's
    points without playing (a forfeit win, a full-point bye)."""
    scoring = tournament.scoring
    for rnd in range(1, played + 1):
        entry = player.round(rnd)
        if isinstance(entry, UnplayedRound) and (
            entry.kind is Unplayed.PAB or scoring.for_unplayed(entry.kind) >= scoring.win
        ):
            return False
    return True


def player_states(
    tournament: TournamentResults, played: int, acceleration: Acceleration | None = None
) -> dict[int, PairingPlayer]:
    """Every player's state after ``played`` rounds, by pairing number."""
    scoring = tournament.scoring
    virtual = acceleration or Acceleration()
    # scores[n][r]: the pairing score of player n in round r + 1 (floats compare
    # the pairing scores the round was paired with)
    scores: dict[int, list[Fraction]] = {}
    for player in tournament.players:
        n, real = player.start_rank, Fraction(0)
        running = [virtual.virtual_points(n, 1)]
        for rnd in range(1, played + 1):
            real += scoring.points(player.round(rnd))
            running.append(real + virtual.virtual_points(n, rnd + 1))
        scores[n] = running
    states = {}
    for player in tournament.players:
        games = [player.round(rnd) for rnd in range(1, played + 1)]
        played_games = [g for g in games if isinstance(g, Game)]
        colours = tuple(g.color for g in played_games if g.color is not None)
        states[player.start_rank] = PairingPlayer(
            number=player.start_rank,
            score=scores[player.start_rank][played],
            opponents=frozenset(g.opponent for g in played_games),
            colours=colours,
            floats=tuple(  # type: ignore[arg-type]
                _float(player, rnd, scores, tournament) if rnd >= 1 else Float.NONE
                for rnd in (played, played - 1)
            ),
            bye_eligible=_bye_eligible(player, played, tournament),
            unplayed=played - len(played_games),
            **_colour_state(colours),  # type: ignore[arg-type]
        )
    return states
