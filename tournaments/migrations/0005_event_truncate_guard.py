"""PostgreSQL refuses TRUNCATE of the event table, even from its owner.

The append-only trigger fires for each row updated or deleted; TRUNCATE removes
every row without firing row triggers.  The application role has no TRUNCATE
privilege; this statement-level trigger stops the owner's mistaken session too.
A superuser who really means to empty it (a test database) runs the TRUNCATE
with ``session_replication_role = replica``, which skips ordinary triggers.
"""

from importlib import import_module

from django.db import migrations

PostgreSQLOnlyRunSQL = import_module(
    "tournaments.migrations.0002_event_append_only_trigger"
).PostgreSQLOnlyRunSQL

FORWARDS = """
CREATE FUNCTION tournaments_event_no_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'tournaments_event is append-only: TRUNCATE refused'
        USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER tournaments_event_no_truncate
    BEFORE TRUNCATE ON tournaments_event
    FOR EACH STATEMENT EXECUTE FUNCTION tournaments_event_no_truncate();
"""

BACKWARDS = """
DROP TRIGGER IF EXISTS tournaments_event_no_truncate ON tournaments_event;
DROP FUNCTION IF EXISTS tournaments_event_no_truncate();
"""


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0004_event_seq_without_gaps")]

    operations = [PostgreSQLOnlyRunSQL(FORWARDS, BACKWARDS)]
