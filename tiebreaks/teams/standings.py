"""Team standings: the public API of the team tie-break engine.

``team_standings(tournament, tiebreaks, rules, after_round)`` ranks the teams by the
primary score (match points unless the competition is decided by game points), then
by the tie-break list in order (C.07 4.2), sharing a place when everything is equal.
Tie-breaks that rank inside a tied group (DE, EDE and its board forms, TBR, BBE) show
the team's place within the group, lower is better, as the individual standings do.
``explain_team`` shows round by round why a team's numbers are what they are.

Default lists (C.07 names none; these follow the TEC sample file and the Olympiad):
Swiss ``EDE, EMGSB/C1, BH:MP/C1, MPvGP``; round robin ``EDE, MPvGP, EMGSB, KS``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from tiebreaks import modifiers
from tiebreaks.codes import Code, parse_code
from tiebreaks.definitions import Printed, Value
from tiebreaks.formatting import decimal_text, format_points
from tiebreaks.model import Color
from tiebreaks.rules import DEFAULT_RULES, get_rules
from tiebreaks.standings import Ranking, exact_points, no_cyclic_gc
from tiebreaks.teams.context import TeamContext
from tiebreaks.teams.definitions import TEAM_ALIASES, TEAM_CATALOGUE, esb_scores, score_of
from tiebreaks.teams.model import Score, Team, TeamTournament

SWISS_DEFAULT = ("EDE", "EMGSB/C1", "BH:MP/C1", "MPvGP")
ROUND_ROBIN_DEFAULT = ("EDE", "MPvGP", "EMGSB", "KS")
_COLOUR_TEXT: dict[Color | None, str] = {Color.WHITE: " (white)", Color.BLACK: " (black)", None: ""}


def parse_team_code(text: str) -> Code:
    """One team tie-break code (``EGGSB/C1``, ``BH:GP``...); TieBreakError if unknown."""
    return parse_code(text, TEAM_CATALOGUE, TEAM_ALIASES)


@dataclass(frozen=True)
class TeamStandingsRow:
    rank: int
    place: str
    team: Team
    match_points: Fraction
    game_points: Fraction
    tiebreaks: dict[str, Value]  # keyed by each code exactly as given


@dataclass(frozen=True)
class TeamStandings:
    rules: str
    primary: Score
    tiebreaks: tuple[str, ...]
    rows: tuple[TeamStandingsRow, ...]


def default_team_tiebreaks(tournament: TeamTournament) -> tuple[str, ...]:
    return ROUND_ROBIN_DEFAULT if tournament.system.predetermined else SWISS_DEFAULT


class _TeamComputation:
    def __init__(
        self,
        tournament: TeamTournament,
        tiebreaks: Sequence[str] | None,
        rules: str,
        after_round: int | None,
    ) -> None:
        self.rules = get_rules(rules)
        if tiebreaks is None:
            tiebreaks = default_team_tiebreaks(tournament)
        self.codes = [parse_team_code(t) for t in tiebreaks]
        self.context = TeamContext.build(tournament, self.rules, after_round)
        primary = self.context.sheet(tournament.primary).score
        self.ranking = Ranking(primary, self.codes, TEAM_CATALOGUE, self.context)

    def rows(self) -> tuple[TeamStandingsRow, ...]:
        tctx = self.context
        sheet, gp_sheet = tctx.match_sheet, tctx.game_sheet
        mp = exact_points(sheet.score, sheet.unit)
        gp = exact_points(gp_sheet.score, gp_sheet.unit)
        tiebreaks = self.ranking.tiebreaks()
        return tuple(
            TeamStandingsRow(
                rank=placed.rank,
                place=placed.place,
                team=tctx.tournament.team(sheet.players[placed.index].start_rank),
                match_points=mp[placed.index],
                game_points=gp[placed.index],
                tiebreaks=tiebreaks[placed.index],
            )
            for placed in self.ranking.placed
        )


def team_standings(
    tournament: TeamTournament,
    tiebreaks: Sequence[str] | None = None,
    rules: str = DEFAULT_RULES,
    after_round: int | None = None,
) -> TeamStandings:
    """Rank the teams of ``tournament`` (rounds 1..after_round) by the primary score and
    ``tiebreaks`` (None: :func:`default_team_tiebreaks`).  TieBreakError for an unknown
    code or edition or an impossible round."""
    with no_cyclic_gc():
        computation = _TeamComputation(tournament, tiebreaks, rules, after_round)
        return TeamStandings(
            rules=computation.rules.name,
            primary=tournament.primary,
            tiebreaks=tuple(c.text for c in computation.codes),
            rows=computation.rows(),
        )


def format_team_value(code: str, value: Value) -> str:
    """A team tie-break value as printed: places and counts whole, points as "6.5"."""
    if value is None:
        return "-"
    printed = TEAM_CATALOGUE[parse_team_code(code).acronym].printed
    if printed is Printed.WHOLE:
        return str(int(value))
    if printed is Printed.TWO_DECIMALS:
        return decimal_text(Fraction(value), 2)
    return format_points(Fraction(value))


# --- explain -----------------------------------------------------------------------


def _contributions(
    computation: _TeamComputation, code: Code, i: int
) -> tuple[str, list[tuple[int, Fraction]], list[int]]:
    """(what, contributions per round, rounds cut) for the Buchholz and ESB families."""
    tctx = computation.context
    if code.acronym in ("BH", "FB"):
        score = score_of(tctx, code)
        ctx = tctx.context(score)
        elements = ctx.elements(code.forfeits_as_games, fore=code.acronym == "FB")[i]
        scale = ctx.sheet.unit
        contributions = list(elements.values)
        _, removed = modifiers.cut(code.cut, elements.values, contributions, elements.vur)
        return (
            "opponents' scores",
            _per_round(elements.rounds, contributions, scale),
            [elements.rounds[e] + 1 for e in removed],
        )
    theirs_score, own_score = esb_scores(tctx, code)
    theirs = tctx.context(theirs_score).elements(code.forfeits_as_games)[i]
    mine = tctx.context(own_score).elements(code.forfeits_as_games)[i]
    contributions = [v * p for v, p in zip(theirs.values, mine.points, strict=True)]
    scale = tctx.sheet(theirs_score).unit * tctx.sheet(own_score).unit
    _, removed = modifiers.cut(code.cut, theirs.values, contributions, theirs.vur)
    return (
        f"opponent's {theirs_score} x own {own_score}",
        _per_round(theirs.rounds, contributions, scale),
        [theirs.rounds[e] + 1 for e in removed],
    )


def _per_round(
    rounds: Sequence[int], contributions: Sequence[int], scale: int
) -> list[tuple[int, Fraction]]:
    return [(r + 1, Fraction(c, scale)) for r, c in zip(rounds, contributions, strict=True)]


def explain_team(
    tournament: TeamTournament,
    number: int,
    tiebreaks: Sequence[str] | None = None,
    rules: str = DEFAULT_RULES,
    after_round: int | None = None,
) -> list[str]:
    """Why team ``number``'s numbers are what they are: per round the opponent, the
    colour, match and game points and the points per board; per tie-break its value,
    its article and, for Buchholz and ESB, each round's contribution and the cuts."""
    team = tournament.team(number)
    computation = _TeamComputation(tournament, tiebreaks, rules, after_round)
    tctx = computation.context
    sheet = tctx.match_sheet
    i = sheet.index[number]
    row = next(r for r in computation.rows() if r.team.number == number)
    out = [
        f"team {number} {team.name}".rstrip() + f" - rules {computation.rules.name}, "
        f"place {row.place}",
        f"match points {format_points(row.match_points)}, "
        f"game points {format_points(row.game_points)}; "
        f"as an opponent (C.07 16.3) MP {format_points(sheet.points(sheet.adjusted[i]))}",
    ]
    for result in tctx.results[number][: sheet.rounds]:
        opponent = f" vs {result.opponent}" if result.opponent is not None else ""
        colour = _COLOUR_TEXT[result.color]
        kind = result.bye.value if result.bye is not None else result.kind.value
        boards = " ".join(format_points(p) for p in result.board_points)
        out.append(
            f"  R{result.round}: {kind}{opponent}{colour}, MP {format_points(result.match_points)}"
            f", GP {format_points(result.game_points)} [{boards}]"
        )
    for code in computation.codes:
        definition = TEAM_CATALOGUE[code.acronym]
        value = row.tiebreaks[code.text]
        out.append(
            f"  {code.text} = {format_team_value(code.text, value)}: {definition.name} "
            f"(C.07 {definition.article})"
        )
        if code.acronym in ("BH", "FB", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB"):
            what, parts, cut = _contributions(computation, code, i)
            out.append(f"    {what}: " + ", ".join(f"R{r} {format_points(c)}" for r, c in parts))
            if cut:
                out.append("    cut: " + ", ".join(f"R{r}" for r in cut))
    return out
