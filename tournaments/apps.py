from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.urls import register_converter

        from tournaments.api.converters import TournamentIdConverter

        # Before any URLconf is imported: routes of every app use "<tid:...>".
        register_converter(TournamentIdConverter, "tid")
