"""PostgreSQL refuses an event whose seq is not the next one of its tournament.

The application role may INSERT events, and a row inserted by hand with a gap
(seq 1000 after 6) made the tournament's log impossible to fold, for good: no
one can delete the row.  The append-only trigger now also checks each new row:
its seq must be the tournament's last seq plus one (1 for the first).  Rows of
one statement (a COPY of a whole import) are checked in order, each seeing the
ones before it.  A duplicate seq is the unique constraint's to refuse.
"""

from importlib import import_module

from django.db import migrations

append_only = import_module("tournaments.migrations.0002_event_append_only_trigger")

FUNCTION = """
CREATE OR REPLACE FUNCTION tournaments_event_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    next_seq bigint;
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT coalesce(max(seq), 0) + 1 INTO next_seq
            FROM tournaments_event WHERE tournament_id = NEW.tournament_id;
        IF NEW.seq > next_seq THEN
            RAISE EXCEPTION 'tournaments_event seq % of tournament % refused: the next seq is %',
                NEW.seq, NEW.tournament_id, next_seq
                USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'tournaments_event is append-only: % of event %/% refused',
        TG_OP, OLD.tournament_id, OLD.seq
        USING ERRCODE = 'restrict_violation';
END;
$$;
"""

FORWARDS = (
    FUNCTION
    + """
DROP TRIGGER tournaments_event_append_only ON tournaments_event;
CREATE TRIGGER tournaments_event_append_only
    BEFORE INSERT OR UPDATE OR DELETE ON tournaments_event
    FOR EACH ROW EXECUTE FUNCTION tournaments_event_append_only();
"""
)

# Back to the trigger of 0002 (updates and deletes only).
BACKWARDS = append_only.DROP + append_only.CREATE


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0003_event_kind_from_the_registry")]

    operations = [append_only.PostgreSQLOnlyRunSQL(FORWARDS, BACKWARDS)]
