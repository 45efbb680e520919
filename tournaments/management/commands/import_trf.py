"""``python manage.py import_trf FILE [--organiser USER] [--rules EDITION]``.

The same import as ``POST /api/tournaments/import/``: the whole file or nothing.
A refusal exits with code 2 and one line naming the file's line and column.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tiebreaks.errors import TrfError
from tiebreaks.standings import RULES
from tiebreaks.trf import decode
from tournaments.store.trf_import import import_trf


class Command(BaseCommand):
    help = "Create a tournament from a FIDE TRF file (players, pairings, byes and results)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="The TRF16 or TRF26 file to import.")
        parser.add_argument(
            "--organiser", help="Username of the user who will organise the tournament."
        )
        parser.add_argument(
            "--rules", choices=RULES, help="C.07 edition to freeze (default: the current one)."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        author = None
        if options["organiser"]:
            try:
                author = get_user_model().objects.get_by_natural_key(options["organiser"])
            except get_user_model().DoesNotExist:
                raise CommandError(
                    f"--organiser: no user {options['organiser']!r}", returncode=2
                ) from None
        path: Path = options["file"]
        try:
            text = decode(path.read_bytes())
        except OSError as exc:
            raise CommandError(f"{path}: cannot read: {exc.strerror}", returncode=2) from exc
        try:
            imported = import_trf(text, author=author, rules=options["rules"])
        except TrfError as exc:
            raise CommandError(f"{path}: {exc}", returncode=2) from exc
        for warning in imported.warnings:
            self.stderr.write(f"warning: {path}: {warning}")
        self.stdout.write(
            f"Imported tournament {imported.id} ({imported.name}): {imported.players} players, "
            f"{imported.rounds_paired} rounds paired, {imported.events} events."
        )
