"""Outside the embedded demo the settings are safe by default."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import RequestFactory
from django.views.defaults import server_error

PROJECT = Path(__file__).resolve().parents[2]
DEPLOYED = {"DATABASE_URL": "postgres://crosstable@db:5432/crosstable"}
SHOWN = ("DEBUG", "ALLOWED_HOSTS", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE")


def settings_with(**env: str) -> subprocess.CompletedProcess[str]:
    """Import the project's settings in a fresh interpreter with exactly ``env`` set."""
    clean = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL",
             "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "SECURE_COOKIES")}  # fmt: skip
    code = (
        "import json; from config import settings as s; "
        f"print(json.dumps({{k: getattr(s, k) for k in {SHOWN!r}}}))"
    )
    return subprocess.run(
        [sys.executable, "-c", code], cwd=PROJECT, env={**clean, **env},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_a_deployment_without_secret_key_refuses_to_start() -> None:
    result = settings_with(**DEPLOYED)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_a_deployment_is_not_in_debug_and_names_its_hosts() -> None:
    result = settings_with(**DEPLOYED, SECRET_KEY="s3cret")
    values = json.loads(result.stdout)
    assert values["DEBUG"] is False
    assert "*" not in values["ALLOWED_HOSTS"]
    assert values["SESSION_COOKIE_SECURE"] is values["CSRF_COOKIE_SECURE"] is True


def test_a_wildcard_host_is_refused_outside_debug() -> None:
    result = settings_with(**DEPLOYED, SECRET_KEY="s3cret", ALLOWED_HOSTS="*")
    assert result.returncode != 0
    assert "ALLOWED_HOSTS" in result.stderr


def test_the_embedded_demo_runs_in_debug_without_a_secret_key() -> None:
    result = settings_with()
    assert json.loads(result.stdout)["DEBUG"] is True


@pytest.mark.django_db
def test_an_unknown_page_is_the_projects_404(client) -> None:
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert b"There is no page at this address" in response.content
    assert b"URLconf" not in response.content  # not Django's debug page


def test_a_server_error_is_the_projects_500() -> None:
    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert b"Nothing you entered before this page was lost" in response.content
