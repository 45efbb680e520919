"""Pairing the next Swiss round from the event log: the built-in Dutch engine
(``pairings``), or the JaVaFo-compatible executable named by ``PAIRING_ENGINE``.

``next_round_payload`` returns the body of a ``round.paired`` event; the view
stores it through the same command as a pairing posted by hand.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

from pairings import NoLegalPairing, pair_round
from pairings.acceleration import by_method
from pairings.external import EngineError, pair_with
from pairings.trf_input import round_one_colour
from tiebreaks.model import Color, System
from tournaments.domain.errors import CommandError, listed
from tournaments.domain.state import TournamentState

from .pairing_rules import active_players

_INITIAL = {"white1": Color.WHITE, "black1": Color.BLACK}


def next_round_payload(state: TournamentState, asked: int | None = None) -> dict[str, Any]:
    """Pair round N + 1 once round N has every result; players withdrawn or with a
    requested bye in that round are left out (C.04.2).  ``asked``: the round the
    client means to pair, refused unless it is that one (a second "publish")."""
    number = state.last_paired_round + 1
    if asked is not None and asked != number:
        raise CommandError(
            "round",
            f"round {asked} is already paired"
            if asked < number
            else f"round {number} is the next round to pair, not {asked}",
        )
    if state.settings.system is not System.SWISS:
        raise CommandError("system", "only a Swiss is paired round by round here")
    if number > state.settings.rounds:
        raise CommandError("round", f"all {state.settings.rounds} rounds are paired")
    previous = state.rounds.get(number - 1)
    if previous is not None and not previous.complete:
        missing = [str(b.number) for b in previous.boards if b.result is None]
        raise CommandError(
            "round",
            f"round {number - 1}: board{'s' if len(missing) > 1 else ''} {listed(missing)} "
            f"{'have' if len(missing) > 1 else 'has'} no result",
        )
    tournament = state.to_tiebreaks()
    absent = set(state.players) - active_players(state, number)
    default = _INITIAL.get(settings.PAIRING_INITIAL_COLOUR, Color.WHITE)
    colour = round_one_colour(tournament) or default
    engine = settings.PAIRING_ENGINE
    virtual = by_method(state.settings.acceleration, tournament, absent)
    try:
        if engine:
            pairing = pair_with(
                engine,
                tournament,
                number,
                absent=absent,
                initial_colour=colour,
                acceleration=virtual,
            )
        else:
            pairing = pair_round(
                tournament, number, absent=absent, initial_colour=colour, acceleration=virtual
            )
    except NoLegalPairing as error:
        raise CommandError("round", f"no legal pairing for round {number}: {error}") from error
    except EngineError as error:
        raise CommandError("engine", str(error)) from error
    return {
        "round": number,
        "boards": [{"white": b.white, "black": b.black} for b in pairing.boards if b.black],
        "byes": [b.white for b in pairing.boards if not b.black],
    }
