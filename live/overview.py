"""Where every tournament stands, for the index page, from each one's latest
standings snapshot.

Folding every event log on each visit of the index would cost seconds once a big
open is among the tournaments, and reading the values out of the stored bodies
would make the database parse megabytes of JSON per visit.  So the worker writes
them beside each snapshot (``progress_of``), and the index reads those columns
only.  A snapshot lags the event log by the worker's run; a tournament
without one yet has no progress.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import OuterRef, Subquery

from tournaments.store.queries import FoldedTournament, round_complete

from .models import StandingsSnapshot


@dataclass(frozen=True)
class Progress:
    current: int  # the last paired round; 0: none yet
    finished: bool  # closed, or every board has a result
    players: int


def progress_of(folded: FoldedTournament) -> Progress:
    state = folded.state
    if folded.is_team:  # rounds of matches; the teams are the participants
        current = max(state.team_rounds, default=0)
        team_round = state.team_rounds.get(current)
        done = team_round is not None and round_complete(state, team_round)
        return Progress(current, done, len(state.teams))
    current = state.last_paired_round
    rnd = state.rounds.get(current)
    finished = rnd is not None and (rnd.closed or rnd.complete)
    return Progress(current, finished, len(state.players))


def latest_progress() -> dict[int, Progress]:
    """Each tournament's progress as of its latest snapshot, by tournament id (one query)."""
    latest = StandingsSnapshot.objects.filter(tournament_id=OuterRef("tournament_id")).order_by(
        "-version"
    )
    rows = (
        StandingsSnapshot.objects.order_by()
        .filter(version=Subquery(latest.values("version")[:1]))
        .values_list("tournament_id", "current_round", "finished", "players")
    )
    return {tid: Progress(current, finished, players) for tid, current, finished, players in rows}
