"""A wrong DATABASE_URL fails at once with PostgreSQL's reason, not a pool timeout.

The commands run in a fresh interpreter with the test suite's DATABASE_URL altered.
Their timeout only catches a hang (a pool left to itself waits 20 s, then says
"couldn't get a connection"); it measures no speed.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.db import connection

PROJECT = Path(__file__).resolve().parents[2]
NOT_HANGING_SECONDS = 15


def with_url(**parts: str) -> str:
    """The suite's DATABASE_URL with ``netloc`` or ``path`` replaced."""
    return urlunsplit(urlsplit(os.environ["DATABASE_URL"])._replace(**parts))


def manage(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": url, "DATABASE_POOL_TIMEOUT": "20"}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=PROJECT, env=env,
        capture_output=True, text=True, timeout=NOT_HANGING_SECONDS,
    )  # fmt: skip


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_migrate_names_a_database_that_does_not_exist() -> None:
    result = manage(with_url(path="/no_such_crosstable_db"), "migrate", "--noinput")
    assert result.returncode != 0
    assert 'database "no_such_crosstable_db" does not exist' in result.stderr


def test_migrate_names_an_unknown_user() -> None:
    host = urlsplit(os.environ["DATABASE_URL"]).netloc.rpartition("@")[2]
    result = manage(with_url(netloc=f"no_such_crosstable_user@{host}"), "migrate", "--noinput")
    assert result.returncode != 0
    assert 'role "no_such_crosstable_user" does not exist' in result.stderr


def test_check_names_a_port_where_nothing_listens() -> None:
    port = closed_port()
    result = manage(with_url(netloc=f"postgres@127.0.0.1:{port}"), "check", "--database", "default")
    assert result.returncode != 0
    assert f"port {port} failed: Connection refused" in result.stderr
    assert "crosstable.E001" in result.stderr


def test_check_names_a_host_that_does_not_resolve() -> None:
    url = with_url(netloc="postgres@no-such-host.invalid:5432")
    result = manage(url, "check", "--database", "default")
    assert result.returncode != 0
    assert "no-such-host.invalid" in result.stderr


@pytest.mark.django_db
def test_check_passes_with_the_right_url() -> None:
    # The test database: the one DATABASE_URL names need not exist on a fresh machine.
    url = with_url(path="/" + connection.settings_dict["NAME"])
    result = manage(url, "check", "--database", "default")
    assert result.returncode == 0, result.stderr
