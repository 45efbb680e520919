"""Why a command was refused.  Nothing is stored when one of these is raised."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tiebreaks.messages import Message, msg, text_of

__all__ = [
    "CommandError",
    "Conflict",
    "Message",
    "TournamentNotFound",
    "UnreadableLog",
    "listed",
    "msg",
    "text_of",
]


def listed(items: Sequence[str]) -> str:
    """Items as a refusal names them: "3", "3 and 7", "3, 7 and 12"."""
    if len(items) == 1:
        return items[0]
    return msg("%(items)s and %(last)s", items=", ".join(items[:-1]), last=items[-1])


class CommandError(ValueError):
    """A command that is invalid against the tournament's state or malformed.

    ``field`` names the first offending field (dotted for nested ones, e.g.
    ``boards.0.white``) and ``message`` says what is wrong with it; ``errors``
    holds every offending field when a body had several.  A message made with
    ``msg`` carries its ``template`` and ``params`` (a plain string is its own
    template, without parameters).
    """

    def __init__(
        self, field: str, message: str, errors: Mapping[str, Sequence[str]] | None = None
    ) -> None:
        self.field = field
        self.message = message
        self.errors = dict(errors) if errors else {field: [message]}
        super().__init__(f"{field}: {message}")

    @property
    def template(self) -> str:
        return getattr(self.message, "template", self.message)

    @property
    def params(self) -> dict[str, object]:
        return dict(getattr(self.message, "params", {}))


class Conflict(Exception):
    """The client's ``expected_seq`` is not the tournament's current seq."""

    def __init__(self, current_seq: int, expected_seq: int | None = None) -> None:
        self.current_seq = current_seq
        self.expected_seq = expected_seq
        super().__init__(
            msg("the tournament is at seq %(current)s: reload and retry", current=current_seq)
            if expected_seq is None
            else msg(
                "the tournament is at seq %(current)s, not %(expected)s: reload and retry",
                current=current_seq,
                expected=expected_seq,
            )
        )


class TournamentNotFound(LookupError):
    def __init__(self, tournament_id: int) -> None:
        self.tournament_id = tournament_id
        super().__init__(f"no tournament {tournament_id}")


class UnreadableLog(Exception):
    """A tournament's stored events cannot be folded past event ``seq``: a row written
    around the commands (a gap in seq left before the database refused gaps, an
    event out of place) or by a bug.  Nothing of it can be read or appended until
    an administrator repairs the log; ``last_seq`` is its last event when met."""

    def __init__(self, tournament_id: int, seq: int, last_seq: int, reason: str) -> None:
        self.tournament_id = tournament_id
        self.seq = seq
        self.last_seq = last_seq
        super().__init__(
            f"the event log of tournament {tournament_id} cannot be read at event seq {seq}"
            f" ({reason}): nothing of it can be shown or recorded until an administrator"
            " repairs the log"
        )
