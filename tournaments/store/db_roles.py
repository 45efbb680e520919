"""The database role the web and worker processes use: history it cannot rewrite.

Migrations run as the owner of the tables (``DATABASE_URL`` of the migrate
step).  After every migration this grants the application role
(``DATABASE_APP_ROLE``, created here when missing) what it needs on every
table, but on the event table only SELECT and INSERT: it can neither UPDATE,
DELETE nor TRUNCATE events, and not being their owner (nor a superuser) it
cannot disable or drop the append-only trigger, nor set
session_replication_role.  The trigger stays as the second line, against the
owner's own mistakes.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import connections
from psycopg import sql

EVENT_TABLE = "tournaments_event"


def grant_app_role(using: str = "default", **kwargs: Any) -> None:
    """A ``post_migrate`` receiver (it runs as the role that migrated)."""
    role = settings.DATABASE_APP_ROLE
    connection = connections[using]
    if not role or connection.vendor != "postgresql":
        return
    name = sql.Identifier(role)
    statements = [
        sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(name),
        sql.SQL("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {}").format(
            name
        ),
        sql.SQL("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {}").format(name),
        sql.SQL("REVOKE ALL ON {} FROM {}").format(sql.Identifier(EVENT_TABLE), name),
        sql.SQL("GRANT SELECT, INSERT ON {} TO {}").format(sql.Identifier(EVENT_TABLE), name),
    ]
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role])
        if cursor.fetchone() is None:
            cursor.execute(sql.SQL("CREATE ROLE {} LOGIN").format(name))
            if settings.DATABASE_APP_PASSWORD:
                cursor.execute(
                    sql.SQL("ALTER ROLE {} PASSWORD {}").format(
                        name, sql.Literal(settings.DATABASE_APP_PASSWORD)
                    )
                )
        for statement in statements:
            cursor.execute(statement)
