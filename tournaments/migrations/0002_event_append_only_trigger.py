"""PostgreSQL refuses UPDATE and DELETE of event rows, whatever the client.

The model and queryset already refuse through the ORM; this trigger also stops
raw SQL, other programs and a mistaken shell session.  Other databases (the
SQLite of the embedded demo) rely on the ORM guard alone.
"""

from django.db import migrations

CREATE = """
CREATE FUNCTION tournaments_event_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'tournaments_event is append-only: % of event %/% refused',
        TG_OP, OLD.tournament_id, OLD.seq
        USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER tournaments_event_append_only
    BEFORE UPDATE OR DELETE ON tournaments_event
    FOR EACH ROW EXECUTE FUNCTION tournaments_event_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS tournaments_event_append_only ON tournaments_event;
DROP FUNCTION IF EXISTS tournaments_event_append_only();
"""


class PostgreSQLOnlyRunSQL(migrations.RunSQL):
    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_backwards(app_label, schema_editor, from_state, to_state)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial")]

    operations = [PostgreSQLOnlyRunSQL(CREATE, DROP)]
