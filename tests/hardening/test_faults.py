"""Fault injection, as deployed: daphne, a Celery worker (prefork, with beat) and a
redis-server of the test's own on a spare port, against the test database as
the app's own role, DEBUG off.

Mid-burst of results and corrections posted through the API, the worker is
killed (SIGKILL to its whole process group) or Redis is restarted.  Each run
must end with every accepted write stored, the snapshot at the last event
within seconds, the same open websocket receiving pushes again (the web
process is never restarted) and the worker alive.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from rest_framework.authtoken.models import Token
from websockets.sync.client import ClientConnection, connect

from live.snapshots import latest_version
from tests.live.builders import make_tournament, organiser
from tournaments.models import Event

from .stack import Stack, wait_for

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]

PLAYERS = 24  # 12 boards: 12 results, then corrections
BURST = 30
FAULT_AT = 10
CONVERGE_SECONDS = 30


class Spectator:
    """One websocket kept open for the whole test, recording the versions pushed."""

    def __init__(self, socket: ClientConnection) -> None:
        self.versions: list[int] = []
        self.closed: str | None = None
        self.socket = socket
        self.thread = threading.Thread(target=self._receive, daemon=True)
        self.thread.start()

    def _receive(self) -> None:
        try:
            for text in self.socket:
                self.versions.append(json.loads(text)["version"])
        except Exception as exc:  # the test asserts on it
            self.closed = repr(exc)
        else:
            self.closed = "closed by the server"

    def close(self) -> None:
        self.socket.close()
        self.thread.join(5)


@contextmanager
def spectating(stack: Stack, tid: int) -> Iterator[Spectator]:
    host = f"127.0.0.1:{stack.web_port}"
    with connect(
        f"ws://{host}/ws/tournaments/{tid}/standings/",
        open_timeout=10,
        max_size=None,
        additional_headers={"Origin": f"http://{host}"},
    ) as socket:
        spectator = Spectator(socket)
        try:
            yield spectator
        finally:
            spectator.close()


def post(stack: Stack, token: str, path: str, body: dict[str, object]) -> tuple[int, dict]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{stack.web_port}{path}",
        data=json.dumps(body).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, {}


def write(stack: Stack, token: str, tid: int, n: int) -> tuple[int, dict]:
    """The n-th write of the burst: each board's result, then corrections."""
    boards = PLAYERS // 2
    board = n % boards + 1
    if n < boards:
        return post(stack, token, f"/api/tournaments/{tid}/results/",
                    {"round": 1, "board": board, "result": "1-0"})  # fmt: skip
    result = ("0-1", "1/2-1/2", "1-0")[(n // boards) % 3]
    return post(stack, token, f"/api/tournaments/{tid}/corrections/",
                {"round": 1, "board": board, "result": result, "reason": "fault test"})  # fmt: skip


def burst(stack: Stack, fault: Callable[[], None]) -> None:
    stack.start_redis()
    stack.start_web()
    stack.start_worker()
    tid = make_tournament(players=PLAYERS, rounds=3)
    token = Token.objects.get_or_create(user=organiser())[0].key
    with spectating(stack, tid) as spectator:
        wait_for(lambda: bool(spectator.versions), 15, "the table on connect")
        accepted: list[int] = []
        for n in range(BURST):
            if n == FAULT_AT:
                fault()
            status, event = write(stack, token, tid, n)
            if status == 201:
                accepted.append(event["seq"])
            time.sleep(0.1)
        stored = set(Event.objects.filter(tournament_id=tid).values_list("seq", flat=True))
        assert set(accepted) <= stored, "an accepted write is missing"
        assert len(accepted) >= BURST - 2, f"only {len(accepted)} of {BURST} writes accepted"
        last = max(stored)
        wait_for(lambda: (latest_version(tid) or 0) >= last, CONVERGE_SECONDS,
                 f"the snapshot reaches the last event ({last})")  # fmt: skip
        # A push reaches the open socket after the fault, without restarting daphne.
        status, event = write(stack, token, tid, BURST)
        assert status == 201
        wait_for(lambda: bool(spectator.versions) and spectator.versions[-1] >= event["seq"],
                 CONVERGE_SECONDS, "a push after the fault")  # fmt: skip
        assert spectator.closed is None
    assert stack.worker is not None and stack.worker.poll() is None, "the worker died"


def test_worker_killed_mid_burst(stack: Stack) -> None:
    def kill_and_replace() -> None:
        stack.kill_worker()
        stack.start_worker()  # what docker-compose's restart policy does

    burst(stack, kill_and_replace)


def test_redis_restarted_mid_burst(stack: Stack) -> None:
    def restart_redis() -> None:
        stack.stop_redis()
        time.sleep(1)
        stack.start_redis()

    burst(stack, restart_redis)
