"""The embedded demo's Celery worker: a thread inside the serving process.

With no Redis configured the broker is Celery's memory transport, which only
exists inside one process, so the worker must live in the web process.  It
starts with the first request served, which happens only in the process that
really serves (not in runserver's autoreloader parent, not in tests or other
management commands).
"""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Sequence
from pathlib import Path

from celery.worker import WorkController

_lock = threading.Lock()
_thread: threading.Thread | None = None

SERVING_COMMANDS = ("runserver", "demo")
SERVING_PROGRAMS = ("daphne", "uvicorn")
EMBEDDED_POLLING_SECONDS = 0.05


def is_serving(argv: Sequence[str]) -> bool:
    """Whether this process was started to serve HTTP (so may host the worker)."""
    if not argv:
        return False
    if Path(argv[0]).name in SERVING_PROGRAMS:
        return True
    return len(argv) > 1 and Path(argv[0]).name == "manage.py" and argv[1] in SERVING_COMMANDS


def start_in_process_worker(**signal_kwargs: object) -> None:
    """Start the worker thread once (a ``request_started`` receiver)."""
    global _thread
    with _lock:
        if _thread is None:
            _thread = threading.Thread(target=_run_worker, name="celery-in-process", daemon=True)
            _thread.start()


def _run_worker() -> None:
    # Built in its own thread: Celery's Django fixup closes the database
    # connections of the thread that initialises a worker.
    from django.conf import settings

    from config.celery import app

    # The memory transport is polled; its default second would be most of the latency.
    app.conf.broker_transport_options = {
        **app.conf.broker_transport_options,
        "polling_interval": EMBEDDED_POLLING_SECONDS,
    }
    WorkController(
        app=app,
        pool="solo",
        concurrency=1,
        queues=list(settings.TASK_QUEUES),
        hostname=f"embedded-{os.getpid()}@{socket.gethostname()}",
        without_heartbeat=True,
        without_mingle=True,
        without_gossip=True,
    ).start()
