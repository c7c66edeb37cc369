"""Load past one process: 4 OS processes on one PostgreSQL beside 1 process on SQLite, then a SIGKILL mid-run.

2,000 freeplay games (two players, two forces each) are spread over 400 guilds on 8 shards. Each worker process
is a real ``TableService`` on its repository, serving the shards it owns (``bot/core/shards.py``); the load
generator sends 200 commands/s for 60 s (a mix of /roll, /note and /move, each to the process owning the game's
guild) and every worker delivers its committed messages as the bot does: to a sink that, like Discord, accepts a
nonce (``gm<outbox id>.0``) once within 5 minutes, then marks them sent. Commands and deliveries travel as JSON
lines over Unix sockets, the cheapest stand-in for the gateway and REST, so the numbers are the bot's own.

Phases: (1) one process on SQLite, (2) four processes on PostgreSQL, then (3) the same four for 30 s more with
one of them killed by SIGKILL after 10 s and started again at once. Printed per phase and command: count,
p50/p95/p99 of service + commit (ms); the p99 of each 10 s window; refusals, commands served per second, worker
CPU per command, and the full (generation 2) garbage collections with the longest pause; after the kill, the
sink's raw sends, rejected duplicates, and the committed messages never sent (must be 0). Budget
(docs/budgets.md): p99 under 100 ms. Never asserts timing.

A worker starts as the bot does (it sends what is unsent, then loads its open games) and, when it serves
shards, tidies its heap every 5 s as ``ShardedGameMaster`` does (``SKIRMISH_BENCH_NO_TIDY=1`` to compare).
The machine's load average is printed before each phase: other work on the machine shows in the tails.

Run: .venv/bin/python bench/scale.py [--seconds 60] [--rate 200] [--games 2000] [--skip-sqlite] [--gc-freeze]
(``SKIRMISH_BENCH_DB=postgresql://...`` uses that server, else a throwaway cluster is made and removed.)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.core.heap import HeapKeeper
from bot.core.outputs import Output
from bot.core.parsing import Invocation, parse_command_line
from bot.core.repositories import open_repository
from bot.core.service import TableService
from bot.core.shards import parse_shards, shard_of
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import UserId

SHARDS = 8
WORKERS = 4
GUILDS = 400
NONCE_WINDOW_S = 300.0
BUDGET_P99_MS = 100.0
SETUP = (("a", "/game new system:freeplay map:crossroads"), ("b", "/game join side:B"),
         ("a", "/force load name:Red Company side:A"), ("b", "/force load name:Wild Hunt side:B"))


def percentile(samples: Sequence[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def guild_of(game: int) -> int:
    """Guild ids as snowflakes: the timestamp part decides the shard, as on Discord."""
    return (1_000_000 + game % GUILDS) << 22


def table_of(game: int) -> str:
    return str(5_000_000 + game)


# -- JSON lines over Unix sockets ---------------------------------------------------------------------------


class Line:
    """One connection carrying JSON requests and their answers, matched by ``rid``, many in flight at once."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.next_id = 0
        self.listening = asyncio.create_task(self._listen())

    @classmethod
    async def connect(cls, path: str) -> Line:
        return cls(*await asyncio.open_unix_connection(path, limit=2**24))

    async def _listen(self) -> None:
        try:
            while raw := await self.reader.readline():
                answer = json.loads(raw)
                future = self.waiting.pop(answer["rid"], None)
                if future is not None and not future.done():
                    future.set_result(answer)
        finally:
            for future in self.waiting.values():
                if not future.done():
                    future.set_exception(ConnectionError("the other end went away"))

    async def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        if self.listening.done():
            raise ConnectionError("the other end went away")
        self.next_id += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[self.next_id] = future
        self.writer.write(json.dumps({**request, "rid": self.next_id}).encode() + b"\n")
        return await future


async def answer_lines(path: str, handle: Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]) -> asyncio.Server:
    """Serve JSON-line requests on a Unix socket, each answered (with its ``rid``) as soon as it is done."""

    async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        async def one(request: dict[str, Any]) -> None:
            answer = await handle(request)
            writer.write(json.dumps({**answer, "rid": request["rid"]}).encode() + b"\n")

        running = set()
        try:
            while raw := await reader.readline():
                task = asyncio.create_task(one(json.loads(raw)))
                running.add(task)
                task.add_done_callback(running.discard)
        except (ConnectionError, asyncio.CancelledError):  # the other end died, or the bench is over
            writer.close()

    return await asyncio.start_unix_server(connection, path, limit=2**24)


# -- worker: one bot process without the gateway -------------------------------------------------------------


class Worker:
    """A table service on its repository, answering set-up and commands, delivering committed messages."""

    def __init__(self, service: TableService, sink: Line) -> None:
        self.service, self.sink = service, sink

    def parse(self, line: str) -> Invocation:
        """A command line as a player types it, read against this service's commands."""
        return parse_command_line(line, self.service.registry)

    async def deliver(self, outputs: Sequence[Output]) -> None:
        """As ``Delivery.send``: post with the outbox id as nonce, then mark sent (a crash between resends)."""
        for output in outputs:
            if output.outbox_id is not None:
                answer = await self.sink.ask({"nonce": f"gm{output.outbox_id}.0"})
                await self.service.sent(output, 0, answer["id"])

    async def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        if request["op"] == "setup":
            return await self.setup(request["games"])
        if request["op"] == "cpu":
            return {"cpu": time.process_time(), "gc": GC_PAUSES}
        if request["op"] == "freeze":
            gc.collect()
            gc.freeze()
            return {"ok": True}
        started = time.perf_counter()
        outputs = await self.service.execute(request["table"], UserId(request["user"]),
                                             self.parse(request["line"]), interaction_id=request["iid"],
                                             guild=request["guild"])
        elapsed = (time.perf_counter() - started) * 1000
        await self.deliver(outputs)
        return {"ms": elapsed, "refused": any(o.error for o in outputs)}

    async def setup(self, games: list[int]) -> dict[str, Any]:
        for game in games:
            for who, line in SETUP:
                outputs = await self.service.execute(table_of(game), UserId(f"u{game}{who}"), self.parse(line),
                                                     guild=guild_of(game))
                errors = [o.text for o in outputs if o.error]
                if errors:
                    return {"error": f"game {game}: {line}: {errors[0]}"}
                await self.deliver(outputs)
        return {"ok": True}


GC_PAUSES: list[float] = []
TIDY = not os.environ.get("SKIRMISH_BENCH_NO_TIDY")


def _gc_timer() -> None:
    started: list[float] = []

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[:] = [time.perf_counter()]
        elif started and info["generation"] == 2:
            GC_PAUSES.append(round((time.perf_counter() - started[0]) * 1000, 1))

    gc.callbacks.append(callback)


async def serve_worker(store: str, shards: str | None, sink: str, path: str) -> None:
    _gc_timer()
    repository = await open_repository(store)
    owned = parse_shards(shards, SHARDS) if shards else None
    worker = Worker(TableService(repository, SYSTEM_FACTORIES, shards=owned), await Line.connect(sink))
    # As GameMaster.setup_hook: send what a dead process left unsent, load the open games (refresh_prompts).
    await worker.deliver(await worker.service.unsent())
    await worker.service.open_prompts()
    await answer_lines(path, worker.handle)
    print("ready", flush=True)
    heap = HeapKeeper()
    while True:  # as ShardedGameMaster: a sharded process tidies its heap every 5 s
        await asyncio.sleep(5.0)
        if owned is not None and TIDY:
            heap.tidy()


# -- the parent: sink, workers, load --------------------------------------------------------------------------


class Sink:
    """Discord's side of delivery: a nonce is accepted once within the window; a repeat gets the first message."""

    def __init__(self) -> None:
        self.seen: dict[str, tuple[int, float]] = {}
        self.raw = self.duplicates = 0

    async def message(self, request: dict[str, Any]) -> dict[str, Any]:
        nonce = request["nonce"]
        self.raw += 1
        now = time.monotonic()
        first = self.seen.get(nonce)
        if first is not None and now - first[1] < NONCE_WINDOW_S:
            self.duplicates += 1
            return {"id": first[0], "duplicate": True}
        self.seen[nonce] = (len(self.seen) + 1, now)
        return {"id": len(self.seen)}


class Process:
    """A worker OS process and the shards it serves."""

    def __init__(self, store: str, shards: str | None, sink: str, path: str) -> None:
        self.store, self.shards, self.sink, self.path = store, shards, sink, path
        self.popen: subprocess.Popen[str] | None = None
        self.line: Line | None = None

    def start(self) -> None:
        self.line = None
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)
        command = [sys.executable, __file__, "worker", "--store", self.store, "--sink", self.sink, "--socket",
                   self.path]
        if self.shards:
            command += ["--shards", self.shards]
        self.popen = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)

    async def ready(self) -> None:
        assert self.popen is not None and self.popen.stdout is not None
        line = await asyncio.to_thread(self.popen.stdout.readline)
        if line.strip() != "ready":
            raise RuntimeError(f"worker for shards {self.shards} did not start: {line!r}")
        self.line = await Line.connect(self.path)

    async def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        if self.line is None:
            raise ConnectionError(f"the process serving shards {self.shards} is not running")
        return await self.line.ask(request)

    def kill(self) -> None:
        assert self.popen is not None
        self.popen.send_signal(signal.SIGKILL)
        self.popen.wait()

    def stop(self) -> None:
        if self.popen is not None and self.popen.poll() is None:
            self.popen.terminate()
            self.popen.wait()


def owner(processes: Sequence[Process], game: int) -> Process:
    if len(processes) == 1:
        return processes[0]
    return processes[shard_of(guild_of(game), SHARDS) * len(processes) // SHARDS]


def command(game: int, rng: random.Random) -> tuple[str, str, str]:
    """(kind, user, line): a dice roll, a note, or a short move of one of the player's models."""
    side = rng.choice("ab")
    kind = rng.choices(("roll", "note", "move"), weights=(35, 25, 40))[0]
    if kind == "roll":
        return kind, f"u{game}{side}", "/roll dice:2d6 for:bench"
    if kind == "note":
        return kind, f"u{game}{side}", f"/note text:bench {rng.randrange(10_000)}"
    model = f"{'A' if side == 'a' else 'B'}{rng.randint(1, 4)}"
    target = rng.choice(("O1", "O2", "O3"))
    return kind, f"u{game}{side}", f"/move model:{model} to:{rng.choice(('toward', 'away'))} {target} 0.5"


async def setup(processes: Sequence[Process], games: int) -> float:
    started = time.perf_counter()
    by_process: dict[Process, list[int]] = defaultdict(list)
    for game in range(games):
        by_process[owner(processes, game)].append(game)
    for answer in await asyncio.gather(*(p.ask({"op": "setup", "games": g}) for p, g in by_process.items())):
        if "error" in answer:
            raise RuntimeError(answer["error"])
    return time.perf_counter() - started


async def load(processes: Sequence[Process], games: int, rate: float, seconds: float,
               *, kill_at: float | None = None) -> tuple[dict[str, list[float]], dict[str, int]]:
    """Open-loop load; returns latencies by command kind and counts (refused, failed while a process was down)."""
    rng = random.Random(7)
    latencies: dict[str, list[float]] = defaultdict(list)
    counts: dict[str, int] = defaultdict(int)
    windows: dict[int, list[float]] = defaultdict(list)  # latencies by the 10 s window the command was sent in

    async def one(game: int, sent_at: float) -> None:
        kind, user, line = command(game, rng)
        body = {"op": "run", "table": table_of(game), "user": user, "line": line, "iid": uuid.uuid4().hex,
                "guild": guild_of(game)}
        try:
            result = await owner(processes, game).ask(body)
        except ConnectionError:
            counts["failed (process down)"] += 1
            return
        latencies[kind].append(result["ms"])
        windows[int(sent_at // 10)].append(result["ms"])
        counts["refused by the rules"] += bool(result["refused"])

    tasks: list[asyncio.Task[None]] = []
    start = time.perf_counter()
    killed = False
    restarted: asyncio.Task[None] | None = None
    for n in range(int(rate * seconds)):
        due = start + n / rate
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        if kill_at is not None and not killed and n / rate >= kill_at:
            killed = True
            victim = processes[1]
            victim.kill()
            print(f"  SIGKILL to the process serving shards {victim.shards} at {n / rate:.0f} s; starting it again")
            victim.start()
            restarted = asyncio.create_task(victim.ready())  # commands to it fail until it is listening again
        tasks.append(asyncio.create_task(one(rng.randrange(games), n / rate)))
    await asyncio.gather(*tasks)
    if restarted is not None:
        await restarted
    wall = time.perf_counter() - start
    counts["wall s"] = round(wall)
    counts["served per s"] = round(sum(map(len, latencies.values())) / wall)
    print("  p99 ms by 10 s window: " + " ".join(f"{percentile(w, .99):.0f}" for _, w in sorted(windows.items())))
    return latencies, counts


def report(label: str, latencies: dict[str, list[float]], counts: dict[str, int]) -> float:
    print(label)
    print(f"  {'command':8} {'count':>6} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
    every: list[float] = []
    for kind in ("roll", "note", "move"):
        samples = latencies.get(kind, [])
        every += samples
        print(f"  {kind:8} {len(samples):6d} {percentile(samples, .5):8.1f} {percentile(samples, .95):8.1f} "
              f"{percentile(samples, .99):8.1f}")
    p99 = percentile(every, .99)
    print(f"  {'all':8} {len(every):6d} {percentile(every, .5):8.1f} {percentile(every, .95):8.1f} {p99:8.1f}  "
          f"[p99 budget {BUDGET_P99_MS:.0f} ms: {'ok' if p99 < BUDGET_P99_MS else 'OVER BUDGET'}]")
    print("  " + ", ".join(f"{key}: {value}" for key, value in counts.items()))
    return p99


async def committed_ids(store: str) -> list[int]:
    if store.startswith("postgresql://"):
        connection = await asyncpg.connect(store)
        try:
            return [row["id"] for row in await connection.fetch("SELECT id FROM outbox ORDER BY id")]
        finally:
            await connection.close()
    with sqlite3.connect(store) as db:
        return [row[0] for row in db.execute("SELECT id FROM outbox ORDER BY id")]


async def phase(label: str, store: str, shards: Sequence[str | None], args: argparse.Namespace, sink: Sink,
                sink_url: str, *, kill: bool) -> None:
    """Start the processes, set the games up, run the load; with ``kill``, run on for half as long with one
    process killed by SIGKILL and started again, then check that every message committed meanwhile was sent."""
    processes = [Process(store, s, sink_url, f"{args.folder}/worker-{n}.sock") for n, s in enumerate(shards)]
    try:
        for process in processes:
            process.start()
        await asyncio.gather(*(p.ready() for p in processes))
        took = await setup(processes, args.games)
        load_average = " ".join(f"{n:.1f}" for n in os.getloadavg())
        print(f"{label}\n  set-up: {args.games} games (4 commands each) in {took:.1f} s; load average {load_average}")
        if args.gc_freeze:
            await asyncio.gather(*(p.ask({"op": "freeze"}) for p in processes))
        before = [await p.ask({"op": "cpu"}) for p in processes]
        latencies, counts = await load(processes, args.games, args.rate, args.seconds)
        after = [await p.ask({"op": "cpu"}) for p in processes]
        cpu = sum(a["cpu"] for a in after) - sum(b["cpu"] for b in before)
        pauses = [ms for b, a in zip(before, after, strict=True) for ms in a["gc"][len(b["gc"]):]]
        counts["full GC pauses"] = len(pauses)
        counts["longest ms"] = round(max(pauses, default=0))
        counts["worker CPU ms per command"] = round(cpu * 1000 / max(1, sum(map(len, latencies.values()))), 1)
        report("  steady load", latencies, counts)
        if not kill:
            return
        before = set(await committed_ids(store))
        raw, duplicates = sink.raw, sink.duplicates
        latencies, counts = await load(processes, args.games, args.rate, args.seconds / 2, kill_at=args.seconds / 6)
        report("  one process killed and restarted (its games reload cold)", latencies, counts)
        await asyncio.sleep(2.0)  # let the last deliveries finish
        committed = [i for i in await committed_ids(store) if i not in before]
        never = [i for i in committed if f"gm{i}.0" not in sink.seen]
        print(f"  sink: {sink.raw - raw} raw sends, {sink.duplicates - duplicates} rejected duplicates; "
              f"{len(committed)} messages committed in this run, {len(never)} never sent "
              f"[{'ok' if not never else 'LOST MESSAGES'}]")
    finally:
        for process in processes:
            process.stop()


async def main(args: argparse.Namespace) -> None:
    sink = Sink()
    sink_url = f"{args.folder}/sink.sock"
    server = await answer_lines(sink_url, sink.message)
    per = SHARDS // WORKERS
    ranges = [f"{i * per}-{i * per + per - 1}" for i in range(WORKERS)]
    print(f"{args.games} games on {GUILDS} guilds and {SHARDS} shards; {args.rate:.0f} commands/s for "
          f"{args.seconds:.0f} s; latency = TableService.execute (service + commit) in the worker")
    if not args.skip_sqlite:
        await phase("1 process, SQLite", str(Path(args.folder) / "bench.sqlite3"), [None], args, sink, sink_url,
                    kill=False)
    cluster = None
    dsn = os.environ.get("SKIRMISH_BENCH_DB")
    if dsn is None:
        from tests.postgres_cluster import PostgresCluster

        cluster = PostgresCluster().start()
        dsn = cluster.new_schema_dsn()
    try:
        label = f"{WORKERS} processes (shards {', '.join(ranges)} of {SHARDS}), PostgreSQL"
        await phase(label, dsn, ranges, args, sink, sink_url, kill=True)
    finally:
        if cluster is not None:
            cluster.stop()
        server.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", nargs="?", default="bench", choices=("bench", "worker"))
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--rate", type=float, default=200.0)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--skip-sqlite", action="store_true", help="run the PostgreSQL phases only")
    parser.add_argument("--gc-freeze", action="store_true",
                        help="gc.freeze() in each process after set-up: the loaded games leave the full collections")
    parser.add_argument("--store", help="worker: the SKIRMISH_DB it opens")
    parser.add_argument("--shards", help="worker: the shards it serves, e.g. 0-1")
    parser.add_argument("--sink", help="worker: the sink's socket")
    parser.add_argument("--socket", help="worker: the socket it answers on")
    arguments = parser.parse_args()
    if arguments.mode == "worker":
        asyncio.run(serve_worker(arguments.store, arguments.shards, arguments.sink, arguments.socket))
    else:
        with tempfile.TemporaryDirectory(prefix="skirmish-scale-", dir="/tmp") as scratch:
            arguments.folder = scratch
            asyncio.run(main(arguments))
