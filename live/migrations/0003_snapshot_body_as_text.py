"""Snapshot bodies stored as JSON text (``body_json``) instead of jsonb, and where
the tournament stands stored beside them (``live.overview``).

The worker encodes each body once and readers send or decode that text: jsonb
made PostgreSQL parse every body on insert and print it back on every read.
Existing bodies keep their content (jsonb's own text form); their progress is
read from them here.
"""

import json
from importlib import import_module

from django.db import migrations, models

# The type change rewrites the column; its lz4 compression is set again.
use_lz4 = import_module("live.migrations.0002_snapshot_body_lz4").use_lz4


def use_lz4_on_body_json(apps, schema_editor):
    use_lz4(apps, schema_editor, column="body_json")


def progress_from_bodies(apps, schema_editor):
    snapshots = apps.get_model("live", "StandingsSnapshot").objects
    for snapshot in snapshots.only("id", "body_json").iterator():
        body = json.loads(snapshot.body_json)
        rounds = body["rounds"]
        snapshots.filter(id=snapshot.id).update(
            current_round=rounds["current"],
            finished=rounds["current"] > 0
            and (rounds["closed"] or all(b["result"] is not None for b in rounds["boards"])),
            players=len(body["rows"]),
        )


class Migration(migrations.Migration):
    dependencies = [("live", "0002_snapshot_body_lz4")]

    operations = [
        migrations.AlterField("standingssnapshot", "body", models.TextField()),
        migrations.RenameField("standingssnapshot", "body", "body_json"),
        migrations.RunPython(use_lz4_on_body_json, migrations.RunPython.noop),
        migrations.AddField(
            "standingssnapshot", "current_round", models.PositiveIntegerField(default=0)
        ),
        migrations.AddField("standingssnapshot", "finished", models.BooleanField(default=False)),
        migrations.AddField("standingssnapshot", "players", models.PositiveIntegerField(default=0)),
        migrations.RunPython(progress_from_bodies, migrations.RunPython.noop),
    ]
