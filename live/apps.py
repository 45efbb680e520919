import sys

from django.apps import AppConfig
from django.conf import settings


class LiveConfig(AppConfig):
    name = "live"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.core.signals import request_started

        from tournaments.store.queries import event_appended, verdicts_wanted

        from . import feed
        from .tasks import on_event_appended, on_verdicts_wanted
        from .worker import is_serving, start_in_process_worker

        event_appended.connect(on_event_appended, dispatch_uid="live.recompute_standings")
        event_appended.connect(feed.on_event_appended, dispatch_uid="live.feed")
        verdicts_wanted.connect(on_verdicts_wanted, dispatch_uid="live.pairing_verdicts")
        if settings.CELERY_IN_PROCESS_WORKER and is_serving(sys.argv):
            request_started.connect(start_in_process_worker, dispatch_uid="live.in_process_worker")
