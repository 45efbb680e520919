"""Texts that remember their English template and parameters.

Every layer says what is wrong in English (the CLIs print it, the logs and the API's
English bodies keep it); the web edge says it again in the reader's language by
looking the template up in its catalogue: ``gettext(template) % params``.  The
engines are plain Python, so the texts are made here, at the lowest layer, and the
catalogues read them with ``xgettext --keyword=msg``.
"""

from __future__ import annotations

from collections.abc import Mapping


class Message(str):
    """A text in English that remembers its template and parameters.  It is a
    ``str`` so that every reader (the CLIs, the API's English bodies, logs, tests)
    keeps the English text unchanged."""

    template: str
    params: dict[str, object]

    def __new__(cls, template: str, params: Mapping[str, object] | None = None) -> Message:
        params = dict(params or {})
        text = super().__new__(cls, template % params if params else template)
        text.template = template
        text.params = params
        return text


def msg(template: str, /, **params: object) -> Message:
    """A text: ``template`` (English, with named ``%(name)s`` parameters, marked for
    the catalogues: xgettext extracts it with ``--keyword=msg``) filled in with
    ``params``.  Names and numbers are parameters, never part of the template, so
    that they stay as given in every language."""
    return Message(template, params)


def text_of(error: BaseException) -> str:
    """What an exception says: the ``Message`` it was raised with (so that the edge
    can translate it), else its English ``str``."""
    if len(error.args) == 1 and isinstance(error.args[0], Message):
        return error.args[0]
    return str(error)
