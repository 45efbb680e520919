"""Whether the page's visitor organises the tournament shown: the links to the
organiser's pages are for them only (a spectator following one lands on sign-in)."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.store.queries import may_write

register = template.Library()


@register.simple_tag(takes_context=True)
def organises(context: Any, tournament_id: int) -> bool:
    request = context.get("request")
    return request is not None and may_write(request.user, tournament_id)
