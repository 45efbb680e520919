"""Prizes on random standings and prize lists: no cent is created or lost, and every
prize is either given or reported as not given."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tiebreaks.test_prizes import table
from tiebreaks.prizes import Awards, PlayerFacts, award, parse_prize_list

SETTINGS = settings(max_examples=150, deadline=None)


@st.composite
def events(draw: st.DrawFn) -> tuple:
    """(standings, facts, prize list data): up to 12 players in groups tied on points,
    some of them tied on everything; a general list and a rating band."""
    size = draw(st.integers(1, 12))
    points = sorted(draw(st.lists(st.integers(0, 6), min_size=size, max_size=size)), reverse=True)
    rows, rank = [], 1
    for i, p in enumerate(points, 1):
        tied_on_everything = i > 1 and p == points[i - 2] and draw(st.booleans())
        rank = rank if tied_on_everything else i
        rows.append((i, p, rank))
    facts = {
        i: PlayerFacts(i, rating=draw(st.one_of(st.none(), st.integers(1400, 2200))))
        for i in range(1, size + 1)
    }
    cents = st.integers(1, 100_000).map(lambda c: str(Decimal(c) / 100))
    general = [
        {"name": f"G{k}", "amount": draw(cents), "place": k}
        for k in range(1, draw(st.integers(1, 8)))
    ]
    band = [
        {"name": f"B{k}", "amount": draw(cents), "place": k, "category": {"rating_max": 1799}}
        for k in range(1, draw(st.integers(1, 4)))
    ]
    data = {
        "sharing": draw(st.sampled_from(["tiebreak", "equal", "hort"])),
        "hort_share": draw(st.sampled_from(["0", "0.3", "0.5", "1"])),
        "one_prize_per_player": draw(st.booleans()),
        "precedence": draw(st.sampled_from(["general_first", "order"])),
        "rounding": draw(st.sampled_from(["distribute", "down"])),
        "prizes": general + band or [{"name": "G1", "amount": "1", "place": 1}],
    }
    return table(*rows), facts, data


def paid(awards: Awards) -> Decimal:
    return sum((p.amount or Decimal(0) for w in awards.winners for p in w.prizes), Decimal(0))


@SETTINGS
@given(events())
def test_a_pool_is_paid_out_to_the_cent(event: tuple) -> None:
    standings, facts, data = event
    definition = parse_prize_list({**data, "rounding": "distribute"})
    awards = award(standings, facts, definition)
    given_out = [p for p in definition.prizes if p not in awards.unawarded]
    assert paid(awards) == sum((p.amount or Decimal(0) for p in given_out), Decimal(0))


@SETTINGS
@given(events())
def test_rounding_down_keeps_less_than_a_cent_per_player(event: tuple) -> None:
    standings, facts, data = event
    definition = parse_prize_list({**data, "rounding": "down"})
    awards = award(standings, facts, definition)
    given_out = [p.amount or Decimal(0) for p in definition.prizes if p not in awards.unawarded]
    kept = sum(given_out, Decimal(0)) - paid(awards)
    assert Decimal(0) <= kept < Decimal("0.01") * max(1, len(standings.rows)) * 2


@SETTINGS
@given(events())
def test_every_prize_is_given_or_reported(event: tuple) -> None:
    standings, facts, data = event
    definition = parse_prize_list(data)
    awards = award(standings, facts, definition)
    given_out = {p for w in awards.winners for a in w.prizes for p in a.prizes}
    assert given_out | set(awards.unawarded) == set(definition.prizes)
    assert not given_out & set(awards.unawarded)


@SETTINGS
@given(events())
def test_one_prize_per_player_means_one(event: tuple) -> None:
    standings, facts, data = event
    awards = award(standings, facts, parse_prize_list({**data, "one_prize_per_player": True}))
    assert all(len(w.prizes) == 1 for w in awards.winners)


@SETTINGS
@given(events())
def test_equal_sharing_pays_a_pool_alike_to_the_cent(event: tuple) -> None:
    standings, facts, data = event
    awards = award(standings, facts, parse_prize_list({**data, "sharing": "equal"}))
    amounts = {w.start_rank: w.prizes for w in awards.winners}
    for prizes in amounts.values():
        for prize in prizes:
            for other in prize.shared_with:
                mate = next(p for p in amounts[other] if p.pooled == prize.pooled)
                assert mate.amount is not None and prize.amount is not None
                assert abs(mate.amount - prize.amount) <= Decimal("0.01")
