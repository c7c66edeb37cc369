"""Measure the event loop's lag while 20 board pictures are rendered at once, off the loop and on it.

A 10 ms ticker on the loop measures how late each of its wake-ups is: that is how long every other interaction
(a button, an autocomplete, a heartbeat) would wait. The burst is 20 concurrent ``Delivery.files`` calls (as
20 commands answered together) with the bench board of bench/render.py (30 models, 12 terrain pieces,
overlays). Budget (docs/budgets.md): the loop lags at most 50 ms. Rows: the bot's ProcessPoolExecutor(2)
(bot/discord/run.py); the loop's default thread pool (``pool=None``, as the tests run); and every picture
rendered on the loop itself, for contrast. Never asserts timing. Run: .venv/bin/python bench/loop_lag.py
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from render import sample_board

from bot.core.outputs import Picture
from bot.core.pictures import render_picture
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from bot.discord.client import GameMaster

BURST = 20
TICK_S = 0.010
BUDGET_MS = 50.0
WORKERS = 2


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def ticker(lags: list[float], stop: asyncio.Event) -> None:
    """Sleep TICK_S again and again, recording how late each wake-up is (ms)."""
    while not stop.is_set():
        started = time.perf_counter()
        await asyncio.sleep(TICK_S)
        lags.append(max(0.0, (time.perf_counter() - started - TICK_S) * 1000))


async def measure(burst: Callable[[], Awaitable[object]]) -> tuple[list[float], float]:
    """The ticker's lags during ``burst()``, and the burst's wall time (s)."""
    lags: list[float] = []
    stop = asyncio.Event()
    ticking = asyncio.create_task(ticker(lags, stop))
    await asyncio.sleep(3 * TICK_S)  # the ticker is running before the burst starts
    lags.clear()
    started = time.perf_counter()
    await burst()
    wall = time.perf_counter() - started
    stop.set()
    await ticking
    return lags, wall


def client(pool: Executor | None) -> GameMaster:
    """The real client (never connected), for its ``delivery``."""
    return GameMaster(TableService(MemoryRepository(), SYSTEM_FACTORIES), pool=pool, hash_file=None)


async def through_delivery(bot: GameMaster, picture: Picture) -> None:
    await asyncio.gather(*(bot.delivery.files([picture]) for _ in range(BURST)))


async def on_the_loop(picture: Picture) -> None:
    """What the bot would do without an executor: each render blocks the loop until it ends."""
    for _ in range(BURST):
        render_picture(picture)
        await asyncio.sleep(0)


def report(label: str, lags: list[float], wall: float) -> None:
    p95, worst = percentile(lags, 0.95), max(lags)
    verdict = "ok" if worst <= BUDGET_MS else "OVER BUDGET"
    print(f"{label:34} {len(lags):5d} {p95:8.1f} {worst:8.1f} {wall:8.2f}  {verdict}")


async def main() -> None:
    picture = Picture(filename="board.png", board=sample_board(), crop=None, alt="bench board")
    started = time.perf_counter()
    png = render_picture(picture)  # warms the font and static-layer caches
    print(f"burst of {BURST} renders of a {len(png) / 1024:.0f} KB board "
          f"(one render {(time.perf_counter() - started) * 1000:.0f} ms cold); ticker every {TICK_S * 1000:.0f} ms; "
          f"budget: loop lag <= {BUDGET_MS:.0f} ms")
    print(f"{'':34} {'ticks':>5} {'p95 ms':>8} {'max ms':>8} {'wall s':>8}")
    lags, wall = await measure(lambda: asyncio.sleep(0.5))
    report("idle (no renders)", lags, wall)
    with ProcessPoolExecutor(WORKERS) as pool:
        bot = client(pool)
        await bot.delivery.files([picture] * WORKERS)  # start the workers and warm their caches
        lags, wall = await measure(lambda: through_delivery(bot, picture))
        report(f"Delivery.files, ProcessPool({WORKERS})", lags, wall)
    bot = client(None)
    await bot.delivery.files([picture])
    lags, wall = await measure(lambda: through_delivery(bot, picture))
    report("Delivery.files, default threads", lags, wall)
    lags, wall = await measure(lambda: on_the_loop(picture))
    report("on the loop (no executor)", lags, wall)


if __name__ == "__main__":
    asyncio.run(main())
