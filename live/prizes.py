"""Prizes, the last-round calculator and "what if" for a tournament of the event log.

The engines are pure (``tiebreaks.prizes``, ``tiebreaks.stakes``); this module
feeds them the folded tournament (``tournaments.store.queries``) and the prize
list its ``prizes.set`` events hold.  The standings the prizes follow are computed
from the same fold, once per tournament and version in each process.  A "what if"
is computed on a branch of the results that is never stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tiebreaks.model import Outcome
from tiebreaks.prizes import Awards, PlayerFacts, PrizeList, award
from tiebreaks.stakes import Stakes, WhatIf, stakes, what_if
from tiebreaks.standings import Standings, compute_standings
from tournaments.store.queries import FoldedTournament

from .moments import PerVersion

OUTCOME_NAMES = {outcome.value: outcome for outcome in Outcome}
_standings: PerVersion[Standings] = PerVersion(16)


def _compute(folded: FoldedTournament) -> Standings:
    return compute_standings(folded.results, folded.tiebreaks or None, folded.rules)


def standings_of(folded: FoldedTournament) -> Standings:
    """The engine's standings of ``folded`` (all tie-breaks), kept per version."""
    return _standings.get(folded, _compute)


def player_facts(folded: FoldedTournament) -> dict[int, PlayerFacts]:
    """What prize categories ask about each player, from the tournament's record:
    the registrations (``player.registered`` v3 and the edits after it) carry sex,
    birth date and club; the engine's players carry no club, so it is added here."""
    registered = folded.state.players
    return {
        player.start_rank: PlayerFacts.from_player(player, club=registered[player.start_rank].club)
        for player in folded.results.players
    }


@dataclass(frozen=True)
class PrizeView:
    """The prize list of a tournament and who wins what by its standings now."""

    definition: PrizeList
    standings: Standings
    awards: Awards


def prize_view(folded: FoldedTournament) -> PrizeView | None:
    """None while the tournament has no prize list."""
    definition = folded.prize_list
    if definition is None:
        return None
    table = standings_of(folded)
    return PrizeView(definition, table, award(table, player_facts(folded), definition))


def stakes_of(folded: FoldedTournament) -> Stakes | None:
    """The last-round calculator on the open games (None without a prize list).
    TieBreakError when a player has more than one game without a result."""
    if folded.prize_list is None:
        return None
    return stakes(folded.results, folded.prize_list, player_facts(folded))


def what_if_of(folded: FoldedTournament, results: Mapping[int, Outcome]) -> WhatIf:
    """The standings (and prizes, with a prize list) if the open games of ``results``
    (start rank -> that player's result) ended so; nothing is stored.  TieBreakError
    names the entry that cannot be."""
    return what_if(
        folded.results,
        results,
        folded.tiebreaks or None,
        folded.rules,
        folded.prize_list,
        player_facts(folded),
    )
