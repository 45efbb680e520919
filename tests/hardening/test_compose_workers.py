"""docker-compose's Celery services, run with the commands docker-compose.yml gives
them: the standings worker serves the default queue only, so standings never wait
behind a pairing verdict, and the ``verdicts`` worker fills the verdicts in."""

from __future__ import annotations

import json
import shlex
import urllib.request
from pathlib import Path

import pytest
import redis
import yaml
from django.urls import reverse

from live.snapshots import latest_version
from tests.live.builders import make_tournament
from tournaments.models import Event

from .stack import PROJECT, Stack, wait_for

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]


def compose_command(service: str, tmp: Path) -> list[str]:
    """The service's command in docker-compose.yml, its files kept under ``tmp``."""
    services = yaml.safe_load((PROJECT / "docker-compose.yml").read_text())["services"]
    argv = shlex.split(services[service]["command"])
    return [str(tmp / "beat-schedule") if a == "/tmp/celerybeat-schedule" else a for a in argv]


def broker(stack: Stack) -> redis.Redis:
    return redis.Redis(port=stack.redis_port)


def round_verdicts(stack: Stack, tid: int) -> list[str]:
    path = reverse("tournaments:pairing-check", args=[tid])
    with urllib.request.urlopen(f"http://127.0.0.1:{stack.web_port}{path}", timeout=30) as r:
        return [r["status"] for r in json.loads(r.read())["rounds"]]


def test_standings_are_served_while_no_verdicts_worker_runs(stack: Stack) -> None:
    stack.start_redis()
    stack.start_web()
    stack.start_command("worker", compose_command("worker", stack.tmp), " ready.")
    stack.start_command("beat", compose_command("beat", stack.tmp), "beat: Starting")
    tid = make_tournament(players=8)
    last = Event.objects.filter(tournament_id=tid).latest("seq").seq
    wait_for(lambda: (latest_version(tid) or 0) >= last, 30, "the standings worker's snapshot")
    assert round_verdicts(stack, tid) == ["pending"]
    # The verdict's task waits on its queue, which this worker does not consume.
    wait_for(lambda: broker(stack).llen("verdicts") == 1, 10, "the verdict's task queued")


def test_the_verdicts_worker_fills_the_verdict_in(stack: Stack) -> None:
    stack.start_redis()
    stack.start_web()
    stack.start_command("worker", compose_command("worker", stack.tmp), " ready.")
    tid = make_tournament(players=8)
    assert round_verdicts(stack, tid) == ["pending"]  # and queues the task
    stack.start_command("verdicts", compose_command("verdicts", stack.tmp), " ready.")
    wait_for(lambda: round_verdicts(stack, tid) == ["checked"], 60, "the round's verdict")
