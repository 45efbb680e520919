"""daphne answers oversized and anonymous large bodies before reading them, and
oversized request lines or headers with 431."""

from __future__ import annotations

import socket
import urllib.request

import pytest
from django.conf import settings
from rest_framework.authtoken.models import Token

from tests.live.builders import organiser

from .stack import Stack

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def web(stack: Stack) -> Stack:
    stack.start_redis()
    stack.start_web()
    return stack


def headers_only(stack: Stack, head: str) -> str:
    """Send a request's headers and none of its body; the answer's status line."""
    with socket.create_connection(("127.0.0.1", stack.web_port), timeout=10) as sock:
        sock.sendall(head.encode())
        return sock.makefile("rb").readline().decode()


def upload(length: int, *extra: str) -> str:
    lines = [
        "POST /api/tournaments/import/ HTTP/1.1",
        "Host: 127.0.0.1",
        "Content-Type: text/plain",
        f"Content-Length: {length}",
        *extra,
    ]
    return "\r\n".join(lines) + "\r\n\r\n"


def test_a_body_over_the_limit_is_refused_before_it_is_sent(web: Stack) -> None:
    token = Token.objects.get_or_create(user=organiser())[0].key
    head = upload(50_000_000, f"Authorization: Token {token}")
    assert headers_only(web, head).startswith("HTTP/1.1 413")


def test_a_chunked_body_over_the_limit_is_refused(web: Stack) -> None:
    token = Token.objects.get_or_create(user=organiser())[0].key
    head = (
        "POST /api/tournaments/import/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Authorization: Token {token}\r\nContent-Type: text/plain\r\n"
        "Transfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b"x" * 1024 * 1024
    with socket.create_connection(("127.0.0.1", web.web_port), timeout=10) as sock:
        sock.sendall(head.encode())
        try:
            for _ in range(settings.MAX_REQUEST_BODY_BYTES // len(chunk) + 2):
                sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        except OSError:
            pass  # closed on us: the answer is already there
        assert sock.makefile("rb").readline().decode().startswith("HTTP/1.1 413")


def test_an_anonymous_large_body_is_refused_before_it_is_sent(web: Stack) -> None:
    assert headers_only(web, upload(1_000_000)).startswith("HTTP/1.1 401")


def test_an_organisers_body_under_the_limit_is_read(web: Stack) -> None:
    token = Token.objects.get_or_create(user=organiser())[0].key
    request = urllib.request.Request(
        f"http://127.0.0.1:{web.web_port}/api/tournaments/import/",
        data=b"012 not a tournament\n" * 10_000,  # 210 kB: read, then refused as TRF
        headers={"Authorization": f"Token {token}", "Content-Type": "text/plain"},
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 400


def test_the_health_check_answers_whatever_the_host(web: Stack) -> None:
    head = "GET /healthz/ HTTP/1.1\r\nHost: not-an-allowed-host.example\r\n\r\n"
    assert headers_only(web, head).startswith("HTTP/1.1 200")


HEALTH = "GET /healthz/{query} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}\r\n"


@pytest.mark.parametrize(
    "head",
    [
        HEALTH.format(query="?" + "a" * 60_000, headers=""),  # the request line
        HEALTH.format(query="", headers="X-Big: " + "a" * 60_000 + "\r\n"),  # one header
        HEALTH.format(query="", headers="".join(f"X-{n}: {'a' * 1000}\r\n" for n in range(20))),
    ],
    ids=["request line", "one header", "20 headers of 1 KB"],
)
def test_headers_over_the_limit_get_a_431(web: Stack, head: str) -> None:
    assert headers_only(web, head).startswith("HTTP/1.1 431")


def test_headers_under_the_limit_are_read(web: Stack) -> None:
    head = HEALTH.format(query="?" + "a" * 8000, headers="X-Big: " + "a" * 7000 + "\r\n")
    assert headers_only(web, head).startswith("HTTP/1.1 200")
