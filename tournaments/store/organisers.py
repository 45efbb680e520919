"""Organiser accounts, and who organises which tournament.

Granting and revoking are commands: each appends an ``organiser.granted`` or
``organiser.revoked`` event (who, by whom, when: the event log audits them) and
keeps the ``Membership`` rows the permission check reads, in the same
transaction under the tournament's lock.  Nothing else writes memberships,
except the creation of a tournament, whose author (event 1) is its first
organiser.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from rest_framework.authtoken.models import Token

from tournaments.domain.errors import CommandError, TournamentNotFound
from tournaments.models import Event, Membership, Tournament

from .commands import Batch, Command, in_one_transaction
from .events import EventKind


def _no_state_check(state: object, payload: object) -> None:
    """Organisers are checked against the memberships, under the same lock."""


_granted = Command(EventKind.ORGANISER_GRANTED, _no_state_check)
_revoked = Command(EventKind.ORGANISER_REVOKED, _no_state_check)


def _who(user: AbstractBaseUser) -> dict[str, object]:
    return {"user_id": user.pk, "username": user.get_username()}


def grant_organiser(
    tournament_id: int, user: AbstractBaseUser, *, author: AbstractBaseUser | None = None
) -> Event:
    """Let ``user`` write to the tournament; CommandError if they already may."""

    def grant(batch: Batch) -> Event:
        if Membership.objects.filter(tournament=batch.tournament, user=user).exists():
            raise CommandError("user", f"{user.get_username()} already organises this tournament")
        event = batch.append(_granted, _who(user))
        Membership.objects.create(tournament=batch.tournament, user=user)
        return event

    return in_one_transaction(tournament_id, grant, author=author)


def revoke_organiser(
    tournament_id: int, user: AbstractBaseUser, *, author: AbstractBaseUser | None = None
) -> Event:
    """Take the right to write to the tournament from ``user``; CommandError if they
    do not have it."""

    def revoke(batch: Batch) -> Event:
        memberships = Membership.objects.filter(tournament=batch.tournament, user=user)
        if not memberships.exists():
            raise CommandError("user", f"{user.get_username()} does not organise this tournament")
        event = batch.append(_revoked, _who(user))
        memberships.delete()
        return event

    return in_one_transaction(tournament_id, revoke, author=author)


@transaction.atomic
def ensure_organiser(
    username: str, tournament_ids: Iterable[int] = ()
) -> tuple[AbstractBaseUser, Token]:
    """The user ``username`` (created without a password if new), its API token, and
    the right to organise each tournament (granted now, as an event, if new);
    TournamentNotFound if one does not exist."""
    ids = sorted(set(tournament_ids))
    found = set(Tournament.objects.filter(pk__in=ids).values_list("pk", flat=True))
    missing = [pk for pk in ids if pk not in found]
    if missing:
        raise TournamentNotFound(missing[0])
    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(**{user_model.USERNAME_FIELD: username})
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    for pk in ids:
        if not Membership.objects.filter(tournament_id=pk, user=user).exists():
            grant_organiser(pk, user)
    token, _ = Token.objects.get_or_create(user=user)
    return user, token
