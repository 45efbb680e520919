from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.domain.errors import TournamentNotFound
from tournaments.store.organisers import ensure_organiser


class Command(BaseCommand):
    help = (
        "Create (or reuse) an organiser with an API token, optionally making them an "
        "organiser of tournaments; prints the token alone on stdout."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", help="Username.")
        parser.add_argument(
            "--tournament",
            type=int,
            action="append",
            default=[],
            metavar="ID",
            help="A tournament this user organises (repeatable).",
        )

    def handle(self, *args: Any, name: str, tournament: list[int], **options: Any) -> None:
        if not name.strip():
            raise CommandError("NAME must not be blank", returncode=2)
        try:
            user, token = ensure_organiser(name, tournament)
        except TournamentNotFound as exc:
            raise CommandError(str(exc), returncode=2) from exc
        organises = ", ".join(map(str, sorted(tournament))) or "no tournament yet"
        self.stderr.write(f"organiser {user.get_username()} ({organises}); API token:")
        self.stdout.write(token.key)
