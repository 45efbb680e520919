"""Who may write: a tournament's organisers, and staff anywhere.  Everyone reads."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request

from tournaments.models import Tournament
from tournaments.store.queries import may_write


class IsOrganiserOrReadOnly(BasePermission):
    """Reads are public.  Creating a tournament needs a signed-in user; writing to
    one needs membership of it (checked here on the URL's tournament id, since
    these views have no object for DRF's object permissions to look at)."""

    message = "Only this tournament's organisers may change it."

    def has_permission(self, request: Request, view: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        if not request.user or not request.user.is_authenticated:
            return False
        tournament_id = view.kwargs.get("tournament_id")
        if tournament_id is None:
            return True
        # An organiser's write (the common case) costs one query; an unknown
        # tournament is left to the view, which answers 404.
        return may_write(request.user, tournament_id) or not (
            Tournament.objects.filter(pk=tournament_id).exists()
        )
