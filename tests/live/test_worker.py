"""When the embedded in-process Celery worker may start."""

from __future__ import annotations

import pytest

from live.worker import is_serving


@pytest.mark.parametrize(
    "argv",
    [
        ["manage.py", "runserver"],
        ["./manage.py", "demo"],
        ["/venv/bin/daphne", "config.asgi:application"],
    ],
)
def test_serving_processes_host_the_worker(argv: list[str]) -> None:
    assert is_serving(argv)


@pytest.mark.parametrize(
    "argv",
    [
        ["/venv/bin/pytest", "tests/live"],
        ["manage.py", "migrate"],
        ["manage.py", "shell"],
        ["/venv/bin/celery", "-A", "config", "worker"],
        [],
    ],
)
def test_other_processes_do_not(argv: list[str]) -> None:
    assert not is_serving(argv)
