"""The public feed of a tournament's events: Server-Sent Events that resume from
``Last-Event-ID`` (a seq), and the same events as a JSON Lines download.

Only public events leave, and of them only their public fields
(``tournaments.store.queries.public_events``): results, corrections, pairings,
withdrawals, byes, registrations (no private detail), the organisers' amendments
to them, team matches, the prize list; never who organises, nor team line-ups.
Each event is ``{"seq", "kind", "at", "payload"}``; on the stream its SSE ``id``
is the seq, so a client reconnecting (EventSource does it by
itself) gets every public event after the last one it saw, with no gap.

A stream polls the log every ``FEED_POLL_SECONDS`` and ends after
``FEED_STREAM_SECONDS`` (the client reconnects and resumes); in between it sends
a comment line now and then so that proxies keep it open.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable, Iterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponseBadRequest, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.views.decorators.http import require_GET

from tournaments.store.queries import PublicEvent, last_seq, public_events

from .snapshots import parse_version

BATCH = 500
HEARTBEAT_SECONDS = 15.0


def event_json(event: PublicEvent) -> str:
    return json.dumps(
        {"seq": event.seq, "kind": event.kind, "at": event.created_at, "payload": event.fields},
        cls=DjangoJSONEncoder,
        ensure_ascii=False,
        separators=(",", ":"),
    )


def sse_message(event: PublicEvent) -> str:
    return f"id: {event.seq}\nevent: {event.kind}\ndata: {event_json(event)}\n\n"


class BadResume(ValueError):
    pass


def resume_point(request: HttpRequest) -> int:
    """The seq the client saw last: ``Last-Event-ID`` (EventSource's reconnection),
    else ``?since=``, else 0 (from the start)."""
    for name, given in (
        ("Last-Event-ID", request.headers.get("Last-Event-ID")),
        ("since", request.GET.get("since")),
    ):
        if given is None:
            continue
        seq = parse_version(given.strip())
        if seq is None:
            raise BadResume(f"{name}: expected the seq of an event, not {given!r}")
        return seq
    return 0


def _known(tournament_id: int) -> None:
    if last_seq(tournament_id) is None:
        raise Http404(f"No tournament {tournament_id}.")


@require_GET
def feed(request: HttpRequest, tournament_id: int) -> HttpResponseBase:
    """GET /api/tournaments/<id>/feed/: text/event-stream."""
    response = _public(request, tournament_id, _stream, "text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each message on at once
    return response


def _public(
    request: HttpRequest,
    tournament_id: int,
    body: Callable[[int, int], Iterator[str] | AsyncIterator[str]],
    content_type: str,
) -> HttpResponseBase:
    """``body(tournament_id, after)`` streamed from the client's resume point."""
    _known(tournament_id)
    try:
        after = resume_point(request)
    except BadResume as error:
        return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")
    return StreamingHttpResponse(
        body(tournament_id, after), content_type=f"{content_type}; charset=utf-8"
    )


async def _stream(tournament_id: int, after: int) -> AsyncIterator[str]:
    read = sync_to_async(public_events)
    poll: float = settings.FEED_POLL_SECONDS
    ends = time.monotonic() + settings.FEED_STREAM_SECONDS
    quiet_since = time.monotonic()
    yield f"retry: {int(poll * 1000)}\n\n"
    while True:
        batch = await read(tournament_id, after, BATCH)
        for event in batch:
            yield sse_message(event)
            after = event.seq
        if batch:
            quiet_since = time.monotonic()
        if len(batch) == BATCH:
            continue  # more waiting: no pause
        if time.monotonic() >= ends:
            return
        if time.monotonic() - quiet_since >= HEARTBEAT_SECONDS:
            yield ": still here\n\n"
            quiet_since = time.monotonic()
        await asyncio.sleep(poll)


@require_GET
def feed_jsonl(request: HttpRequest, tournament_id: int) -> HttpResponseBase:
    """GET /api/tournaments/<id>/feed.jsonl: every public event (after ``?since=``),
    one JSON object a line."""
    response = _public(request, tournament_id, _lines, "application/x-ndjson")
    response["Content-Disposition"] = f'attachment; filename="tournament-{tournament_id}.jsonl"'
    return response


def _lines(tournament_id: int, after: int) -> Iterator[str]:
    while True:
        batch = public_events(tournament_id, after, BATCH)
        for event in batch:
            yield event_json(event) + "\n"
        if len(batch) < BATCH:
            return
        after = batch[-1].seq
