#!/usr/bin/env python
"""Live standings latency: from a result's POST to every spectator's screen.

Starts daphne and a Celery worker (subprocesses) against PostgreSQL (its own
database, recreated) and Redis (the database given, flushed), builds a Swiss
with ``--players`` players and ``--prior-rounds`` rounds already played, then
connects ``--spectators`` websocket clients and posts ``--results`` results
through the API at ``--rate`` per second.  For every (result, spectator) pair
it measures the time from the POST's response to the spectator's receipt of
a frame at least as new as that result's event.  Spectators behave like the
page: a diff whose base is not their version makes them GET the full table.

daphne runs as deployed: its default limits (a websocket message above 1 MiB
closes the connection), DEBUG off.  A full table arrives as a head frame and
its pages (``live.wire``); a spectator reaches its version with the last page.

Prints p50/p95/p99, the frame bytes (full tables and diffs, p50/max, and the
largest single frame), the recomputations the worker ran, and the peak memory
(RSS) and CPU of the web and worker processes, next to the targets of issue
#11 for the configuration run:

    60 players / 200 spectators      p95 < 150 ms
    60 players / 1,000 spectators    p95 < 400 ms
    2,000 players / 200 spectators   p95 < 400 ms, full table < 200 KB, diff < 8 KB
    9,999 players / 50 spectators    works, p95 < 1.5 s

Exits 1 when the run failed: a spectator received nothing, ended behind the
last event, or the spectators reconnected more than a handful
(``MAX_RECONNECTS``) of times in all, or a target of the configuration run was
missed.  Loopback only, bounded loops.

    .venv/bin/python bench/live_latency.py --players 60
    .venv/bin/python bench/live_latency.py --players 2000 --payload full
    .venv/bin/python bench/live_latency.py --players 9999 --spectators 50 --results 40
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import redis
import websockets

PROJECT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
VERSION = re.compile(rb'"version":(\d+)')
BASE_VERSION = re.compile(rb'"base_version":(\d+)')
PAGES = re.compile(rb'"pages":(\d+)')


def _number(pattern: re.Pattern[bytes], head: bytes) -> int:
    """The number ``pattern`` finds in a frame's head (every frame has its version)."""
    found = pattern.search(head)
    assert found is not None, head
    return int(found.group(1))


TASK_DONE = re.compile(r"recompute_standings\[[^\]]+\] succeeded in ([0-9.]+)s")
PAYLOAD_MIN_ROWS = {"auto": None, "full": 10**9, "diff": 0}
RESULTS = ("1-0", "1/2-1/2", "0-1")
# Reconnects tolerated in all (a handful) before the run counts as failed.
MAX_RECONNECTS = 5
# (players, spectators) -> (p95 target in seconds, full table bytes, diff bytes): issue #11.
TARGETS: dict[tuple[int, int], tuple[float, int | None, int | None]] = {
    (60, 200): (0.150, None, None),
    (60, 1000): (0.400, None, None),
    (2000, 200): (0.400, 200_000, 8_000),
    (9999, 50): (1.5, None, None),
}


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--spectators", type=int, default=200)
    parser.add_argument("--results", type=int, default=100)
    # Issue #11's targets are for a result every 0.5 s (a busy open's results
    # desk); --rate 10 is a stress run beyond them.
    parser.add_argument("--rate", type=float, default=2.0, help="results per second")
    parser.add_argument("--prior-rounds", type=int, default=4, help="rounds played before")
    parser.add_argument(
        "--payload",
        choices=tuple(PAYLOAD_MIN_ROWS),
        default="auto",
        help="auto: diffs from LIVE_DIFF_MIN_ROWS players on; full: always whole tables; "
        "diff: always diffs",
    )
    parser.add_argument("--settle", type=float, default=60.0, help="max seconds to catch up")
    parser.add_argument("--workers", type=int, default=1, help="Celery worker processes")
    add_stack_arguments(parser, "crosstable_live_bench")
    args = parser.parse_args(argv)
    check_tournament_size(parser, args)
    return args


# --- set-up ------------------------------------------------------------------------------


def recreate_database(url: str) -> None:
    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def add_stack_arguments(parser: argparse.ArgumentParser, database: str) -> None:
    """The services a bench runs against (its own, wiped) and where its logs go."""
    parser.add_argument(
        "--database-url",
        default=f"postgres://postgres@127.0.0.1:5432/{database}",
        help="a database of the bench's own: it is dropped and created again",
    )
    parser.add_argument(
        "--redis-url",
        default="redis://127.0.0.1:6379/2",
        help="a Redis database of the bench's own: it is flushed",
    )
    parser.add_argument("--keep-logs", type=Path, help="copy the web and worker logs here")


def check_tournament_size(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``--players`` and ``--prior-rounds`` a round robin of rounds can hold."""
    if not 4 <= args.players <= 9999:
        parser.error("--players must be 4 to 9,999")
    if args.prior_rounds >= args.players - 1:
        parser.error("--prior-rounds must be below --players - 1")


def environment(args: argparse.Namespace, settings_dir: Path) -> dict[str, str]:
    env = {
        **os.environ,
        "DATABASE_URL": args.database_url,
        "REDIS_URL": args.redis_url,
        "CELERY_IN_PROCESS_WORKER": "0",
        "DEBUG": "0",  # as deployed: DEBUG keeps every query in memory
        "PYTHONPATH": os.pathsep.join([str(settings_dir), str(PROJECT)]),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    min_rows = PAYLOAD_MIN_ROWS[args.payload]
    if min_rows is not None:
        (settings_dir / "bench_settings.py").write_text(
            f"from config.settings import *  # noqa: F403\nLIVE_DIFF_MIN_ROWS = {min_rows}\n"
        )
        env["DJANGO_SETTINGS_MODULE"] = "bench_settings"
    return env


def circle_pairings(players: int, number: int) -> tuple[list[tuple[int, int]], list[int]]:
    """Round ``number`` of a round robin (circle method): no pair meets twice.

    Returns the boards and, for an odd number of players, the one with the bye.
    """
    seats = players + players % 2  # seat players + 1 is the bye
    others = list(range(2, seats + 1))
    shift = (number - 1) % len(others)
    ring = [1, *others[shift:], *others[:shift]]
    pairs = [(ring[i], ring[-1 - i]) for i in range(seats // 2)]
    byes = [a if b > players else b for a, b in pairs if max(a, b) > players]
    boards = [(w, b) for w, b in pairs if max(w, b) <= players]
    return [(b, w) if (number + n) % 2 else (w, b) for n, (w, b) in enumerate(boards)], byes


def build_tournament(args: argparse.Namespace) -> tuple[int, str, int]:
    """Create the tournament in-process; returns (id, organiser token, last seq).

    Players and the rounds already played go in as one ``commands.Draft``, as a
    TRF import stores them: each event decided against the ones before it.
    """
    import django

    django.setup()
    from tournaments.store import commands
    from tournaments.store.append import decide_and_append
    from tournaments.store.organisers import ensure_organiser

    user, _ = ensure_organiser("bench")
    rounds = max(9, args.prior_rounds + -(-args.results // (args.players // 2)) + 1)
    tid = commands.create_tournament(
        {"name": f"Bench Open {args.players}", "rounds": rounds}, author=user
    ).tournament_id
    rng = random.Random(args.players)

    def players_and_rounds(state):  # noqa: ANN001, ANN202
        draft = commands.Draft(state)
        for n in range(1, args.players + 1):
            rating = 2700 - n * 1500 // args.players
            draft.add(commands.register_player, {"name": f"Player {n}", "rating": rating})
        for number in range(1, args.prior_rounds + 1):
            pairs, byes = circle_pairings(args.players, number)
            boards = [{"white": w, "black": b} for w, b in pairs]
            draft.add(commands.record_pairing, {"round": number, "boards": boards, "byes": byes})
            for board in range(1, len(pairs) + 1):
                result = {"round": number, "board": board, "result": rng.choice(RESULTS)}
                draft.add(commands.record_result, result)
        return draft.events

    stored = decide_and_append(tid, players_and_rounds, author=user)
    _, token = ensure_organiser("bench", [tid])
    return tid, token.key, stored[-1].seq


def start(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    return subprocess.Popen(
        command, cwd=PROJECT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT
    )


def wait_for_port(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise SystemExit(f"daphne did not listen on port {port} within {timeout} s")


def wait_for_line(log: Path, text: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while text not in log.read_text():
        if time.monotonic() > deadline:
            raise SystemExit(f"{log.name} did not say {text!r} within {timeout} s")
        time.sleep(0.1)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def prepared(
    args: argparse.Namespace, prefix: str, settings: str | None = None
) -> Iterator[tuple[Path, dict[str, str]]]:
    """The bench's own database (recreated, migrated) and Redis (flushed), a temporary
    directory and the environment the servers run with, which this process takes too.

    ``settings`` is a settings module's text, used instead of ``config.settings``.
    """
    recreate_database(args.database_url)
    redis.Redis.from_url(args.redis_url).flushdb()
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        tmpdir = Path(tmp)
        env = environment(args, tmpdir)
        if settings is not None:
            (tmpdir / "bench_settings.py").write_text(settings)
            env["DJANGO_SETTINGS_MODULE"] = "bench_settings"
        env.setdefault("SECRET_KEY", os.urandom(24).hex())  # DEBUG off needs one
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v0"], cwd=PROJECT, env=env, check=True
        )
        os.environ.update(env)
        sys.path.insert(0, str(tmpdir))
        yield tmpdir, env


@dataclass
class Servers:
    port: int
    web: subprocess.Popen
    workers: list[subprocess.Popen]
    web_log: Path
    worker_logs: list[Path]


@contextmanager
def serving(
    env: dict[str, str], tmpdir: Path, workers: int, keep_logs: Path | None
) -> Iterator[Servers]:
    """daphne (its default limits) and ``workers`` Celery workers, ready; stopped at
    the end, their logs copied to ``keep_logs`` if given."""
    port = free_port()
    web_log = tmpdir / "web.log"
    worker_logs = [tmpdir / f"worker{n}.log" for n in range(1, workers + 1)]
    celery = [str(BIN / "celery"), "-A", "config", "worker", "--pool=solo", "-l", "INFO"]
    processes = [
        start([*celery, "-n", f"bench{n}@%h"], env, log)
        for n, log in enumerate(worker_logs, start=1)
    ]
    web = start(
        [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
        env,
        web_log,
    )
    try:
        wait_for_port(port)
        for log in worker_logs:
            wait_for_line(log, " ready.")
        yield Servers(port, web, processes, web_log, worker_logs)
    finally:
        for process in (web, *processes):
            process.terminate()
        for process in (web, *processes):
            process.wait(timeout=30)
        if keep_logs:
            keep_logs.mkdir(parents=True, exist_ok=True)
            for log in (web_log, *worker_logs):
                (keep_logs / log.name).write_text(log.read_text())


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# --- the run -----------------------------------------------------------------------------


@dataclass
class Spectator:
    index: int
    version: int = 0
    seen: list[tuple[int, float]] = field(default_factory=list)  # (version, monotonic time)
    frames: dict[str, int] = field(default_factory=dict)
    received_bytes: int = 0
    full_bytes: list[int] = field(default_factory=list)  # per full table, all its pages
    diff_bytes: list[int] = field(default_factory=list)
    largest_frame: int = 0
    disorders: int = 0
    table: tuple[int, int, int] | None = None  # a full table arriving: version, pages left, bytes
    gaps: int = 0
    reconnects: list[str] = field(default_factory=list)

    def reached(self, version: int) -> None:
        if version > self.version:
            self.version = version
            self.seen.append((version, time.monotonic()))


class Run:
    def __init__(self, base: str, tid: int, token: str, args: argparse.Namespace) -> None:
        self.base, self.tid, self.token, self.args = base, tid, token, args
        self.spectators = [Spectator(i) for i in range(args.spectators)]
        self.posted: list[tuple[float, int]] = []  # (response time, seq)
        self.stop = asyncio.Event()

    def request(self, path: str, body: dict | None = None, headers: dict | None = None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            self.base + path,
            data=data,
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Token {self.token}",
                **(headers or {}),
            },
            method="POST" if body is not None else "GET",
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    async def spectate(self, spectator: Spectator, ws_url: str) -> None:
        """Like the page: on a dropped connection, reconnect resuming from its version."""
        for attempt in range(MAX_RECONNECTS + 1):
            url = f"{ws_url}?version={spectator.version}" if spectator.version else ws_url
            try:
                # No client keepalive pings, as in browsers: an overloaded bench
                # process answering pongs late would close with 1011 on its own.
                connect = websockets.connect(
                    url, max_size=None, open_timeout=60, ping_interval=None
                )
                async with connect as socket_:
                    await self.receive(spectator, socket_)
                    return
            except (websockets.ConnectionClosed, websockets.InvalidHandshake, OSError) as error:
                spectator.reconnects.append(repr(error))
                if self.stop.is_set() or attempt == MAX_RECONNECTS:
                    return
                await asyncio.sleep(0.5)

    async def receive(self, spectator: Spectator, socket_) -> None:
        while not self.stop.is_set():
            try:
                frame = await asyncio.wait_for(socket_.recv(decode=False), 0.5)
            except TimeoutError:
                continue
            spectator.received_bytes += len(frame)
            spectator.largest_frame = max(spectator.largest_frame, len(frame))
            head = frame[:400]
            kind = (
                "diff"
                if head.startswith(b'{"type":"standings.diff"')
                else "page"
                if head.startswith(b'{"type":"standings.rows"')
                else "full"
            )
            spectator.frames[kind] = spectator.frames.get(kind, 0) + 1
            version = _number(VERSION, head)
            if kind == "full":
                spectator.table = (version, _number(PAGES, head), 0)
            if kind in ("full", "page"):
                if spectator.table is None or spectator.table[0] != version:
                    spectator.disorders += 1  # a page without its head: counted as a failure
                    continue
                _, left, size = spectator.table
                spectator.table = (version, left - 1, size + len(frame))
                if left == 1:  # the table's last page
                    spectator.full_bytes.append(size + len(frame))
                    spectator.table = None
                    spectator.reached(version)
            elif _number(BASE_VERSION, head) != spectator.version:
                spectator.gaps += 1
                await self.fetch_full(spectator)
            else:
                spectator.diff_bytes.append(len(frame))
                spectator.reached(version)

    async def fetch_full(self, spectator: Spectator) -> None:
        path = f"/api/tournaments/{self.tid}/standings/"
        headers = {"If-None-Match": f'"{spectator.version}"'}
        status, response_headers, _ = await asyncio.to_thread(self.request, path, None, headers)
        if status == 200:
            spectator.reached(int(response_headers["ETag"].strip('"')))

    async def post_results(self) -> None:
        boards = self.args.players // 2
        number = self.args.prior_rounds + 1
        status, _, body = await asyncio.to_thread(self.pair, number)
        assert status == 201, body
        rng = random.Random(7)
        pending: list[asyncio.Task] = []
        start = time.monotonic()
        for i in range(self.args.results):
            board = i % boards + 1
            if i and board == 1:
                number += 1
                await asyncio.gather(*pending)  # the next round's pairing is its own event
                status, _, body = await asyncio.to_thread(self.pair, number)
                assert status == 201, body
            await asyncio.sleep(max(0.0, start + i / self.args.rate - time.monotonic()))
            result = {"round": number, "board": board, "result": rng.choice(RESULTS)}
            pending.append(asyncio.create_task(self.post_result(result)))
        await asyncio.gather(*pending)

    def pair(self, number: int):
        pairs, byes = circle_pairings(self.args.players, number)
        boards = [{"white": w, "black": b} for w, b in pairs]
        path = f"/api/tournaments/{self.tid}/rounds/"
        return self.request(path, {"round": number, "boards": boards, "byes": byes})

    async def post_result(self, result: dict) -> None:
        path = f"/api/tournaments/{self.tid}/results/"
        status, _, body = await asyncio.to_thread(self.request, path, result)
        responded = time.monotonic()
        assert status == 201, body
        self.posted.append((responded, json.loads(body)["seq"]))

    async def main(self) -> tuple[float, int]:
        ws_url = self.base.replace("http://", "ws://") + f"/ws/tournaments/{self.tid}/standings/"
        watchers = []
        for spectator in self.spectators:  # connect gradually, like a hall filling up
            watchers.append(asyncio.create_task(self.spectate(spectator, ws_url)))
            await asyncio.sleep(0.005)
        deadline = time.monotonic() + 60
        while any(s.version == 0 for s in self.spectators) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        began = time.monotonic()
        await self.post_results()
        posting = time.monotonic() - began
        last = max(seq for _, seq in self.posted)
        deadline = time.monotonic() + self.args.settle
        while any(s.version < last for s in self.spectators) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        self.stop.set()
        await asyncio.gather(*watchers)
        return posting, last

    def behind(self, last: int) -> int:
        """Spectators that did not reach the last event."""
        return sum(s.version < last for s in self.spectators)

    def failures(self, last: int) -> list[str]:
        """Why the run failed outright (empty when it did not)."""
        failed = []
        if silent := sum(not s.frames for s in self.spectators):
            failed.append(f"{silent} spectator(s) received nothing")
        if behind := self.behind(last):
            failed.append(f"{behind} spectator(s) ended behind the last event ({last})")
        reconnects = sum(len(s.reconnects) for s in self.spectators)
        if disorders := sum(s.disorders for s in self.spectators):
            failed.append(f"{disorders} page(s) arrived outside their table")
        if reconnects > MAX_RECONNECTS:
            failed.append(f"{reconnects} reconnects (more than {MAX_RECONNECTS})")
        return failed

    def latencies(self) -> list[float]:
        values = []
        for spectator in self.spectators:
            versions = [v for v, _ in spectator.seen]
            for responded, seq in self.posted:
                i = bisect.bisect_left(versions, seq)
                if i < len(versions):
                    values.append(max(0.0, spectator.seen[i][1] - responded))
        return values


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def report(
    run: Run, args, posting: float, events: int, worker_logs: list[Path], rss: dict, cpu: dict
) -> list[str]:
    """Print the figures; returns the targets missed."""
    missed: list[str] = []
    latencies = run.latencies()
    durations = [float(m) for log in worker_logs for m in TASK_DONE.findall(log.read_text())]
    frames: dict[str, int] = {}
    for s in run.spectators:
        for kind, n in s.frames.items():
            frames[kind] = frames.get(kind, 0) + n
    target, full_target, diff_target = TARGETS.get((args.players, args.spectators), (None,) * 3)
    expected = args.results * args.spectators
    print(
        f"players {args.players}, spectators {args.spectators}, results {args.results} "
        f"at {args.rate}/s (posted in {posting:.1f} s), payload {args.payload}, "
        f"{args.workers} worker(s)"
    )
    if latencies:
        p50, p95, p99 = (percentile(latencies, q) * 1000 for q in (50, 95, 99))
        p95_verdict = verdict(p95, target and target * 1000, "ms")
        if "MISSES" in p95_verdict:
            missed.append(f"latency p95 {p95_verdict}")
        print(
            f"latency POST response -> spectator: p50 {p50:.0f} ms, p95 {p95:.0f} ms, "
            f"p99 {p99:.0f} ms, max {max(latencies) * 1000:.0f} ms "
            f"({len(latencies)}/{expected} deliveries; p95 {p95_verdict})"
        )
    full = [n for s in run.spectators for n in s.full_bytes]
    diffs = [n for s in run.spectators for n in s.diff_bytes]
    for name, sizes, limit in (("full table", full, full_target), ("diff", diffs, diff_target)):
        if sizes:
            size_verdict = verdict(max(sizes), limit, "bytes")
            print(
                f"{name} bytes: p50 {percentile(sizes, 50):,.0f}, max {max(sizes):,} "
                f"({len(sizes)} received; max {size_verdict})"
            )
            if "MISSES" in size_verdict:
                missed.append(f"{name} max {size_verdict}")
    largest = max(s.largest_frame for s in run.spectators)
    print(f"largest single frame: {largest:,} bytes (daphne's limit: {2**20:,})")
    if durations:
        mean = sum(durations) / len(durations)
        print(
            f"recomputations: {len(durations)} for {events} events "
            f"({args.results} results, the rest pairings; 1 run before them) "
            f"(task time mean {mean * 1000:.0f} ms, max {max(durations) * 1000:.0f} ms)"
        )
    mb = sum(s.received_bytes for s in run.spectators) / 2**20
    gaps = sum(s.gaps for s in run.spectators)
    print(f"frames: {frames}, {mb:.1f} MiB received in all, {gaps} gaps filled by GET")
    reconnects = [reason for s in run.spectators for reason in s.reconnects]
    if reconnects:
        print(f"reconnects: {len(reconnects)}, first: {reconnects[0]}")
    print(f"peak RSS: web {rss['web']:.0f} MiB, worker {rss['worker']:.0f} MiB (largest)")
    print(
        f"CPU seconds: web {cpu['web']:.1f}, workers {cpu['worker']:.1f}, "
        f"bench clients {cpu['spectators']:.1f} ({os.cpu_count()} CPUs shared by all)"
    )
    return missed


def verdict(value: float, target: float | None, unit: str) -> str:
    if target is None:
        return "no target for this configuration"
    return f"{'meets' if value < target else 'MISSES'} the {target:,.0f} {unit} target"


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    with prepared(args, "live-bench-") as (tmpdir, env):
        tid, token, built = build_tournament(args)
        with serving(env, tmpdir, args.workers, args.keep_logs) as servers:
            run = Run(f"http://127.0.0.1:{servers.port}", tid, token, args)
            posting, last = asyncio.run(run.main())
            time.sleep(0.5)
            rss = {
                "web": peak_rss_mb(servers.web.pid),
                "worker": max(peak_rss_mb(w.pid) for w in servers.workers),
            }
            cpu = {
                "web": cpu_seconds(servers.web.pid),
                "worker": sum(cpu_seconds(w.pid) for w in servers.workers),
                "spectators": time.process_time(),
            }
            missed = report(run, args, posting, last - built, servers.worker_logs, rss, cpu)
            print(f"spectators behind the last event ({last}) at the end: {run.behind(last)}")
            failures = run.failures(last) + missed
    for failure in failures:
        print(f"FAILED: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
