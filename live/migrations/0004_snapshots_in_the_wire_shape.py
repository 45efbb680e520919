"""Snapshots are stored in the wire shape (``live.wire.Standings``): bodies in the
former shape cannot be decoded, so they go; each tournament's standings are
recomputed on their first read.  Snapshots are a projection of the event log, which
is untouched."""

from django.db import migrations


def forget_snapshots(apps, schema_editor):
    apps.get_model("live", "StandingsSnapshot").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("live", "0003_snapshot_body_as_text")]

    operations = [migrations.RunPython(forget_snapshots, migrations.RunPython.noop)]
