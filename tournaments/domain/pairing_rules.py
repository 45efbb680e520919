"""The Swiss pairing rules a round's pairings must also satisfy, beyond what
``decisions.decide_pairing`` refuses (unknown, withdrawn or doubly paired players):

* a round has a board or a pairing-allocated bye unless every player not withdrawn
  has a requested bye in it (and at least one has: a round of nobody is refused);
* in a Swiss, every active player (registered, not withdrawn, no requested bye in the
  round, checked in when the tournament uses check-in) is on exactly one board or
  has the pairing-allocated bye;
* two players who already played each other are paired again only when the
  organiser confirms it (``confirm_repeats``): a pairing program should never
  do it by accident, while a small club Swiss or a double round robin may need
  it.  A forfeited game was not played (FIDE C.04.1), so it is no meeting.

``check_round`` works on start ranks; ``check_swiss_rules`` on a state and a
pairing body (``decisions.decide_checked_pairing``).  Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from tiebreaks.model import System

from .errors import CommandError, msg
from .state import TournamentState

_FORFEITS = frozenset({"+/-", "-/+", "0-0"})


def check_round(
    boards: Sequence[tuple[int, int]],
    byes: Collection[int],
    *,
    active: Collection[int],
    previous_meetings: Mapping[frozenset[int], int],
    confirm_repeats: bool = False,
) -> None:
    """Raise CommandError for the first broken rule.

    ``boards`` are (white, black) start ranks; ``byes`` the players given the
    pairing-allocated bye; ``previous_meetings`` maps each pair that played to
    the first round they played in.
    """
    seated = {p for board in boards for p in board} | set(byes)
    missing = sorted(set(active) - seated)
    if missing:
        unseated = (
            msg("player %(player)s neither paired nor given a bye", player=missing[0])
            if len(missing) == 1
            else msg("players %(players)s neither paired nor given a bye", players=_ranks(missing))
        )
        raise CommandError("boards", unseated)
    if confirm_repeats:
        return
    for index, (white, black) in enumerate(boards):
        met_in = previous_meetings.get(frozenset((white, black)))
        if met_in is not None:
            raise CommandError(
                f"boards.{index}",
                msg(
                    "players %(white)s and %(black)s already played each other in round"
                    ' %(round)s; send "confirm_repeats": true to pair them again',
                    white=white,
                    black=black,
                    round=met_in,
                ),
            )


def active_players(state: TournamentState, round_number: int) -> set[int]:
    """The players to pair: not withdrawn, no requested bye and, when the tournament
    uses check-in, checked in for the round (the others are absent)."""
    checked = state.checked_in.get(round_number, frozenset())
    return {
        rank
        for rank, player in state.players.items()
        if not player.withdrawn_in(round_number)
        and state.requested_bye(round_number, rank) is None
        and (not state.settings.check_in or player.player_id in checked)
    }


def previous_meetings(state: TournamentState) -> dict[frozenset[int], int]:
    met: dict[frozenset[int], int] = {}
    for number in sorted(state.rounds):
        for board in state.rounds[number].boards:
            if board.result not in _FORFEITS:
                met.setdefault(frozenset((board.white, board.black)), number)
    return met


def check_swiss_rules(
    state: TournamentState, body: Mapping[str, Any], *, confirm_repeats: bool
) -> None:
    """The rules above for a pairing ``body`` (round, boards, byes) against ``state``."""
    if not body["boards"] and not body["byes"]:
        # A round without a game is right only when everybody has a requested bye
        # (a TRF import may hold one); by mistake it could not be undone.
        waiting = sorted(active_players(state, body["round"]))
        if waiting:
            unseated = (
                msg(
                    "A round needs at least one board: player %(player)s not withdrawn and"
                    " without a requested bye.",
                    player=waiting[0],
                )
                if len(waiting) == 1
                else msg(
                    "A round needs at least one board: players %(players)s not withdrawn and"
                    " without a requested bye.",
                    players=_ranks(waiting),
                )
            )
            raise CommandError("boards", unseated)
        if not state.requested_byes.get(body["round"]):
            raise CommandError(
                "boards", msg("A round needs at least one player: none is registered and active.")
            )
    check_round(
        [(board["white"], board["black"]) for board in body["boards"]],
        body["byes"],
        # A round robin's odd player rests unpaired; only a Swiss must seat everyone.
        active=active_players(state, body["round"])
        if state.settings.system is System.SWISS
        else (),
        previous_meetings=previous_meetings(state),
        confirm_repeats=confirm_repeats,
    )


def _ranks(ranks: Sequence[int]) -> str:
    return ", ".join(map(str, ranks))


def confirm_repeats_of(body: Mapping[str, Any]) -> bool:
    """A rounds API body's "confirm_repeats" flag (false when omitted)."""
    confirm = body.get("confirm_repeats", False)
    if not isinstance(confirm, bool):
        raise CommandError("confirm_repeats", msg("Must be true or false."))
    return confirm
