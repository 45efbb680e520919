"""Our tournaments as input for tiebreak-core 1.2.0 (a test-only reference engine).

tiebreak-core knows only 1 - 1/2 - 0 scoring and describes each round by a "kind".
Our unplayed rounds map onto its kinds as C.07 16.1-16.2 classify them: a full-point
bye is counted with the pairing-allocated byes (16.2.1), and an absence (a round
after withdrawal, or not paired) is a zero-point requested bye (16.1.1) -- its own
"absent" kind means "no slot at all" and would not be treated as a VUR; it is
used for the rest round of an odd round robin, which is no unplayed round (C.07 15.2).

Editions: its ``fide-2024`` ruleset is the 2023 text as re-edited in 2024 with "no
alterations ... to the tie-break definitions" (our ``fide-2023``).  Its descriptor API
(``calculate_descriptor_strict``) computes under 2026 whatever edition is asked for,
so values are taken from ``rank_standings_strict``, which really dispatches on
``ruleset``.
"""

from __future__ import annotations

from fractions import Fraction

from tiebreak_core import (
    ABSENT,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    PAIRING_BYE,
    PLAYED,
    REQUESTED_BYE,
    GameRecord,
    PlayerTiebreakData,
    StandingsResult,
    rank_standings_strict,
)

from tiebreaks.model import Color, Game, Scoring, TournamentResults, Unplayed, UnplayedRound

# Our rule editions -> tiebreak-core rulesets.
EDITIONS = {"fide-2023": "fide-2024", "fide-2026": "fide-2026"}

# Our tie-break codes -> tiebreak-core criterion ids.
CRITERIA = {
    "BH": "buchholz",
    "BH/C1": "buchholz_cut1",
    "BH/C2": "buchholz_cut2",
    "BH/M1": "median_buchholz",
    "BH/M2": "median_buchholz_2",
    "SB": "sonneborn_berger",
    "SB/C1": "sonneborn_berger_cut1",
    "SB/C2": "sonneborn_berger_cut2",  # fide-2026 only
    "PS": "progressive",
    "WIN": "wins",
    "BPG": "games_black",
    "ARO": "aro",
    "DE": "direct_encounter",  # a ranking stage: no value
}

_KIND = {
    Unplayed.FORFEIT_WIN: (FORFEIT_WIN, 1.0),
    Unplayed.FORFEIT_LOSS: (FORFEIT_LOSS, 0.0),
    Unplayed.PAB: (PAIRING_BYE, 1.0),
    Unplayed.FPB: (PAIRING_BYE, 1.0),
    Unplayed.HPB: (REQUESTED_BYE, 0.5),
    Unplayed.ZPB: (REQUESTED_BYE, 0.0),
    Unplayed.ABSENT: (REQUESTED_BYE, 0.0),
}
_COLOUR: dict[Color | None, str] = {Color.WHITE: "white", Color.BLACK: "black"}


def _record(tournament: TournamentResults, number: int, rnd: Game | UnplayedRound) -> GameRecord:
    opponent = -1 if rnd.opponent is None else rnd.opponent
    rating = tournament.player(opponent).rating if opponent != -1 else 0
    # It wants a colour on every record; a bye has none, and only games played
    # with Black count anywhere (BPG), so "white" is neutral there.
    colour = _COLOUR.get(rnd.color, "white")
    if isinstance(rnd, Game):
        score = float(tournament.scoring.for_outcome(rnd.outcome))
        return GameRecord(opponent, rating, score, colour, number, PLAYED)
    kind, score = _KIND[rnd.kind]
    if rnd.kind is Unplayed.ABSENT and tournament.system.predetermined:
        kind = ABSENT  # the rest round of an odd round robin: no pairing slot at all
    return GameRecord(opponent, rating, score, colour, number, kind)


def to_tiebreak_core(tournament: TournamentResults) -> dict[int, PlayerTiebreakData]:
    if tournament.scoring != Scoring():
        raise ValueError("tiebreak-core only knows 1 - 1/2 - 0 scoring")
    players = {}
    for player in tournament.players:
        games = [
            _record(tournament, number, rnd)
            for number, rnd in enumerate(player.rounds, 1)
            if isinstance(rnd, Game | UnplayedRound)  # None or Pending: no result yet
        ]
        points = sum(g.score for g in games)
        players[player.start_rank] = PlayerTiebreakData(
            player.start_rank, player.rating, points, games
        )
    return players


def core_standings(
    players: dict[int, PlayerTiebreakData],
    codes: tuple[str, ...],
    rounds: int,
    edition: str,
    round_robin: bool = False,
) -> StandingsResult:
    """Its standings; ``round_robin`` selects its C.07 15.2 mode (fide-2026 only)."""
    criteria = [CRITERIA[code] for code in codes]
    ruleset = EDITIONS[edition]
    if round_robin:
        return rank_standings_strict(players, criteria, rounds, ruleset=ruleset, mode="round_robin")
    return rank_standings_strict(players, criteria, rounds, ruleset=ruleset)


def values_of(result: StandingsResult, codes: tuple[str, ...]) -> dict[int, dict[str, Fraction]]:
    """tiebreak-core's value of each code (DE, a ranking stage, has none) per start rank."""
    scalar = [code for code in codes if code != "DE"]
    return {
        row.player_id: {code: Fraction(row.values[CRITERIA[code]]) for code in scalar}
        for row in result.players
    }


def core_values(
    players: dict[int, PlayerTiebreakData],
    codes: tuple[str, ...],
    rounds: int,
    edition: str,
    round_robin: bool = False,
) -> dict[int, dict[str, Fraction]]:
    return values_of(core_standings(players, codes, rounds, edition, round_robin), codes)
