"""The domain's refusals in the reader's language.

A refusal's message is English text made by ``tiebreaks.messages.msg`` (the domain's
``tournaments.domain.errors.msg`` is the same; the engines' errors, a TRF file's
included, carry such texts too, read with ``tiebreaks.messages.text_of``): it keeps
its template and parameters, so the web edge (the organiser pages, the API) looks
the template up in the active language's catalogue and fills it in.  The
parameters (names, numbers) are never translated, except a parameter that is a
message itself (a setting's name, a list's "and", how a refusal names a
board or a player: "board 2 of match 1").  A text not made by ``msg``
stays as it is.
"""

from __future__ import annotations

from django.utils.translation import gettext

from tiebreaks.messages import Message
from tournaments.domain.errors import CommandError


def translated(text: str) -> str:
    """``text`` in the active language."""
    if not isinstance(text, Message):
        return str(text)
    wording = gettext(text.template)
    if not text.params:
        return wording
    return wording % {
        name: translated(value) if isinstance(value, Message) else value
        for name, value in text.params.items()
    }


def translated_errors(exc: CommandError) -> dict[str, list[str]]:
    """Every message of a refusal in the active language, by field (the field
    names, the API's keys, stay as they are)."""
    return {field: [translated(text) for text in texts] for field, texts in exc.errors.items()}
