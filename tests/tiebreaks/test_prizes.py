"""Prizes: every amount below is worked out by hand from the prize list and the table
given in the test (the comment says how)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from tiebreaks.model import Player
from tiebreaks.prizes import (
    PlayerFacts,
    PrizeError,
    PrizeList,
    award,
    parse_prize_list,
    prize_list_json,
)
from tiebreaks.standings import Standings, StandingsRow


def table(*rows: tuple[int, float, int]) -> Standings:
    """Standings from (start rank, points, rank) best first; players with the same rank
    are tied on everything."""
    out = []
    for start_rank, points, rank in rows:
        size = sum(1 for r in rows if r[2] == rank)
        place = str(rank) if size == 1 else f"{rank}-{rank + size - 1}"
        out.append(
            StandingsRow(rank, place, Player(start_rank), Fraction(str(points)), Fraction(0), {})
        )
    return Standings(rules="fide-2026", tiebreaks=(), rows=tuple(out))


def facts(**ratings: int) -> dict[int, PlayerFacts]:
    """Facts for players p1..pN: ``facts(p1=2000, p2=1700)``; 0 is unrated."""
    return {
        int(key[1:]): PlayerFacts(int(key[1:]), rating=rating or None)
        for key, rating in ratings.items()
    }


def prizes(*items: dict, **options: object) -> PrizeList:
    return parse_prize_list({**options, "prizes": list(items)})


def general(*amounts: str) -> list[dict]:
    return [{"name": f"P{i}", "amount": a, "place": i} for i, a in enumerate(amounts, 1)]


def paid(awards, start_rank: int) -> list[tuple[str, str | None]]:
    return [(a.name, None if a.amount is None else str(a.amount)) for a in awards.of(start_rank)]


THREE_TIED = table((1, 5, 1), (2, 5, 2), (3, 5, 3), (4, 4, 4))


def test_tiebreak_sharing_gives_each_player_the_prize_of_their_place() -> None:
    awards = award(THREE_TIED, None, prizes(*general("1000", "600", "400")))
    assert [paid(awards, s) for s in (1, 2, 3, 4)] == [
        [("P1", "1000.00")],
        [("P2", "600.00")],
        [("P3", "400.00")],
        [],
    ]


def test_equal_sharing_pools_the_places_and_gives_the_leftover_cents_in_order() -> None:
    # 2000 / 3 = 666.666..: 666.66 each and 2 cents left, to the first two by tie-break.
    awards = award(THREE_TIED, None, prizes(*general("1000", "600", "400"), sharing="equal"))
    assert [paid(awards, s)[0][1] for s in (1, 2, 3)] == ["666.67", "666.67", "666.66"]
    assert awards.of(1)[0].shared_with == (2, 3)
    assert awards.of(1)[0].pooled == ("P1", "P2", "P3")


def test_hort_splits_half_equally_and_half_by_tiebreak_order() -> None:
    # Half of 2000 split equally: 333.333..; the other half by place: 500, 300, 200.
    # 833.333.., 633.333.., 533.333..: one cent left, equal fractions, to the first.
    awards = award(THREE_TIED, None, prizes(*general("1000", "600", "400"), sharing="hort"))
    assert [paid(awards, s)[0][1] for s in (1, 2, 3)] == ["833.34", "633.33", "533.33"]


def test_hort_share_is_the_organisers() -> None:
    # 20 % of 2000 = 400 split equally (133.333..) + 80 % by place: 800, 480, 320.
    # 933.333.., 613.333.., 453.333..: one cent left, to the first.
    awards = award(
        THREE_TIED,
        None,
        prizes(*general("1000", "600", "400"), sharing="hort", hort_share="0.2"),
    )
    assert [paid(awards, s)[0][1] for s in (1, 2, 3)] == ["933.34", "613.33", "453.33"]


@pytest.mark.parametrize("sharing", ["equal", "hort", "tiebreak"])
def test_one_hundred_shared_by_three_is_paid_to_the_cent(sharing: str) -> None:
    # Three players tied on everything share the 1st prize whatever the method:
    # 33.33 each and one cent left, to the first in start-rank order.
    tied = table((1, 5, 1), (2, 5, 1), (3, 5, 1))
    awards = award(tied, None, prizes(*general("100"), sharing=sharing))
    assert [paid(awards, s)[0][1] for s in (1, 2, 3)] == ["33.34", "33.33", "33.33"]


def test_rounding_down_keeps_the_leftover_cent() -> None:
    tied = table((1, 5, 1), (2, 5, 1), (3, 5, 1))
    awards = award(tied, None, prizes(*general("100"), sharing="equal", rounding="down"))
    assert [paid(awards, s)[0][1] for s in (1, 2, 3)] == ["33.33", "33.33", "33.33"]


def test_a_tie_past_the_last_prize_place_shares_what_is_left() -> None:
    # Players 2-4 tied for 2nd-4th with prizes only for places 1-3: they pool 2nd and
    # 3rd, 90 / 3 = 30 each.
    standings = table((1, 6, 1), (2, 5, 2), (3, 5, 3), (4, 5, 4), (5, 4, 5))
    awards = award(standings, None, prizes(*general("100", "60", "30"), sharing="equal"))
    assert [paid(awards, s) for s in (2, 3, 4, 5)] == [
        [("P2", "30.00")],
        [("P3", "30.00")],
        [("P2 + P3", "30.00")],
        [],
    ]


BEST_U1800 = {"name": "U1800", "amount": "300", "place": 1, "category": {"rating_max": 1799}}
FIVE = table((1, 5, 1), (2, 4, 2), (3, 3, 3), (4, 2, 4), (5, 1, 5))


def test_one_prize_per_player_keeps_the_higher_and_passes_the_other_on() -> None:
    # Player 2 (1700) is 2nd (500) and best U1800 (300): keeps 500; the U1800 prize
    # goes to the next U1800 player, 4.
    ratings = facts(p1=2000, p2=1700, p3=1900, p4=1600, p5=1500)
    awards = award(FIVE, ratings, prizes(*general("1000", "500", "200"), BEST_U1800))
    assert paid(awards, 2) == [("P2", "500.00")]
    assert paid(awards, 4) == [("U1800", "300.00")]


def test_a_player_leaving_the_general_list_moves_the_others_up() -> None:
    # Player 3 (1700) is 3rd (200) and best U1800 (300): takes the U1800 prize, and
    # the 3rd prize goes to player 4.
    ratings = facts(p1=2000, p2=1900, p3=1700, p4=1600, p5=1500)
    awards = award(FIVE, ratings, prizes(*general("1000", "500", "200"), BEST_U1800))
    assert paid(awards, 3) == [("U1800", "300.00")]
    assert paid(awards, 4) == [("P3", "200.00")]


def test_without_one_prize_per_player_a_player_takes_both() -> None:
    ratings = facts(p1=2000, p2=1700, p3=1900, p4=1600, p5=1500)
    definition = prizes(*general("1000", "500", "200"), BEST_U1800, one_prize_per_player=False)
    assert paid(award(FIVE, ratings, definition), 2) == [("P2", "500.00"), ("U1800", "300.00")]


TIED_2_TO_4 = table((1, 6, 1), (2, 5, 2), (3, 5, 3), (4, 5, 4), (5, 4, 5), (6, 3, 6))
ACROSS = facts(p1=2100, p2=2000, p3=1900, p4=1700, p5=1850, p6=1500)


def test_a_share_of_the_general_pool_beats_a_smaller_category_prize() -> None:
    # Equal sharing: 2-4 pool 500 + 300 + 100 = 900, 300 each.  Player 4 (1700) would
    # be best U1800 (150) but keeps the 300 share; the U1800 prize goes to player 6.
    u1800 = {**BEST_U1800, "amount": "150"}
    definition = prizes(*general("1000", "500", "300", "100"), u1800, sharing="equal")
    awards = award(TIED_2_TO_4, ACROSS, definition)
    assert [paid(awards, s)[0][1] for s in (2, 3, 4)] == ["300.00", "300.00", "300.00"]
    assert paid(awards, 6) == [("U1800", "150.00")]


def test_a_larger_category_prize_takes_a_tied_player_out_of_the_pool() -> None:
    # U1800 400 beats the 300 share: player 4 takes it; 2 and 3 then occupy places 2-3
    # and pool 500 + 300 = 800, 400 each; the 4th prize (100) goes to player 5.
    u1800 = {**BEST_U1800, "amount": "400"}
    definition = prizes(*general("1000", "500", "300", "100"), u1800, sharing="equal")
    awards = award(TIED_2_TO_4, ACROSS, definition)
    assert paid(awards, 4) == [("U1800", "400.00")]
    assert [paid(awards, s)[0][1] for s in (2, 3)] == ["400.00", "400.00"]
    assert paid(awards, 5) == [("P4", "100.00")]


def test_category_players_tied_on_points_share_the_category_prize() -> None:
    # Players 4 and 5 (both U1800) tied on 2 points share the U1800 prize: 150 each.
    standings = table((1, 5, 1), (2, 4, 2), (3, 3, 3), (4, 2, 4), (5, 2, 5))
    ratings = facts(p1=2000, p2=1900, p3=1900, p4=1700, p5=1600)
    definition = prizes(*general("1000", "500", "200"), BEST_U1800, sharing="equal")
    awards = award(standings, ratings, definition)
    assert paid(awards, 4) == [("U1800", "150.00")]
    assert paid(awards, 5) == [("U1800", "150.00")]


def test_a_tie_of_values_goes_to_the_general_prize() -> None:
    ratings = facts(p1=2000, p2=1900, p3=1700, p4=1600, p5=1500)
    u1800 = {**BEST_U1800, "amount": "200"}
    awards = award(FIVE, ratings, prizes(*general("1000", "500", "200"), u1800))
    assert paid(awards, 3) == [("P3", "200.00")]
    assert paid(awards, 4) == [("U1800", "200.00")]


def test_a_tie_of_values_can_go_to_the_prize_listed_first() -> None:
    ratings = facts(p1=2000, p2=1900, p3=1700, p4=1600, p5=1500)
    u1800 = {**BEST_U1800, "amount": "200"}
    definition = prizes(u1800, *general("1000", "500", "200"), precedence="order")
    awards = award(FIVE, ratings, definition)
    assert paid(awards, 3) == [("U1800", "200.00")]
    assert paid(awards, 4) == [("P3", "200.00")]


BEST_WOMAN = {"name": "Best woman", "amount": "80", "place": 1, "category": {"sex": "w"}}


def test_a_category_nobody_qualifies_for_lapses() -> None:
    awards = award(FIVE, None, prizes(*general("1000"), BEST_WOMAN))
    assert [p.name for p in awards.unawarded] == ["Best woman"]
    assert [w.start_rank for w in awards.winners] == [1]


def test_an_open_unclaimed_prize_goes_to_the_best_placed_player_without_one() -> None:
    awards = award(FIVE, None, prizes(*general("1000"), {**BEST_WOMAN, "unclaimed": "open"}))
    assert awards.unawarded == ()
    assert paid(awards, 2) == [("Best woman", "80.00")]


def test_a_non_cash_prize_goes_by_tiebreak_order_and_is_not_pooled() -> None:
    # A cup for 1st and 100 for 2nd, players 1 and 2 tied on points: the cup to player
    # 1 (first on tie-break), the 100 shared equally.
    standings = table((1, 5, 1), (2, 5, 2), (3, 4, 3))
    cup = {"name": "Cup", "place": 1}
    second = {"name": "2nd", "amount": "100", "place": 2}
    awards = award(standings, None, prizes(cup, second, sharing="equal"))
    assert paid(awards, 1) == [("Cup", "50.00")]
    assert [p.name for p in awards.of(1)[0].prizes] == ["Cup", "2nd"]
    assert paid(awards, 2) == [("2nd", "50.00")]


def test_age_limits_are_strict_birth_years() -> None:
    # born_after 2009: born 2010 or later.  Player 1 (2009) is out, player 2 (2010) in.
    u17 = {"name": "U17", "amount": "50", "place": 1, "category": {"born_after": 2009}}
    people = {1: PlayerFacts(1, birth_year=2009), 2: PlayerFacts(2, birth_year=2010)}
    awards = award(table((1, 5, 1), (2, 4, 2)), people, prizes(u17))
    assert [w.start_rank for w in awards.winners] == [2]


def test_unrated_players_are_in_no_rating_band_but_in_an_unrated_list() -> None:
    bands = [
        {"name": "U1800", "amount": "50", "place": 1, "category": {"rating_max": 1799}},
        {"name": "Unrated", "amount": "40", "place": 1, "category": {"unrated": True}},
    ]
    awards = award(table((1, 5, 1), (2, 4, 2)), facts(p1=0, p2=1500), prizes(*bands))
    assert paid(awards, 1) == [("Unrated", "40.00")]
    assert paid(awards, 2) == [("U1800", "50.00")]


def test_facts_from_a_trf_player() -> None:
    player = Player(7, rating=0, title="wg", sex="w", federation="ita", birth_date="2011/05/03")
    assert PlayerFacts.from_player(player, club=" Chess Club ") == PlayerFacts(
        7, None, 2011, "w", "ITA", "WGM", "Chess Club"
    )


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ([], "the prize list"),
        ({"prizes": []}, "prizes"),
        ({"sharing": "lots", "prizes": general("1")}, "sharing"),
        ({"hort_share": "1.5", "prizes": general("1")}, "hort_share"),
        ({"one_prize_per_player": "yes", "prizes": general("1")}, "one_prize_per_player"),
        ({"prizes": general("1"), "extra": 1}, "extra"),
        ({"prizes": [{"name": "1st", "amount": "10.005", "place": 1}]}, "prizes[0].amount"),
        ({"prizes": [{"name": "1st", "amount": "-1", "place": 1}]}, "prizes[0].amount"),
        ({"prizes": [{"name": "1st", "amount": "0", "place": 1}]}, "prizes[0].amount"),
        ({"prizes": [{"name": "1st", "amount": "ten", "place": 1}]}, "prizes[0].amount"),
        ({"prizes": [{"name": "1st", "amount": "1"}]}, "prizes[0].place"),
        ({"prizes": [{"name": "", "amount": "1", "place": 1}]}, "prizes[0].name"),
        ({"prizes": [*general("1"), {"name": "x", "place": 1}]}, "prizes[1].place"),
        (
            {"prizes": [{"name": "a", "place": 1, "category": {"rating_max": "1800"}}]},
            "prizes[0].category.rating_max",
        ),
        (
            {"prizes": [{"name": "a", "place": 1, "category": {"sex": "female"}}]},
            "prizes[0].category.sex",
        ),
        (
            {"prizes": [{"name": "a", "place": 1, "category": {"age": 12}}]},
            "prizes[0].category.age",
        ),
        (
            {"prizes": [{"name": "a", "place": 1, "category": {"federations": "ITA"}}]},
            "prizes[0].category.federations",
        ),
    ],
)
def test_a_bad_prize_list_names_the_field(data: object, field: str) -> None:
    with pytest.raises(PrizeError) as raised:
        parse_prize_list(data)
    assert str(raised.value).startswith(f"{field}:")


def test_amounts_are_exact_decimals() -> None:
    definition = parse_prize_list({"prizes": [{"name": "1st", "amount": 99.9, "place": 1}]})
    assert definition.prizes[0].amount == Decimal("99.90")


def test_a_prize_list_reads_back_from_its_json() -> None:
    definition = prizes(
        *general("1000", "99.5"),
        {"name": "Cup", "place": 3, "value": "40"},
        {
            "name": "Veteran women",
            "amount": "50",
            "place": 1,
            "category": {"sex": "w", "born_before": 1961, "federations": ["ita", "SMR"]},
            "unclaimed": "open",
        },
        sharing="hort",
        hort_share="0.25",
        precedence="order",
    )
    data = prize_list_json(definition)
    assert parse_prize_list(data) == definition
    assert data["prizes"][1] == {"name": "P2", "place": 2, "amount": "99.50", "unclaimed": "lapse"}
    assert data["prizes"][3]["category"]["federations"] == ["ITA", "SMR"]
