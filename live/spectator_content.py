"""What the public pages show besides the live table: where the event stands, any
round's pairings, the crosstable, player cards and the roster marks.

Everything is read from the folded event log (``tournaments.store.queries``); the ranking
order comes from the latest standings snapshot, so every page agrees with the
live table.  Rating figures follow the FIDE Rating Regulations (Handbook B.02):
the expected score from table 8.1(b) (``tiebreaks.rating``), a rating difference
of more than 400 points counted as 400 (8.3.1), and K from the player's data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tiebreaks.model import Color, Game, Outcome, Round, Unplayed, UnplayedRound
from tiebreaks.rating import expected_hundredths, performance
from tiebreaks.standings import ROUND_ROBIN_DEFAULT, SWISS_DEFAULT
from tiebreaks.teams.standings import ROUND_ROBIN_DEFAULT as TEAM_ROUND_ROBIN_DEFAULT
from tiebreaks.teams.standings import SWISS_DEFAULT as TEAM_SWISS_DEFAULT
from tournaments.store.queries import BYE_POINTS, FoldedTournament, PlayerState, pending_reports

from .cells import cell_parts
from .flags import flag as flag_of
from .overview import progress_of
from .projection import GAME_POINTS
from .tiebreak_names import tiebreak_name
from .wire import Standings

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

RESULT_TEXT = {
    "1-0": "1–0",
    "0-1": "0–1",
    "1/2-1/2": "½–½",
    "+/-": "+ –",
    "-/+": "– +",
    "0-0": "– –",
}
# What a screen reader says for each result: the symbols read badly aloud.
RESULT_WORDS = {
    "1-0": gettext_lazy("White won"),
    "0-1": gettext_lazy("Black won"),
    "1/2-1/2": gettext_lazy("draw"),
    "+/-": gettext_lazy("White won by forfeit"),
    "-/+": gettext_lazy("Black won by forfeit"),
    "0-0": gettext_lazy("both lost by forfeit"),
    "": gettext_lazy("game in progress"),
}
# Half-points of a played game, whatever the tournament's scoring (rating maths uses 1-½-0).
_OUTCOME_HALVES = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}
_CELL_TEXT: dict[Outcome | Unplayed, StrOrPromise] = {
    Outcome.WIN: "1",
    Outcome.DRAW: "½",
    Outcome.LOSS: "0",
    Unplayed.FORFEIT_WIN: "+",
    Unplayed.FORFEIT_LOSS: "−",
    Unplayed.PAB: gettext_lazy("bye"),
    Unplayed.FPB: gettext_lazy("bye 1"),
    Unplayed.HPB: gettext_lazy("bye ½"),
    Unplayed.ZPB: gettext_lazy("bye 0"),
    Unplayed.ABSENT: "–",
}
_COLOR_NAMES: dict[Color | None, StrOrPromise] = {
    Color.WHITE: gettext_lazy("White"),
    Color.BLACK: gettext_lazy("Black"),
    None: "",
}
_BYE_NAMES = {kind: name for name, kind in BYE_POINTS.items()}
# A requested bye by its points (BYE_POINTS' names), as the pages say it.
_REQUESTED_BYE_TEXT = {
    "full": gettext_lazy("full-point bye (requested)"),
    "half": gettext_lazy("half-point bye (requested)"),
    "zero": gettext_lazy("zero-point bye (requested)"),
}
MAX_RATING_DIFFERENCE = 400  # B.02 8.3.1
K_SENIOR = 10  # B.02 8.3.3: once a player has reached 2400
K_STANDARD = 20
K_SENIOR_FROM = 2400


def stage(folded: FoldedTournament) -> str:
    """Where the event stands: "Round 4 of 9, in progress", "Final standings"."""
    progress = progress_of(folded)
    return stage_text(
        folded.rounds, progress.current, progress.finished, progress.players, folded.is_team
    )


def stage_text(rounds: int, current: int, finished: bool, players: int, team: bool = False) -> str:
    """``stage`` from its parts: ``current`` the last paired round (0: none yet),
    ``finished`` whether it is closed or has every result; a ``team`` event's
    ``players`` are its teams."""
    if current == 0:
        entrants = (
            ngettext("%(n)d team", "%(n)d teams", players)
            if team
            else ngettext("%(n)d player", "%(n)d players", players)
        )
        return _("Registration: %(players)s, %(rounds)s") % {
            "players": entrants % {"n": players},
            "rounds": ngettext("%(n)d round", "%(n)d rounds", rounds) % {"n": rounds},
        }
    if finished and current >= rounds:
        return _("Final standings")
    numbers = {"current": current, "rounds": rounds}
    if finished:
        return _("Round %(current)d of %(rounds)d, finished") % numbers
    return _("Round %(current)d of %(rounds)d, in progress") % numbers


def details(folded: FoldedTournament) -> Mapping[str, Any]:
    """Dates, place, time control, chief arbiter and round dates, as given at creation."""
    return folded.state.settings.details


def running_scores(folded: FoldedTournament) -> dict[int, list[Fraction]]:
    """Each player's score after each paired round (index 0: after round 1)."""
    state = folded.state
    scoring = state.settings.scoring
    scores: dict[int, list[Fraction]] = {}
    for start_rank in state.players:
        total = Fraction(0)
        after: list[Fraction] = []
        for number in range(1, state.last_paired_round + 1):
            if number in state.rounds:
                total += scoring.points(state.round_entry(number, start_rank))
            after.append(total)
        scores[start_rank] = after
    return scores


def _score_before(scores: list[Fraction], round_number: int) -> Fraction:
    return scores[round_number - 2] if round_number > 1 else Fraction(0)


@dataclass(frozen=True)
class BoardLine:
    number: int
    white: PlayerState
    black: PlayerState
    white_points: Fraction  # before the round
    black_points: Fraction
    result: str  # as shown; "" while the game is on
    result_words: str  # the result as a screen reader says it
    # Reported by the players, not confirmed yet (issue 21): said so, never the result.
    reported: bool = False


@dataclass(frozen=True)
class Absence:
    player: PlayerState
    reason: str  # "pairing-allocated bye", "half-point bye (requested)", "withdrawn", ...


@dataclass(frozen=True)
class RoundView:
    number: int
    closed: bool
    boards: tuple[BoardLine, ...]
    absences: tuple[Absence, ...]


def paired_rounds(folded: FoldedTournament) -> list[int]:
    return sorted(folded.state.team_rounds if folded.is_team else folded.state.rounds)


def round_view(folded: FoldedTournament, number: int) -> RoundView | None:
    """Round ``number``'s boards (points before the round) and who is not on a board."""
    state = folded.state
    rnd = state.rounds.get(number)
    if rnd is None:
        return None
    scores = running_scores(folded)
    reported = pending_reports(state, number)
    boards = tuple(
        BoardLine(
            number=board.number,
            white=state.players[board.white],
            black=state.players[board.black],
            white_points=_score_before(scores[board.white], number),
            black_points=_score_before(scores[board.black], number),
            result=RESULT_TEXT.get(board.result or "", ""),
            result_words=str(RESULT_WORDS.get(board.result or "", "")),
            reported=board.result is None and board.number in reported,
        )
        for board in rnd.boards
    )
    on_boards = {rank for board in rnd.boards for rank in (board.white, board.black)}
    absences = tuple(
        Absence(player, _absence_reason(folded, number, player))
        for rank, player in sorted(state.players.items())
        if rank not in on_boards
    )
    return RoundView(number, rnd.closed, boards, absences)


def _absence_reason(folded: FoldedTournament, number: int, player: PlayerState) -> str:
    state = folded.state
    if player.start_rank in state.rounds[number].byes:
        return _("pairing-allocated bye")
    bye = state.requested_bye(number, player.start_rank)
    if bye is not None:
        return str(_REQUESTED_BYE_TEXT[bye])
    if player.withdrawn_in(number):
        return _("withdrawn")
    return _("not paired")


@dataclass(frozen=True)
class Standing:
    """A player's place in the latest standings snapshot."""

    place: str
    points: Fraction
    tiebreaks: tuple[float | int | None, ...] = ()  # in the order of the body's codes


def standings_order(table: Standings) -> list[tuple[int, Standing]]:
    """(start rank, place, points and tie-breaks) in ranking order, from a stored table."""
    points = table.columns.index("points")
    codes = [table.columns.index(code) for code in table.tiebreaks]
    return [
        (row[0], Standing(place, Fraction(str(row[points])), tuple(row[i] for i in codes)))
        for row, (_, place) in zip(table.rows, table.places(), strict=True)
    ]


@dataclass(frozen=True)
class TiebreakColumn:
    code: str  # "BH-C1"
    name: str  # "Buchholz Cut-1", for the hover help


def tiebreak_columns(table: Standings) -> list[TiebreakColumn]:
    return [TiebreakColumn(code, tiebreak_name(code)) for code in table.tiebreaks]


def tiebreak_names(folded: FoldedTournament) -> dict[str, str]:
    """Each tie-break's name in the active language, by code: the tournament's own
    list, or both default lists when it has none (the engine picks one by system);
    a team event's codes are the team engine's, after its game points column."""
    if folded.is_team:
        codes = folded.tiebreaks or (*TEAM_SWISS_DEFAULT, *TEAM_ROUND_ROBIN_DEFAULT)
        names = {code: tiebreak_name(code, team=True) for code in codes}
        return {GAME_POINTS: _("Game points"), **names}
    codes = folded.tiebreaks or (*SWISS_DEFAULT, *ROUND_ROBIN_DEFAULT)
    return {code: tiebreak_name(code) for code in codes}


def starting_list(folded: FoldedTournament) -> list[PlayerState]:
    """Every registered player by start rank: the list before round 1 and after."""
    return [player for _, player in sorted(folded.state.players.items())]


def flags(folded: FoldedTournament) -> dict[str, str]:
    """The flag of each federation in the tournament, for the live page's script."""
    feds = {p.federation for p in folded.state.players.values() if p.federation}
    return {fed: flag for fed in sorted(feds) if (flag := flag_of(fed))}


@dataclass(frozen=True)
class Cell:
    opponent: int | None
    color: str  # "w", "b" or ""
    result: str  # "1", "½", "0", "+", "−", "bye ½", ... ; "…" while the game is on


def cell(rnd: Round) -> Cell:
    """A player's round as a crosstable shows it."""
    parts = cell_parts(rnd)
    if parts.outcome is not None:
        result = str(_CELL_TEXT[parts.outcome])
    else:
        result = "…" if parts.in_play else ""
    return Cell(parts.opponent, parts.color or "", result)


@dataclass(frozen=True)
class CrosstableRow:
    player: PlayerState
    standing: Standing
    cells: tuple[Cell, ...]


def crosstable(folded: FoldedTournament, order: list[tuple[int, Standing]]) -> list[CrosstableRow]:
    """Every player in ``order`` (``standings_order``) with each paired round's cell."""
    state = folded.state
    numbers = paired_rounds(folded)
    return [
        CrosstableRow(
            player=state.players[rank],
            standing=standing,
            cells=tuple(cell(state.round_entry(n, rank)) for n in numbers),
        )
        for rank, standing in order
        if rank in state.players
    ]


@dataclass(frozen=True)
class CardRound:
    number: int
    opponent: PlayerState | None
    color: str  # "White", "Black" or ""
    result: str
    running: Fraction  # score after this round
    expected: Fraction | None  # rated games only: table 8.1(b)
    change: Fraction | None  # K x (score - expected)


@dataclass(frozen=True)
class PlayerCard:
    player: PlayerState
    standing: Standing | None
    rounds: tuple[CardRound, ...]
    performance: int | None  # over the rated games played
    k: int | None
    k_note: str
    rating_change: Fraction | None

    @property
    def withdrawn(self) -> bool:
        return self.player.withdrawn_from is not None


def k_factor(player: PlayerState) -> tuple[int | None, str]:
    """K (B.02 8.3.3) from what is known of the player, and what it rests on.

    The event log has the rating but neither age nor the number of rated games,
    which decide between K = 40 and K = 20 below 2400: 20 is assumed and said so.
    """
    if not player.rating:
        return None, _("Unrated: no rating change; the games count towards a first rating.")
    if player.rating >= K_SENIOR_FROM:
        return K_SENIOR, _("K = %(k)d: rated %(rating)d or more.") % {
            "k": K_SENIOR,
            "rating": K_SENIOR_FROM,
        }
    return K_STANDARD, _(
        "K = %(k)d assumed: it is 40 for a player under 18 rated below 2300 or "
        "with fewer than 30 rated games, which the tournament's data does not say."
    ) % {"k": K_STANDARD}


def expected_score(rating: int, opponent_rating: int) -> Fraction:
    """Table 8.1(b), a difference of more than 400 points counted as 400 (B.02 8.3.1)."""
    difference = max(-MAX_RATING_DIFFERENCE, min(MAX_RATING_DIFFERENCE, rating - opponent_rating))
    return Fraction(expected_hundredths(difference), 100)


def player_card(
    folded: FoldedTournament, start_rank: int, standing: Standing | None
) -> PlayerCard | None:
    """The card of ``start_rank``, at ``standing`` in the latest table (None: not in it)."""
    state = folded.state
    player = state.players.get(start_rank)
    if player is None:
        return None
    k, k_note = k_factor(player)
    scores = running_scores(folded)[start_rank]
    rounds: list[CardRound] = []
    rated: list[tuple[int, Outcome]] = []  # opponent's rating, outcome
    for number in range(1, state.last_paired_round + 1):
        if number not in state.rounds:
            continue
        entry = state.round_entry(number, start_rank)
        shown = cell(entry)
        opponent = state.players.get(shown.opponent) if shown.opponent else None
        expected = change = None
        if isinstance(entry, Game) and entry.rated and opponent is not None and opponent.rating:
            rated.append((opponent.rating, entry.outcome))
            if k is not None:
                expected = expected_score(player.rating, opponent.rating)
                change = k * (Fraction(_OUTCOME_HALVES[entry.outcome], 2) - expected)
        rounds.append(
            CardRound(
                number=number,
                opponent=opponent,
                color=str(_COLOR_NAMES[entry.color]) if entry is not None else "",
                result=_card_result(entry, shown),
                running=scores[number - 1],
                expected=expected,
                change=change,
            )
        )
    changes = [r.change for r in rounds if r.change is not None]
    return PlayerCard(
        player=player,
        standing=standing,
        rounds=tuple(rounds),
        performance=(
            performance([r for r, _ in rated], sum(_OUTCOME_HALVES[o] for _, o in rated))
            if rated
            else None
        ),
        k=k,
        k_note=k_note,
        rating_change=sum(changes, Fraction(0)) if changes else None,
    )


def _card_result(entry: Round, shown: Cell) -> str:
    if isinstance(entry, UnplayedRound) and entry.kind in _BYE_NAMES:
        return str(_REQUESTED_BYE_TEXT[_BYE_NAMES[entry.kind]])
    if isinstance(entry, UnplayedRound) and entry.kind is Unplayed.PAB:
        return _("pairing-allocated bye")
    if isinstance(entry, UnplayedRound) and entry.kind is Unplayed.ABSENT:
        return _("not paired")
    if isinstance(entry, UnplayedRound):
        return _("forfeit win") if entry.kind is Unplayed.FORFEIT_WIN else _("forfeit loss")
    return _("playing") if shown.result == "…" else shown.result


def roster(folded: FoldedTournament) -> dict[str, Any]:
    """The marks the live page adds to the pushed table: where the event stands,
    withdrawals and requested byes (the websocket frames carry neither)."""
    state = folded.state
    return {
        "version": folded.version,
        "stage": stage(folded),
        "rounds": paired_rounds(folded),
        "withdrawn": {
            str(p.start_rank): p.withdrawn_from
            for p in state.players.values()
            if p.withdrawn_from is not None
        },
        "requested_byes": {
            str(number): {str(rank): points for rank, points in byes.items()}
            for number, byes in state.requested_byes.items()
        },
    }
