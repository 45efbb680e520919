"""event_appended is sent once per stored event, after the commit, never for a refusal."""

from __future__ import annotations

import pytest

from tournaments.store import commands
from tournaments.store.signals import event_appended

from .builders import make_tournament


@pytest.fixture
def received():
    calls: list[dict] = []

    def receiver(sender, **kwargs):
        calls.append({k: kwargs[k] for k in ("tournament_id", "seq")})

    event_appended.connect(receiver)
    yield calls
    event_appended.disconnect(receiver)


def test_the_signal_is_sent_after_commit(organiser, received, django_capture_on_commit_callbacks):
    tid = make_tournament(organiser, players=1)
    with django_capture_on_commit_callbacks() as callbacks:
        commands.register_player(tid, {"name": "Late"}, author=organiser)
        assert received == []
    for callback in callbacks:
        callback()
    assert received == [{"tournament_id": tid, "seq": 3}]


def test_a_refused_command_sends_nothing(organiser, received, django_capture_on_commit_callbacks):
    tid = make_tournament(organiser, players=1)
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(commands.CommandError),
    ):
        commands.withdraw_player(tid, {"start_rank": 7, "from_round": 1}, author=organiser)
    assert received == []


def test_a_failing_receiver_does_not_fail_the_write(organiser, django_capture_on_commit_callbacks):
    def broken(sender, **kwargs):
        raise ConnectionError("broker down")

    tid = make_tournament(organiser, players=1)
    event_appended.connect(broken)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            event = commands.register_player(tid, {"name": "Late"}, author=organiser)
    finally:
        event_appended.disconnect(broken)
    assert event.seq == 3
