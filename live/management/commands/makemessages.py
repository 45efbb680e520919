"""``makemessages`` that also reads the refusals into the live catalogues.

The refusals are made by ``tiebreaks.messages.msg`` (``tournaments.domain.errors.msg``
is the same) in the engines (tiebreaks, pairings), tournaments/domain and
tournaments/store, outside the live app that ``cd live && makemessages`` reads;
without them here the catalogues would mark their translations obsolete.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from django.core.management.commands import makemessages

PROJECT = Path(__file__).resolve().parents[3]
REFUSAL_SOURCES = (
    "tiebreaks",
    "pairings",
    "tournaments/domain",
    "tournaments/store",
    "tournaments/api",
)


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=msg"]

    def find_files(self, root: str) -> list[Any]:
        found = super().find_files(root)
        if self.domain != "django":
            return found
        catalogues = str(PROJECT / "live" / "locale")
        for folder in REFUSAL_SOURCES:
            for path in sorted((PROJECT / folder).rglob("*.py")):
                where = os.path.relpath(path.parent)
                found.append(self.translatable_file_class(where, path.name, catalogues))
        return sorted(found)
