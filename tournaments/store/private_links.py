"""Private links (issue 21): a player's link to report their results, a team
captain's to submit line-ups.  One mechanism for both.

A link's token is ``[tournament id, role, holder, nonce]`` signed with the
server's key (``django.core.signing``): nobody can make one, and the nonce makes
each issue of a holder's link a new token.  Whether it still works is the event
log's answer (``tournaments.domain.reports.link_valid``): a ``link.revoked`` or a
later ``link.issued`` ends it.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core import signing

from tournaments.domain.errors import TournamentNotFound
from tournaments.domain.reports import link_valid

from .commands import issue_links
from .state_cache import current_state

_SALT = "crosstable.private-link"


class UnknownLink(LookupError):
    """Not a link this server made (or of a tournament that is gone): a 404."""


class RevokedLink(PermissionError):
    """A link its holder no longer has (revoked, or replaced by a new one): a 403."""


@dataclass(frozen=True)
class LinkHolder:
    tournament_id: int
    role: str
    holder: int  # a player id, or a team number


def token(tournament_id: int, role: str, holder: int, nonce: str) -> str:
    return signing.dumps([tournament_id, role, holder, nonce], salt=_SALT, compress=True)


def new_nonces(count: int) -> list[str]:
    """A nonce per link to issue: never the client's (a known nonce is still no
    link without the server's key, but each issue must make a new link)."""
    return [secrets.token_urlsafe(6) for _ in range(count)]


def issue(
    tournament_id: int, role: str, holders: Sequence[int], *, author: User | None = None
) -> None:
    """New links for ``holders`` (each replaces the holder's link, if any)."""
    body = {"role": role, "holders": list(holders), "nonces": new_nonces(len(holders))}
    issue_links(tournament_id, body, author=author)


def tokens(tournament_id: int, role: str) -> dict[int, str]:
    """Every live link of ``role``'s holders: holder -> token."""
    state = current_state(tournament_id)
    return {
        holder: token(tournament_id, role, holder, nonce)
        for (link_role, holder), nonce in state.links.items()
        if link_role == role
    }


def resolve(value: str) -> LinkHolder:
    """The holder of a link, or UnknownLink / RevokedLink."""
    try:
        tournament_id, role, holder, nonce = signing.loads(value, salt=_SALT)
    except (signing.BadSignature, ValueError, TypeError):
        raise UnknownLink("this is not a link of this server") from None
    try:
        state = current_state(tournament_id)
    except TournamentNotFound:
        raise UnknownLink("this tournament is gone") from None
    if not link_valid(state, role, holder, nonce):
        raise RevokedLink("this link was revoked or replaced by a new one")
    return LinkHolder(tournament_id, role, holder)
