"""Errors raised by the tie-break engine and the TRF reader.

Both subclass ValueError so callers that only care about "bad input" can catch one type.
"""

from __future__ import annotations

from .messages import msg


class TieBreakError(ValueError):
    """An unknown tie-break code or rule edition, or a request the engine cannot answer."""


class TrfError(ValueError):
    """A TRF file that cannot be read; ``line`` and ``column`` are 1-based."""

    def __init__(self, line: int, column: int, reason: str) -> None:
        self.line = line
        self.column = column
        self.reason = reason
        super().__init__(
            msg(
                "line %(line)s, column %(column)s: %(reason)s",
                line=line,
                column=column,
                reason=reason,
            )
        )
