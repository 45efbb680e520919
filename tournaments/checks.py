"""System checks: the database named by DATABASE_URL answers.

Database checks run in ``migrate`` and ``manage.py check --database default``, so a
deployment's wrong DATABASE_URL is one line naming the reason, not a traceback.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.checks import CheckMessage, Error, Tags, register
from django.db import DatabaseError, connections


@register(Tags.database)
def database_answers(
    app_configs: Any, databases: Iterable[str] | None = None, **kwargs: Any
) -> list[CheckMessage]:
    errors: list[CheckMessage] = []
    for alias in databases or ():
        try:
            connections[alias].ensure_connection()
        except DatabaseError as error:
            errors.append(
                Error(
                    f"cannot connect to the database {alias!r}: {error}",
                    hint="Check DATABASE_URL: host, port, user, password and database name.",
                    id="crosstable.E001",
                )
            )
    return errors
