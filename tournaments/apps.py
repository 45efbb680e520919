from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate
        from django.urls import register_converter

        from tournaments import checks  # noqa: F401  (registers the database check)
        from tournaments.api.converters import TournamentIdConverter
        from tournaments.store.db_roles import grant_app_role

        post_migrate.connect(grant_app_role, sender=self, dispatch_uid="tournaments.app_role")

        # Before any URLconf is imported: routes of every app use "<tid:...>".
        register_converter(TournamentIdConverter, "tid")
