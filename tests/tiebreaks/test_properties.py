"""Properties every tournament must satisfy, whatever its results (Hypothesis).

Expected values here never come from the engine itself: they are invariants
(renumbering, cuts never add), conservation of points counted board by board, the
C.07 15.2 equivalence of round-robin forfeits and games, and the TRF round trip.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from typing import cast

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from tests.tiebreaks.seed_strips import SERGIO
from tests.tiebreaks.strategies import (
    SwissRates,
    round_robins,
    swiss_rates,
    swiss_tournaments,
    tournaments,
    trf_can_say_it,
)
from tiebreaks.errors import TieBreakError
from tiebreaks.model import (
    Game,
    Outcome,
    Pending,
    Player,
    TournamentResults,
    Unplayed,
    UnplayedRound,
)
from tiebreaks.standings import RULES, compute_standings, explain
from tiebreaks.trf import parse_trf, trf_from_tournament, write_trf

PROPERTY_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
rules = st.sampled_from(RULES)

# The Buchholz family and SB with their modifiers, as the seeds (000, 004) and C.07 14 name them.
CUT_CODES = ("BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "SB", "SB/C1", "SB/C2")
# Every other code that depends on results and ratings only, never on start ranks
# (TPN does, by definition).  A code the engine does not offer is reported by
# test_engine_offers_every_code_used_here rather than silently dropped.
OTHER_CODES = (
    "PS", "PS/C1", "WIN", "WON", "BPG", "BWG", "REP", "ARO", "ARO/C1", "AOB", "FB", "KS", "DE",
)  # fmt: skip
INVARIANT_CODES = CUT_CODES + OTHER_CODES


def test_engine_offers_every_code_used_here() -> None:
    tiny = TournamentResults(
        players=(
            Player(1, rating=2000, rounds=(Game(2, Outcome.WIN),)),
            Player(2, rating=1900, rounds=(Game(1, Outcome.LOSS),)),
        ),
        rounds=1,
    )
    refused = []
    for code in INVARIANT_CODES:
        try:
            compute_standings(tiny, (code,))
        except TieBreakError:
            refused.append(code)
    assert refused == []


def _by_identity(tournament: TournamentResults, codes: Iterable[str], edition: str, identity):
    """Each player's points, modified points and tie-break values, keyed by identity."""
    standings = compute_standings(tournament, tuple(codes), rules=edition)
    return {
        identity(row.player): (row.points, row.modified_points, row.tiebreaks)
        for row in standings.rows
    }


def _renumbered(tournament: TournamentResults, new_rank: dict[int, int]) -> TournamentResults:
    def moved(rnd):
        if rnd is None or rnd.opponent is None:
            return rnd
        return replace(rnd, opponent=new_rank[rnd.opponent])

    players = tuple(
        replace(p, start_rank=new_rank[p.start_rank], rounds=tuple(moved(r) for r in p.rounds))
        for p in tournament.players
    )
    return replace(tournament, players=tuple(sorted(players, key=lambda p: p.start_rank)))


@PROPERTY_SETTINGS
@given(tournament=tournaments(), edition=rules, data=st.data())
def test_renumbering_players_changes_no_value(tournament, edition, data) -> None:
    ranks = [p.start_rank for p in tournament.players]
    new_rank = dict(zip(ranks, data.draw(st.permutations(ranks)), strict=True))
    old_rank = {new: old for old, new in new_rank.items()}

    before = _by_identity(tournament, INVARIANT_CODES, edition, lambda p: p.start_rank)
    after = _by_identity(
        _renumbered(tournament, new_rank), INVARIANT_CODES, edition,
        lambda p: old_rank[p.start_rank],
    )  # fmt: skip

    assert after == before


def _ordered(values: dict, *codes: str) -> list:
    return [values[code] for code in codes]


@PROPERTY_SETTINGS
@given(tournament=swiss_tournaments(), edition=rules)
# Seed 000-4 / 004-4 (Sergio): BH 39.5, BH-C1 33.5, so a cut that removed everything
# (or nothing) is caught here even if the generated tournaments happen to miss it.
@example(tournament=SERGIO, edition="fide-2026")
def test_cuts_and_medians_never_add(tournament, edition) -> None:
    # One BH element is at most an opponent's whole score; one SB element that score
    # times the player's points for the game.
    most = max(vars(tournament.scoring).values())
    bh_element, sb_element = tournament.rounds * most, tournament.rounds * most * most
    for row in compute_standings(tournament, CUT_CODES, rules=edition).rows:
        tb = row.tiebreaks
        bh, c1, c2, m1, m2 = _ordered(tb, "BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2")
        sb, sb_c1, sb_c2 = _ordered(tb, "SB", "SB/C1", "SB/C2")
        # C.07 14.1-14.4: C2 cuts one element more than C1; M1 is C1 with the highest
        # element cut as well; M2 cuts one more at each end than M1.
        assert bh >= c1 >= c2, row
        assert m1 <= c1, row
        assert m2 <= m1, row
        assert sb >= sb_c1 >= sb_c2, row
        # ... and each cut removes one element (two for M2 over M1), never more.
        assert bh - c1 <= bh_element and c1 - c2 <= bh_element, row
        assert c1 - m1 <= bh_element and m1 - m2 <= 2 * bh_element, row
        assert sb - sb_c1 <= sb_element and sb_c1 - sb_c2 <= sb_element, row


@PROPERTY_SETTINGS
@given(tournament=swiss_tournaments(rates=st.just(SwissRates())), data=st.data())
def test_a_fully_played_swiss_is_the_same_under_every_edition(tournament, data) -> None:
    # The editions differ only in how unplayed rounds count (C.07 16; pre-2023: the
    # virtual opponent): with every game played they must agree.
    assume(all(isinstance(r, Game) for p in tournament.players for r in p.rounds))  # no PAB
    codes = data.draw(st.lists(st.sampled_from(INVARIANT_CODES), min_size=1, unique=True))
    identity = lambda p: p.start_rank  # noqa: E731

    by_edition = [_by_identity(tournament, codes, edition, identity) for edition in RULES]

    assert all(values == by_edition[0] for values in by_edition[1:])


@PROPERTY_SETTINGS
@given(tournament=swiss_tournaments(rates=swiss_rates(heavy=True)))
def test_the_2026_caps_never_raise_bh_or_sb(tournament) -> None:
    # 16.4.1/16.4.2 (2026) only lower a dummy's score below the 2023 one (the player's
    # own score); opponents' adjusted scores (16.3) are the same in both texts.
    codes = ("BH", "SB")
    identity = lambda p: p.start_rank  # noqa: E731
    capped = _by_identity(tournament, codes, "fide-2026", identity)
    uncapped = _by_identity(tournament, codes, "fide-2023", identity)

    for rank, (points, modified, values) in capped.items():
        assert (points, modified) == uncapped[rank][:2]
        assert values["BH"] <= uncapped[rank][2]["BH"]
        assert values["SB"] <= uncapped[rank][2]["SB"]


@PROPERTY_SETTINGS
@given(tournament=tournaments(), edition=rules, data=st.data())
def test_explain_adds_up_to_the_value(tournament, edition, data) -> None:
    rank = data.draw(st.sampled_from([p.start_rank for p in tournament.players]))

    explanation = explain(tournament, rank, CUT_CODES, rules=edition)

    for line in explanation.tiebreaks:
        kept = [c for r, c in line.contributions if r not in line.cut_rounds]
        assert len(kept) == len(line.contributions) - len(line.cut_rounds), line
        assert sum(kept, Fraction(0)) == line.value, line


def _final_games_drawn(tournament: TournamentResults) -> TournamentResults:
    last = tournament.rounds - 1

    def drawn(player: Player) -> Player:
        rounds = list(player.rounds)
        final = rounds[last]
        if isinstance(final, Game):
            rounds[last] = replace(final, outcome=Outcome.DRAW)
        elif isinstance(final, Pending):  # paired, result not in yet: 8.3 draws it too
            rounds[last] = Game(final.opponent, Outcome.DRAW, final.color)
        return replace(player, rounds=tuple(rounds))

    return replace(tournament, players=tuple(drawn(p) for p in tournament.players))


@PROPERTY_SETTINGS
@given(
    tournament=swiss_tournaments(rates=swiss_rates(heavy=True)),
    edition=rules,
    cut=st.sampled_from(("", "/C1", "/C2", "/M1", "/M2")),
)
def test_fore_buchholz_is_buchholz_with_the_final_games_drawn(tournament, edition, cut) -> None:
    # C.07 8.3: "Buchholz score calculated as if all paired games for the final round had
    # ended in draws".  Forfeits in the final round are left out: the text is silent on
    # whether a paired forfeit counts as a game there.
    final = [p.rounds[-1] for p in tournament.players]
    assume(
        all(r is not None and r.opponent is None or isinstance(r, Game | Pending) for r in final)
    )
    identity = lambda p: p.start_rank  # noqa: E731

    fore = _by_identity(tournament, ("FB" + cut,), edition, identity)
    drawn = _by_identity(_final_games_drawn(tournament), ("BH" + cut,), edition, identity)

    assert {k: v[2]["FB" + cut] for k, v in fore.items()} == {
        k: v[2]["BH" + cut] for k, v in drawn.items()
    }


@PROPERTY_SETTINGS
@given(tournament=swiss_tournaments(rates=swiss_rates(heavy=True)), edition=rules)
def test_aob_is_the_average_of_the_opponents_buchholz(tournament, edition) -> None:
    # C.07 8.2: over the opponents played over the board (a TRF W/D/L game is played,
    # only not rated), each as often as met (4.4); no such opponent: undefined.
    values = {
        row.player.start_rank: row.tiebreaks
        for row in compute_standings(tournament, ("AOB", "BH"), rules=edition).rows
    }
    for player in tournament.players:
        met = [r.opponent for r in player.rounds if isinstance(r, Game)]
        average = (
            sum((cast(Fraction, values[o]["BH"]) for o in met), Fraction(0)) / len(met)
            if met
            else None
        )
        assert values[player.start_rank]["AOB"] == average, player.start_rank


def _seen_by_opponents(tournament: TournamentResults, player: Player, edition: str) -> Fraction:
    """A player's score as their opponents use it, by the texts of each edition."""
    s = tournament.scoring
    known = [r for r in player.rounds if isinstance(r, Game | UnplayedRound)]
    if edition == "fide-pre2023":
        # Seed 001: "for opponents, every unplayed game of a player counts as a draw".
        return sum((s.points(r) if isinstance(r, Game) else s.draw for r in known), Fraction(0))
    # 16.3: a requested bye (16.1.1, absences included) followed only by VURs -- or in
    # the last round -- counts as a draw (16.2.5); everything else at face value.
    total = Fraction(0)
    for at, rnd in enumerate(known):
        requested = isinstance(rnd, UnplayedRound) and rnd.kind.is_requested_bye
        later = known[at + 1 :]
        only_vurs = all(isinstance(r, UnplayedRound) and r.kind.is_voluntary for r in later)
        total += s.draw if requested and only_vurs else s.points(rnd)
    return total


@PROPERTY_SETTINGS
@given(tournament=swiss_tournaments(rates=swiss_rates(heavy=True)), edition=rules)
def test_modified_points_follow_16_3_or_the_pre_2023_draws(tournament, edition) -> None:
    rows = compute_standings(tournament, (), rules=edition).rows

    for row in rows:
        expected = _seen_by_opponents(tournament, row.player, edition)
        assert row.modified_points == expected, row.player.start_rank


def _handed_out(tournament: TournamentResults, through_round: int) -> Fraction:
    """Points awarded in rounds 1..through_round, counted once per board and per bye."""
    s = tournament.scoring
    board_points = {
        frozenset({Outcome.WIN, Outcome.LOSS}): s.win + s.loss,
        frozenset({Outcome.DRAW}): 2 * s.draw,
        frozenset({Unplayed.FORFEIT_WIN, Unplayed.FORFEIT_LOSS}): s.forfeit_win + s.forfeit_loss,
        frozenset({Unplayed.FORFEIT_LOSS}): 2 * s.forfeit_loss,  # double forfeit
    }
    total = Fraction(0)
    for number in range(1, through_round + 1):
        boards: dict[frozenset[int], set] = {}
        for player in tournament.players:
            rnd = player.round(number)
            if rnd is None or isinstance(rnd, Pending):
                continue
            if rnd.opponent is None:
                total += s.for_unplayed(rnd.kind)
                continue
            side = rnd.outcome if isinstance(rnd, Game) else rnd.kind
            boards.setdefault(frozenset({player.start_rank, rnd.opponent}), set()).add(side)
        total += sum(board_points[frozenset(sides)] for sides in boards.values())
    return total


@PROPERTY_SETTINGS
@given(tournament=tournaments(), edition=rules, data=st.data())
def test_scores_add_up_to_the_points_handed_out(tournament, edition, data) -> None:
    after_round = data.draw(st.integers(1, tournament.rounds))

    standings = compute_standings(tournament, (), rules=edition, after_round=after_round)

    assert sum(row.points for row in standings.rows) == _handed_out(tournament, after_round)


def _forfeits_as_games(tournament: TournamentResults) -> TournamentResults:
    as_game = {Unplayed.FORFEIT_WIN: Outcome.WIN, Unplayed.FORFEIT_LOSS: Outcome.LOSS}

    def played(rnd):
        if isinstance(rnd, UnplayedRound) and rnd.kind.is_forfeit:
            return Game(rnd.opponent, as_game[rnd.kind], rnd.color)
        return rnd

    return replace(
        tournament,
        players=tuple(
            replace(p, rounds=tuple(played(r) for r in p.rounds)) for p in tournament.players
        ),
    )


@PROPERTY_SETTINGS
@given(tournament=round_robins(forfeit_rate=st.sampled_from((0.1, 0.25))), edition=rules)
def test_round_robin_forfeit_counts_as_the_game_it_replaces_for_sb(tournament, edition) -> None:
    # C.07 15.2: with pre-determined pairings forfeits are treated as regular games
    # (the seed 000 round robin: Elena's forfeit win over Franco counts as a win).
    codes = ("SB", "SB/C1")
    identity = lambda p: p.start_rank  # noqa: E731

    with_forfeits = _by_identity(tournament, codes, edition, identity)
    with_games = _by_identity(_forfeits_as_games(tournament), codes, edition, identity)

    assert {k: v[2] for k, v in with_forfeits.items()} == {k: v[2] for k, v in with_games.items()}


@PROPERTY_SETTINGS
@given(tournament=round_robins(forfeit_rate=st.sampled_from((0.1, 0.25))))
def test_a_round_robin_with_forfeits_is_recognised_without_its_092(tournament) -> None:
    # Ruling 9: single or double, whatever its forfeits, the pairings say what it is.
    text = write_trf(trf_from_tournament(tournament, ()))
    without = "\n".join(line for line in text.split("\n") if not line.startswith("092"))
    assert parse_trf(without).tournament.system is tournament.system


@PROPERTY_SETTINGS
@given(
    tournament=tournaments(),
    codes=st.lists(st.sampled_from(INVARIANT_CODES), unique=True, max_size=5),
)
def test_trf_write_then_read_is_the_identity(tournament, codes) -> None:
    assume(trf_can_say_it(tournament))

    text = write_trf(trf_from_tournament(tournament, tuple(codes)))
    read = parse_trf(text)

    assert read.tournament == tournament
    assert read.tiebreaks == tuple(codes)
    assert write_trf(read) == text


@PROPERTY_SETTINGS
@given(tournaments())
def test_generated_tournaments_are_consistent(tournament) -> None:
    # The properties above are only as good as their inputs: check the generator itself.
    pabs: dict[int, int] = {}
    for player in tournament.players:
        assert len(player.rounds) == tournament.rounds
        for number, rnd in enumerate(player.rounds, 1):
            if isinstance(rnd, UnplayedRound) and rnd.kind is Unplayed.PAB:
                pabs[number] = pabs.get(number, 0) + 1
            if rnd is None or rnd.opponent is None:
                continue
            mirror = tournament.player(rnd.opponent).round(number)
            assert mirror.opponent == player.start_rank
            assert {rnd.color, mirror.color} == {"w", "b"}
            if isinstance(rnd, Game):
                assert isinstance(mirror, Game) and mirror.rated == rnd.rated
                assert {rnd.outcome, mirror.outcome} in (
                    {Outcome.WIN, Outcome.LOSS}, {Outcome.DRAW}
                )  # fmt: skip
            elif isinstance(rnd, Pending):  # a live final round: pending on both sides
                assert isinstance(mirror, Pending) and number == tournament.rounds
            else:
                assert {rnd.kind, mirror.kind} in (
                    {Unplayed.FORFEIT_WIN, Unplayed.FORFEIT_LOSS}, {Unplayed.FORFEIT_LOSS}
                )  # fmt: skip
    assert all(count <= 1 for count in pabs.values())
