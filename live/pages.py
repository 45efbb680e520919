"""What the HTML pages share."""

from __future__ import annotations

from django.http import Http404

from tournaments.store.queries import FoldedTournament, TournamentNotFound, load_tournament


def folded_or_404(tournament_id: int) -> FoldedTournament:
    """The tournament a page is about, folded; a 404 naming it when there is none."""
    try:
        return load_tournament(tournament_id)
    except TournamentNotFound as exc:
        raise Http404(str(exc)) from exc
