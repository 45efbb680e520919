"""daphne keeps its PostgreSQL connections under the configured ceiling."""

from __future__ import annotations

import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
from django.conf import settings
from django.db import connection

from live.snapshots import store_snapshot
from tests.live.builders import make_tournament
from tournaments.store.queries import load_tournament

from .stack import POOL_MAX, Stack

pytestmark = pytest.mark.django_db(transaction=True)

REQUESTS = 200


def app_connections() -> int:
    db = connection.settings_dict
    with psycopg.connect(host=db["HOST"], port=db["PORT"], dbname="postgres",
                         user=db["USER"]) as conn:  # fmt: skip
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE usename = %s AND datname = %s",
            [settings.DATABASE_APP_ROLE, db["NAME"]],
        ).fetchone()
        assert row is not None
        (count,) = row
    return count


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_200_concurrent_requests_stay_under_the_connection_ceiling(stack: Stack) -> None:
    tid = make_tournament(players=4)
    store_snapshot(load_tournament(tid))
    stack.start_redis()
    stack.start_web()
    url = f"http://127.0.0.1:{stack.web_port}/api/tournaments/{tid}/standings/"
    peak, done = 0, threading.Event()

    def watch() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, app_connections())
            done.wait(0.05)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        with ThreadPoolExecutor(REQUESTS) as pool:
            statuses = list(pool.map(status, [url] * REQUESTS))
    finally:
        done.set()
        watcher.join()
    assert statuses == [200] * REQUESTS
    assert 0 < peak <= POOL_MAX
    assert app_connections() <= POOL_MAX
