"""The processes of a deployment, started by tests: redis-server on a spare port,
daphne and Celery workers, on the test database as the app's own role."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

PROJECT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
POOL_MAX = 8  # PostgreSQL connections per process


def spare_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"not within {seconds} s: {what}")
        time.sleep(0.2)


def answers(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


class Stack:
    """The processes under test and their logs."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.redis_port = spare_port()
        self.web_port = spare_port()
        db = connection.settings_dict
        self.env = {
            **os.environ,
            # As deployed: the app's own role, which cannot rewrite events.
            "DATABASE_URL": f"postgres://{settings.DATABASE_APP_ROLE}@{db['HOST']}:{db['PORT']}"
            f"/{db['NAME']}",
            "REDIS_URL": f"redis://127.0.0.1:{self.redis_port}/0",
            "CELERY_IN_PROCESS_WORKER": "0",
            "DEBUG": "0",
            "SECRET_KEY": "fault-injection-tests",
            "ALLOWED_HOSTS": "127.0.0.1",
            "STANDINGS_SWEEP_SECONDS": "2",
            "DATABASE_POOL_MAX": str(POOL_MAX),
        }
        self.redis: subprocess.Popen[bytes] | None = None
        self.web: subprocess.Popen[bytes] | None = None
        self.more_webs: list[subprocess.Popen[bytes]] = []
        self.worker: subprocess.Popen[bytes] | None = None
        self.workers_started = 0
        self.others: dict[str, subprocess.Popen[bytes]] = {}

    def _spawn(self, name: str, *argv: str) -> subprocess.Popen[bytes]:
        log = (self.tmp / f"{name}.log").open("ab")
        return subprocess.Popen(
            argv, cwd=PROJECT, env=self.env, stdout=log, stderr=log, start_new_session=True
        )

    def start_redis(self) -> None:
        self.redis = self._spawn(
            "redis", "redis-server", "--port", str(self.redis_port), "--bind", "127.0.0.1",
            "--save", "", "--appendonly", "no",
        )  # fmt: skip
        wait_for(lambda: answers(self.redis_port), 10, "redis-server answers")

    def stop_redis(self) -> None:
        assert self.redis is not None
        self.redis.kill()
        self.redis.wait()

    def start_web(self, *options: str) -> None:
        """daphne on web_port, with these command-line ``options`` (--proxy-headers)."""
        self.web = self._daphne("web", self.web_port, *options)

    def start_another_web(self) -> int:
        """One more web process, as a deployment runs several; returns its port."""
        port = spare_port()
        self.more_webs.append(self._daphne(f"web-{port}", port))
        return port

    def _daphne(self, name: str, port: int, *options: str) -> subprocess.Popen[bytes]:
        process = self._spawn(
            name, str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port), *options,
            "config.asgi:application",
        )  # fmt: skip
        wait_for(lambda: answers(port), 30, "daphne answers")
        return process

    def start_worker(self) -> None:
        self.workers_started += 1
        self.worker = self._spawn(
            f"worker{self.workers_started}", str(BIN / "celery"), "-A", "config", "worker",
            "-B", "-s", str(self.tmp / f"beat{self.workers_started}"),
            "--concurrency", "2", "--loglevel", "INFO", "--without-mingle", "--without-gossip",
        )  # fmt: skip
        log = self.tmp / f"worker{self.workers_started}.log"
        wait_for(lambda: " ready." in log.read_text(), 60, "the worker is ready")

    def kill_worker(self) -> None:
        assert self.worker is not None
        os.killpg(self.worker.pid, signal.SIGKILL)
        self.worker.wait()

    def start_command(self, name: str, argv: list[str], ready: str) -> None:
        """A process run as given (``celery`` from this venv), ready when its log
        shows ``ready``; stopped with the rest."""
        if argv[0] == "celery":
            argv = [str(BIN / "celery"), *argv[1:]]
        self.others[name] = self._spawn(name, *argv)
        log = self.tmp / f"{name}.log"
        wait_for(lambda: ready in log.read_text(), 60, f"{name} is ready")

    def stop(self) -> None:
        for process in (self.web, *self.more_webs, self.worker, *self.others.values(), self.redis):
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()

    def logs(self) -> str:
        return "\n".join(f"--- {p.name}\n{p.read_text()[-20000:]}" for p in self.tmp.glob("*.log"))


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    """Nothing started yet: each test starts what it needs; all is stopped after."""
    stack = Stack(tmp_path)
    try:
        yield stack
    finally:
        stack.stop()
        connection.close()
    print(stack.logs())  # shown by pytest when the test failed
