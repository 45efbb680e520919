"""What other apps may change in tournaments: the counterpart of ``queries``.

The live app's organiser pages store events only through the names here, so
that each write another app makes is a command of this package's with its
checks, never an insert of its own.  The import contracts in pyproject.toml
hold ``live`` to ``queries`` and this module.
"""

from __future__ import annotations

from .commands import (
    Command,
    CommandError,
    correct_board_result,
    edit_roster,
    forfeit_match,
    pair_next_team_round,
    record_board_result,
    register_team,
    submit_lineup,
)
from .trf_import import ImportedTournament, import_trf

__all__ = [
    "Command",
    "CommandError",
    "ImportedTournament",
    "correct_board_result",
    "edit_roster",
    "forfeit_match",
    "import_trf",
    "pair_next_team_round",
    "record_board_result",
    "register_team",
    "submit_lineup",
]
