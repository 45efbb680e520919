from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from tournaments.demo import NAME, RESULTS, load_demo
from tournaments.store.organisers import ensure_organiser

DEMO_USER = "demo"
DEMO_PASSWORD = "demo"  # a local demo only: printed below, never used in production


class Command(BaseCommand):
    help = (
        "Migrate, load the demo tournament (idempotently), create the demo organiser, "
        "print its API token and the URLs to open, then serve (ASGI runserver)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--no-serve", action="store_true", help="Set up, but do not serve.")
        parser.add_argument("--addrport", default="127.0.0.1:8000", help="Where to serve.")

    def handle(self, *args: Any, no_serve: bool, addrport: str, **options: Any) -> None:
        call_command("migrate", interactive=False, verbosity=0)
        user, _ = ensure_organiser(DEMO_USER)
        if not user.is_superuser:
            # The demo user is also the admin, so /admin/ can be tried at once.
            user.is_staff = user.is_superuser = True
            user.set_password(DEMO_PASSWORD)
            user.save()
        tournament_id = load_demo(user)
        _, token = ensure_organiser(DEMO_USER, [tournament_id])
        base = "http://" + (addrport if ":" in addrport else f"127.0.0.1:{addrport}")
        self.stdout.write(
            "\n".join(
                [
                    f"{NAME}: tournament {tournament_id}",
                    f"Organiser API token ({DEMO_USER}): {token.key}",
                    f"Admin login: {DEMO_USER} / {DEMO_PASSWORD}",
                    "",
                    f"  Tournaments       {base}/",
                    f"  Live standings    {base}/tournaments/{tournament_id}/live/",
                    f"  Enter results     {base}/tournaments/{tournament_id}/rounds/"
                    f"{max(RESULTS)}/enter/  (sign in as {DEMO_USER})",
                    f"  API docs          {base}/api/docs/",
                    f"  Admin             {base}/admin/",
                    "",
                    f"  Standings (JSON)  {base}/api/tournaments/{tournament_id}/standings/",
                ]
            )
        )
        if not no_serve:
            # runserver is daphne's (ASGI); no reloader, so the set-up above runs once.
            call_command("runserver", addrport, use_reloader=False)
