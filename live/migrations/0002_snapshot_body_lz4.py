"""Compress snapshot bodies with lz4 instead of pglz where PostgreSQL offers it.

A 2000-player body is 1.2 MB of JSON stored on every recomputation; pglz
took a quarter of the insert.  Nothing changes elsewhere (SQLite, or a
PostgreSQL built without lz4).
"""

from django.db import migrations


def use_lz4(apps, schema_editor, column="body"):
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'"
        )
        row = cursor.fetchone()
        if row and row[0]:
            cursor.execute(
                f"ALTER TABLE live_standingssnapshot ALTER COLUMN {column} SET COMPRESSION lz4"
            )


class Migration(migrations.Migration):
    dependencies = [("live", "0001_initial")]

    operations = [migrations.RunPython(use_lz4, migrations.RunPython.noop)]
