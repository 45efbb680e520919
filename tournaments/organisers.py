"""Organiser accounts: a user with an API token and tournament memberships."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from rest_framework.authtoken.models import Token

from .errors import TournamentNotFound
from .models import Membership, Tournament


@transaction.atomic
def ensure_organiser(
    username: str, tournament_ids: Iterable[int] = ()
) -> tuple[AbstractBaseUser, Token]:
    """The user ``username`` (created without a password if new), its API token, and
    membership of each tournament; TournamentNotFound if one does not exist."""
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
        Membership.objects.get_or_create(tournament_id=pk, user=user)
    token, _ = Token.objects.get_or_create(user=user)
    return user, token
