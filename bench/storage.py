"""Time the SQLite repository: restart readiness with 1,000 stored games, first-use load, and single commits.

Fills a temporary file with 1,000 games of ~50 events each, closes it, then times a restart (open + list_games),
beside the naive restart that loads every log (games()); loading one game's log on first use; and 1,000
single-command commits (one event, one outbox message, one interaction id; synchronous=FULL, so each one
waits for the disk). Budgets (docs/budgets.md): ready <= 3 s; a command end to end p95 <= 150 ms, of
which the commit is a part. Run: .venv/bin/python bench/storage.py
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.core.sqlite_store import SqliteRepository
from bot.core.storage import OutboxItem, StoredGame
from engine.core import GameSetup, SideId, UserId

GAMES = 1_000
EVENTS = 50
COMMITS = 1_000
READY_BUDGET_S = 3.0


def record(seq: int) -> dict[str, Any]:
    """An event record about the size of a real one (an attack with its rolls)."""
    return {"seq": seq, "kind": "attack_resolved", "version": 1, "audience": {"kind": "everyone"},
            "data": {"attacker": "A-3", "target": "B-7", "rolls": [4, 6, 2, 5], "saves": [3, 1], "wounds": 2,
                     "note": "in cover (ruin), -1 to hit"}}


def setup(n: int) -> GameSetup:
    return GameSetup(system="freeplay", sides=(SideId("A"), SideId("B")), host=UserId(f"user-{n}"),
                     seed_commitment=f"{n:064x}", options={"points": 500, "map": "ruins"})


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def fill(path: Path) -> float:
    started = time.perf_counter()
    async with await SqliteRepository.open(path) as repository:
        for n in range(GAMES):
            await repository.create(StoredGame(f"g{n}", f"table-{n}", setup(n), f"seed-{n}",
                                               [record(seq) for seq in range(1, EVENTS + 1)], n % 3 == 0))
    return time.perf_counter() - started


async def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "bench.sqlite3"
        filled = await fill(path)
        size_mb = sum(p.stat().st_size for p in Path(directory).iterdir()) / 1e6
        print(f"fill: {GAMES} games x {EVENTS} events in {filled:.1f} s, {size_mb:.1f} MB on disk")

        started = time.perf_counter()
        repository = await SqliteRepository.open(path)
        summaries = await repository.list_games()
        ready = time.perf_counter() - started
        assert len(summaries) == GAMES
        verdict = "ok" if ready <= READY_BUDGET_S else "OVER BUDGET"
        print(f"ready (open + list_games): {ready * 1000:.1f} ms  [budget {READY_BUDGET_S:.0f} s: {verdict}]")

        started = time.perf_counter()
        everything = await repository.games()
        print(f"baseline, every log loaded (games()): {(time.perf_counter() - started) * 1000:.1f} ms "
              f"for {sum(len(g.records) for g in everything)} events")

        loads = []
        for n in range(1, GAMES, 10):
            started = time.perf_counter()
            stored = await repository.current(f"table-{n}")
            loads.append(time.perf_counter() - started)
            assert stored is not None and stored.seq == EVENTS
        print(f"first-use load of one game ({EVENTS} events): median {statistics.median(loads) * 1000:.2f} ms, "
              f"max {max(loads) * 1000:.2f} ms over {len(loads)} games")

        live = [s for s in summaries if not s.ended]
        seqs = {s.game_id: s.seq for s in live}
        commits = []
        for i in range(COMMITS):
            game_id = live[i % len(live)].game_id
            seq = seqs[game_id]
            started = time.perf_counter()
            await repository.append(game_id, [record(seq + 1)], seq, False, interaction_id=f"i-{i}",
                                    outbox=[OutboxItem("channel:1", {"content": f"attack {i} resolved"})])
            commits.append(time.perf_counter() - started)
            seqs[game_id] = seq + 1
        print(f"single-command commit (1 event, 1 outbox row, 1 interaction id) x {COMMITS}: "
              f"median {statistics.median(commits) * 1000:.2f} ms, p95 {percentile(commits, 0.95) * 1000:.2f} ms, "
              f"max {max(commits) * 1000:.2f} ms")
        await repository.close()


if __name__ == "__main__":
    asyncio.run(main())
