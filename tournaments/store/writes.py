"""What other apps may change in tournaments: the counterpart of ``queries``.

The live app's organiser pages store events only through the names here, so
that each write another app makes is a command of this package's with its
checks, never an insert of its own.  The import contracts in pyproject.toml
hold ``live`` to ``queries`` and this module.
"""

from __future__ import annotations

from .trf_import import ImportedTournament, import_trf

__all__ = ["ImportedTournament", "import_trf"]
