"""The last-round calculator: hand-checked cases on a six-player event, and every
player's places against brute force (every result of every open game enumerated) on
small random events with up to 10 open games."""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from fractions import Fraction
from itertools import product

import pytest

from tests.tiebreaks.builders import tournament_from_strips
from tiebreaks.errors import TieBreakError
from tiebreaks.model import (
    Color,
    Game,
    Outcome,
    Pending,
    Player,
    Round,
    Scoring,
    TournamentResults,
    Unplayed,
    UnplayedRound,
)
from tiebreaks.prizes import PlayerFacts, parse_prize_list
from tiebreaks.stakes import (
    MIRROR,
    OUTCOMES,
    GameStake,
    Needs,
    PlaceRange,
    Reach,
    stakes,
    what_if,
)

# Before the last round: 1 on 2, 2 on 1.5, 3 and 5 on 1, 4 on 0.5, 6 on 0; the last
# round pairs 1-2, 3-5 and 4-6, all without a result yet.
STRIPS = ("+W4 +W3 ?W2", "+W5 =B4 ?B1", "+W6 -B1 ?W5", "-B1 =W2 ?W6", "-B2 +W6 ?B3", "-B3 -B5 ?B4")
SIX = tournament_from_strips(dict(zip(range(1, 7), STRIPS, strict=True)))
TWO_PRIZES = parse_prize_list(
    {
        "prizes": [
            {"name": "1st", "amount": "100", "place": 1},
            {"name": "2nd", "amount": "50", "place": 2},
        ]
    }
)


def outlook(result, start_rank: int, outcome: Outcome | None):
    player = next(p for p in result.players if p.start_rank == start_rank)
    return next(o for o in player.outcomes if o.outcome is outcome)


def reach(result, start_rank: int, outcome: Outcome) -> dict[str, Reach]:
    return {p.prize.name: p.reach for p in outlook(result, start_rank, outcome).prizes}


def test_the_open_games_are_listed_white_first() -> None:
    assert stakes(SIX, TWO_PRIZES).open_games == ((1, 2), (3, 5), (4, 6))


def test_a_win_or_a_draw_secures_first_place() -> None:
    # 1 on 2 points: a win gives 3 and a draw 2.5; nobody else can pass 2.5 (2 ends on
    # 1.5 or 2, 3 and 5 on at most 2).
    result = stakes(SIX, TWO_PRIZES)
    for outcome in (Outcome.WIN, Outcome.DRAW):
        seen = outlook(result, 1, outcome)
        assert (seen.best, seen.worst) == (PlaceRange(1, 1), PlaceRange(1, 1))
        assert reach(result, 1, outcome) == {"1st": Reach.CERTAIN, "2nd": Reach.CERTAIN}


def test_a_loss_leaves_second_place_to_the_tiebreaks() -> None:
    # 1 loses: 2 points, 2 ends on 2.5.  If 3-5 is drawn (1.5 each) 1 is 2nd alone;
    # if it is won, the winner ends on 2, level with 1: places 2-3.
    seen = outlook(stakes(SIX, TWO_PRIZES), 1, Outcome.LOSS)
    assert (seen.best, seen.worst, seen.tiebreaks_decide) == (
        PlaceRange(2, 2),
        PlaceRange(2, 3),
        True,
    )
    assert reach(stakes(SIX, TWO_PRIZES), 1, Outcome.LOSS) == {
        "1st": Reach.OUT_OF_REACH,
        "2nd": Reach.POSSIBLE,
    }


def test_the_worst_case_counts_every_game_that_can_end_level() -> None:
    # 2 loses: 1.5 points, 1 ends on 3.  Best: 3-5 drawn (both 1.5, level) and 4 not
    # winning: places 2-4.  Worst: 3-5 drawn and 4 beating 6 (4 on 1.5): places 2-5.
    seen = outlook(stakes(SIX, TWO_PRIZES), 2, Outcome.LOSS)
    assert (seen.best, seen.worst) == (PlaceRange(2, 4), PlaceRange(2, 5))


def test_players_who_cannot_reach_a_prize_are_left_out() -> None:
    # 6 on 0 ends on at most 1, while 1 and 2 both end on 1.5 or more.
    assert 6 not in {p.start_rank for p in stakes(SIX, TWO_PRIZES).players}


THREE_AND_U1800 = {
    "prizes": [
        {"name": "1st", "amount": "100", "place": 1},
        {"name": "2nd", "amount": "50", "place": 2},
        {"name": "3rd", "amount": "25", "place": 3},
        {"name": "U1800", "amount": "40", "place": 1, "category": {"rating_max": 1799}},
    ]
}
# Only player 2 is under 1800: certain of the U1800 prize.
RATINGS = {s: PlayerFacts(s, rating=1700 if s == 2 else 2000) for s in range(1, 7)}


def test_out_of_reach_says_how_many_players_above_would_have_to_leave() -> None:
    # 3 loses: 1 point, 5 ends on 2 and 1, 2 on 1.5 or more: 3 is 4th at best, one
    # place short of the 3rd prize.  Player 2 (U1800, certain of that prize) may take
    # it instead of 3rd and leave the general list: one leaver brings 3rd within reach.
    result = stakes(SIX, parse_prize_list(THREE_AND_U1800), RATINGS)
    third = next(p for p in outlook(result, 3, Outcome.LOSS).prizes if p.prize.name == "3rd")
    assert (third.best.first, third.reach, third.leavers_needed) == (4, Reach.OUT_OF_REACH, 1)
    assert reach(result, 2, Outcome.LOSS)["U1800"] is Reach.CERTAIN


def test_equal_sharing_makes_a_shared_place_certain() -> None:
    # 1 loses: places 2-3 at worst; with the 2nd prize pooled equally, a tie for 2nd-3rd
    # still pays a share of it.
    definition = parse_prize_list(
        {"sharing": "equal", "prizes": [{"name": "2nd", "amount": "50", "place": 2}]}
    )
    assert reach(stakes(SIX, definition), 1, Outcome.LOSS) == {"2nd": Reach.CERTAIN}


def test_a_player_with_two_open_games_is_an_error() -> None:
    event = tournament_from_strips({1: "?W2 ?B3", 4: "+W5 +W6"})
    with pytest.raises(TieBreakError, match="more than one game without a result"):
        stakes(event, TWO_PRIZES)


# --- what if -------------------------------------------------------------------------


def test_what_if_gives_the_standings_and_prizes_of_the_results() -> None:
    # 1 beats 2 (3 points), 5 beats 3 (2), 6 beats 4 (1).
    branch = what_if(
        SIX, {1: Outcome.WIN, 5: Outcome.WIN, 4: Outcome.LOSS}, ["BH"], definition=TWO_PRIZES
    )
    points = {row.player.start_rank: row.points for row in branch.standings.rows}
    assert points == {1: 3, 2: Fraction(3, 2), 3: 1, 4: Fraction(1, 2), 5: 2, 6: 1}
    assert branch.awards is not None
    assert [(w.start_rank, w.prizes[0].name) for w in branch.awards.winners] == [
        (1, "1st"),
        (5, "2nd"),
    ]


def test_what_if_leaves_the_tournament_alone_and_other_games_open() -> None:
    branch = what_if(SIX, {2: Outcome.DRAW})
    assert SIX.player(1).rounds[2] == Pending(2, Color.WHITE)
    assert branch.tournament.player(1).rounds[2] == Game(2, Outcome.DRAW, Color.WHITE)
    assert branch.tournament.player(3).rounds[2] == Pending(5, Color.WHITE)


@pytest.mark.parametrize(
    ("results", "words"),
    [
        ({9: Outcome.WIN}, "no player with start rank 9"),
        ({1: Outcome.WIN, 2: Outcome.WIN}, "disagrees"),
        ({1: "1-0"}, "expected win, draw or loss"),
    ],
)
def test_what_if_refuses_impossible_results(results: dict, words: str) -> None:
    with pytest.raises(TieBreakError, match=words):
        what_if(SIX, results)


def test_what_if_refuses_a_result_for_a_game_already_played() -> None:
    finished = what_if(SIX, {1: Outcome.WIN}).tournament
    with pytest.raises(TieBreakError, match="no open games"):
        what_if(finished, {1: Outcome.DRAW})


# --- against brute force ---------------------------------------------------------------

BANDS = {
    "prizes": [
        *({"name": f"{k}", "amount": "10", "place": k} for k in range(1, 31)),
        {"name": "U1800", "amount": "5", "place": 20, "category": {"rating_max": 1799}},
    ],
    "one_prize_per_player": False,
}


def small_event(seed: int, players: int, rounds: int, open_games: int) -> TournamentResults:
    """A random event: random pairings and results, a pairing-allocated bye for the
    odd one out; in the last round ``open_games`` boards have no result yet."""
    rng = random.Random(seed)
    strips: dict[int, list[Round]] = {s: [] for s in range(1, players + 1)}
    for r in range(rounds):
        order = list(strips)
        rng.shuffle(order)
        if len(order) % 2:
            strips[order.pop()].append(UnplayedRound(Unplayed.PAB))
        for board, (white, black) in enumerate(zip(order[::2], order[1::2], strict=True)):
            if r == rounds - 1 and board < open_games:
                strips[white].append(Pending(black, Color.WHITE))
                strips[black].append(Pending(white, Color.BLACK))
                continue
            outcome = rng.choice(OUTCOMES)
            strips[white].append(Game(black, outcome, Color.WHITE))
            strips[black].append(Game(white, MIRROR[outcome], Color.BLACK))
    return TournamentResults(
        tuple(
            Player(s, rating=rng.randint(1500, 2100), rounds=tuple(row))
            for s, row in strips.items()
        ),
        rounds,
    )


def brute_force(event: TournamentResults, category_max: int | None) -> dict:
    """Per (player, own result): (best, worst, level possible) by trying every result
    of every open game.  Places count the players with rating <= category_max.
    Points are counted in half-points (1 - 1/2 - 0 scoring) to keep 3 ** 10 cases quick."""
    halves = {
        p.start_rank: int(2 * sum(map(event.scoring.points, p.rounds))) for p in event.players
    }
    games = sorted(
        (p.start_rank, r.opponent)
        for p in event.players
        for r in p.rounds
        if type(r) is Pending and r.color is Color.WHITE
    )
    counted = [
        p.start_rank for p in event.players if category_max is None or p.rating <= category_max
    ]
    gain = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}
    found: dict = {}
    for results in product(OUTCOMES, repeat=len(games)):
        final = dict(halves)
        own: dict[int, Outcome | None] = dict.fromkeys(halves)
        for (white, black), outcome in zip(games, results, strict=True):
            final[white] += gain[outcome]
            final[black] += gain[MIRROR[outcome]]
            own[white], own[black] = outcome, MIRROR[outcome]
        scores = sorted(final[s] for s in counted)
        for s in counted:
            mine = final[s]
            above = len(scores) - bisect_right(scores, mine)
            level = bisect_right(scores, mine) - bisect_left(scores, mine) - 1
            key = (s, own[s])
            best, worst, can_be_level = found.get(key, ((99, 99), (-1, -1), False))
            found[key] = (
                min(best, (above, level)),
                max(worst, (above + level, above)),
                can_be_level or level > 0,
            )
    return {
        key: (
            PlaceRange(best[0] + 1, best[0] + 1 + best[1]),
            PlaceRange(worst[1] + 1, worst[0] + 1),
            level,
        )
        for key, (best, worst, level) in found.items()
    }


@pytest.mark.parametrize(
    ("seed", "players", "rounds", "open_games"),
    [(1, 8, 3, 4), (2, 9, 4, 4), (3, 12, 4, 6), (4, 14, 5, 7), (5, 20, 5, 10)],
)
def test_places_agree_with_brute_force(
    seed: int, players: int, rounds: int, open_games: int
) -> None:
    event = small_event(seed, players, rounds, open_games)
    result = stakes(event, parse_prize_list(BANDS))
    assert len(result.open_games) == open_games
    overall = brute_force(event, None)
    in_band = brute_force(event, 1799)
    assert len(result.players) == players  # 30 general places: everybody can reach one
    for player in result.players:
        for seen in player.outcomes:
            key = (player.start_rank, seen.outcome)
            assert (seen.best, seen.worst, seen.tiebreaks_decide) == overall[key], key
            band = [p for p in seen.prizes if p.prize.name == "U1800"]
            if key in in_band:
                assert (band[0].best, band[0].worst) == in_band[key][:2], key
            else:
                assert band == []


def test_a_possible_prize_says_what_the_other_games_must_do() -> None:
    # 4 beats 6: 1.5 points.  1 (2 points) ends above 4 whatever happens; 2 (1.5) ends
    # above unless 1 beats 2; of 3 and 5 (1 each) the winner ends above, a draw leaves
    # both level.  2nd place (tie-breaks permitting) needs 1-0 on 1-2 and a draw on 3-5.
    seen = outlook(stakes(SIX, TWO_PRIZES), 4, Outcome.WIN)
    second = next(p for p in seen.prizes if p.prize.name == "2nd")
    assert (second.reach, second.best.first) == (Reach.POSSIBLE, 2)
    assert second.needs == Needs(0, (GameStake(1, 2, (0, 1, 1)), GameStake(3, 5, (1, 0, 1))))


def test_a_certain_or_unreachable_prize_needs_nothing() -> None:
    seen = outlook(stakes(SIX, TWO_PRIZES), 1, Outcome.WIN)
    assert [p.needs for p in seen.prizes] == [None, None]


def test_needs_agree_with_brute_force() -> None:
    # Every result of every open game: a possible prize's place is reached (tie-breaks
    # permitting: at most place - 1 players above) exactly when the listed games' extra
    # players above add up to no more than the slack.
    event = small_event(3, 12, 4, 6)
    definition = parse_prize_list(
        {"prizes": [{"name": f"{k}", "amount": "10", "place": k} for k in (1, 2, 3, 4)]}
    )
    now = {p.start_rank: sum(map(event.scoring.points, p.rounds)) for p in event.players}
    result = stakes(event, definition)
    checked = 0
    for results in product(OUTCOMES, repeat=len(result.open_games)):
        by_board = dict(zip(result.open_games, results, strict=True))
        final = dict(now)
        own: dict[int, Outcome | None] = dict.fromkeys(now)
        for (white, black), outcome in by_board.items():
            final[white] += event.scoring.for_outcome(outcome)
            final[black] += event.scoring.for_outcome(MIRROR[outcome])
            own[white], own[black] = outcome, MIRROR[outcome]
        for player in result.players:
            above = sum(score > final[player.start_rank] for score in final.values())
            seen = outlook(result, player.start_rank, own[player.start_rank])
            for prize in (p for p in seen.prizes if p.reach is Reach.POSSIBLE):
                extra = sum(
                    g.above[OUTCOMES.index(by_board[g.white, g.black])] for g in prize.needs.games
                )
                assert (above <= prize.prize.place - 1) == (extra <= prize.needs.slack)
                checked += 1
    assert checked > 1000


def test_three_one_zero_scoring_counts_its_own_points() -> None:
    # 3-1-0: 1 on 6 points, 2 on 4, 3 and 5 on 3.  2 draws: 5 points, 1 ends on 6 or
    # more; 3-5 won by either gives the winner 6 (above 2), drawn gives both 4 (below).
    # Under 1-1/2-0 the winner would only draw level with 2.
    event = tournament_from_strips(
        dict(zip(range(1, 7), STRIPS, strict=True)),
        scoring=Scoring.three_one_zero(),
    )
    seen = outlook(stakes(event, TWO_PRIZES), 2, Outcome.DRAW)
    assert (seen.points, seen.best, seen.worst) == (5, PlaceRange(2, 2), PlaceRange(3, 3))


def test_needs_read_as_the_results_wanted() -> None:
    # The needs of 4 after a win (see above): 1 must beat 2 and 3-5 be drawn.
    seen = outlook(stakes(SIX, TWO_PRIZES), 4, Outcome.WIN)
    second = next(p for p in seen.prizes if p.prize.name == "2nd")
    assert second.needs.describe() == "1-2 1-0, 3-5 1/2-1/2"
    assert Needs(0, (GameStake(3, 5, (0, 0, 1)),)).describe() == "3-5 not 0-1"
    assert Needs(2, (GameStake(3, 5, (1, 0, 1)),)).describe() == "at most 2 more above from 1 game"
    assert Needs(0, ()).describe() == "only the tie-breaks"
