"""What a player's and a team's withdrawal, reinstatement and bye cancellation decide
alike.  Pure Python.

The checks and their messages are written once here; ``decisions`` and
``amendments`` (players) and ``team_decisions`` (teams) describe what they decide
for as an ``Entrant``: ``PLAYERS`` or ``TEAMS`` (where their rounds and byes are,
the messages they differ by), and how the messages name it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from .errors import CommandError, msg
from .state import TournamentState


@dataclass(frozen=True)
class Entrants:
    """Players or teams, as the decisions they share read them."""

    paired: Callable[[TournamentState], Collection[int]]  # the rounds paired
    seated: Callable[[TournamentState, int], Collection[int]]  # who a paired round seats
    bye: Callable[[TournamentState, int, int], str | None]  # one's requested bye in a round
    # The messages they differ by, whole (``msg`` templates, translated as one text):
    out_of_range: str  # a round past the last one; %(round)s, %(rounds)s
    paired_there: str  # a withdrawal from a round already paired; %(who)s, %(round)s


PLAYERS = Entrants(
    paired=lambda state: state.rounds.keys(),
    seated=lambda state, number: state.rounds[number].paired_players,
    bye=TournamentState.requested_bye,
    out_of_range=msg("round %(round)s is out of range: the tournament has %(rounds)s rounds"),
    paired_there=msg(
        "%(who)s is paired in round %(round)s: record a forfeit there,"
        " or withdraw from a later round"
    ),
)
TEAMS = Entrants(
    paired=lambda state: state.team_rounds.keys(),
    seated=lambda state, number: state.team_rounds[number].teams,
    bye=TournamentState.team_bye,
    out_of_range=msg("round %(round)s is out of range: the event has %(rounds)s rounds"),
    paired_there=msg(
        "%(who)s is paired in round %(round)s: forfeit its match there, or"
        " withdraw it from a later round"
    ),
)


@dataclass(frozen=True)
class Entrant:
    """A player or a team named by a command's body."""

    kind: Entrants
    key: int  # its start rank, or its team number
    field: str  # the body's field naming it
    who: str  # how the messages name it: "player 3", a player's name, "team 2" (a msg)
    withdrawn_from: int | None


def check_in_range(state: TournamentState, number: int, field: str, kind: Entrants) -> None:
    """Refuse a round past the last one (``kind``: whose, for the message)."""
    if number > state.settings.rounds:
        raise CommandError(
            field, msg(kind.out_of_range, round=number, rounds=state.settings.rounds)
        )


def check_withdrawal(state: TournamentState, entrant: Entrant, from_round: int) -> None:
    """Withdrawing ``entrant`` from ``from_round`` on: refused when it has withdrawn
    already, or is paired in that round or a later one (those keep their games)."""
    if entrant.withdrawn_from is not None:
        raise CommandError(
            entrant.field,
            msg(
                "%(who)s already withdrew from round %(round)s",
                who=entrant.who,
                round=entrant.withdrawn_from,
            ),
        )
    kind = entrant.kind
    check_in_range(state, from_round, "from_round", kind)
    for number in sorted(kind.paired(state)):
        if number >= from_round and entrant.key in kind.seated(state, number):
            raise CommandError("from_round", msg(kind.paired_there, who=entrant.who, round=number))


def check_bye_cancellation(state: TournamentState, entrant: Entrant, number: int) -> None:
    """Cancelling ``entrant``'s requested bye of round ``number``: refused once the
    round is paired, or when it has none."""
    kind = entrant.kind
    if number in kind.paired(state):
        raise CommandError(
            "round", msg("round %(round)s is already paired: its byes are part of it", round=number)
        )
    if kind.bye(state, number, entrant.key) is None:
        raise CommandError(
            "round",
            msg("%(who)s has no bye requested in round %(round)s", who=entrant.who, round=number),
        )


def reinstatement_round(state: TournamentState, entrant: Entrant, requested: int | None) -> int:
    """The round a withdrawn ``entrant`` plays again from: the first round not
    paired yet, or the round of the withdrawal when that is still to come (the
    rounds paired meanwhile stay absences).  ``requested`` may be None; given, it
    must be that round."""
    who = entrant.who
    if entrant.withdrawn_from is None:
        raise CommandError(entrant.field, msg("%(who)s has not withdrawn", who=who))
    last_paired = max(entrant.kind.paired(state), default=0)
    first = max(entrant.withdrawn_from, last_paired + 1)
    if first > state.settings.rounds:
        raise CommandError(
            entrant.field, msg("every round is paired: %(who)s cannot play again", who=who)
        )
    if requested is not None and requested != first:
        why = (
            msg(
                "round %(round)s is already paired: %(who)s can play again from round %(first)s",
                round=requested,
                who=who,
                first=first,
            )
            if requested <= last_paired
            else msg(
                "the rounds before it would have no pairing for %(who)s: %(who)s can"
                " play again from round %(round)s",
                who=who,
                round=first,
            )
        )
        raise CommandError("from_round", why)
    return first
