"""The application's database role cannot rewrite history, whatever SQL it sends."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest
from django.conf import settings
from django.db import IntegrityError, connection, transaction

from tests.live.builders import make_tournament
from tournaments.models import Event, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def as_app() -> Iterator[psycopg.Connection]:
    """A connection to the test database as the app role (the owner created it)."""
    if connection.vendor != "postgresql":
        pytest.fail("needs DATABASE_URL (PostgreSQL)")
    db = connection.settings_dict
    with psycopg.connect(
        host=db["HOST"], port=db["PORT"], dbname=db["NAME"], user=settings.DATABASE_APP_ROLE,
        autocommit=True,
    ) as conn:  # fmt: skip
        yield conn


REFUSED = [
    "UPDATE tournaments_event SET kind = 'x'",
    "DELETE FROM tournaments_event",
    "TRUNCATE tournaments_event",
    "ALTER TABLE tournaments_event DISABLE TRIGGER tournaments_event_append_only",
    "DROP TRIGGER tournaments_event_append_only ON tournaments_event",
    "SET session_replication_role = replica",
]


@pytest.mark.parametrize("statement", REFUSED)
def test_the_app_role_cannot(as_app: psycopg.Connection, statement: str) -> None:
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        as_app.execute(statement)


def test_the_app_role_reads_and_appends_events(as_app: psycopg.Connection) -> None:
    privileges = as_app.execute(
        "SELECT privilege_type FROM information_schema.role_table_grants "
        "WHERE table_name = 'tournaments_event' AND grantee = current_user"
    ).fetchall()
    assert sorted(p for (p,) in privileges) == ["INSERT", "SELECT"]


def test_the_app_role_is_neither_superuser_nor_owner(as_app: psycopg.Connection) -> None:
    row = as_app.execute(
        "SELECT rolsuper, (SELECT tableowner FROM pg_tables WHERE tablename = 'tournaments_event')"
        " FROM pg_roles WHERE rolname = current_user"
    ).fetchone()
    assert row is not None
    superuser, owner = row
    assert not superuser
    assert owner != settings.DATABASE_APP_ROLE


def test_the_trigger_is_still_there_for_the_owner(as_app: psycopg.Connection) -> None:
    row = as_app.execute(
        "SELECT tgenabled FROM pg_trigger WHERE tgname = 'tournaments_event_append_only'"
    ).fetchone()
    assert row is not None
    (enabled,) = row
    assert enabled == "O"  # fires in origin (normal) sessions


def insert_event(conn: psycopg.Connection, tournament_id: int, seq: int) -> None:
    conn.execute(
        "INSERT INTO tournaments_event"
        " (tournament_id, seq, kind, schema_version, payload, created_at, idempotency_key)"
        " VALUES (%s, %s, 'round.closed', 1, '{\"round\": 1}', now(), '')",
        [tournament_id, seq],
    )


@pytest.mark.django_db(transaction=True)
def test_the_app_role_cannot_leave_a_gap_in_seq(as_app: psycopg.Connection) -> None:
    tid = make_tournament(players=2)  # events 1 to 4: created, 2 players, round 1 paired
    with pytest.raises(psycopg.errors.CheckViolation, match="seq 1000 .* the next seq is 5"):
        insert_event(as_app, tid, 1000)
    assert Event.objects.filter(tournament_id=tid).count() == 4


@pytest.mark.django_db(transaction=True)
def test_the_first_event_of_a_tournament_is_seq_1(as_app: psycopg.Connection) -> None:
    tournament = Tournament.objects.create()
    with pytest.raises(psycopg.errors.CheckViolation, match="the next seq is 1"):
        insert_event(as_app, tournament.pk, 2)


@pytest.mark.django_db(transaction=True)
def test_the_app_role_appends_the_next_seq(as_app: psycopg.Connection) -> None:
    tid = make_tournament(players=2)
    insert_event(as_app, tid, 5)
    assert Event.objects.filter(tournament_id=tid).count() == 5


@pytest.mark.parametrize(
    "statement", ["TRUNCATE tournaments_event", "TRUNCATE tournaments_tournament CASCADE"]
)
@pytest.mark.django_db(transaction=True)  # committed: TRUNCATE waits for no pending check
def test_the_owner_cannot_truncate_the_events(statement: str) -> None:
    tid = make_tournament(players=2)
    with (
        pytest.raises(IntegrityError, match="append-only: TRUNCATE refused"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(statement)
    assert Event.objects.filter(tournament_id=tid).count() == 4
