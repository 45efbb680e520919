#!/usr/bin/env python
"""Result POSTs under a burst: several organisers posting to one tournament at once.

Starts daphne and a Celery worker as ``live_latency.py`` does (its helpers: DEBUG
off, PostgreSQL database recreated, Redis database flushed), builds a Swiss of
``--players`` players with ``--prior-rounds`` rounds played, pairs the next round
through the API, then posts its results in two phases:

* solo: one client posts ``--solo`` boards one after the other (the latency
  of a POST nobody waits behind);
* ``--clients`` clients (threads, each with its own keep-alive connection and,
  with ``--tokens each``, its own organiser) post the other boards, each client
  its own share: back to back (``--mode burst``) or one every ``--interval``
  seconds (``--mode paced``, the clients' first POSTs spread over one interval).

Prints, per phase, the POST latency p50/p95/max, the throughput, the web
process's CPU per POST, and how long each command queued for the tournament's
row and then took to commit (p50/p95/max), with the attempts decided again
(another writer stored the seq first), which the web process logs at DEBUG
(``tournaments.store.append.timing``, turned on by the bench's settings).

Exits 1 when a POST answered anything but 201, or when a posted result is
missing from the event log at the end.  Loopback only, bounded loops.

    .venv/bin/python bench/burst_bench.py --database-url ... --redis-url ...
    .venv/bin/python bench/burst_bench.py --mode paced --interval 0.5
"""

from __future__ import annotations

import argparse
import http.client
import json
import logging
import os
import random
import re
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.live_latency import (  # noqa: E402
    RESULTS,
    add_stack_arguments,
    build_tournament,
    check_tournament_size,
    circle_pairings,
    cpu_seconds,
    percentile,
    prepared,
    serving,
)

COMMIT_LINE = re.compile(r"after ([0-9]+) attempt\(s\), queued ([0-9.]+) ms, then ([0-9.]+) ms")


def _commit_figures(line: str) -> tuple[float, ...]:
    """Attempts, queued ms and held ms of one commit line (``commit_lines`` holds only those)."""
    found = COMMIT_LINE.search(line)
    assert found is not None, line
    return tuple(map(float, found.groups()))


BENCH_SETTINGS = """\
from config.settings import *  # noqa: F403

LOGGING["loggers"]["tournaments.store.append.timing"] = {  # noqa: F405
    "handlers": ["console"], "level": "DEBUG", "propagate": False
}
"""


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--prior-rounds", type=int, default=4, help="rounds played before")
    parser.add_argument("--clients", type=int, default=8, help="organisers posting at once")
    parser.add_argument("--solo", type=int, default=16, help="boards posted by one client first")
    parser.add_argument("--mode", choices=("burst", "paced"), default="burst")
    parser.add_argument("--interval", type=float, default=0.5, help="paced: s between POSTs")
    parser.add_argument("--tokens", choices=("each", "one"), default="each")
    add_stack_arguments(parser, "crosstable_burst_bench")
    args = parser.parse_args(argv)
    check_tournament_size(parser, args)
    if args.clients < 1 or args.solo < 0 or args.interval < 0:
        parser.error("--clients must be at least 1, --solo and --interval not negative")
    if args.solo + args.clients > args.players // 2:
        parser.error("--solo + --clients must leave each client a board of the round")
    # live_latency's helpers read these: no results beyond the round, its default payload.
    args.results, args.payload = args.players // 2, "auto"
    return args


@dataclass
class Client:
    """One organiser's connection, and what it saw."""

    port: int
    token: str
    path: str
    latencies: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def post(self, connection: http.client.HTTPConnection, body: dict) -> None:
        headers = {"Content-Type": "application/json", "Authorization": f"Token {self.token}"}
        began = time.perf_counter()
        connection.request("POST", self.path, json.dumps(body), headers)
        response = connection.getresponse()
        answer = response.read()
        self.latencies.append(time.perf_counter() - began)
        if response.status != 201:
            self.failures.append(f"{response.status} for {body}: {answer[:200]!r}")

    def run(self, results: list[dict], interval: float, offset: float) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            began = time.monotonic() + offset
            for n, body in enumerate(results):
                time.sleep(max(0.0, began + n * interval - time.monotonic()))
                self.post(connection, body)
        finally:
            connection.close()


@dataclass
class Phase:
    name: str
    clients: list[Client]
    seconds: float
    web_cpu: float
    commit_lines: list[str]

    def report(self) -> None:
        latencies = [t for c in self.clients for t in c.latencies]
        if not latencies:
            return
        p50, p95 = (percentile(latencies, q) * 1e3 for q in (50, 95))
        print(
            f"{self.name}: {len(latencies)} POSTs by {len(self.clients)} client(s) in "
            f"{self.seconds:.2f} s ({len(latencies) / self.seconds:.1f}/s); latency p50 "
            f"{p50:.1f} ms, p95 {p95:.1f} ms, max {max(latencies) * 1e3:.1f} ms; "
            f"web CPU {self.web_cpu / len(latencies) * 1e3:.1f} ms per POST"
        )
        commits = [_commit_figures(line) for line in self.commit_lines]
        if commits:
            attempts, queued, held = ([commit[i] for commit in commits] for i in (0, 1, 2))
            print(
                f"  commits ({len(commits)}): queued p50 {statistics.median(queued):.2f} ms, "
                f"max {max(queued):.2f} ms; then to commit p50 {statistics.median(held):.2f} ms, "
                f"p95 {percentile(held, 95):.2f} ms, max {max(held):.2f} ms; decided again "
                f"{sum(a - 1 for a in attempts):.0f} times"
            )


def commit_lines(log: Path) -> list[str]:
    return [line for line in log.read_text().splitlines() if COMMIT_LINE.search(line)]


def run_phase(
    name: str, clients: list[Client], shares: list[list[dict]], interval: float, web: int, log: Path
) -> Phase:
    seen = len(commit_lines(log))
    cpu = cpu_seconds(web)
    began = time.monotonic()
    # Paced clients start spread over one interval, as organisers' posts would be.
    threads = [
        threading.Thread(target=c.run, args=(share, interval, n * interval / len(clients)))
        for n, (c, share) in enumerate(zip(clients, shares, strict=True))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.monotonic() - began
    web_cpu = cpu_seconds(web) - cpu
    time.sleep(0.2)  # the last commit's log line
    return Phase(name, clients, seconds, web_cpu, commit_lines(log)[seen:])


def pair_next_round(port: int, token: str, tid: int, number: int, players: int) -> int:
    pairs, byes = circle_pairings(players, number)
    body = {"round": number, "boards": [{"white": w, "black": b} for w, b in pairs], "byes": byes}
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json", "Authorization": f"Token {token}"}
    connection.request("POST", f"/api/tournaments/{tid}/rounds/", json.dumps(body), headers)
    response = connection.getresponse()
    answer = response.read()
    connection.close()
    if response.status != 201:
        raise SystemExit(f"pairing round {number} answered {response.status}: {answer[:300]!r}")
    return len(pairs)


def missing_results(tid: int, number: int, boards: int) -> list[int]:
    """Boards of round ``number`` without exactly one result event in the log."""
    from tournaments.models import Event, EventKind

    recorded = Event.objects.filter(tournament_id=tid, kind=EventKind.RESULT_RECORDED)
    counts = dict.fromkeys(range(1, boards + 1), 0)
    for payload in recorded.values_list("payload", flat=True):
        if payload["round"] == number:
            counts[payload["board"]] += 1
    return [board for board, n in counts.items() if n != 1]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    with prepared(args, "burst-bench-", BENCH_SETTINGS) as (tmpdir, env):
        tid, token, _ = build_tournament(args)
        # Only the web process's commit lines are wanted (granting organisers below commits too).
        logging.getLogger("tournaments.store.append.timing").setLevel(logging.INFO)
        from tournaments.store.organisers import ensure_organiser

        tokens = [token] * args.clients
        if args.tokens == "each":
            tokens = [ensure_organiser(f"bench{n}", [tid])[1].key for n in range(args.clients)]
        with serving(env, tmpdir, 1, args.keep_logs) as servers:
            port, web, web_log = servers.port, servers.web, servers.web_log
            number = args.prior_rounds + 1
            boards = pair_next_round(port, token, tid, number, args.players)
            rng = random.Random(number)
            results = [
                {"round": number, "board": b, "result": rng.choice(RESULTS)}
                for b in range(1, boards + 1)
            ]
            path = f"/api/tournaments/{tid}/results/"
            solo = Client(port, token, path)
            phases = [run_phase("solo", [solo], [results[: args.solo]], 0.0, web.pid, web_log)]
            rest = results[args.solo :]
            clients = [Client(port, t, path) for t in tokens]
            shares = [rest[n :: args.clients] for n in range(args.clients)]
            interval = args.interval if args.mode == "paced" else 0.0
            phases.append(run_phase(args.mode, clients, shares, interval, web.pid, web_log))
    print(
        f"players {args.players}, round {number} ({boards} boards), {args.clients} clients "
        f"({args.tokens} token), mode {args.mode}"
        + (f" every {args.interval} s" if args.mode == "paced" else "")
        + f"; {os.cpu_count()} CPUs shared with the worker and the clients"
    )
    for phase in phases:
        phase.report()
    failures = [f for phase in phases for c in phase.clients for f in c.failures]
    if missing := missing_results(tid, number, boards):
        failures.append(f"boards without exactly one result in the log: {missing[:20]}")
    for failure in failures[:20]:
        print(f"FAILED: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
