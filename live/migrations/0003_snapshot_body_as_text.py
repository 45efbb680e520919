"""Snapshot bodies stored as JSON text (``body_json``) instead of jsonb.

The worker encodes each body once and readers send or decode that text: jsonb
made PostgreSQL parse every body on insert and print it back on every read.
Existing bodies keep their content (jsonb's own text form).
"""

from importlib import import_module

from django.db import migrations, models

# The type change rewrites the column; its lz4 compression is set again.
use_lz4 = import_module("live.migrations.0002_snapshot_body_lz4").use_lz4


def use_lz4_on_body_json(apps, schema_editor):
    use_lz4(apps, schema_editor, column="body_json")


class Migration(migrations.Migration):
    dependencies = [("live", "0002_snapshot_body_lz4")]

    operations = [
        migrations.AlterField("standingssnapshot", "body", models.TextField()),
        migrations.RenameField("standingssnapshot", "body", "body_json"),
        migrations.RunPython(use_lz4_on_body_json, migrations.RunPython.noop),
    ]
