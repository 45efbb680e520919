"""Our values against tiebreak-core 1.2.0 on random Swiss tournaments full of unplayed rounds.

tiebreak-core is an independent implementation of C.07 (its ``fide-2024`` ruleset is
the 2023/2024 text, our ``fide-2023``; its ``fide-2026`` is ours).  It is a witness,
not the authority: where it departs from the articles, the comparison takes the
article's value instead, only in the situation where it departs, and the case is
written down below with the article and a hand-computed example.

Known departures of tiebreak-core from C.07:

1. SB-C2 under 2026 (C.07 14.1.1 item 4, 16.5.1, 16.5.2).  When the least significant
   value (the product for the lowest-scoring opponent, dummy included) comes from a
   VUR and another VUR contributes the same value (typically 0: a forfeit loss and a
   zero-point bye), it cuts the first such VUR in round order instead of the least
   significant element itself, although 16.5.1 says "they are the same element if the
   least significant value comes from a VUR".  SB-C1 is the same either way; SB-C2
   is not, because the second cut (16.5.2) is made among different remaining elements.
   See test_sb_c2_cuts_the_least_significant_vur_itself.
2. Modifiers on very short records (C.07 14.1-14.4).  When a modifier names at least as
   many cuts as the player has elements (C1 with 1 round; C2 and M1 with up to 2; M2
   with up to 4), tiebreak-core keeps one element (C1, C2) or cuts nothing at all (M1,
   M2: "<3 elements -> full BH"), a guard its own article16.py calls "documented edge
   guard, not a FIDE rule".  The articles cut the least (and most) significant values
   with no minimum, so every element goes and the value is 0; its guard also makes its
   BH-M1 exceed its BH-C1 with two rounds (2 + 3 -> C1 3, M1 5), which 14.3 ("the least
   and the most") cannot give.  See test_a_cut_may_take_every_element.
3. ARO of a player with no game over the board against a rated opponent (C.07 10.1,
   "the average of the ratings of the opponents played over the board"; both engines
   leave unrated opponents out, as 10 allows): an average of nothing, which the
   TEC exercises (ex. 18) call undefined.  tiebreak-core says 0.0; ours says None
   (undefined, printed empty).  A difference of representation, compared as such.
4. The rest round of an odd round robin (C.07 15.2: in round robins forfeits are "the
   only possible unplayed rounds"; seed 000: "the bye of an odd-sized round robin is
   ignored").  In its round-robin mode tiebreak-core still gives the rest round a
   dummy element with product 0, which SB-C1 may cut instead of the lowest-scoring
   opponent's product.  The comparison takes SB-C1 without that element for players
   who rested.  See test_a_round_robin_rest_round_is_no_sb_element.
5. Its descriptor API (``calculate_descriptor_strict(..., ruleset="fide-2024")``)
   computes under 2026 whatever edition is asked for; the adapter calls
   ``rank_standings_strict``, which honours ``ruleset``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from tiebreak_core import ABSENT, PLAYED, fide2026

from bench.tiebreak_core_adapter import EDITIONS, core_values, to_tiebreak_core
from tests.tiebreaks.strategies import (
    STANDARD,
    berger_schedule,
    round_robins,
    swiss_rates,
    swiss_tournaments,
)
from tiebreaks.model import (
    Color,
    Game,
    Outcome,
    Player,
    Round,
    System,
    TournamentResults,
    Unplayed,
    UnplayedRound,
)
from tiebreaks.standings import compute_standings

COMPARED = ("BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "SB", "SB/C1", "PS", "WIN", "BPG", "ARO")
# tiebreak-core's fide-2024 ruleset has no SB-C2.
COMPARED_BY_EDITION = {"fide-2023": COMPARED, "fide-2026": (*COMPARED, "SB/C2")}
# How many elements each modifier cuts (C.07 14.1-14.4).
CUTS = {"BH/C1": 1, "BH/C2": 2, "BH/M1": 2, "BH/M2": 4, "SB/C1": 1, "SB/C2": 2}


@dataclass(frozen=True)
class _Element:
    basis: Fraction  # the opponent's (or dummy's) score
    value: Fraction  # basis x points scored in the round
    vur: bool


def _article_victim(elements: list[_Element]) -> int:
    """C.07 14.1.1 item 4 with 16.5.1: the index of the SB element to cut."""
    low = min(e.basis for e in elements)
    least = min(
        (i for i, e in enumerate(elements) if e.basis == low),
        key=lambda i: (elements[i].value, not elements[i].vur),
    )
    vurs = [i for i, e in enumerate(elements) if e.vur]
    if not vurs or elements[least].vur:
        # No VUR, or "they are the same element if the least significant value comes
        # from a VUR" (16.5.1).
        return least
    lowest_vur = min(vurs, key=lambda i: elements[i].value)
    return lowest_vur if elements[lowest_vur].value >= elements[least].value else least


def _sb_c2_where_tiebreak_core_departs(players, rank: int, rounds: int) -> Fraction | None:
    """The 2026 SB-C2 by the articles, when tiebreak-core cuts a different element on the
    way (departure 1 above); None when it follows the articles."""
    ctx, adjusted = fide2026._precompute(players, rounds, "swiss", 0.5)
    scored = fide2026._sb_scored(players[rank].points, ctx[rank], adjusted, "swiss", 0.5, rounds)
    theirs = list(scored)
    ours = [_Element(Fraction(e.basis), Fraction(e.value), e.from_vur) for e in scored]
    departs = False
    for _ in range(min(2, len(scored) - 1)):
        their_cut = theirs.pop(fide2026._sb_c1_victim_index(theirs))
        our_cut = ours.pop(_article_victim(ours))
        departs = departs or (Fraction(their_cut.basis), their_cut.from_vur) != (
            our_cut.basis,
            our_cut.vur,
        )
    return sum((e.value for e in ours), Fraction(0)) if departs else None


def _without_rated_games(players, rank: int) -> bool:
    return not any(g.kind == PLAYED and g.opponent_rating > 0 for g in players[rank].games)


def _rr_sb_c1_without_the_rest_round(players, rank: int) -> Fraction | None:
    """SB-C1 of a round-robin player who rested (departure 4): the product for the
    lowest-scoring opponent (the smaller one among equals, 14.1.1 item 4) is cut from
    the games, forfeits included (15.2); None for a player who never rested."""
    games = players[rank].games
    if all(g.kind != ABSENT for g in games):
        return None
    elements = [
        (Fraction(players[g.opponent_id].points), Fraction(g.score)) for g in games
        if g.kind != ABSENT
    ]  # fmt: skip
    products = [score * points for score, points in elements]
    least = min(range(len(elements)), key=lambda e: (elements[e][0], products[e]))
    return sum(products, Fraction(0)) - products[least]


def _our_values(
    tournament: TournamentResults, codes, edition: str
) -> dict[int, dict[str, Fraction | int | None]]:
    standings = compute_standings(tournament, codes, rules=edition)
    return {
        row.player.start_rank: {code: row.tiebreaks[code] for code in codes}
        for row in standings.rows
    }


# tiebreak-core has no "result not known yet": a missing round is an absence to it.
_FINISHED_HEAVY = swiss_rates(heavy=True).map(lambda r: replace(r, unknown_result=0.0))


def _differences(ours, expected) -> list[tuple[int, str, object, object]]:
    """(start rank, code, ours, expected) for every value that differs."""
    return [
        (rank, code, ours[rank][code], value)
        for rank, values in sorted(expected.items())
        for code, value in values.items()
        if ours[rank][code] != value
    ]


@settings(max_examples=150, deadline=None)
@given(
    tournament=swiss_tournaments(rates=_FINISHED_HEAVY, scoring=st.just(STANDARD), rated_only=True),
    edition=st.sampled_from(sorted(EDITIONS)),
)
def test_values_equal_tiebreak_core(tournament: TournamentResults, edition: str) -> None:
    codes = COMPARED_BY_EDITION[edition]
    players = to_tiebreak_core(tournament)
    expected: dict[int, dict[str, Fraction | None]] = {
        rank: dict(values)
        for rank, values in core_values(players, codes, tournament.rounds, edition).items()
    }
    for rank, values in expected.items():
        if edition == "fide-2026":
            by_article = _sb_c2_where_tiebreak_core_departs(players, rank, tournament.rounds)
            if by_article is not None:
                values["SB/C2"] = by_article
        elements = len(players[rank].games)
        for code in values.keys() & CUTS.keys():
            if CUTS[code] >= elements:  # departure 2: nothing is left
                values[code] = Fraction(0)
        if "ARO" in values and _without_rated_games(players, rank):
            values["ARO"] = None  # departure 3

    ours = _our_values(tournament, codes, edition)

    assert _differences(ours, expected) == []


ROUND_ROBIN_COMPARED = ("SB", "SB/C1", "PS", "WIN", "BPG", "ARO")


@settings(max_examples=80, deadline=None)
@given(round_robins(forfeit_rate=st.sampled_from((0.1, 0.25)), scoring=st.just(STANDARD)))
def test_round_robin_values_equal_tiebreak_core(tournament: TournamentResults) -> None:
    # 2026 only: tiebreak-core's fide-2024 ruleset has no round-robin mode (C.07 15.2).
    # No Buchholz: "these tie-breaks must not be used in round-robins" (8, 2026).
    codes = ROUND_ROBIN_COMPARED
    players = to_tiebreak_core(tournament)
    expected: dict[int, dict[str, Fraction | None]] = {
        rank: dict(values)
        for rank, values in core_values(
            players, codes, tournament.rounds, "fide-2026", round_robin=True
        ).items()
    }
    for rank, values in expected.items():
        by_article = _rr_sb_c1_without_the_rest_round(players, rank)
        if by_article is not None:
            values["SB/C1"] = by_article  # departure 4
        if _without_rated_games(players, rank):
            values["ARO"] = None  # departure 3

    ours = _our_values(tournament, codes, "fide-2026")

    assert _differences(ours, expected) == []


def _departure_example() -> TournamentResults:
    """Five players, four rounds.  Player 1 takes a zero-point bye in round 1 and loses
    round 2 by forfeit to player 2, then beats 3 and 4.

    Final scores: 1: 2, 2: 1, 3: 1.5, 4: 2.5, 5: 3.5 (5's last-round half-point bye is
    16.2.5, valued as a draw: 3.5 adjusted as well).  Player 1 under 2026, n = 4:
      r1 ZPB (16.2.3, a VUR): dummy min(2, 0.5 x 4) = 2, product 0
      r2 forfeit loss to 2 (VUR): dummy min(2, adjusted 1) = 1, product 0
      r3 win against 3: 1.5;  r4 win against 4: 2.5
    SB = 4.  SB-C1: the lowest opponent score is the r2 dummy (1), a VUR, product 0:
    cut it; SB-C1 = 4.  SB-C2 (16.5.2, again on the rest): the least significant value
    is now the win against 3 (score 1.5, product 1.5); the lowest VUR product is the
    r1 bye's 0; cut the higher, 1.5: SB-C2 = 2.5.  tiebreak-core cuts the r1 bye first
    (the first zero VUR), then the r2 forfeit, and says SB-C2 = 4.
    """
    w, b = Color.WHITE, Color.BLACK
    win, draw, loss = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
    zpb, pab, hpb = (UnplayedRound(k) for k in (Unplayed.ZPB, Unplayed.PAB, Unplayed.HPB))
    strips: dict[int, tuple[Round, ...]] = {
        1: (zpb, UnplayedRound(Unplayed.FORFEIT_LOSS, 2, w), Game(3, win, w), Game(4, win, b)),
        2: (Game(5, loss, w), UnplayedRound(Unplayed.FORFEIT_WIN, 1, b), Game(4, loss, b),
            Game(3, loss, w)),
        3: (Game(4, draw, w), Game(5, loss, b), Game(1, loss, b), Game(2, win, b)),
        4: (Game(3, draw, b), pab, Game(2, win, w), Game(1, loss, w)),
        5: (Game(2, win, b), Game(3, win, w), pab, hpb),
    }  # fmt: skip
    return TournamentResults(
        players=tuple(Player(rank, rating=2000, rounds=r) for rank, r in strips.items()),
        rounds=4,
    )


def test_sb_c2_cuts_the_least_significant_vur_itself() -> None:
    tournament = _departure_example()
    players = to_tiebreak_core(tournament)

    ours = _our_values(tournament, ("SB", "SB/C1", "SB/C2"), "fide-2026")[1]
    theirs = core_values(players, ("SB", "SB/C1", "SB/C2"), 4, "fide-2026")[1]

    assert ours == {"SB": 4, "SB/C1": 4, "SB/C2": Fraction(5, 2)}
    assert theirs == {"SB": 4, "SB/C1": 4, "SB/C2": 4}  # departure 1
    assert _sb_c2_where_tiebreak_core_departs(players, 1, 4) == Fraction(5, 2)


def test_a_cut_may_take_every_element() -> None:
    # Two rounds: player 1 beats 2 (1 point at the end) and draws with 3 (1.5 at the
    # end), so BH = 2.5 and each modifier cuts: C1 -> 1.5; C2, M1 (least then most)
    # and M2 -> nothing left, 0.
    w, b = Color.WHITE, Color.BLACK
    win, draw, loss = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
    pab = UnplayedRound(Unplayed.PAB)
    strips: dict[int, tuple[Round, ...]] = {
        1: (Game(2, win, w), Game(3, draw, b)),
        2: (Game(1, loss, b), pab),
        3: (pab, Game(1, draw, w)),
    }
    tournament = TournamentResults(
        players=tuple(Player(rank, rating=2000, rounds=r) for rank, r in strips.items()),
        rounds=2,
    )
    codes = ("BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2")

    ours = _our_values(tournament, codes, "fide-2026")[1]
    theirs = core_values(to_tiebreak_core(tournament), codes, 2, "fide-2026")[1]

    half = Fraction(1, 2)
    assert ours == {"BH": 5 * half, "BH/C1": 3 * half, "BH/C2": 0, "BH/M1": 0, "BH/M2": 0}
    assert theirs == {  # departure 2
        "BH": 5 * half, "BH/C1": 3 * half, "BH/C2": 3 * half, "BH/M1": 5 * half, "BH/M2": 5 * half
    }  # fmt: skip


def test_a_round_robin_rest_round_is_no_sb_element() -> None:
    # Five players, each rests once.  1 and 5 draw and lose every other game; 2 beats 3,
    # 3 beats 4, 4 beats 2.  Scores: 1 and 5: 0.5; 2, 3, 4: 3.  Player 5's SB is the
    # draw with 1: 0.5 x 0.5 = 0.25; SB-C1 cuts the product of the lowest-scoring
    # opponent, 1 (0.5 points): 0.  tiebreak-core adds a dummy of 0.5 points for the
    # rest round with product 0, cuts that, and says 0.25 (departure 4).
    winners = {(1, 5): None, (2, 3): 2, (3, 4): 3, (2, 4): 4}
    strips: dict[int, list] = {rank: [] for rank in range(1, 6)}
    for boards in berger_schedule(5):
        resting = set(strips) - {rank for board in boards for rank in board}
        strips[resting.pop()].append(UnplayedRound(Unplayed.ABSENT))
        for white, black in boards:
            pair = tuple(sorted((white, black)))
            winner = winners[pair] if pair in winners else max(set(pair) - {5})
            for me, colour, them in ((white, Color.WHITE, black), (black, Color.BLACK, white)):
                outcome = (
                    Outcome.DRAW
                    if winner is None
                    else (Outcome.WIN if winner == me else Outcome.LOSS)
                )
                strips[me].append(Game(them, outcome, colour))
    tournament = TournamentResults(
        players=tuple(Player(rank, rating=2000, rounds=tuple(r)) for rank, r in strips.items()),
        rounds=5,
        system=System.ROUND_ROBIN,
    )
    players = to_tiebreak_core(tournament)
    codes = ("SB", "SB/C1")

    ours = _our_values(tournament, codes, "fide-2026")
    theirs = core_values(players, codes, 5, "fide-2026", round_robin=True)

    quarter = Fraction(1, 4)
    assert [p.points for p in players.values()] == [0.5, 3, 3, 3, 0.5]
    assert ours[5] == ours[1] == {"SB": quarter, "SB/C1": 0}
    assert theirs[5] == theirs[1] == {"SB": quarter, "SB/C1": quarter}  # departure 4
    assert _rr_sb_c1_without_the_rest_round(players, 5) == 0
