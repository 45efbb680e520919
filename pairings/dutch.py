"""FIDE Handbook C.04.3, the Dutch system (2026 edition), as weighted matching.

The rules choose, bracket by bracket from the top score down, the pairing that
best satisfies a list of criteria in strict priority order.  Instead of
generating candidate pairings one by one (transpositions and exchanges,
Articles 3.6, 3.7 and 4; 2017: D), each bracket is paired by one maximum-weight
matching whose edge weights are the criteria written as bit fields, most
important first (the method that bbpPairings publishes): a matching of larger
weight is then exactly a better pairing by the first criterion that tells them
apart.

Per edge, from the most significant field down (criteria numbered as in
Article 2 of the 2026 text; the 2017 text numbered them C.1-C.19):

- C1, C3 (absolute): an edge exists only between players who have not met over
  the board, and not between two non-topscorers with the same absolute colour
  preference;
- C4 (completion), C2 and C5: one unit per edge, so the matching pairs as many
  of the remaining players as possible; then the unpaired player (the
  pairing-allocated bye, 1.5) is one who may receive it (C2), of the lowest
  score possible (C5);
- C6, C7: the most pairs inside the bracket (the fewest downfloaters), then the
  highest scores paired (the lowest downfloaters), one field per score so that
  a higher score always outweighs any number of lower ones;
- C8: the same two for the next bracket (the downfloaters chosen so that the
  next bracket pairs best);
- C9: the bye to the player with the fewest unplayed rounds, only in the
  bracket whose one unpaired player is the bye (nobody of it floats lower);
- C10-C13: colour criteria (topscorers' colour difference beyond ±2 and third
  same colour in a row, colour preferences, strong colour preferences);
- C14-C21: repeated downfloats and upfloats of the previous round and the round
  before, then the scores of those floaters;
- the order of candidates (Article 4; 2017: D), below every criterion: in a
  heterogeneous bracket the highest MDPs are paired (the limbo is touched only
  after every transposition of S2), each with the first resident possible; in a
  homogeneous bracket the fewest exchanges, the smallest difference of the
  numbers exchanged, the lowest S1 and then the highest S2 players exchanged,
  and once S1 and S2 are settled, each S1 player from the top with the first
  S2 player possible (transpositions).

The matching sees the bracket and the players below it, so that the bracket's
pairing leaves a remainder that can still be paired (C4); with many players
below, a smaller matching gives the same result, checked (see _pair).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pairings.acceleration import Acceleration
from pairings.colours import colour_of_higher
from pairings.matching import max_weight_matching
from pairings.players import WHITE, Float, PairingPlayer, other, pairing_numbers, player_states
from tiebreaks.messages import msg
from tiebreaks.model import Color, TournamentResults

# Up to this many remaining players a bracket's matching sees all of them; with more,
# it first sees only the next score group (a smaller matching) and checks completion.
FULL_VIEW = 40
# Edge weights stay below 2**WEIGHT_BITS for the 128-bit matching (room for its doubling).
WEIGHT_BITS = 120


class NoLegalPairing(Exception):  # noqa: N818 - the name says what the arbiter is told
    """No pairing satisfies the absolute criteria C1-C3 (the JaVaFo exit code 1)."""


@dataclass(frozen=True, slots=True)
class Board:
    white: int
    black: int  # 0: the pairing-allocated bye


@dataclass(frozen=True, slots=True)
class RoundPairing:
    round: int
    boards: tuple[Board, ...]  # in board order; a bye is the last board, black 0

    @property
    def bye(self) -> int | None:
        return next((b.white for b in self.boards if b.black == 0), None)


@dataclass(frozen=True)
class _Context:
    """What every edge weight of one round depends on."""

    topscorers: frozenset[int]
    played: int
    width: int  # bits of a count field: room for one unit per pair of the round


def _compatible(a: PairingPlayer, b: PairingPlayer, ctx: _Context) -> bool:
    """C1: never the same opponent twice; C3: two non-topscorers with the same
    absolute colour preference do not meet (topscorers exempt in the final round)."""
    if b.number in a.opponents:
        return False
    same_absolute = a.absolute and b.absolute and a.preference == b.preference
    return not same_absolute or bool({a.number, b.number} & ctx.topscorers)


def _colour_fields(a: PairingPlayer, b: PairingPlayer) -> tuple[int, int, int, int]:
    """C10-C13 for one pair (1 = criterion satisfied)."""
    same = a.preference is not None and a.preference == b.preference
    # C10: no topscorer's colour difference beyond ±2 (only topscorers can meet so).
    c10 = not (a.absolute_imbalance and b.absolute_imbalance and same)
    # C11: no topscorer gets the same colour a third time in a row.
    if not (a.absolute and b.absolute and same):
        c11 = True
    elif abs(a.colour_difference) == abs(b.colour_difference):
        c11 = a.repeated is None or a.repeated != b.repeated
    else:
        assert a.preference is not None  # both prefer it (same)
        yielding = b if abs(a.colour_difference) > abs(b.colour_difference) else a
        c11 = yielding.repeated != other(a.preference)  # what the yielding one gets
    # C12: both colour preferences granted.
    c12 = not same
    # C13: strong preferences granted.
    c13 = not same or not (a.strong or a.absolute) or not (b.strong or b.absolute)
    c13 = c13 or (a.absolute and b.absolute)
    return int(c10), int(c11), int(c12), int(c13)


@dataclass(frozen=True)
class _Bye:
    """The pairing-allocated bye of a round whose players are all in view."""

    score: Fraction  # the lowest score of a player who may receive it (C2)
    decided_here: bool  # the bracket being paired is that score's


class _Relaxation:
    """How a bracket's matching sees many players below it (see _pair): the next
    score group through ``ports``, some of its players standing for all of it,
    and nobody further down (``beyond``)."""

    def __init__(
        self, next_group: list[PairingPlayer], ports: int, beyond: list[PairingPlayer]
    ) -> None:
        self.next_group = next_group
        self.ports = {p.number for p in next_group[:ports]}
        self.beyond = beyond
        self._reaches: dict[int, bool] = {}

    def reaches(self, player: PairingPlayer, ctx: _Context) -> bool:
        """Whether ``player`` is compatible with somebody of the next score group."""
        if player.number not in self._reaches:
            self._reaches[player.number] = any(_compatible(player, p, ctx) for p in self.next_group)
        return self._reaches[player.number]


class _Bracket:
    """One bracket being paired: its players, the players it may look at below,
    and each player's place in the candidate order (S1 and S2: 3.2; the order: 4)."""

    def __init__(
        self,
        movers: Sequence[PairingPlayer],
        residents: Sequence[PairingPlayer],
        below: Sequence[PairingPlayer],
        next_group: Collection[int],
        pairs: int | None = None,
        *,
        relaxation: _Relaxation | None = None,
    ) -> None:
        self.relaxation = relaxation
        self.residents = list(residents)
        self.members = list(movers) + list(residents)
        self.below = list(below)
        self.inside = {p.number for p in self.members}
        self.next_group = set(next_group)
        self.position = {p.number: i for i, p in enumerate(self.members)}
        # S1/S2: the moved-down players face the residents first; once their
        # opponents are fixed, the residents left form a homogeneous remainder whose
        # S1 is its top ``pairs`` players, as many as can be paired in it (half of
        # them unless some have to float).
        half = len(residents) // 2 if pairs is None else pairs
        s1, s2 = (movers, residents) if movers else (residents[:half], residents[half:])
        self.s1 = {p.number for p in s1}
        self.homogeneous = not movers
        self.s2_index = {p.number: i for i, p in enumerate(s2)}
        scores = sorted({p.score for p in self.members} | {p.score for p in below})
        level = {s: i + 1 for i, s in enumerate(scores)}  # 1 for the lowest score seen
        self.level = {p.number: level[p.score] for p in (*self.members, *below)}
        self.levels = len(scores)

    def by_score(self, *counts: tuple[int, int]) -> list[int]:
        """A criterion on scores as one field per score, highest first: (level,
        count) pairs summed per level, so that one more player of a higher score
        outweighs any number of lower ones (C7's "scores in descending order")."""
        fields = [0] * self.levels
        for level, count in counts:
            fields[self.levels - level] += count
        return fields


def _fields(
    a: PairingPlayer,
    b: PairingPlayer,
    bracket: _Bracket,
    ctx: _Context,
    bye: _Bye | None,
) -> list[int]:
    """The criteria for pairing ``a`` with ``b`` (``a`` ranked higher), most
    important first; each is summed over the pairs and maximised in turn.  A
    criterion on scores is one field per score, highest first."""
    inside = b.number in bracket.inside
    nxt = b.number in bracket.next_group
    level_a, level_b = bracket.level[a.number], bracket.level[b.number]

    # C4: pair as many as possible (left to the completion check when relaxed).
    fields: list[int] = [bracket.relaxation is None]
    if bye is not None:
        # C2, then the bye to the lowest score possible (C5): pair the players who may
        # not have it, then those who may, one field per score from the highest, so
        # that the one left over scores as little as the rest of the round allows.
        fields.append((not a.bye_eligible) + (not b.bye_eligible))
        fields += bracket.by_score((level_a, a.bye_eligible), (level_b, b.bye_eligible))
    # C6, C7: pairs in this bracket, then the highest scores paired in it.
    fields.append(inside)
    fields += bracket.by_score((level_a, inside))
    # C8: the same for the next bracket.
    fields.append(nxt)
    fields += bracket.by_score((level_a, nxt))
    if bye is not None and bye.decided_here:
        # C9: the bye to a player with as few unplayed rounds as possible, once
        # the bye is this bracket's (its score, and nobody of it floats lower).
        fields.append(a.unplayed + b.unplayed)
    # C10-C13
    fields += _colour_fields(a, b) if inside else (0, 0, 0, 0)
    # C14-C17: floats repeated from the previous round (index 0) and the one before.
    floats = range(min(ctx.played, 2))
    for back in floats:
        down_a, down_b = a.floats[back] == Float.DOWN, b.floats[back] == Float.DOWN
        up = not (level_a > level_b and b.floats[back] == Float.UP)
        fields.append(inside and down_b + (level_a <= level_b and down_a))
        fields.append(inside and up)
    # C18-C21: the scores of those floaters.
    for back in floats:
        down_a, down_b = a.floats[back] == Float.DOWN, b.floats[back] == Float.DOWN
        up = not (level_a > level_b and b.floats[back] == Float.UP)
        fields += bracket.by_score((level_b, inside and down_b), (level_a, inside and down_a))
        fields += bracket.by_score((level_a, inside and up))
    # 4.3: the fewest exchanges (the higher player of each pair from S1), then the
    # smallest difference of the exchanged players' numbers, that is the smallest
    # sum of the higher players' places in the bracket.
    if bracket.homogeneous:
        fields.append(inside and a.number in bracket.s1)
        fields.append(inside and len(bracket.members) - bracket.position[a.number])
    else:
        # The moved-down players (S1) against residents (S2), then which of them:
        # the higher ones first (the MDPs left over, the limbo, are exchanged
        # only after every transposition of S2 has been tried).
        against_resident = inside and a.number in bracket.s1 and b.number in bracket.s2_index
        fields.append(against_resident)
        fields.append(against_resident and 1 << (len(bracket.s1) - 1 - bracket.position[a.number]))
    return [int(f) for f in fields]


def _field_labels(bracket: _Bracket, ctx: _Context, bye: _Bye | None) -> list[str]:
    """The criterion of each of _fields' fields, in the same order (2026 numbering)."""
    labels = ["C4 (pair as many players as possible)"]
    if bye is not None:
        labels.append("C2 (the bye to a player who may receive it)")
        labels += ["C5 (the bye's score)"] * bracket.levels
    scores = bracket.levels
    labels += ["C6 (pairs in the bracket)"] + ["C7 (scores of the players paired)"] * scores
    labels.append("C8 (pairs in the next bracket)")
    labels += ["C8 (scores paired in the next bracket)"] * scores
    if bye is not None and bye.decided_here:
        labels.append("C9 (the bye to a player with fewest unplayed rounds)")
    labels += [
        "C10 (topscorers' colour difference)",
        "C11 (topscorers' same colour three times)",
        "C12 (colour preferences)",
        "C13 (strong colour preferences)",
    ]
    floats = range(min(ctx.played, 2))
    for back in floats:
        labels.append(f"C{14 + 2 * back} (repeated downfloats)")
        labels.append(f"C{15 + 2 * back} (repeated upfloats)")
    for back in floats:
        labels += [f"C{18 + 2 * back} (scores of repeated downfloaters)"] * scores
        labels += [f"C{19 + 2 * back} (scores of repeated upfloaters)"] * scores
    return labels + ["4 (order of candidates: exchanges)"] * 2


def first_criterion(
    tournament: TournamentResults,
    round_number: int,
    recorded: Collection[Board],
    *,
    absent: Collection[int] = (),
    initial_colour: Color = WHITE,
    acceleration: Acceleration | None = None,
    engine_boards: Collection[Board] | None = None,
) -> str:
    """The first rule of C.04.3, in priority order, that tells the ``recorded`` boards of
    a round from the engine's pairing of it: an absolute criterion the recorded pairing
    breaks, else the first criterion of the first bracket (from the top) in which the
    two differ, else "4 (order of candidates)", else the colour rule of the first
    board whose colours differ.  "" when the two are the same.  ``engine_boards``:
    the engine's pairing of the round when the caller has it (else it is paired)."""
    players, ctx = _round(tournament, round_number, absent, acceleration)
    by_number = {p.number: p for p in players}
    theirs: dict[int, int] = {}
    for board in recorded:
        theirs[board.white] = board.black
        if board.black:
            theirs[board.black] = board.white
    for n in theirs:
        if n not in by_number:
            return f"C.04.2: player {n} was not to be paired"
    missing = [n for n in by_number if n not in theirs]
    byes = [n for n, o in theirs.items() if o == 0]
    if missing or len(byes) > len(players) % 2:
        return "C4 (pair as many players as possible): " + (
            f"player {missing[0]} has no board" if missing else "more than one bye"
        )
    for n, o in sorted(theirs.items()):
        if o == 0 and not by_number[n].bye_eligible:
            return f"C2: player {n} may not receive the pairing-allocated bye"
        if o and o in by_number[n].opponents:
            return f"C1: {n} and {o} have met"
        if o and not _compatible(by_number[n], by_number[o], ctx):
            return f"C3: {n} and {o} have the same absolute colour preference"
    if engine_boards is None:
        engine_boards = pair_round(
            tournament,
            round_number,
            absent=absent,
            initial_colour=initial_colour,
            acceleration=acceleration,
        ).boards
    ours: dict[int, int] = {}
    for board in engine_boards:
        ours[board.white] = board.black
        if board.black:
            ours[board.black] = board.white
    groups = _groups(players)
    movers: list[PairingPlayer] = []
    for index, residents in enumerate(groups):
        members = movers + residents
        inside = {p.number for p in members}
        mine = {p.number: ours[p.number] for p in members if ours[p.number] in inside}
        kept = {p.number: theirs[p.number] for p in members if theirs[p.number] in inside}
        if mine != kept:
            rest = [p for g in groups[index + 1 :] for p in g]
            next_group = {p.number for p in groups[index + 1]} if rest else set()
            return _first_field(movers, residents, rest, next_group, ours, theirs, ctx)
        movers = _ranked([p for p in members if p.number not in mine])
    numbers = pairing_numbers(tournament, round_number, absent)
    rank = {p.number: i for i, p in enumerate(players)}
    engine_pairs = {(b.white, b.black) for b in engine_boards}
    for board in recorded:
        if board.black and (board.white, board.black) not in engine_pairs:
            higher, lower = sorted((board.white, board.black), key=rank.__getitem__)
            article = colour_of_higher(
                by_number[higher], by_number[lower], initial_colour, numbers[higher]
            )[1]
            return f"{article} (colour allocation), board {board.white}-{board.black}"
    return ""


def _first_field(
    movers: list[PairingPlayer],
    residents: list[PairingPlayer],
    rest: list[PairingPlayer],
    next_group: set[int],
    ours: dict[int, int],
    theirs: dict[int, int],
    ctx: _Context,
) -> str:
    """The first criterion field whose sum over the bracket's pairs (and the pairs of
    the players below, as the engine's matching sees them) differs between the two."""
    bracket = _Bracket(movers, residents, rest, next_group)
    everyone = bracket.members + rest
    bye = None
    if len(everyone) % 2:
        eligible = [p.score for p in everyone if p.bye_eligible]
        bye = _Bye(min(eligible), decided_here=False) if eligible else None
    order = {p.number: i for i, p in enumerate(everyone)}
    by_number = {p.number: p for p in everyone}

    def totals(mate: dict[int, int]) -> list[int]:
        summed: list[int] = []
        for a, b in mate.items():
            if b in order and order[a] < order[b]:
                fields = _fields(by_number[a], by_number[b], bracket, ctx, bye)
                summed = [x + y for x, y in zip(summed or [0] * len(fields), fields, strict=True)]
        return summed

    labels = _field_labels(bracket, ctx, bye)
    for label, mine, recorded in zip(labels, totals(ours), totals(theirs), strict=False):
        if mine != recorded:
            return label
    return "4 (order of candidates)"


def _ranked(states: Collection[PairingPlayer]) -> list[PairingPlayer]:
    """1.2 (2017: A.2): by score, then pairing number."""
    return sorted(states, key=lambda p: (-p.score, p.number))


def pair_round(
    tournament: TournamentResults,
    round_number: int,
    *,
    absent: Collection[int] = (),
    initial_colour: Color = WHITE,
    acceleration: Acceleration | None = None,
) -> RoundPairing:
    """Pair round ``round_number`` from the rounds before it.

    ``absent`` are the players not to be paired (requested byes, withdrawals:
    C.04.2); everybody else present is paired, one of them possibly with the
    pairing-allocated bye.  ``acceleration`` gives virtual points (C.04.5) that
    the pairing scores include.  Raises NoLegalPairing when C1-C3 cannot all hold.
    """
    players, ctx = _round(tournament, round_number, absent, acceleration)
    if not players:
        return RoundPairing(round_number, ())
    pairs, bye = _pair(players, ctx)
    numbers = pairing_numbers(tournament, round_number, absent)
    return RoundPairing(round_number, _boards(pairs, bye, initial_colour, numbers))


def _round(
    tournament: TournamentResults,
    round_number: int,
    absent: Collection[int],
    acceleration: Acceleration | None,
) -> tuple[list[PairingPlayer], _Context]:
    """The players to pair in the round, ranked (1.2), and what every edge depends on."""
    played = round_number - 1
    states = player_states(tournament, played, acceleration)
    players = _ranked([s for n, s in states.items() if n not in set(absent)])
    win = max(tournament.scoring.win, tournament.scoring.draw)
    final = round_number >= tournament.rounds
    ctx = _Context(
        topscorers=frozenset(p.number for p in players if final and p.score > win * played / 2),
        played=played,
        width=(len(players) // 2 + 2).bit_length() + 1,
    )
    return players, ctx


def _match(bracket: _Bracket, ctx: _Context, bye: _Bye | None) -> dict[int, int]:
    """The best pairing the bracket sees, as pairing number -> opponent.

    The criteria fields are packed into one integer per edge, then the order of
    candidates (4.2: each S1 player, from the top, with the first S2 player
    possible) is added below them, a few S1 players at a time when the whole
    order would not fit the matching library's 128-bit weights: the S1 players
    whose opponents are decided are fixed before the next ones are ordered."""
    everyone = bracket.members + bracket.below
    index = {p.number: i for i, p in enumerate(everyone)}
    inside = {index[n] for n in bracket.inside}
    graph, bits = _graph(everyone, bracket, ctx, bye)
    best = max_weight_matching(len(everyone), graph, bits)
    pairs = sum(1 for i, j in best.items() if i < j and i in inside and j in inside)
    if bracket.homogeneous and pairs < len(bracket.s1):
        # S1 is as large as the number of pairs the bracket can make: split again.
        bracket = _Bracket(
            [],
            bracket.residents,
            bracket.below,
            bracket.next_group,
            pairs,
            relaxation=bracket.relaxation,
        )
        graph, bits = _graph(everyone, bracket, ctx, bye)
        best = max_weight_matching(len(everyone), graph, bits)
    s1 = sorted(
        (index[n] for n in bracket.s1 if n in index),
        key=lambda i: bracket.position[everyone[i].number],
    )
    s2 = {index[n]: j for n, j in bracket.s2_index.items()}
    natural = _natural(graph, s1, s2, best, bits)
    if natural is not None:
        return {everyone[i].number: everyone[j].number for i, j in natural.items()}
    if bracket.homogeneous:
        graph = _settle_exchanges(graph, s1, sorted(s2, key=s2.__getitem__), inside, best, bits)
        # Once the exchanges decide which player of each pair is the higher one,
        # S2 is sorted again (4.2): each higher player, from the top, meets the
        # highest opponent possible, wherever the exchange put it.
        s1 = [index[p.number] for p in bracket.members]
        s2 = {i: i for i in s1}
    n = len(s2)  # an S1 player's order value, n - (index of its S2 opponent), is 1..n
    digit = (n + 1).bit_length()
    quality_bits = max((q.bit_length() for _, _, q in graph), default=0)
    chunk = max(0, (WEIGHT_BITS - quality_bits) // digit) if s1 else 1
    if chunk == 0 or bits is None:
        chunk, bits = max(len(s1), 1), None  # arbitrary precision: all at once
    mate: dict[int, int] = {}
    fixed: dict[int, int] = {}
    floating: set[int] = set()
    for start in range(0, max(len(s1), 1), chunk):
        group = s1[start : start + chunk]
        rank = {u: len(group) - 1 - t for t, u in enumerate(group)}
        weighted = []
        for i, j, q in graph:
            if i in fixed or j in fixed:
                continue
            if (i in floating and j in inside) or (j in floating and i in inside):
                continue
            order = 0
            if i in rank and j in s2:
                order = (n - s2[j]) * (n + 1) ** rank[i]
            weighted.append((i, j, (q << (digit * len(group))) | order))
        mate = max_weight_matching(len(everyone), weighted, bits)
        for u in group:
            v = mate.get(u)
            if v is not None and v in inside:
                fixed[u], fixed[v] = v, u
            else:
                floating.add(u)
    mate.update(fixed)
    return {everyone[i].number: everyone[j].number for i, j in mate.items()}


def _graph(
    everyone: list[PairingPlayer], bracket: _Bracket, ctx: _Context, bye: _Bye | None
) -> tuple[list[tuple[int, int, int]], int | None]:
    """The edges (i < j, both compatible) with their packed criteria, and the
    weight bound for the matching (None: wider than the 128-bit library takes)."""
    edges = [
        (i, j, _fields(a, b, bracket, ctx, bye))
        for i, a in enumerate(everyone)
        for j in range(i + 1, len(everyone))
        if _allowed(a, b := everyone[j], bracket, ctx)
    ]
    quality = pack_fields(edges)
    quality_bits = max((q.bit_length() for q in quality), default=0)
    graph = [(i, j, q) for (i, j, _), q in zip(edges, quality, strict=True)]
    return graph, WEIGHT_BITS if quality_bits < WEIGHT_BITS else None


def _allowed(a: PairingPlayer, b: PairingPlayer, bracket: _Bracket, ctx: _Context) -> bool:
    """Whether the matching has an edge between ``a`` and ``b``: they are compatible,
    or, when the bracket sees the next score group through ports (see _pair), they
    are two ports, or a port and a player compatible with somebody of that group."""
    relaxation = bracket.relaxation
    if relaxation is not None:
        a_port, b_port = a.number in relaxation.ports, b.number in relaxation.ports
        if a_port and b_port:
            return True
        if a_port or b_port:
            return relaxation.reaches(b if a_port else a, ctx)
    return _compatible(a, b, ctx)


def _settle_exchanges(
    graph: list[tuple[int, int, int]],
    s1: list[int],
    s2: list[int],
    inside: set[int],
    best: dict[int, int],
    bits: int | None,
) -> list[tuple[int, int, int]]:
    """4.3, exchanges in a homogeneous bracket: of the best pairings (the fewest
    exchanges and the smallest difference of numbers are already in the weights),
    those that move the lowest S1 players possible to S2, then the highest S2
    players possible to S1.  Each player is tried in that order and his side
    fixed; the graph returned keeps only the edges that respect every side fixed.

    A player is on the S1 side when he is the higher player of a pair in the
    bracket (the node numbers are the bracket's order)."""
    nodes = 1 + max((j for _, j, _ in graph), default=0)

    def higher(mate: dict[int, int], u: int) -> bool:
        v = mate.get(u)
        return v is not None and v in inside and v > u

    exchanges = sum(not higher(best, u) for u in s1)
    low: set[int] = set()  # may not be the higher player of a pair in the bracket
    high: set[int] = set()  # must be

    def allowed(i: int, j: int) -> bool:
        if j in inside:
            return i not in low and j not in high
        return i not in high

    def on_s1_side(u: int, wanted: bool) -> bool:
        """Whether a best pairing (within the sides fixed) can put ``u`` on the
        S1 side (``wanted``) or on the S2 side: weights doubled, one more for the
        edge of ``u`` that agrees, so the tie-break never outweighs a criterion.
        On the S2 side ``u`` may also stay unpaired: an extra node, paired with
        ``u`` alone, stands for that (best pairings need not all have as many
        pairs when the matching sees only part of the players below)."""
        trial = [
            (i, j, 2 * q + (u in (i, j) and (i == u and j in inside) == wanted))
            for i, j, q in graph
            if allowed(i, j)
        ]
        if not wanted:
            trial.append((u, nodes, 1))
        mate = max_weight_matching(nodes + 1, trial, None if bits is None else bits + 1)
        return higher(mate, u)

    for u in reversed(s1):
        if exchanges and not on_s1_side(u, wanted=False):
            low.add(u)
            exchanges -= 1
        else:
            high.add(u)
    exchanges = sum(u in low for u in s1)
    for u in s2:
        if exchanges and on_s1_side(u, wanted=True):
            high.add(u)
            exchanges -= 1
        else:
            low.add(u)
    return [(i, j, q) for i, j, q in graph if allowed(i, j)]


def _natural(
    graph: list[tuple[int, int, int]],
    s1: list[int],
    s2: dict[int, int],
    best: dict[int, int],
    bits: int | None,
) -> dict[int, int] | None:
    """The first candidate, S1[i] against S2[i] (no transposition), with the best
    pairing of everybody else, when that is as good as the best pairing: it then
    also comes first in the order of candidates.  None when it is not."""
    second = sorted(s2, key=s2.__getitem__)
    if not s1 or len(second) < len(s1):
        return None
    weight = {(i, j): q for i, j, q in graph}
    pairs = list(zip(s1, second, strict=False))
    if any(pair not in weight for pair in pairs):
        return None
    taken = {v for pair in pairs for v in pair}
    nodes = 1 + max(j for _, j, _ in graph)
    rest = max_weight_matching(
        nodes, [(i, j, q) for i, j, q in graph if i not in taken and j not in taken], bits
    )

    def total(mate: dict[int, int]) -> int:
        return sum(weight[(i, j)] for i, j in mate.items() if i < j)

    if sum(weight[pair] for pair in pairs) + total(rest) != total(best):
        return None
    for i, j in pairs:
        rest[i], rest[j] = j, i
    return rest


def pack_fields(rows: list[tuple[int, int, list[int]]]) -> list[int]:
    """Each edge's fields as one integer, most significant first: a field gets room
    for its largest value times the most pairs that can score in it, so a gain in a
    field always outweighs anything the fields after it can add up to.  Fields zero
    on every edge decide nothing and are left out (a field equal on every edge
    still counts the pairs made)."""
    if not rows:
        return []
    packed = [0] * len(rows)
    seen: set[tuple[int, ...]] = set()
    for column in zip(*(fields for _, _, fields in rows), strict=True):
        largest = max(column)
        if not largest or column in seen:
            continue  # a column equal to an earlier one is already decided by it
        seen.add(column)
        touched = {
            v for (i, j, _), field in zip(rows, column, strict=True) if field for v in (i, j)
        }
        width = (largest * (len(touched) // 2 + 1)).bit_length()
        packed = [(value << width) | field for value, field in zip(packed, column, strict=True)]
    return packed


def _groups(players: list[PairingPlayer]) -> list[list[PairingPlayer]]:
    """1.3 (2017: A.3): the score groups, highest score first."""
    groups: list[list[PairingPlayer]] = []
    for p in players:
        if groups and groups[-1][0].score == p.score:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def _pair(
    players: list[PairingPlayer], ctx: _Context
) -> tuple[list[tuple[PairingPlayer, PairingPlayer]], PairingPlayer | None]:
    """Pair the brackets from the top (1.9; 2017: A.9); the players of a bracket
    left unpaired move down to the next one (MDPs).

    Each bracket's pairing is the one that its matching with every player below
    would give (the full matching).  With many players below, a smaller matching
    gives it, checked afterwards, else the bracket is paired again seeing all:

    - Edges to players below the next score group carry C4 alone (and C2 and C5
      when the bye is left over): the small matching drops C4 and does not see
      those players, who are taken to pair whoever it leaves unpaired.
    - Edges from the bracket to the next group carry C8 alone (pairs in the next
      bracket, and the score of the higher player), the same whoever the
      opponent; so do pairs inside that group.  Their best total, given the f
      players who float into it, is all of them paired there and the group
      pairing the rest among itself: (|group| + f) // 2 pairs.  The small
      matching sees K >= f of the group's players as ports, compatible with
      each other and with every player compatible with somebody of the group,
      and takes the other |group| - K (an even number) as pairing among
      themselves: (K + f) // 2 + (|group| - K) / 2 pairs, the same total.  f
      is at most the number of players the bracket cannot pair inside it (C6
      comes first), which is checked against K.

    So for every full matching that pairs everybody (C4; the bye, if any, to an
    eligible player of the lowest score: C2, C5), the small matching has one at
    least as good, criterion by criterion.  When the small matching's result
    extends to such a full matching whose next group reaches that best total
    (checked by _extends), that extension is the best full matching, and the
    bracket's part of both is the same.  The result thus never depends on how
    far the matching looks; only the time taken does (the check usually passes)."""
    groups = _groups(players)
    pairs: list[tuple[PairingPlayer, PairingPlayer]] = []
    movers: list[PairingPlayer] = []
    for index, residents in enumerate(groups):
        rest = [p for g in groups[index + 1 :] for p in g]
        size = len(groups[index + 1]) if rest else 0
        outcome = None
        if len(movers) + len(residents) + len(rest) > FULL_VIEW and size < len(rest):
            # Ports for the players who may float (the movers, an odd one), even
            # |group| - K; all of the group when that is not enough.
            ports = min(size, len(movers) + 2 + (size - len(movers)) % 2)
            for k in dict.fromkeys((ports, size)):
                relaxation = _Relaxation(rest[:size], k, rest[size:])
                outcome = _pair_bracket(movers, residents, rest, size, ctx, relaxation)
                if outcome is not None:
                    break
        if outcome is None:
            outcome = _pair_bracket(movers, residents, rest, size, ctx, None)
        assert outcome is not None  # seeing everybody below, a bracket always completes
        found, movers = outcome
        pairs += found
    if len(movers) > 1:
        raise NoLegalPairing(msg("no pairing satisfies C1-C3 for every player"))
    return pairs, movers[0] if movers else None


def _pair_bracket(
    movers: list[PairingPlayer],
    residents: list[PairingPlayer],
    rest: list[PairingPlayer],
    next_size: int,
    ctx: _Context,
    relaxation: _Relaxation | None,
) -> tuple[list[tuple[PairingPlayer, PairingPlayer]], list[PairingPlayer]] | None:
    """The pairs of one bracket and the players it moves down, seeing everybody
    below or through a ``relaxation`` (None when its result does not extend)."""
    by_number = {p.number: p for p in (*movers, *residents)}
    if relaxation is None:
        below = rest
    else:
        below = [p for p in relaxation.next_group if p.number in relaxation.ports]
    next_group = {p.number for p in rest[:next_size]}
    bracket = _Bracket(movers, residents, below, next_group, relaxation=relaxation)
    everyone = bracket.members + below
    bye = None
    if relaxation is None and len(everyone) % 2 == 1:
        eligible = [p.score for p in everyone if p.bye_eligible]
        if not eligible:
            raise NoLegalPairing(msg("no player may receive the pairing-allocated bye (C2)"))
        bye = _Bye(min(eligible), decided_here=False)
    mate = _match(bracket, ctx, bye)
    if bye is not None and bye.score >= residents[0].score:
        # C9 weighs only in the bracket that leaves the bye over, and only
        # when none of its players has to float lower than it (then the
        # bracket's one unpaired player is the bye, as bbpPairings reads it).
        lower = {p.number for p in below if p.score < residents[0].score}
        if not any(mate.get(p.number) in lower for p in bracket.members):
            bye = _Bye(bye.score, decided_here=True)
            mate = _match(bracket, ctx, bye)
    if relaxation is not None:
        if not _extends(bracket, mate, relaxation, ctx):
            return None
    else:
        unmatched = [p for p in everyone if p.number not in mate]
        if len(unmatched) > 1 or (unmatched and not unmatched[0].bye_eligible):
            raise NoLegalPairing(msg("no pairing satisfies C1-C3 for every player"))
    pairs: list[tuple[PairingPlayer, PairingPlayer]] = []
    left: list[PairingPlayer] = []
    if movers:
        # The moved-down players' opponents are now fixed (the MDP-Pairing, 3.3):
        # the residents left over are paired again as a homogeneous remainder.
        taken: set[int] = set()
        for m in movers:
            opponent = mate.get(m.number)
            if opponent in bracket.inside and m.number not in taken:
                pairs.append((m, by_number[opponent]))
                taken.update((m.number, opponent))
        left = [m for m in movers if m.number not in taken]
        remainder = [p for p in residents if p.number not in taken]
        bracket = _Bracket([], remainder, left + below, next_group, relaxation=relaxation)
        if bye is not None:
            # The lowest bye-eligible score may have been a mover just paired.
            eligible = [p.score for p in remainder + left + below if p.bye_eligible]
            bye = _Bye(min(eligible), bye.decided_here)
        mate = _match(bracket, ctx, bye) if remainder else {}
        if relaxation is not None and remainder and not _extends(bracket, mate, relaxation, ctx):
            return None
    floaters = list(left)
    for p in bracket.members:
        opponent = mate.get(p.number)
        if opponent in bracket.inside:
            if p.number < opponent:
                pairs.append((p, by_number[opponent]))
        else:
            floaters.append(p)
    return pairs, _ranked(floaters)


def _extends(
    bracket: _Bracket, mate: dict[int, int], relaxation: _Relaxation, ctx: _Context
) -> bool:
    """Whether the small matching's result ``mate`` extends to the full matching
    described in _pair: the players it sends to ports paired with distinct players
    of the next group, the rest of that group paired among itself but for one
    when they are odd, and everybody left over then paired (_completes)."""
    ports = relaxation.ports
    seen = [p for p in bracket.members + bracket.below if p.number not in ports]

    def paired_inside(p: PairingPlayer) -> bool:
        # only these pairs are kept (and only they weigh in C6): any other pair of
        # two seen players has weight 0, its players float
        q = mate.get(p.number)
        return q is not None and q not in ports and bracket.inside & {p.number, q} != set()

    floating = [p for p in seen if not paired_inside(p)]
    if len(floating) > len(ports):
        return False  # more players may float into the group than it has ports
    group = list(relaxation.next_group)
    for p in floating:
        if mate.get(p.number) in ports:
            opponent = next((q for q in group if _compatible(p, q, ctx)), None)
            if opponent is None:
                return False
            group.remove(opponent)
    spare = _unpaired(group, ctx)
    if len(spare) > 1:
        return False
    unmatched = [p for p in floating if mate.get(p.number) not in ports]
    everyone = [*seen, *relaxation.next_group, *relaxation.beyond]
    eligible = [p.score for p in everyone if p.bye_eligible]
    bye_score = min(eligible) if eligible else None
    return _completes(
        _ranked(unmatched + spare + relaxation.beyond), relaxation.beyond, bye_score, ctx
    )


def _completes(
    left: list[PairingPlayer],
    beyond: list[PairingPlayer],
    bye_score: Fraction | None,
    ctx: _Context,
) -> bool:
    """Whether the players ``left`` (ranked) can all be paired (C1, C3), but for
    one, when they are an odd number, who may receive the bye (C2), is ``beyond``
    the bracket's view and has the lowest score of those who may (``bye_score``).
    A greedy pairing usually shows it; a maximum matching decides when it does not."""
    candidates: list[PairingPlayer] = []
    if len(left) % 2:
        candidates = [p for p in beyond if p.bye_eligible and p.score == bye_score]
        if not candidates:
            return False
        greedy = [p for p in left if p is not candidates[-1]]
    else:
        greedy = left
    if _greedy_pairs(greedy, ctx):
        return True
    edges = [
        (i, j, 1)
        for i, a in enumerate(left)
        for j in range(i + 1, len(left))
        if _compatible(a, left[j], ctx)
    ]
    if candidates:
        # one more node, paired with the bye's receiver
        index = {p.number: i for i, p in enumerate(left)}
        edges += [(index[p.number], len(left), 1) for p in candidates]
    nodes = len(left) + bool(candidates)
    return len(max_weight_matching(nodes, edges, WEIGHT_BITS)) == nodes


def _greedy_pairs(players: list[PairingPlayer], ctx: _Context) -> bool:
    """Whether pairing each player, from the top, with the first compatible one
    below pairs them all."""
    free = list(players)
    while free:
        a = free.pop(0)
        b = next((k for k, p in enumerate(free) if _compatible(a, p, ctx)), None)
        if b is None:
            return False
        free.pop(b)
    return True


def _unpaired(players: list[PairingPlayer], ctx: _Context) -> list[PairingPlayer]:
    """The players that a largest pairing of ``players`` among themselves leaves over."""
    even = len(players) - len(players) % 2
    if _greedy_pairs(players[:even], ctx):
        return players[even:]
    edges = [
        (i, j, 1)
        for i, a in enumerate(players)
        for j in range(i + 1, len(players))
        if _compatible(a, players[j], ctx)
    ]
    mate = max_weight_matching(len(players), edges, WEIGHT_BITS)
    return [p for i, p in enumerate(players) if i not in mate]


def _boards(
    pairs: list[tuple[PairingPlayer, PairingPlayer]],
    bye: PairingPlayer | None,
    initial: Color,
    numbers: dict[int, int],
) -> tuple[Board, ...]:
    """C.04.2 (board order): the higher score of the pair, then the sum of the
    scores, then the rank of the higher-ranked player; the bye last.  ``numbers``
    are the round's pairing numbers (see ``pairing_numbers``), for 5.2.5."""
    rank = {p.number: i for i, p in enumerate(_ranked([q for pair in pairs for q in pair]))}
    ordered = []
    for a, b in pairs:
        higher, lower = (a, b) if rank[a.number] < rank[b.number] else (b, a)
        ordered.append(
            ((-higher.score, -(higher.score + lower.score), rank[higher.number]), higher, lower)
        )
    ordered.sort(key=lambda item: item[0])
    boards = []
    for _, higher, lower in ordered:
        if colour_of_higher(higher, lower, initial, numbers[higher.number])[0] is WHITE:
            boards.append(Board(higher.number, lower.number))
        else:
            boards.append(Board(lower.number, higher.number))
    if bye is not None:
        boards.append(Board(bye.number, 0))
    return tuple(boards)
