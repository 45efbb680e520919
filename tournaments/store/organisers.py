"""Organiser accounts, and who organises which tournament.

Granting and revoking are commands: each appends an ``organiser.granted`` or
``organiser.revoked`` event (who, by whom, when: the event log audits them) and
keeps the ``Membership`` rows the permission check reads, in the same
transaction.  Nothing else writes memberships,
except the creation of a tournament, whose author (event 1) is its first
organiser.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from rest_framework.authtoken.models import Token

from tournaments.domain.errors import CommandError, TournamentNotFound, msg
from tournaments.domain.events import OrganiserGranted, OrganiserRevoked
from tournaments.models import Event, Membership, Tournament

from .append import decide_and_append


def grant_organiser(tournament_id: int, user: User, *, author: User | None = None) -> Event:
    """Let ``user`` write to the tournament; CommandError if they already may."""
    memberships = Membership.objects.filter(tournament_id=tournament_id, user=user)

    def decide(state: object) -> list[OrganiserGranted]:
        if memberships.exists():
            raise CommandError(
                "user",
                msg("%(user)s already organises this tournament", user=user.get_username()),
            )
        return [OrganiserGranted(user.pk, user.get_username())]

    # The membership is written after the event: a writer that came first makes
    # the event's INSERT fail before, and the decision runs again.
    (event,) = decide_and_append(
        tournament_id,
        decide,
        author=author,
        then=lambda: Membership.objects.create(tournament_id=tournament_id, user=user),
    )
    return event


def revoke_organiser(tournament_id: int, user: User, *, author: User | None = None) -> Event:
    """Take the right to write to the tournament from ``user``; CommandError if they
    do not have it."""
    memberships = Membership.objects.filter(tournament_id=tournament_id, user=user)

    def decide(state: object) -> list[OrganiserRevoked]:
        if not memberships.exists():
            raise CommandError(
                "user",
                msg("%(user)s does not organise this tournament", user=user.get_username()),
            )
        return [OrganiserRevoked(user.pk, user.get_username())]

    (event,) = decide_and_append(tournament_id, decide, author=author, then=memberships.delete)
    return event


@transaction.atomic
def ensure_organiser(username: str, tournament_ids: Iterable[int] = ()) -> tuple[User, Token]:
    """The user ``username`` (created without a password if new), its API token, and
    the right to organise each tournament (granted now, as an event, if new);
    TournamentNotFound if one does not exist."""
    ids = sorted(set(tournament_ids))
    found = set(Tournament.objects.filter(pk__in=ids).values_list("pk", flat=True))
    missing = [pk for pk in ids if pk not in found]
    if missing:
        raise TournamentNotFound(missing[0])
    user_model = get_user_model()
    lookup: dict[str, Any] = {user_model.USERNAME_FIELD: username}
    user, created = user_model.objects.get_or_create(**lookup)
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    for pk in ids:
        if not Membership.objects.filter(tournament_id=pk, user=user).exists():
            grant_organiser(pk, user)
    token, _ = Token.objects.get_or_create(user=user)
    return user, token
