"""The public feed of a tournament's events: Server-Sent Events that resume from
``Last-Event-ID`` (a seq), and the same events as a JSON Lines download.

Only public events leave, and of them only their public fields
(``tournaments.store.queries.public_events``): results, corrections, pairings,
withdrawals, byes, registrations (no private detail), the organisers' amendments
to them, team matches, the prize list; never who organises, nor team line-ups.
Each event is ``{"seq", "kind", "at", "payload"}``; on the stream its SSE ``id``
is the seq, so a client reconnecting (EventSource does it by
itself) gets every public event after the last one it saw, with no gap.

A stream reads the log when it is told that events were appended: the write
path's ``event_appended`` signal (after the commit) announces the last seq on the
tournament's events group of the channel layer (``live.broadcast``; Redis pub/sub
when REDIS_URL is set), and each web process's hub (``live.hub``) wakes the
streams it serves.  The write's request does not wait for that send (it runs on
the announcing loop; the appends made while one is sent are announced once).
Announcements are at most once, so a stream also reads the log after
``FEED_SAFETY_READ_SECONDS`` without one: a lost announcement delays an event,
never skips it (the read always starts after the last seq sent).  A stream
ends after ``FEED_STREAM_SECONDS`` (the client reconnects and resumes); in between
it sends a comment line now and then so that proxies keep it open.
"""

from __future__ import annotations

import asyncio
import contextlib
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

from .broadcast import announce_events, events_group, remember_serving_loop
from .hub import process_hub
from .snapshots import parse_version

BATCH = 500
HEARTBEAT_SECONDS = 15.0
RECONNECT_MILLISECONDS = 1000  # the client's wait before it reconnects (SSE retry:)


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


class _Wakeup:
    """A stream as its hub sees it: woken when events after the last one sent are stored."""

    def __init__(self, after: int) -> None:
        self.after = after  # the last seq sent
        self.stored = asyncio.Event()

    async def deliver(self, version: int) -> None:
        if version > self.after:
            self.stored.set()


async def _stream(tournament_id: int, after: int) -> AsyncIterator[str]:
    read = sync_to_async(public_events)
    # With the in-memory channel layer (the embedded demo) the announcements of
    # the request threads must come to this loop.
    remember_serving_loop()
    hub = process_hub(events_group)
    wakeup = _Wakeup(after)
    # Listening before the first read: an event stored meanwhile wakes the stream.
    await hub.join(tournament_id, wakeup)
    try:
        yield f"retry: {RECONNECT_MILLISECONDS}\n\n"
        ends = time.monotonic() + settings.FEED_STREAM_SECONDS
        said = time.monotonic()  # anything last sent
        while True:
            wakeup.stored.clear()  # before the read: what is stored after it wakes again
            read_at = time.monotonic()
            batch = await read(tournament_id, wakeup.after, BATCH)
            for event in batch:
                yield sse_message(event)
                wakeup.after = event.seq
            if batch:
                said = time.monotonic()
            if len(batch) == BATCH:
                continue  # more waiting: no pause
            while not wakeup.stored.is_set():
                now = time.monotonic()
                if now >= ends:
                    return
                if now - said >= HEARTBEAT_SECONDS:
                    yield ": still here\n\n"
                    said = now
                safety = read_at + settings.FEED_SAFETY_READ_SECONDS
                if now >= safety:
                    break
                wait = min(ends, said + HEARTBEAT_SECONDS, safety) - now
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wakeup.stored.wait(), wait)
    finally:
        await hub.leave(tournament_id, wakeup)


def on_event_appended(sender: object, tournament_id: int, seq: int, **kwargs: object) -> None:
    """``tournaments.store.signals.event_appended`` receiver (sent after the commit):
    wakes the tournament's open streams, in every web process."""
    announce_events(tournament_id, seq)


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
