"""Pairings anyone can re-derive: what a Swiss round's pairing was made from,
recorded with its ``round.paired`` event, and the check that pairs each round
again from the event log and compares (docs/arbiter/pairing-tools.md).

The input of a round is the tournament as it stood before the round (the state
its ``round.paired`` event was decided on): the players to pair, the rounds
before, the initial colour and the acceleration.  Its digest is the SHA-256 of
the TRF16 that ``pairings.external.request_trf`` writes for it, the file an
external engine reads.  Pure Python, no Django.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from importlib.metadata import PackageNotFoundError, version

from pairings import Board
from pairings.acceleration import Acceleration, by_method
from pairings.external import request_trf
from pairings.trf_input import round_one_colour
from pairings.verify import IDENTICAL, RoundCheck, check_pairing
from tiebreaks.model import Color, System, TournamentResults

from .berger import BergerError, round_robin_schedule
from .events import PairingOrigin, RoundPaired
from .pairing_rules import active_players
from .state import TournamentState

BUILT_IN = "dutch"
XXC = {Color.WHITE: "white1", Color.BLACK: "black1"}
COLOUR_OF = {name: colour for colour, name in XXC.items()}
BERGER = "as the Berger tables schedule"


def built_in_version() -> str:
    """The built-in engine's version: the project's release."""
    try:
        return f"crosstable {version('crosstable')}"
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "crosstable (source tree)"


@dataclass(frozen=True)
class PairingInput:
    """What pairing round ``number`` reads, from the state before the round."""

    number: int
    tournament: TournamentResults
    absent: frozenset[int]
    initial_colour: Color
    acceleration_method: str
    acceleration: Acceleration | None

    def digest(self) -> str:
        trf = request_trf(
            self.tournament, self.number, self.absent, self.initial_colour, self.acceleration
        )
        return "sha256:" + hashlib.sha256(trf.encode()).hexdigest()

    def check(self, boards: frozenset[Board]) -> RoundCheck:
        """``boards`` against the built-in engine's pairing of this input."""
        return check_pairing(
            self.tournament,
            self.number,
            lambda _derived: boards,
            absent=self.absent,
            initial_colour=self.initial_colour,
            acceleration=self.acceleration,
        )

    def origin(self, engine: str, engine_version: str) -> PairingOrigin:
        """The origin of a pairing the engine made from this input, as it answered."""
        return PairingOrigin(
            engine=engine,
            version=engine_version,
            initial_colour=XXC[self.initial_colour],
            acceleration=self.acceleration_method,
            input_digest=self.digest(),
        )


def pairing_input(state: TournamentState, default_colour: Color) -> PairingInput:
    """The input of the round after the last paired one; players withdrawn or with a
    requested bye in it (or not checked in, with check-in) are left out (C.04.2).
    Round 1's first colour: what the results show, else the tournament's setting,
    else ``default_colour`` (the server's)."""
    number = state.last_paired_round + 1
    results = state.to_tiebreaks()
    absent = frozenset(set(state.players) - active_players(state, number))
    method = state.settings.acceleration
    return PairingInput(
        number=number,
        tournament=results,
        absent=absent,
        initial_colour=round_one_colour(results)
        or COLOUR_OF.get(state.settings.initial_colour, default_colour),
        acceleration_method=method,
        acceleration=by_method(method, results, absent),
    )


def boards_of(event: RoundPaired) -> frozenset[Board]:
    """A round.paired event's boards as the engine writes them (black 0: the bye)."""
    return frozenset(
        [Board(b.white, b.black) for b in event.boards] + [Board(rank, 0) for rank in event.byes]
    )


def by_hand(state: TournamentState, event: RoundPaired, default_colour: Color) -> RoundPaired:
    """``event`` (boards an organiser gave) with its origin: the input the built-in
    engine would pair the round from.  The engine itself does not run here (at
    2,000 players it takes seconds): the round's verdict, computed after the event
    is stored (``check_round``), says how the boards differ from the engine's."""
    given = pairing_input(state, default_colour)
    return replace(event, origin=replace(given.origin(BUILT_IN, built_in_version()), by_hand=True))


@dataclass(frozen=True)
class RoundVerdict:
    """One round of the pairing check."""

    round: int
    seq: int  # of the round.paired event checked
    verdict: str
    identical: bool
    # "matches" / "differs" (the event's recorded input digest against the log's),
    # "not recorded" for events stored before origins were.
    input_digest: str = "not recorded"
    engine: str = ""  # as recorded ("" not recorded)
    by_hand: bool = False


def check_round(
    state: TournamentState, seq: int, event: RoundPaired, default_colour: Color
) -> RoundVerdict:
    """A Swiss round re-derived by the built-in Dutch engine from ``state`` (the
    tournament just before ``event``, stored at ``seq``), with the settings its
    origin records (or, for an event without one, as the pairing command derives them).
    Verdict: "as the engine pairs", "edited by hand: <the checker's findings>" (the
    origin says an organiser gave the boards) or "differs: <boards>"."""
    given = pairing_input(state, default_colour)
    origin = event.origin
    if origin is not None:
        recorded_colour = COLOUR_OF[origin.initial_colour]
        given = replace(given, initial_colour=recorded_colour)
    check = given.check(boards_of(event))
    findings = check.verdict()
    if check.criterion:
        findings += f"; first criterion: {check.criterion}"
    if check.identical:
        verdict = IDENTICAL
    elif origin is not None and origin.by_hand:
        # Rounds stored before the verdict took over recorded the findings in the event.
        verdict = f"edited by hand: {'; '.join(origin.findings) or findings}"
    else:
        verdict = findings
    if origin is None:
        return RoundVerdict(event.round, seq, verdict, check.identical)
    same_input = origin.input_digest == given.digest()
    return RoundVerdict(
        event.round,
        seq,
        verdict,
        check.identical,
        input_digest="matches" if same_input else "differs",
        engine=f"{origin.engine} ({origin.version})",
        by_hand=origin.by_hand,
    )


def check_berger(state: TournamentState, seqs: Mapping[int, int]) -> list[RoundVerdict]:
    """A round robin's rounds against the FIDE Berger tables (start ranks in order as
    the Berger numbers; a double round robin's first cycle with or without its last
    two rounds exchanged): "as the Berger tables schedule", or "differs: <boards>"."""
    ranks = sorted(state.players)
    cycles = 2 if state.settings.system is System.DOUBLE_ROUND_ROBIN else 1
    try:
        tables = [
            {
                s.number: frozenset(Board(ranks[w - 1], ranks[b - 1]) for w, b in s.boards)
                for s in round_robin_schedule(len(ranks), cycles=cycles, swap_last_two=swap)
            }
            for swap in ((False, True) if cycles == 2 else (False,))
        ]
    except BergerError as error:
        return [
            RoundVerdict(n, seqs[n], f"differs: no Berger table ({error})", False)
            for n in sorted(state.rounds)
        ]
    actual = {
        n: frozenset(Board(b.white, b.black) for b in rnd.boards) for n, rnd in state.rounds.items()
    }
    table = max(tables, key=lambda t: sum(actual[n] == t.get(n) for n in actual))
    verdicts = []
    for n in sorted(actual):
        expected = table.get(n, frozenset())
        if actual[n] == expected:
            verdicts.append(RoundVerdict(n, seqs[n], BERGER, True))
        else:
            extra = _listed(actual[n] - expected)
            verdicts.append(
                RoundVerdict(
                    n,
                    seqs[n],
                    f"differs: {extra} (the tables: {_listed(expected - actual[n])})",
                    False,
                )
            )
    return verdicts


def _listed(boards: Collection[Board]) -> str:
    return ", ".join(
        f"{b.white}-{b.black}" for b in sorted(boards, key=lambda b: (b.white, b.black))
    )
