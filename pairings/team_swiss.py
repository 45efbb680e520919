"""FIDE Handbook C.04.6, the Swiss system for team competitions (in force 1 Feb 2026).

A team is a pairing node with a primary score (match points unless the competition
is decided by game points) and a secondary one (used for colours, 4.2.2).  Rounds are
paired bracket by bracket from the top (3.3.2):

- 3.4: with an odd number of teams the pairing-allocated bye goes first, to a team
  that may have it (C2: no earlier PAB, forfeit win or full-point bye) and leaves a
  legal pairing for everybody else, of the lowest score, with the most matches
  played, with the largest TPN;
- 3.5: the top scoregroup (the highest score among the teams not yet paired) takes
  the fewest upfloaters (C4) of the highest scores (C5), then a set that lets what is
  left of the following scoregroup pair with no more upfloaters than its parity
  needs (C6), then the fewest floaters of the previous round (C7, not in the last two
  rounds), then the first set in TPN order (3.5.3, 3.5.4), such that the bracket
  pairs legally (C1) and the teams left can still all be paired (C3);
- 3.6: among the bracket's legal pairings, those with the fewest unfulfilled colour
  preferences (C8), strong ones (C9, type B) and upfloaters' opponents that floated
  in the previous round (C10, not in the last two rounds), the one with the smallest
  identifier (the top members' TPNs ascending, then their opponents'): found by
  maximum-weight matching, the criteria as bit fields of the edge weights, then each
  team's role (top or bottom) and each top member's opponent fixed in identifier
  order, keeping the optimum;
- 4: colours by the first team (higher primary, then secondary score, then smaller
  TPN) and 4.3.1-4.3.9.

Where the text is read so (see docs/teams.md): C6 (choose upfloaters so that C1, C3
and C4 can still be complied with in the bracket of the following scoregroup) holds
when that scoregroup's remainder pairs legally with none (even) or one (odd)
upfloater and everybody below still pairs; the upfloater sets looked at are those
from the highest-scored teams below the scoregroup (``CANDIDATES`` of them), then
from all of them while that stays a few thousand sets, and last the upfloaters of
any complete legal pairing (C3 makes one exist).  A forfeited match is not played:
the teams may meet again (C1), and it gives no colour (1.6.1).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from itertools import combinations, groupby
from math import comb

from pairings.matching import max_weight_matching
from pairings.team_acceleration import TeamAcceleration, from_file
from tiebreaks.messages import msg
from tiebreaks.model import Color, Unplayed
from tiebreaks.teams.model import RoundKind, Score, TeamResult, TeamTournament
from tiebreaks.teams.trf import TeamTrfFile

# Upfloater sets are drawn from this many teams below the scoregroup, by score; then
# from all of them while there are at most WIDE sets of the size.
CANDIDATES = 12
WIDE = 20_000
_WHITE, _BLACK = Color.WHITE, Color.BLACK


class NoLegalPairing(Exception):  # noqa: N818 - what the arbiter is told (3.3.3)
    """No pairing complies with the absolute criteria C1 and C2 (exit code 1)."""


class ColourType(Enum):
    NONE = "none"
    A = "A"
    B = "B"


@dataclass(frozen=True)
class TeamSwissRules:
    """What record 192 says: the colour-preference type (1.7), the primary score
    (1.2) and whether the secondary score decides the first team (4.2.2)."""

    colour_type: ColourType = ColourType.A
    primary: Score = Score.MP
    secondary_for_colour: bool = True


def rules_from_code(code: str, primary: Score = Score.MP) -> TeamSwissRules:
    """``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP]`` (ETT26); bare ``FIDE_TEAM`` is
    type A, MP then GP; an empty code gives the defaults with ``primary``."""
    words = code.upper().replace("_BAKU", "").split("_")
    if not code or words[:2] != ["FIDE", "TEAM"]:
        return TeamSwissRules(primary=primary)
    rest = words[2:]
    if not rest:
        return TeamSwissRules()
    colour_type = ColourType.NONE
    if rest[0] in ("TYPEA", "TYPEB"):
        colour_type = ColourType.A if rest[0] == "TYPEA" else ColourType.B
        rest = rest[1:]
    scores = [Score(w) for w in rest if w in ("MP", "GP")]
    return TeamSwissRules(
        colour_type=colour_type,
        primary=scores[0] if scores else primary,
        secondary_for_colour=len(scores) > 1,
    )


@dataclass
class TeamState:
    """A team as the pairing sees it before the round."""

    tpn: int
    score: Fraction
    secondary: Fraction
    opponents: set[int] = field(default_factory=set)  # met in played matches (C1)
    history: list[tuple[int, Color]] = field(default_factory=list)  # (round, colour) played

    no_pab: bool = False  # had a PAB, a forfeit win or a full-point bye (C2)
    played: int = 0
    floated: bool = False  # played an opponent with another score last round (1.5)

    @property
    def colours(self) -> list[Color]:
        """The team colours of the matches played, in order (1.6.1)."""
        return [colour for _, colour in self.history]

    @property
    def difference(self) -> int:
        """1.6.2: matches had with White less matches had with Black."""
        return self.colours.count(_WHITE) - self.colours.count(_BLACK)

    def preference(self, kind: ColourType, last_round: bool) -> tuple[Color | None, bool]:
        """1.7: (preferred colour or None, strong).  Type A preferences are all strong."""
        if kind is ColourType.NONE or not self.colours:
            return None, False
        cd, last_two = self.difference, self.colours[-2:]
        if cd < -1 or (cd in (0, -1) and last_two == [_BLACK, _BLACK]):
            return _WHITE, True
        if cd > 1 or (cd in (0, 1) and last_two == [_WHITE, _WHITE]):
            return _BLACK, True
        if kind is ColourType.A:
            return None, False
        if cd == -1 or (cd == 0 and not last_round and self.colours[-1] is _BLACK):
            return _WHITE, False
        if cd == 1 or (cd == 0 and not last_round and self.colours[-1] is _WHITE):
            return _BLACK, False
        return None, False


@dataclass(frozen=True, slots=True)
class TeamPairing:
    round: int
    matches: tuple[tuple[int, int], ...]  # (team with White on board 1, other team)
    bye: int | None = None  # the pairing-allocated bye


def team_states(
    tournament: TeamTournament,
    round_number: int,
    rules: TeamSwissRules,
    acceleration: TeamAcceleration | None = None,
) -> dict[int, TeamState]:
    """Each team's state after rounds 1..round_number - 1; its scores are the pairing
    scores: with ``acceleration``, its virtual points for the round added."""
    results = tournament.results()
    virtual = acceleration or TeamAcceleration()
    states = {}
    for team in tournament.teams:
        rows = results[team.number][: round_number - 1]
        state = TeamState(
            team.number,
            virtual.virtual_score(team.number, round_number, rules.primary),
            virtual.virtual_score(team.number, round_number, rules.primary.other),
        )
        for number, row in enumerate(rows, 1):
            state.score += _score(row, rules.primary)
            state.secondary += _score(row, rules.primary.other)
            if row.kind is RoundKind.MATCH and row.opponent is not None:
                state.opponents.add(row.opponent)
                state.played += 1
                if row.color is not None:
                    state.history.append((number, row.color))
            if row.kind is RoundKind.FORFEIT_WIN or row.bye in (Unplayed.PAB, Unplayed.FPB):
                state.no_pab = True
        states[team.number] = state
    if round_number > 1:
        # The pairing scores the previous round was paired with (1.5).
        before = {
            t: sum(
                (_score(r, rules.primary) for r in rows[: round_number - 2]),
                virtual.virtual_score(t, round_number - 1, rules.primary),
            )
            for t, rows in results.items()
        }
        for t, rows in results.items():
            last = rows[round_number - 2] if len(rows) >= round_number - 1 else None
            if last is not None and last.kind is RoundKind.MATCH and last.opponent is not None:
                states[t].floated = before[t] != before[last.opponent]
    return states


def _score(row: TeamResult, score: Score) -> Fraction:
    return row.match_points if score is Score.MP else row.game_points


class _Round:
    def __init__(
        self,
        states: dict[int, TeamState],
        rules: TeamSwissRules,
        round_number: int,
        rounds: int,
        initial_colour: Color,
    ) -> None:
        self.states = states
        self.rules = rules
        self.round = round_number
        self.late = round_number >= rounds - 1  # C7, C10: not in the last two rounds
        self.last = round_number == rounds
        self.initial = initial_colour

    def legal(self, a: int, b: int) -> bool:
        return b not in self.states[a].opponents  # C1

    def pairable(self, teams: Sequence[int]) -> bool:
        """C3: the teams can all be paired legally."""
        if len(teams) % 2:
            return False
        if not teams:
            return True
        index = {t: i for i, t in enumerate(teams)}
        edges = [(index[a], index[b], 1) for a, b in combinations(teams, 2) if self.legal(a, b)]
        return len(max_weight_matching(len(teams), edges, 64)) == len(teams)

    # ---- 3.4 the pairing-allocated bye

    def bye(self, teams: list[int]) -> int:
        eligible = [t for t in teams if not self.states[t].no_pab]  # C2
        order = sorted(
            eligible,
            key=lambda t: (self.states[t].score, -self.states[t].played, -t),
        )
        for team in order:
            if self.pairable([t for t in teams if t != team]):
                return team
        raise NoLegalPairing(msg("no team can receive the pairing-allocated bye (C2, 3.4.1)"))

    # ---- 3.5 upfloaters

    def upfloater_groups(
        self, residents: list[int], lower: list[int], waiting: list[int]
    ) -> Iterator[list[tuple[int, ...]]]:
        """Upfloater sets by C4 (size) and C5 (scores), each group of equal C4 and C5
        in the order of C7 and 3.5.3-3.5.4; then the fallback."""
        for size in range(len(residents) % 2, len(lower) + 1, 2):
            near = lower[:CANDIDATES]
            yield from self._by_scores(combinations(near, size))
            if len(lower) > len(near) and comb(len(lower), size) <= WIDE:
                yield from self._by_scores(
                    c for c in combinations(lower, size) if not set(c) <= set(near)
                )
        yield [self.partners(residents, waiting)]

    def _by_scores(self, sets: Iterable[tuple[int, ...]]) -> Iterator[list[tuple[int, ...]]]:
        ordered = sorted(sets, key=self._upfloat_key)
        for _, group in groupby(ordered, key=lambda c: self._upfloat_key(c)[0]):
            yield list(group)

    def choose(
        self, residents: list[int], group: list[tuple[int, ...]], lower: list[int]
    ) -> tuple[list[tuple[int, int]], list[int]] | None:
        """3.5.5: the first set of the group whose bracket pairs legally, leaving the
        teams below pairable (C3), and complying with C6 (then the first that does not
        comply, C6 being a quality criterion): the bracket's pairs and the teams left."""
        for chosen, rest in self._c6_first(group, lower):
            found = self.pair_bracket(residents + list(chosen), set(chosen))
            if found:
                return found, rest
        return None

    def _c6_first(
        self, group: list[tuple[int, ...]], lower: list[int]
    ) -> Iterator[tuple[tuple[int, ...], list[int]]]:
        """The sets of the group leaving the teams below pairable (C3), with what they
        leave: those complying with C6 first, each part in the group's order."""
        later = []
        for chosen in group:
            rest = [t for t in lower if t not in chosen]
            if not self.pairable(rest):
                continue
            if lower and not self.next_bracket_complies(lower, rest):
                later.append((chosen, rest))
            else:
                yield chosen, rest
        yield from later

    def next_bracket_complies(self, lower: list[int], rest: list[int]) -> bool:
        """C6: unless the upfloaters emptied it, what is left of the following
        scoregroup pairs legally (C1) with the fewest upfloaters its size allows (C4:
        none when even, one when odd), the teams below still all pairable (C3).  That
        is, a legal pairing of ``rest`` has no more pairs across the scoregroup's
        boundary than its parity forces."""
        following = {t for t in rest if self.states[t].score == self.states[lower[0]].score}
        if not following:
            return True
        index = {t: i for i, t in enumerate(rest)}
        # A pair weighs more than any number of pairs' bonuses: a complete pairing
        # first (C3 makes one exist), then the most pairs on one side of the boundary.
        edges = [
            (index[a], index[b], (len(rest) << 1) + ((a in following) == (b in following)))
            for a, b in combinations(rest, 2)
            if self.legal(a, b)
        ]
        mate = max_weight_matching(len(rest), edges, 64)
        across = sum(
            1 for i, j in mate.items() if i < j and (rest[i] in following) != (rest[j] in following)
        )
        return across == len(following) % 2

    def _upfloat_key(self, chosen: tuple[int, ...]) -> tuple[object, ...]:
        scores = sorted(self.states[t].score for t in chosen)
        floated = 0 if self.late else sum(self.states[t].floated for t in chosen)
        ordered = sorted(chosen, key=lambda t: (-self.states[t].score, t))
        return (tuple(-s for s in scores), floated, tuple(ordered))

    def partners(self, residents: list[int], waiting: list[int]) -> tuple[int, ...]:
        """The upfloaters some legal pairing of everybody waiting gives the residents:
        the set to fall back on when the sets looked at (CANDIDATES, WIDE) all fail,
        which C3 guarantees to pair."""
        index = {t: i for i, t in enumerate(waiting)}
        edges = [(index[a], index[b], 1) for a, b in combinations(waiting, 2) if self.legal(a, b)]
        mate = max_weight_matching(len(waiting), edges, 64)
        inside = set(residents)
        return tuple(
            sorted(
                {waiting[mate[index[r]]] for r in residents if index[r] in mate} - inside,
                key=lambda t: (-self.states[t].score, t),
            )
        )

    # ---- 3.6 the bracket

    def quality(self, a: int, b: int, upfloaters: set[int]) -> int:
        """The edge weight below the pair bit: C8, C9, C10 fields (fewer is better)."""
        white, black = self.colours(a, b)
        c8 = c9 = 0
        for team, got in ((white, _WHITE), (black, _BLACK)):
            wanted, strong = self.states[team].preference(self.rules.colour_type, self.last)
            if wanted is not None and wanted is not got:
                c8 += 1
                c9 += strong and self.rules.colour_type is ColourType.B
        c10 = 0
        if not self.late:
            c10 = (a in upfloaters and self.states[b].floated) + (
                b in upfloaters and self.states[a].floated
            )
        return ((2 - c8) << 20) + ((2 - c9) << 10) + (2 - c10)

    def pair_bracket(self, bracket: list[int], upfloaters: set[int]) -> list[tuple[int, int]]:
        """3.6.4: the best pairing of the bracket by C8-C10, the first by identifier;
        [] when it has no legal pairing."""
        teams = sorted(bracket)
        index = {t: i for i, t in enumerate(teams)}
        weights = {
            (a, b): (1 << 40) + self.quality(a, b, upfloaters)
            for a, b in combinations(teams, 2)
            if self.legal(a, b)
        }

        def best(allowed: dict[tuple[int, int], int]) -> tuple[int, dict[int, int]]:
            edges = [(index[a], index[b], w) for (a, b), w in allowed.items()]
            mate = max_weight_matching(len(teams), edges, 64)
            if len(mate) < len(teams):
                return -1, mate
            total = sum(allowed[teams[i], teams[j]] for i, j in mate.items() if i < j)
            return total, mate

        optimum, _ = best(weights)
        if optimum < 0:
            return []
        # Roles: each team from the smallest TPN is a top member (paired with a larger
        # TPN) whenever the optimum allows it (3.6.2: the top members come first).
        allowed = dict(weights)
        for team in teams:
            trial = {e: w for e, w in allowed.items() if e[1] != team}
            if best(trial)[0] == optimum:
                allowed = trial
            else:
                allowed = {e: w for e, w in allowed.items() if e[0] != team}
        # Opponents: each top member, in ascending order, with the smallest TPN possible.
        pairs = []
        tops = [t for t in teams if any(e[0] == t for e in allowed)]
        for top in tops:
            for bottom in sorted(e[1] for e in allowed if e[0] == top):
                trial = {
                    e: w
                    for e, w in allowed.items()
                    if e == (top, bottom) or not ({top, bottom} & set(e))
                }
                if best(trial)[0] == optimum:
                    allowed = trial
                    pairs.append((top, bottom))
                    break
        return pairs

    # ---- 4 colours

    def colours(self, a: int, b: int) -> tuple[int, int]:
        """(White on board 1, Black) for a pair (4.2, 4.3)."""
        first, other = sorted((a, b), key=self._first_key)
        f, o = self.states[first], self.states[other]
        kind = self.rules.colour_type
        if not f.colours and not o.colours:  # 4.3.1
            white_first = (first % 2 == 1) == (self.initial is _WHITE)
            return (first, other) if white_first else (other, first)
        fp, fs = f.preference(kind, self.last)
        op, os_ = o.preference(kind, self.last)
        choice = self._by_preferences(fp, fs, op, os_, kind)
        if choice is None:
            choice = self._by_history(f, o, fp)
        return (first, other) if choice is _WHITE else (other, first)

    def _first_key(self, team: int) -> tuple[object, ...]:
        state = self.states[team]
        secondary = state.secondary if self.rules.secondary_for_colour else 0
        return (-state.score, -secondary, team)  # 4.2.1-4.2.3

    @staticmethod
    def _by_preferences(
        fp: Color | None, fs: bool, op: Color | None, os_: bool, kind: ColourType
    ) -> Color | None:
        """4.3.2-4.3.4: the first team's colour, when the preferences decide it."""
        if fp is not None and op is None:
            return fp
        if op is not None and fp is None:
            return _other(op)
        if fp is not None and op is not None and fp is not op:
            return fp
        if kind is ColourType.B and fp is not None and op is not None and fs != os_:
            return fp if fs else _other(op)
        return None

    def _by_history(self, f: TeamState, o: TeamState, fp: Color | None) -> Color:
        """4.3.5-4.3.9, in that order."""
        if f.difference != o.difference:  # 4.3.5: the lower colour difference gets White
            return _WHITE if f.difference < o.difference else _BLACK
        theirs = dict(o.history)
        for number, mine in reversed(f.history):  # 4.3.6: the last round they differed
            if number in theirs and theirs[number] is not mine:
                return _other(mine)
        if fp is not None:  # 4.3.7
            return fp
        if f.colours:  # 4.3.8
            return _other(f.colours[-1])
        return o.colours[-1] if o.colours else self.initial  # 4.3.9


def _other(colour: Color | None) -> Color:
    return _BLACK if colour is _WHITE else _WHITE


def pair_team_round(
    tournament: TeamTournament,
    round_number: int,
    *,
    rules: TeamSwissRules | None = None,
    absent: Iterable[int] = (),
    initial_colour: Color = Color.WHITE,
    acceleration: TeamAcceleration | None = None,
) -> TeamPairing:
    """Pair round ``round_number`` of a team Swiss from rounds 1..round_number - 1;
    ``absent`` teams (their byes are known) are left out; ``acceleration``'s virtual
    points count in the pairing scores.  NoLegalPairing when C1 and C2 cannot both
    hold (3.3.3: the Chief Arbiter decides)."""
    rules = rules or rules_from_code(tournament.system_code, tournament.primary)
    states = team_states(tournament, round_number, rules, acceleration)
    pairing = _Round(states, rules, round_number, tournament.rounds, initial_colour)
    out = set(absent)
    waiting = sorted((t for t in states if t not in out), key=lambda t: (-states[t].score, t))
    bye = None
    if len(waiting) % 2:
        bye = pairing.bye(waiting)
        waiting.remove(bye)
    if not pairing.pairable(waiting):
        raise NoLegalPairing(msg("the teams cannot all be paired without a rematch (C1)"))
    pairs: list[tuple[int, int]] = []
    while waiting:
        top = states[waiting[0]].score
        residents = [t for t in waiting if states[t].score == top]
        lower = [t for t in waiting if states[t].score != top]
        for group in pairing.upfloater_groups(residents, lower, waiting):
            chosen = pairing.choose(residents, group, lower)
            if chosen is not None:
                pairs.extend(chosen[0])
                waiting = chosen[1]
                break
    matches = [pairing.colours(a, b) for a, b in pairs]
    # Board order: the higher score of the pair first, then the smaller TPN.
    matches.sort(key=lambda m: (-max(states[m[0]].score, states[m[1]].score), min(m)))
    return TeamPairing(round_number, tuple(matches), bye)


@dataclass(frozen=True)
class TeamPairingRequest:
    """What a team file asks for: the round after the last one with a match, the teams
    with a bye (240) in it, the initial colour, the rules of record 192 and the
    virtual points (250 records, or 192 ``..._BAKU``)."""

    tournament: TeamTournament
    round: int
    absent: frozenset[int]
    initial_colour: Color
    rules: TeamSwissRules
    acceleration: TeamAcceleration | None = None


def team_pairing_request(file: TeamTrfFile, baku_option: bool = False) -> TeamPairingRequest:
    tournament = file.tournament
    played = sum(1 for rnd in tournament.schedule if rnd.matches)
    number = played + 1
    upcoming = tournament.schedule[played] if played < len(tournament.schedule) else None
    absent = frozenset(b.team for b in upcoming.byes) if upcoming is not None else frozenset()
    return TeamPairingRequest(
        tournament,
        number,
        absent,
        _initial_colour(file),
        rules_from_code(tournament.system_code, tournament.primary),
        from_file(file.lines, tournament, absent, baku_option),
    )


def _initial_colour(file: TeamTrfFile) -> Color:
    """152 (W or B), ``XXC white1/black1``, else what round 1 shows (4.3.1: the first
    team, the smaller TPN, has the initial colour when its TPN is odd), else White."""
    for line in file.lines:
        words = line[3:].split()
        if line.startswith("152") and words and words[0].upper() in ("W", "B"):
            return _WHITE if words[0].upper() == "W" else _BLACK
        if line.startswith("XXC") and words and words[0].lower() in ("white1", "black1"):
            return _WHITE if words[0].lower() == "white1" else _BLACK
    return round_one_colour(file.tournament) or _WHITE


def round_one_colour(tournament: TeamTournament) -> Color | None:
    """The initial colour round 1 shows (4.3.1: the first team of a match, the smaller
    TPN, has it when its TPN is odd); None before a match of round 1 is played."""
    schedule = tournament.schedule
    for match in schedule[0].matches if schedule else ():
        if match.forfeit is None:
            first = min(match.teams())
            white = match.white == first
            return _WHITE if white == (first % 2 == 1) else _BLACK
    return None


def format_team_pairing(pairing: TeamPairing) -> str:
    """The JaVaFo output: the number of pairs, then ``white black`` per match in order,
    the pairing-allocated bye last with black 0."""
    lines = [f"{white} {black}" for white, black in pairing.matches]
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"
