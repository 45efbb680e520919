"""The feed's announcement of an append is sent on the sending loop: the write's
request does not wait for the channel layer, and the announcements made while one
is in flight are sent once, with the last seq.  A fake channel layer; no services."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from live import broadcast

WAIT = 5.0  # at most, for what the sending loop does


class GatedLayer:
    """A channel layer whose group sends wait until ``gate`` opens."""

    def __init__(self, failures: int = 0) -> None:
        self.gate = threading.Event()
        self.started: list[int] = []
        self.sent: list[tuple[str, int]] = []
        self.failures = failures  # the first sends that raise
        self.changed = threading.Condition()

    async def group_send(self, group: str, message: dict[str, object]) -> None:
        version = message["version"]
        assert isinstance(version, int)
        with self.changed:
            self.started.append(version)
            self.changed.notify_all()
        await asyncio.to_thread(self.gate.wait, WAIT)
        if self.failures:
            self.failures -= 1
            raise OSError("the channel layer is down")
        with self.changed:
            self.sent.append((group, version))
            self.changed.notify_all()

    def wait_for(self, what: str, count: int) -> list:
        with self.changed:
            assert self.changed.wait_for(lambda: len(getattr(self, what)) >= count, WAIT)
            return list(getattr(self, what))


@pytest.fixture
def layer(monkeypatch: pytest.MonkeyPatch) -> GatedLayer:
    fake = GatedLayer()
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: fake)
    return fake


def test_announcing_an_append_does_not_wait_for_the_channel_layer(layer: GatedLayer) -> None:
    began = time.monotonic()
    broadcast.announce_events(9001, 3)
    assert time.monotonic() - began < 1  # the send waits for the gate, up to 5 s
    layer.gate.set()
    assert layer.wait_for("sent", 1) == [("events-9001", 3)]


def test_announcements_made_during_a_send_are_sent_once_with_the_last_seq(
    layer: GatedLayer,
) -> None:
    broadcast.announce_events(9002, 2)
    layer.wait_for("started", 1)  # seq 2 is in flight
    for seq in (3, 5, 4):
        broadcast.announce_events(9002, seq)
    layer.gate.set()
    assert layer.wait_for("sent", 2) == [("events-9002", 2), ("events-9002", 5)]
    time.sleep(0.2)
    assert layer.started == [2, 5]


def test_a_failed_send_is_logged_and_the_next_announcement_is_sent(
    layer: GatedLayer, caplog: pytest.LogCaptureFixture
) -> None:
    layer.failures = 1
    layer.gate.set()
    broadcast.announce_events(9003, 7)
    layer.wait_for("started", 1)
    broadcast.announce_events(9003, 8)
    assert layer.wait_for("sent", 1) == [("events-9003", 8)]
    assert "tournament 9003" in caplog.text


def test_a_sender_whose_loop_never_ran_it_is_replaced(
    layer: GatedLayer, monkeypatch: pytest.MonkeyPatch
) -> None:
    layer.gate.set()
    stopped = asyncio.new_event_loop()  # never running: what it is handed waits there
    try:
        with monkeypatch.context() as patched:
            patched.setattr(broadcast, "_loop_for", lambda layer: stopped)
            broadcast.announce_events(9004, 1)
        monkeypatch.setattr(broadcast, "STALLED_SECONDS", 0.1)
        time.sleep(0.2)
        broadcast.announce_events(9004, 2)
        assert layer.wait_for("sent", 1) == [("events-9004", 2)]
    finally:
        stopped.run_until_complete(asyncio.sleep(0))  # the stalled sender finds nothing due
        stopped.close()
