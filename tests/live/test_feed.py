"""The public event feed: Server-Sent Events resuming from Last-Event-ID, and the
JSON Lines download; public events and fields only."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest
from asgiref.sync import async_to_sync
from django.test import Client
from django.urls import reverse

from tests.builders import build_team_event, record_board
from tournaments.domain.events import public_payload
from tournaments.store import commands
from tournaments.store.organisers import ensure_organiser, grant_organiser

from .builders import make_tournament, organiser, record

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _short_streams(settings):
    # A stream sends what is stored and ends: the client's reconnection resumes it.
    settings.FEED_STREAM_SECONDS = 0


async def collect(stream: AsyncIterator[bytes]) -> list[bytes]:
    # Read as daphne reads it; the log is read in this thread (the test's transaction).
    return [chunk async for chunk in stream]


def messages(tid: int, **headers: str) -> list[dict]:
    """The SSE messages of one connection: {"id", "event", "data"} each."""
    response = Client().get(reverse("feed", args=[tid]), **headers)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/event-stream")
    text = b"".join(async_to_sync(collect)(response.streaming_content)).decode()
    out = []
    for block in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "id" in fields:
            out.append({**fields, "data": json.loads(fields["data"])})
    return out


def test_a_reconnection_resumes_after_the_last_event_seen_without_a_gap() -> None:
    tid = make_tournament(players=4)
    record(tid, 1, "1-0")
    first = messages(tid)
    record(tid, 2, "1/2-1/2")
    commands.correct_result(
        tid, {"round": 1, "board": 1, "result": "0-1", "reason": "slip"}, author=organiser()
    )
    second = messages(tid, HTTP_LAST_EVENT_ID=first[-1]["id"])
    seqs = [int(m["id"]) for m in first + second]
    # Created, 4 registrations, the pairing, then the three results: seq 1 to 9.
    assert seqs == list(range(1, 10))
    assert [m["event"] for m in second] == ["result.recorded", "result.corrected"]
    assert second[-1]["data"]["payload"]["reason"] == "slip"


def test_who_organises_never_leaves() -> None:
    tid = make_tournament(players=4)
    helper, _ = ensure_organiser("helper")
    grant_organiser(tid, helper, author=organiser())
    kinds = {m["event"] for m in messages(tid)}
    assert "organiser.granted" not in kinds
    assert "round.paired" in kinds


def test_private_fields_of_a_public_kind_are_left_out() -> None:
    payload = {"start_rank": 1, "name": "Anna", "rating": 2150, "birth_date": "2001-02-03"}
    assert public_payload("player.registered", payload) == {
        "start_rank": 1,
        "name": "Anna",
        "rating": 2150,
    }
    assert public_payload("organiser.granted", {"user_id": 7, "username": "bob"}) is None


def test_an_edit_shows_only_the_changes_to_public_fields() -> None:
    edited = {"player_id": 3, "changes": {"rating": 2210, "birth_date": "2001", "club": "X"}}
    assert public_payload("player.edited", edited) == {"player_id": 3, "changes": {"rating": 2210}}
    settings = {"changes": {"rounds": 9, "name": "Club Open 2026"}}
    assert public_payload("settings.changed", settings) == settings


def test_a_cancelled_round_and_its_new_pairing_are_in_the_feed() -> None:
    # A follower who saw only the first pairing would keep boards that no longer exist.
    tid = make_tournament(players=4)
    author = organiser()
    commands.unpair_round(tid, {"round": 1}, author=author)
    body = {"round": 1, "boards": [{"white": 1, "black": 2}, {"white": 3, "black": 4}]}
    commands.record_pairing(tid, body, author=author)
    found = [(m["event"], m["data"]["payload"]) for m in messages(tid)][-3:]
    assert [kind for kind, _ in found] == ["round.paired", "round.unpaired", "round.paired"]
    assert found[1][1] == {"round": 1}
    assert [b["black"] for b in found[2][1]["boards"]] == [2, 4]


def test_a_team_match_result_is_in_the_feed_and_line_ups_are_not() -> None:
    # A line-up may be sent before the opponent's: it stays with the organisers.
    tid = build_team_event()
    record_board(tid, 1, 1, "1-0")
    kinds = [m["event"] for m in messages(tid)]
    assert "team.registered" in kinds and "team.round_paired" in kinds
    assert kinds[-1] == "team.board_result_recorded"
    assert "team.lineup_submitted" not in kinds


def test_the_jsonl_download_has_one_public_event_a_line() -> None:
    tid = make_tournament(players=4)
    record(tid, 1, "1-0")
    response = Client().get(reverse("feed-jsonl", args=[tid]), {"since": "5"})
    lines = [json.loads(line) for line in b"".join(response.streaming_content).splitlines()]
    assert [(e["seq"], e["kind"]) for e in lines] == [(6, "round.paired"), (7, "result.recorded")]
    assert lines[1]["payload"] == {"round": 1, "board": 1, "result": "1-0"}
    assert "attachment" in response["Content-Disposition"]


def test_a_resume_point_that_is_no_seq_is_400_naming_it() -> None:
    tid = make_tournament(players=4)
    response = Client().get(reverse("feed", args=[tid]), HTTP_LAST_EVENT_ID="abc")
    assert response.status_code == 400
    assert response.content.decode().startswith("Last-Event-ID:")
    response = Client().get(reverse("feed-jsonl", args=[tid]), {"since": "-1"})
    assert response.status_code == 400


def test_an_unknown_tournament_has_no_feed() -> None:
    assert Client().get(reverse("feed", args=[987654])).status_code == 404
