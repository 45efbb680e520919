"""URL converters shared by every app's routes."""

from __future__ import annotations


class TournamentIdConverter:
    """A tournament id: like ``int``, but at most 18 digits, so that an id beyond
    the database's 64-bit integers is an unknown tournament (404), not a crash."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
