"""What each team-event command decides (issue 22), on the shape of ``decisions``:
``decide_*(state, body) -> [events]`` or a CommandError naming the field.  Pure
Python, no Django.

Teams register with their players (each a ``player.registered``, then the
``team.registered`` naming them by start rank); line-ups take players from the
roster in roster order; rounds are paired as matches, by the Berger tables for a
round robin or C.04.6 for a team Swiss (``pairings``), or as given; board results
and their corrections go to a board of a match, a team that does not show forfeits
the match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pairings.acceleration import AccelerationError
from pairings.berger import BergerError, team_round_robin
from pairings.team_acceleration import by_method as team_acceleration
from pairings.team_swiss import NoLegalPairing, pair_team_round, round_one_colour
from tiebreaks.model import Color, System

from .amendments import ranking_order
from .decisions import Body, Plan, check_first_result, decide_registration, superseded
from .entrants import (
    TEAMS,
    Entrant,
    check_bye_cancellation,
    check_in_range,
    check_withdrawal,
    reinstatement_round,
)
from .errors import CommandError, Message, msg, text_of
from .events import (
    BoardPrizesSet,
    BoardResultCorrected,
    BoardResultRecorded,
    DomainEvent,
    LineupSubmitted,
    MatchForfeited,
    PairedMatch,
    PlayerRegistered,
    RosterEdited,
    TeamByeCancelled,
    TeamByeRequested,
    TeamEdited,
    TeamRegistered,
    TeamReinstated,
    TeamRoundPaired,
    TeamRoundStarted,
    TeamsRanked,
    TeamWithdrawn,
)
from .initial_ranking import initial_ranking
from .pairing_origin import COLOUR_OF
from .state import TournamentState
from .teams import (
    FREE_ORDER,
    PLAYED_RESULTS,
    ROSTER_ORDER,
    BoardPrizeSettings,
    BoardView,
    MatchState,
    TeamEntry,
    TeamRoundState,
    match_boards,
    round_complete,
    team_seeds,
)


def _team_event(state: TournamentState) -> None:
    if not state.settings.is_team:
        raise CommandError("kind", msg("this is an individual tournament, not a team event"))


def _team(state: TournamentState, number: int, field: str = "team") -> TeamEntry:
    _team_event(state)
    try:
        return state.teams[number]
    except KeyError:
        raise CommandError(field, msg("no team has pairing number %(team)s", team=number)) from None


def _round_in_range(state: TournamentState, number: int, field: str = "round") -> None:
    check_in_range(state, number, field, TEAMS)


def _entrant(state: TournamentState, number: int) -> Entrant:
    """The team a withdrawal, a reinstatement or a bye cancellation names."""
    team = _team(state, number)
    who = msg("team %(team)s", team=team.number)
    return Entrant(TEAMS, team.number, "team", who, team.withdrawn_from)


def _not_playing(state: TournamentState, team: TeamEntry, number: int) -> Message | None:
    """Why ``team`` plays no match in round ``number`` (None: it plays)."""
    if team.withdrawn_in(number):
        return msg("team %(team)s withdrew before round %(round)s", team=team.number, round=number)
    bye = state.team_bye(number, team.number)
    if bye == "half":
        return msg(
            "team %(team)s has a half-point bye in round %(round)s", team=team.number, round=number
        )
    if bye == "zero":
        return msg(
            "team %(team)s has a zero-point bye in round %(round)s", team=team.number, round=number
        )
    if bye is not None:
        return msg(
            "team %(team)s has a full-point bye in round %(round)s", team=team.number, round=number
        )
    return None


def _paired(state: TournamentState, number: int) -> TeamRoundState:
    _team_event(state)
    _round_in_range(state, number)
    try:
        return state.team_rounds[number]
    except KeyError:
        raise CommandError(
            "round",
            msg("round %(round)s is not paired yet", round=number),
        ) from None


def _new_players(plan: Plan, players: Sequence[Mapping[str, Any]], field: str) -> dict[int, int]:
    """Register the players given with their data (no ``start_rank``): index -> rank."""
    ranks = {}
    for index, player in enumerate(players):
        if "start_rank" in player:
            continue
        try:
            (event,) = plan.decide(decide_registration, player)
        except CommandError as error:
            raise CommandError(f"{field}.{index}.{error.field}", error.message) from error
        assert isinstance(event, PlayerRegistered)
        ranks[index] = event.start_rank
    return ranks


def _check_roster_size(state: TournamentState, roster: Sequence[int], field: str) -> None:
    if len(roster) < state.settings.boards:
        raise CommandError(
            field,
            msg(
                "a roster needs at least %(boards)s players (one per board), not %(count)s",
                boards=state.settings.boards,
                count=len(roster),
            ),
        )


def decide_team_registration(state: TournamentState, body: Body) -> list[DomainEvent]:
    """Register a team and its players (board order, reserves last) before round 1."""
    _team_event(state)
    if state.team_rounds:
        raise CommandError("name", msg("round 1 is paired: teams register before it"))
    if any(t.name == body["name"] for t in state.teams.values()):
        raise CommandError(
            "name", msg("a team named %(name)s is already registered", name=repr(body["name"]))
        )
    _check_roster_size(state, body["players"], "players")
    plan = Plan(state)
    ranks = _new_players(plan, body["players"], "players")
    number = max(state.teams, default=0) + 1
    team = {k: body[k] for k in ("name", "short_name", "federation", "captain")}
    team["strength"] = body.get("strength", "")
    roster = [ranks[i] for i in range(len(body["players"]))]
    return [*plan.events, TeamRegistered.from_payload({**team, "number": number, "roster": roster})]


def decide_team_edit(state: TournamentState, body: Body) -> list[DomainEvent]:
    """Correct a team's data at any time: the fields equal to the current values are
    left out, an edit changing nothing is refused, a name stays unique."""
    team = _team(state, body["team"])
    given = body["changes"]
    changes = {name: value for name, value in given.items() if value != getattr(team, name)}
    if not changes:
        field = f"changes.{next(iter(given))}" if given else "changes"
        who = msg("team %(team)s", team=team.number)
        raise CommandError(
            field, msg("nothing to change: %(name)s already has these data", name=who)
        )
    name = changes.get("name")
    if name is not None and any(t.name == name for t in state.teams.values()):
        raise CommandError(
            "changes.name", msg("a team named %(name)s is already registered", name=repr(name))
        )
    return [TeamEdited.from_payload({"team": team.number, "changes": changes})]


def _lined_up(state: TournamentState, team: int) -> set[int]:
    return {p for (_, t), players in state.lineups.items() if t == team for p in players if p}


def decide_roster_edit(state: TournamentState, body: Body) -> list[DomainEvent]:
    """Replace a team's roster: its players by start rank (already on it) or new ones
    with their data, in board order.  A player who has been in a line-up stays."""
    team = _team(state, body["team"])
    roster_items = body["roster"]
    _check_roster_size(state, roster_items, "roster")
    seen: set[int] = set()
    for index, item in enumerate(roster_items):
        rank = item.get("start_rank")
        if rank is None:
            continue
        if rank not in team.roster:
            raise CommandError(
                f"roster.{index}.start_rank",
                msg(
                    "player %(rank)s is not on the roster of team %(team)s",
                    rank=rank,
                    team=team.number,
                ),
            )
        if rank in seen:
            raise CommandError(
                f"roster.{index}.start_rank", msg("player %(rank)s is listed twice", rank=rank)
            )
        seen.add(rank)
    dropped = sorted((set(team.roster) - seen) & _lined_up(state, team.number))
    if dropped:
        raise CommandError(
            "roster",
            msg(
                "player %(player)s has played for team %(team)s and stays on its roster",
                player=dropped[0],
                team=team.number,
            ),
        )
    plan = Plan(state)
    ranks = _new_players(plan, roster_items, "roster")
    roster = [ranks.get(i, item.get("start_rank")) for i, item in enumerate(roster_items)]
    return [*plan.events, RosterEdited.from_payload({"team": team.number, "roster": roster})]


def _match_started(match: MatchState | None) -> bool:
    return match is not None and (bool(match.results) or match.forfeit is not None)


def _order_breach(
    state: TournamentState, roster: Sequence[int], seated: list[int]
) -> Message | None:
    """Why ``seated`` (a line-up's players, board 1 first) breaks the regulations'
    line-up order, naming the first player who sits ahead of a roster-earlier one
    beyond what the setting allows; None when it does not."""
    settings = state.settings
    if settings.lineup_order == FREE_ORDER:
        return None
    for index, ahead in enumerate(seated):
        for behind in seated[index + 1 :]:
            if roster.index(ahead) < roster.index(behind):
                continue
            first, second = state.players[ahead], state.players[behind]
            names = {"ahead": ahead, "ahead_name": first.name}
            names |= {"behind": behind, "behind_name": second.name}
            if settings.lineup_order == ROSTER_ORDER:
                return msg(
                    "player %(ahead)s (%(ahead_name)s) may not sit ahead of player %(behind)s"
                    " (%(behind_name)s): the players stand in roster order"
                    " (a reserve may step in)",
                    **names,
                )
            tolerance = settings.lineup_tolerance or 0
            if second.rating - first.rating > tolerance:
                return msg(
                    "player %(ahead)s (%(ahead_name)s) may not sit ahead of player %(behind)s"
                    " (%(behind_name)s), who is earlier on the roster and rated"
                    " %(behind_rating)s, more than %(tolerance)s points above %(ahead_rating)s",
                    **names,
                    behind_rating=second.rating,
                    tolerance=tolerance,
                    ahead_rating=first.rating,
                )
    return None


def decide_lineup(state: TournamentState, body: Body) -> list[DomainEvent]:
    """A team's players in a round, by board (null: an empty board, a board forfeit),
    from its roster in the order the setting ``lineup_order`` allows (a reserve may
    step in).  Replaceable until a
    board of the team's match has a result."""
    team = _team(state, body["team"])
    number = body["round"]
    _round_in_range(state, number)
    players = body["players"]
    if len(players) > state.settings.boards:
        raise CommandError(
            "players",
            msg(
                "a line-up has at most %(boards)s boards, not %(count)s",
                boards=state.settings.boards,
                count=len(players),
            ),
        )
    if not any(p is not None for p in players):
        raise CommandError("players", msg("nobody plays: forfeit the match instead"))
    absent = _not_playing(state, team, number)
    if absent is not None:
        raise CommandError("team", absent)
    rnd = state.team_rounds.get(number)
    if rnd is not None and _match_started(rnd.match_of(team.number)):
        raise CommandError(
            "round",
            msg(
                "team %(team)s's match of round %(round)s has results",
                team=team.number,
                round=number,
            ),
        )
    seen: set[int] = set()
    for index, rank in enumerate(players):
        if rank is None:
            continue
        field = f"players.{index}"
        if rank not in team.roster:
            raise CommandError(
                field,
                msg(
                    "player %(rank)s is not on the roster of team %(team)s",
                    rank=rank,
                    team=team.number,
                ),
            )
        if rank in seen:
            raise CommandError(field, msg("player %(rank)s is on two boards", rank=rank))
        if state.players[rank].withdrawn_in(number):
            raise CommandError(
                field,
                msg("player %(rank)s withdrew before round %(round)s", rank=rank, round=number),
            )
        seen.add(rank)
    breach = _order_breach(state, team.roster, [p for p in players if p is not None])
    if breach is not None:
        raise CommandError("players", breach)
    stored = state.lineups.get((number, team.number))
    # A second click, or a retry, would store the same line-up again.
    if stored == tuple(players):
        raise CommandError(
            "players",
            msg(
                "team %(team)s's line-up for round %(round)s is this one already",
                team=team.number,
                round=number,
            ),
        )
    # A page drawn before someone else (the captain) sent one must not replace it unseen.
    shown = body.get("replaces")
    if shown is not None and tuple(shown) != (stored or ()):
        now = ", ".join("-" if p is None else str(p) for p in stored or ())
        changed = (
            msg(
                "team %(team)s's line-up for round %(round)s changed since your page was"
                " loaded (now %(now)s): check it and send again",
                team=team.number,
                round=number,
                now=now,
            )
            if now
            else msg(
                "team %(team)s's line-up for round %(round)s changed since your page was"
                " loaded (now none): check it and send again",
                team=team.number,
                round=number,
            )
        )
        raise CommandError("replaces", changed)
    return [LineupSubmitted.from_payload({**body, "players": list(players)})]


def captain_round(state: TournamentState) -> int:
    """The round a captain's line-up is for (issue 21): the last round paired while
    it has not started (``TournamentState.team_round_started``), else the next."""
    _team_event(state)
    last = max(state.team_rounds, default=0)
    number = last if last and not state.team_round_started(last) else last + 1
    if number > state.settings.rounds:
        raise CommandError("round", msg("every round has started: no line-up is due"))
    return number


def decide_captain_lineup(state: TournamentState, body: Body) -> list[DomainEvent]:
    """A captain's line-up through their private link: for ``captain_round``, with
    the organiser's rules (``decide_lineup``)."""
    number = captain_round(state)
    asked = body.get("round")
    if asked is not None and asked != number:
        raise CommandError(
            "round",
            msg(
                "the line-up due now is for round %(round)s, not round %(asked)s",
                round=number,
                asked=asked,
            ),
        )
    return decide_lineup(state, {**body, "round": number})


def decide_round_start(state: TournamentState, body: Body) -> list[DomainEvent]:
    """The organiser marks a paired team round started: line-ups become public."""
    number = body["round"]
    _paired(state, number)
    if state.team_round_started(number):
        raise CommandError("round", msg("round %(round)s has already started", round=number))
    return [TeamRoundStarted(number)]


def decide_team_pairing(state: TournamentState, body: Body) -> list[DomainEvent]:
    """The next round's matches as given (``white`` has White on board 1) and the
    pairing-allocated bye; each team once.  A Swiss leaves out the teams withdrawn or
    with a requested bye; a round robin keeps a withdrawn team in its table (its
    matches are forfeited)."""
    _team_event(state)
    number = body["round"]
    _round_in_range(state, number)
    following = max(state.team_rounds, default=0) + 1
    if number != following:
        raise CommandError(
            "round",
            msg("round %(round)s is the next round to pair", round=following),
        )
    seen: set[int] = set()

    def place(team: int, field: str) -> None:
        absent = _not_playing(state, _team(state, team, field), number)
        if absent is not None and state.settings.system is System.SWISS:
            raise CommandError(field, absent)
        if team in seen:
            raise CommandError(
                field,
                msg("team %(team)s appears twice in round %(round)s", team=team, round=number),
            )
        seen.add(team)

    matches = []
    for index, match in enumerate(body["matches"]):
        place(match["white"], f"matches.{index}.white")
        place(match["black"], f"matches.{index}.black")
        matches.append(PairedMatch(index + 1, match["white"], match["black"]))
    for index, team in enumerate(body["byes"]):
        place(team, f"byes.{index}")
    if len(body["byes"]) > 1:
        raise CommandError("byes", msg("one team at most has the pairing-allocated bye"))
    return [TeamRoundPaired(number, tuple(matches), tuple(body["byes"]))]


def decide_next_team_round(state: TournamentState, body: Body) -> list[DomainEvent]:
    """Pair the next round by the system: a round robin's round from the Berger tables
    (teams numbered in registration order), a team Swiss by C.04.6 once the round
    before has every result."""
    _team_event(state)
    number = max(state.team_rounds, default=0) + 1
    asked = body.get("round")
    if asked is not None and asked != number:
        done = (
            msg(
                "round %(round)s is paired already: the next round to pair is %(next)s",
                round=asked,
                next=number,
            )
            if asked < number
            else msg(
                "not round %(round)s: the next round to pair is %(next)s", round=asked, next=number
            )
        )
        raise CommandError("round", done)
    settings = state.settings
    if number > settings.rounds:
        raise CommandError("round", msg("all %(rounds)s rounds are paired", rounds=settings.rounds))
    teams = sorted(state.teams)
    if len(teams) < 2:
        raise CommandError("teams", msg("a team event needs at least two teams to pair"))
    if settings.system is System.SWISS:
        previous = state.team_rounds.get(number - 1)
        if previous is not None and not round_complete(state, previous):
            raise CommandError(
                "round",
                msg("round %(round)s still has boards without a result", round=number - 1),
            )
        absent = [t for t in teams if _not_playing(state, state.teams[t], number)]
        tournament = state.to_team_tournament()
        # As an individual Swiss: what round 1 shows, else the setting (TRF XXC).
        initial = round_one_colour(tournament) or COLOUR_OF.get(
            settings.initial_colour, Color.WHITE
        )
        try:
            acceleration = team_acceleration(settings.acceleration, tournament, absent)
        except AccelerationError as error:
            raise CommandError("acceleration", text_of(error)) from error
        try:
            pairing = pair_team_round(
                tournament,
                number,
                absent=absent,
                initial_colour=initial,
                acceleration=acceleration,
            )
        except NoLegalPairing as error:
            raise CommandError(
                "round",
                msg(
                    "no legal pairing for round %(round)s: %(error)s",
                    round=number,
                    error=text_of(error),
                ),
            ) from error
        bye = pairing.bye
    else:
        cycles = 2 if settings.system is System.DOUBLE_ROUND_ROBIN else 1
        try:
            schedule = team_round_robin(
                teams, cycles=cycles, swap_last_two=body.get("swap_last_two", False)
            )
        except BergerError as error:
            raise CommandError("swap_last_two", text_of(error)) from error
        if len(schedule) != settings.rounds:
            raise CommandError(
                "rounds",
                msg(
                    "%(teams)s teams need %(needed)s rounds; the event has %(rounds)s",
                    teams=len(teams),
                    needed=len(schedule),
                    rounds=settings.rounds,
                ),
            )
        # The resting team of an odd field is left unpaired, as for individuals;
        # a withdrawn team keeps its place in the table and loses its matches by forfeit.
        plan = Plan(state)
        matches = [{"white": w, "black": b} for w, b in schedule[number - 1].boards]
        plan.decide(decide_team_pairing, {"round": number, "matches": matches, "byes": []})
        for index, match in enumerate(matches, start=1):
            gone = [state.teams[match[side]].withdrawn_in(number) for side in ("white", "black")]
            if any(gone):
                result = {(True, False): "-/+", (False, True): "+/-"}.get((gone[0], gone[1]), "0-0")
                plan.decide(
                    decide_match_forfeit, {"round": number, "match": index, "result": result}
                )
        return plan.events
    matches = [{"white": w, "black": b} for w, b in pairing.matches]
    return decide_team_pairing(
        state, {"round": number, "matches": matches, "byes": [] if bye is None else [bye]}
    )


def _match(state: TournamentState, body: Body) -> tuple[TeamRoundState, MatchState]:
    """The paired round and the match ``body`` names."""
    rnd = _paired(state, body["round"])
    match = rnd.match(body["match"])
    if match is None:
        raise CommandError(
            "match",
            msg("round %(round)s has no match %(match)s", round=rnd.number, match=body["match"]),
        )
    return rnd, match


def _board(state: TournamentState, body: Body) -> tuple[MatchState, BoardView | None]:
    rnd, match = _match(state, body)
    if not 1 <= body["board"] <= state.settings.boards:
        raise CommandError(
            "board",
            msg(
                "a match has boards 1 to %(boards)s, not %(board)s",
                boards=state.settings.boards,
                board=body["board"],
            ),
        )
    if match.forfeit is not None:
        raise CommandError(
            "match",
            msg(
                "match %(match)s was forfeited (%(forfeit)s)",
                match=match.number,
                forfeit=match.forfeit,
            ),
        )
    views = match_boards(
        match, state.lineups, rnd.number, state.settings.boards, state.settings.colour_sequence
    )
    if not views:
        missing = [t for t in match.teams() if (rnd.number, t) not in state.lineups]
        raise CommandError(
            "match",
            msg(
                "team %(team)s has no line-up for round %(round)s",
                team=missing[0],
                round=rnd.number,
            ),
        )
    view = views[body["board"] - 1]
    if view.implied:
        raise CommandError(
            "board",
            msg(
                "board %(board)s has an empty seat: it is a forfeit (%(result)s)",
                board=view.board,
                result=view.result,
            ),
        )
    if body.get("rated") is False and body["result"] not in PLAYED_RESULTS:
        raise CommandError(
            "rated",
            msg(
                "%(result)s is a forfeit: only a game played can be unrated", result=body["result"]
            ),
        )
    return match, view


def decide_board_result(state: TournamentState, body: Body) -> list[DomainEvent]:
    """A board's first result (white's side first); a board with one needs a correction."""
    match, view = _board(state, body)
    where = msg("board %(board)s of match %(match)s", board=body["board"], match=match.number)
    check_first_result(where, match.results.get(body["board"]))
    return [BoardResultRecorded.from_payload(body)]


def decide_board_correction(state: TournamentState, body: Body) -> list[DomainEvent]:
    """Replace a board's result, with a reason; the earlier event stays in the log."""
    match, _ = _board(state, body)
    board = body["board"]
    supersedes = superseded(board, match.results.get(board), body, rated=board not in match.unrated)
    return [BoardResultCorrected.from_payload({**body, "supersedes": supersedes})]


def decide_match_forfeit(state: TournamentState, body: Body) -> list[DomainEvent]:
    """A team that did not show loses the match on every board (``+/-``: the
    first-named team wins, ``-/+``: it loses, ``0-0``: neither came)."""
    _, match = _match(state, body)
    if _match_started(match):
        raise CommandError(
            "match",
            msg("match %(match)s already has results: correct the boards", match=match.number),
        )
    return [MatchForfeited.from_payload(body)]


def decide_team_withdrawal(state: TournamentState, body: Body) -> list[DomainEvent]:
    """Withdraw a team from a round on: it is paired no more (a round robin's
    remaining matches are forfeited); the rounds already paired keep its matches."""
    check_withdrawal(state, _entrant(state, body["team"]), body["from_round"])
    return [TeamWithdrawn.from_payload(body)]


def decide_team_reinstatement(state: TournamentState, body: Body) -> list[DomainEvent]:
    """Undo a team's withdrawal from a round on, as a player's
    (``entrants.reinstatement_round``): a Swiss pairs it again, a round robin's
    matches from that round are played."""
    first = reinstatement_round(state, _entrant(state, body["team"]), body.get("from_round"))
    return [TeamReinstated(body["team"], first)]


def decide_board_prize_settings(state: TournamentState, body: Body) -> list[DomainEvent]:
    """The board prizes' order, minimum of games (``min_games`` omitted or null:
    the default) and board assignment; refused when they are already so."""
    _team_event(state)
    ties = body.get("tiebreaks")
    if ties is not None and len(set(ties)) < len(ties):
        raise CommandError("tiebreaks", msg("a tie-break is listed twice"))
    if ties is not None and body["order"] in ties:
        raise CommandError("tiebreaks", msg("%(order)s is the order already", order=body["order"]))
    percent = body["minimum_unit"] == "percent"
    for name in ("min_games", "reserve_min_games"):
        if percent and (body.get(name) or 0) > 100:
            raise CommandError(name, msg("a percentage of the rounds is at most 100"))
    wanted = BoardPrizeSettings(
        body["order"],
        body.get("min_games"),
        body["assignment"],
        body.get("reserve_min_games"),
        body["minimum_unit"],
        body.get("rating_cap"),
        body.get("unrated_rating"),
        None if ties is None else tuple(ties),
    )
    if wanted == state.board_prizes:
        raise CommandError("order", msg("the board prizes already have these settings"))
    return [
        BoardPrizesSet(
            wanted.order,
            wanted.min_games,
            wanted.assignment,
            wanted.reserve_min_games,
            wanted.minimum_unit,
            wanted.rating_cap,
            wanted.unrated_rating,
            None if ties is None else list(ties),
        )
    ]


def decide_team_bye(state: TournamentState, body: Body) -> list[DomainEvent]:
    """A team's half-, zero- or full-point bye in a Swiss round not paired yet: the
    team is left out of that round's pairing and scores the bye (TRF26 240)."""
    team = _team(state, body["team"])
    number = body["round"]
    _round_in_range(state, number)
    if state.settings.system is not System.SWISS:
        raise CommandError(
            "round", msg("a round robin's matches are fixed: forfeit the match instead")
        )
    if number in state.team_rounds:
        raise CommandError("round", msg("round %(round)s is already paired", round=number))
    absent = _not_playing(state, team, number)
    if absent is not None:
        raise CommandError("team" if team.withdrawn_in(number) else "round", absent)
    return [TeamByeRequested.from_payload(body)]


def decide_team_bye_cancellation(state: TournamentState, body: Body) -> list[DomainEvent]:
    """Cancel a team's requested bye in a round not paired yet."""
    check_bye_cancellation(state, _entrant(state, body["team"]), body["round"])
    return [TeamByeCancelled.from_payload(body)]


def decide_team_ranking(state: TournamentState, body: Body) -> list[DomainEvent]:
    """The teams' pairing numbers before round 1: by strength (``{"method":
    "rating"}``: the mean rating of each roster's first boards, then the name, as
    the players' initial ranking) or in the order given (``{"order": [team
    numbers]}``, pairing number 1 first, every team once)."""
    _team_event(state)
    seeds = team_seeds(state)
    order = ranking_order(
        body,
        [seed.number for seed in seeds],
        lambda: [seed.number for seed in initial_ranking(seeds)],
        paired=bool(state.team_rounds),
        known=lambda number, field: _team(state, number, field),
        teams=True,
    )
    return [TeamsRanked(tuple(order))]
