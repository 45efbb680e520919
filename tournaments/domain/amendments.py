"""What an organiser changes after the fact, each an event of its own: a player's
data edited, the players ranked (pairing numbers), a requested bye cancelled, a
withdrawal undone, players checked in for a round, a round cancelled, the settings
changed.  Pure Python.

For each: ``decide_*(state, body)`` checks a body (its shape validated already)
against the state and returns the payload of the event to append, or raises
CommandError naming the field that makes it wrong; ``fold_*(acc, payload)``
applies that event to the state being built.  Players are named by the id
they got at registration (``player_id``), which never changes; ``start_rank``
is the pairing number, which the initial ranking may change before round 1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from tiebreaks.model import System

from .entrants import PLAYERS, Entrant, check_bye_cancellation, reinstatement_round
from .errors import CommandError, listed, msg
from .initial_ranking import initial_ranking
from .state import Accumulator, PlayerState, Settings, TournamentState, scoring_from_payload

Payload = dict[str, Any]
# Settings that the rounds already stored depend on: fixed once round 1 is paired.
# A team event's rosters, line-ups and matches are built on these.
_FIXED = {"kind": msg("the kind of event"), "boards": msg("the number of boards")}
_FIXED_ONCE_PAIRED = {
    "system": msg("the system"),
    "rules": msg("the rule edition"),
    "acceleration": msg("the acceleration"),
    "primary_score": msg("the primary score"),
    "colour_sequence": msg("the colour sequence"),
}


def player_of(state: TournamentState, player_id: int, field: str = "player_id") -> PlayerState:
    try:
        return state.players[state.player_ids[player_id]]
    except KeyError:
        raise CommandError(
            field, msg("no player has id %(player_id)s", player_id=player_id)
        ) from None


def next_player_id(state: TournamentState) -> int:
    return max(state.player_ids, default=0) + 1


# --- a player's data ----------------------------------------------------------------


def decide_player_edit(state: TournamentState, body: Mapping[str, Any]) -> Payload:
    """Change some of a player's data (``body["changes"]``); the fields equal to the
    current values are left out of the event, and an edit changing nothing is refused."""
    player = player_of(state, body["player_id"])
    given = body["changes"]
    changes = {name: value for name, value in given.items() if value != getattr(player, name)}
    if not changes:
        field = f"changes.{next(iter(given))}" if given else "changes"
        raise CommandError(
            field, msg("nothing to change: %(name)s already has these data", name=player.name)
        )
    fide_id = changes.get("fide_id")
    twin = state.fide_ids.get(fide_id) if fide_id else None
    if twin is not None:
        raise CommandError(
            "changes.fide_id",
            msg("FIDE id %(fide_id)s is already player %(player)s", fide_id=fide_id, player=twin),
        )
    return {"player_id": body["player_id"], "changes": changes}


def fold_player_edit(acc: Accumulator, p: Mapping[str, Any]) -> None:
    rank = acc.player_ids[p["player_id"]]
    player = acc.players[rank]
    changes = p["changes"]
    if "fide_id" in changes:
        if acc.fide_ids.get(player.fide_id) == rank:
            del acc.fide_ids[player.fide_id]
        if changes["fide_id"]:
            acc.fide_ids.setdefault(changes["fide_id"], rank)
    acc.players[rank] = replace(player, **changes)


# --- pairing numbers ----------------------------------------------------------------


def decide_ranking(state: TournamentState, body: Mapping[str, Any]) -> Payload:
    """Give the players their pairing numbers, before round 1 is paired: by the
    C.04.2 initial ranking (``{"method": "fide"}``) or in the order given
    (``{"order": [player ids]}``, pairing number 1 first, every player once)."""
    if state.settings.is_team:
        # The rosters name the players by start rank: a team event ranks its teams.
        raise CommandError("order" if "order" in body else "method", msg("rank the teams instead"))
    by_rank = sorted(state.players.values(), key=lambda p: p.start_rank)
    current = [p.player_id for p in by_rank]
    order = ranking_order(
        body,
        current,
        lambda: [p.player_id for p in initial_ranking(by_rank)],
        paired=bool(state.rounds),
        known=lambda player_id, field: player_of(state, player_id, field),
        teams=False,
    )
    return {"order": order}


def ranking_order(
    body: Mapping[str, Any],
    current: Sequence[int],
    by_strength: Callable[[], list[int]],
    *,
    paired: bool,
    known: Callable[[int, str], object],
    teams: bool,
) -> list[int]:
    """The new order of a ranking command (players or teams): ``body["order"]``,
    every one of ``current`` once (``known`` refuses an unknown one), or else the
    order ``by_strength`` gives; refused once round 1 is paired or when nothing
    would change."""
    field = "order" if "order" in body else "method"
    if paired:
        raise CommandError(field, msg("round 1 is paired: the pairing numbers are fixed"))
    if "order" in body:
        order = list(body["order"])
        seen: set[int] = set()
        for index, item in enumerate(order):
            known(item, f"order.{index}")
            if item in seen:
                twice = (
                    msg("team %(team)s is listed twice", team=item)
                    if teams
                    else msg("player %(player_id)s is listed twice", player_id=item)
                )
                raise CommandError(f"order.{index}", twice)
            seen.add(item)
        missing = [item for item in current if item not in seen]
        if missing:
            listed = ", ".join(map(str, missing))
            every = (
                msg("every team must be listed; missing: %(missing)s", missing=listed)
                if teams
                else msg("every player must be listed; missing: %(missing)s", missing=listed)
            )
            raise CommandError("order", every)
    else:
        order = by_strength()
    if order == list(current):
        unchanged = (
            msg("the teams already have these pairing numbers")
            if teams
            else msg("the players already have these pairing numbers")
        )
        raise CommandError(field, unchanged)
    return order


def fold_ranking(acc: Accumulator, p: Mapping[str, Any]) -> None:
    """Pairing number i + 1 to ``order[i]``; requested byes follow their players."""
    new_rank = {acc.player_ids[pid]: index for index, pid in enumerate(p["order"], start=1)}
    acc.players = {
        new_rank[old]: replace(pl, start_rank=new_rank[old]) for old, pl in acc.players.items()
    }
    acc.player_ids = {pid: new_rank[old] for pid, old in acc.player_ids.items()}
    acc.fide_ids = {fide_id: new_rank[old] for fide_id, old in acc.fide_ids.items()}
    acc.requested_byes = {
        number: {new_rank[old]: points for old, points in byes.items()}
        for number, byes in acc.requested_byes.items()
    }


# --- byes and withdrawals -----------------------------------------------------------


def decide_bye_cancellation(state: TournamentState, body: Mapping[str, Any]) -> Payload:
    """Cancel a requested bye of a round not paired yet."""
    check_bye_cancellation(state, _entrant(state, body["player_id"]), body["round"])
    return {"player_id": body["player_id"], "round": body["round"]}


def fold_bye_cancellation(acc: Accumulator, p: Mapping[str, Any]) -> None:
    del acc.requested_byes[p["round"]][acc.player_ids[p["player_id"]]]


def decide_reinstatement(state: TournamentState, body: Mapping[str, Any]) -> Payload:
    """Undo a player's withdrawal from a round on (``entrants.reinstatement_round``)."""
    first = reinstatement_round(state, _entrant(state, body["player_id"]), body.get("from_round"))
    return {"player_id": body["player_id"], "from_round": first}


def _entrant(state: TournamentState, player_id: int) -> Entrant:
    """The player a bye cancellation or a reinstatement names, as its messages name it."""
    player = player_of(state, player_id)
    return Entrant(PLAYERS, player.start_rank, "player_id", player.name, player.withdrawn_from)


def fold_reinstatement(acc: Accumulator, p: Mapping[str, Any]) -> None:
    rank = acc.player_ids[p["player_id"]]
    acc.players[rank] = replace(acc.players[rank], withdrawn_from=None)


# --- check-in -----------------------------------------------------------------------


def decide_check_in(state: TournamentState, body: Mapping[str, Any]) -> Payload:
    """Mark players present (``present`` true) or not for a round not paired yet; the
    players already so are left out of the event, and a check-in changing nothing is
    refused.  With the ``check_in`` setting only the players checked in are paired."""
    number = body["round"]
    if number in state.rounds:
        raise CommandError("round", msg("round %(round)s is already paired", round=number))
    if number > state.settings.rounds:
        raise CommandError(
            "round",
            msg(
                "round %(round)s is out of range: the tournament has %(rounds)s",
                round=number,
                rounds=state.settings.rounds,
            ),
        )
    present = body.get("present", True)
    checked = state.checked_in.get(number, frozenset())
    changed: list[int] = []
    for index, player_id in enumerate(body["player_ids"]):
        player = player_of(state, player_id, f"player_ids.{index}")
        if present and player.withdrawn_in(number):
            raise CommandError(
                f"player_ids.{index}",
                msg("%(name)s withdrew before round %(round)s", name=player.name, round=number),
            )
        if (player_id in checked) != present and player_id not in changed:
            changed.append(player_id)
    if not changed:
        unchanged = (
            msg("nothing to change: already checked in for round %(round)s", round=number)
            if present
            else msg("nothing to change: already not checked in for round %(round)s", round=number)
        )
        raise CommandError("player_ids", unchanged)
    return {"round": number, "player_ids": changed, "present": present}


def fold_check_in(acc: Accumulator, p: Mapping[str, Any]) -> None:
    checked = acc.checked_in.get(p["round"], frozenset())
    ids = frozenset(p["player_ids"])
    acc.checked_in[p["round"]] = checked | ids if p["present"] else checked - ids


# --- rounds -------------------------------------------------------------------------


def decide_unpairing(state: TournamentState, body: Mapping[str, Any]) -> Payload:
    """Cancel the last round paired while none of its boards has a result."""
    number = body["round"]
    if number not in state.rounds:
        raise CommandError("round", msg("round %(round)s is not paired", round=number))
    if number != state.last_paired_round:
        raise CommandError(
            "round",
            msg(
                "round %(round)s is paired after it: cancel that one first",
                round=state.last_paired_round,
            ),
        )
    with_result = [str(b.number) for b in state.rounds[number].boards if b.result is not None]
    if with_result:
        boards = listed(with_result)
        have = (
            msg(
                "boards %(boards)s of round %(round)s already have a result: correct"
                " results instead",
                boards=boards,
                round=number,
            )
            if len(with_result) > 1
            else msg(
                "board %(board)s of round %(round)s already has a result: correct results instead",
                board=boards,
                round=number,
            )
        )
        raise CommandError("round", have)
    return {"round": number}


def fold_unpairing(acc: Accumulator, p: Mapping[str, Any]) -> None:
    del acc.rounds[p["round"]]
    acc.owned.discard(p["round"])
    # The players' reports were of boards that are gone.
    acc.reports = {key: by for key, by in acc.reports.items() if key[0] != p["round"]}


# --- settings -----------------------------------------------------------------------


def settings_payload(settings: Settings) -> Payload:
    """The settings as a ``tournament.created`` body: what a change is merged into."""
    payload: Payload = {
        "name": settings.name,
        "rounds": settings.rounds,
        "system": settings.system.value,
        "scoring": {name: str(getattr(settings.scoring, name)) for name in _SCORING_FIELDS},
        "rules": settings.rules,
        "tiebreaks": list(settings.tiebreaks),
        "details": dict(settings.details),
    }
    if settings.unrated_rating is not None:
        payload["unrated_rating"] = settings.unrated_rating
    if settings.acceleration:
        payload["acceleration"] = settings.acceleration
    if settings.is_team:
        payload.update(kind=settings.kind, boards=settings.boards)
        if settings.match_points:
            payload["match_points"] = dict(settings.match_points)
    for key in _OPTIONAL_SETTINGS:
        value = getattr(settings, key)
        if value != _UNSET[key]:
            payload[key] = list(value) if isinstance(value, tuple) else value
    return payload


_SCORING_FIELDS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "pab", "fpb", "hpb", "zpb")
# Settings stored only when they differ from their default (``_UNSET``).
_OPTIONAL_SETTINGS = (
    "initial_colour",
    "check_in",
    "max_half_byes",
    "no_half_byes_in",
    "confirm_matching_reports",
    "lineup_order",
    "lineup_tolerance",
    "colour_type",
    "primary_score",
    "pab_match_points",
    "pab_game_points",
    "colour_sequence",
)
_UNSET: dict[str, Any] = {
    "unrated_rating": None,
    "acceleration": "",
    "details": {},
    "initial_colour": "",
    "check_in": False,
    "max_half_byes": None,
    "no_half_byes_in": [],
    "confirm_matching_reports": False,
    "lineup_order": "roster",
    "lineup_tolerance": None,
    "colour_type": "A",
    "primary_score": "MP",
    "pab_match_points": None,
    "pab_game_points": None,
    "colour_sequence": "WB",
}


def refuse_fixed_settings(state: TournamentState, changes: Mapping[str, Any]) -> None:
    """Refuse a change to what is fixed at creation, before the change is validated
    (a team setting refused on an individual event would hide it)."""
    current = settings_payload(state.settings)
    for key, what in _FIXED.items():
        if key in changes and changes[key] != current.get(key, _UNSET.get(key)):
            raise CommandError(key, msg("%(setting)s is fixed at creation", setting=what))


def decide_settings_change(state: TournamentState, merged: Mapping[str, Any]) -> Payload:
    """Change settings: ``merged`` is the settings with the change applied, validated
    whole as at creation.  Refused when it would make the rounds stored wrong: the
    system, rule edition or acceleration once round 1 is paired, fewer rounds than
    paired."""
    current = settings_payload(state.settings)
    changes = {
        key: merged.get(key, _UNSET.get(key))
        for key in sorted(set(current) | set(merged))
        if merged.get(key, _UNSET.get(key)) != current.get(key, _UNSET.get(key))
    }
    if not changes:
        raise CommandError(
            "non_field_errors", msg("nothing to change: the settings are already so")
        )
    paired = state.last_paired_round
    if state.settings.is_team:
        paired = max(state.team_rounds, default=0)
    for key, what in _FIXED_ONCE_PAIRED.items():
        if key in changes and paired:
            raise CommandError(
                key, msg("%(setting)s cannot change: round 1 is paired", setting=what)
            )
    if "rounds" in changes and changes["rounds"] < paired:
        raise CommandError(
            "rounds",
            msg("%(count)s rounds are paired: the tournament has at least as many", count=paired),
        )
    return {"changes": changes}


def fold_settings_change(acc: Accumulator, p: Mapping[str, Any]) -> None:
    assert acc.settings is not None
    changes = dict(p["changes"])
    if "system" in changes:
        changes["system"] = System(changes["system"])
    if "scoring" in changes:
        changes["scoring"] = scoring_from_payload(changes["scoring"])
    if "tiebreaks" in changes:
        changes["tiebreaks"] = tuple(changes["tiebreaks"])
    if "details" in changes:
        changes["details"] = MappingProxyType(dict(changes["details"] or {}))
    for key in ("acceleration", "initial_colour"):
        if key in changes:
            changes[key] = changes[key] or ""
    if "check_in" in changes:
        changes["check_in"] = bool(changes["check_in"])
    if "no_half_byes_in" in changes:
        changes["no_half_byes_in"] = tuple(changes["no_half_byes_in"] or ())
    acc.settings = replace(acc.settings, **changes)
