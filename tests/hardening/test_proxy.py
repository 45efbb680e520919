"""docker-compose's reverse proxy: deploy/nginx.conf itself (only the web
process's address, the port and the log and pid paths changed) run by nginx in
front of daphne.  Its limits: docs/operations-proxy.md."""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pytest
from websockets.sync.client import connect

from tests.live.builders import make_tournament

from .stack import PROJECT, Stack, answers, spare_port, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

CONFIG = PROJECT / "deploy" / "nginx.conf"


@dataclass(frozen=True)
class Proxy:
    port: int
    stack: Stack


def deployed_config(web_port: int, port: int, tmp: Path) -> str:
    text = CONFIG.read_text()
    for old, new in [
        ("set $web web:8000;", f"set $web 127.0.0.1:{web_port};"),
        ("listen 8080;", f"listen 127.0.0.1:{port};"),
        ("pid /tmp/nginx.pid;", f"pid {tmp}/nginx.pid;"),
        ("error_log /dev/stderr warn;", f"error_log {tmp}/nginx-error.log warn;"),
        ("access_log /dev/stdout;", f"access_log {tmp}/nginx-access.log;"),
    ]:
        assert old in text, f"deploy/nginx.conf no longer has {old!r}"
        text = text.replace(old, new)
    return text


@pytest.fixture
def proxy(stack: Stack) -> Iterator[Proxy]:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        pytest.fail("needs nginx (scripts/ensure-services installs it)")
    stack.start_redis()
    stack.start_web("--proxy-headers")  # as docker-compose runs it
    port = spare_port()
    config = stack.tmp / "nginx.conf"
    config.write_text(deployed_config(stack.web_port, port, stack.tmp))
    # As root, nginx's workers would run as nobody, who may not write the Debian
    # package's temporary directories (a body above 16 KB is buffered there).
    process = subprocess.Popen(
        [nginx, "-c", str(config), "-p", str(stack.tmp), "-g", "daemon off; user root;"]
    )
    try:
        wait_for(lambda: answers(port), 10, "nginx answers")
        yield Proxy(port, stack)
    finally:
        process.terminate()
        process.wait()


def exchange(port: int, head: str, source: str = "127.0.0.1", pause: float = 0) -> str:
    """Send ``head``, then the status line of the answer ('' when closed without one)."""
    with socket.socket() as sock:
        sock.bind((source, 0))
        sock.settimeout(20)
        sock.connect(("127.0.0.1", port))
        sock.sendall(head.encode())
        time.sleep(pause)
        return sock.makefile("rb").readline().decode()


def get(path: str) -> str:
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"


def test_requests_reach_the_web_process(proxy: Proxy) -> None:
    assert exchange(proxy.port, get("/healthz/")).startswith("HTTP/1.1 200")
    assert exchange(proxy.port, get("/api/tournaments/")).startswith("HTTP/1.1 200")


def test_a_websocket_is_proxied(proxy: Proxy) -> None:
    tid = make_tournament(players=4)
    url = f"ws://127.0.0.1:{proxy.port}/ws/tournaments/{tid}/standings/"
    with connect(url, open_timeout=10) as socket_:
        assert json.loads(socket_.recv(timeout=10))["type"] == "standings"


def test_the_web_process_sees_the_clients_address(proxy: Proxy) -> None:
    exchange(proxy.port, get("/healthz/?from-127.0.0.2"), source="127.0.0.2")
    log = (proxy.stack.tmp / "web.log").read_text()
    assert re.search(r"^127\.0\.0\.2:\d+ .*from-127\.0\.0\.2", log, re.MULTILINE), log


def test_a_body_over_4_mib_is_refused_before_it_is_sent(proxy: Proxy) -> None:
    head = (
        "POST /api/tournaments/import/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Content-Type: text/plain\r\nContent-Length: {4 * 1024 * 1024 + 1}\r\n\r\n"
    )
    # nginx's answer (daphne words its 413 "Content Too Large").
    assert exchange(proxy.port, head) == "HTTP/1.1 413 Request Entity Too Large\r\n"


def test_a_client_too_slow_with_its_headers_is_cut_off(proxy: Proxy) -> None:
    started = time.monotonic()
    # Never finishes its headers: closed after client_header_timeout (10 s).
    assert exchange(proxy.port, "GET /healthz/ HTTP/1.1\r\nHost: 127.0.0.1\r\n") in (
        "",
        "HTTP/1.1 408 Request Time-out\r\n",
    )
    assert 9 < time.monotonic() - started < 20


def test_an_address_with_400_requests_in_progress_gets_429(proxy: Proxy) -> None:
    # Each: headers in, body still to come, so the request is in progress.
    slow_upload = (
        "POST /api/tournaments/import/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Content-Type: text/plain\r\nContent-Length: 10\r\n\r\n"
    )
    with ExitStack() as held:
        for _ in range(400):
            sock = held.enter_context(socket.create_connection(("127.0.0.1", proxy.port)))
            sock.sendall(slow_upload.encode())
        time.sleep(0.5)  # nginx has read every one's headers
        assert exchange(proxy.port, get("/healthz/")).startswith("HTTP/1.1 429")
        # Another address is not concerned.
        assert exchange(proxy.port, get("/healthz/"), source="127.0.0.2").startswith("HTTP/1.1 200")
