"""Time ``/game demo``: from the command to a ready table (map, a demo force deployed per side) with its
first picture drawn. Budget (docs/budgets.md): 5 s. The first run in a process pays for loading the data and the
fonts; later runs show the steady state. Run: .venv/bin/python bench/demo.py
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.core.parsing import parse_command_line
from bot.core.pictures import render_picture
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import UserId

RUNS = 10
BUDGET_S = 5.0


async def one_demo(service: TableService, table: str) -> float:
    started = time.perf_counter()
    demo = parse_command_line("/game demo system:freeplay", service.registry)
    outputs = await service.execute(table, UserId("alice"), demo)
    pictures = [picture for output in outputs for picture in output.pictures]
    if any(output.error for output in outputs) or not pictures:
        raise SystemExit(f"the demo failed: {[o.text for o in outputs if o.error]}")
    render_picture(pictures[-1])  # the table as the players first see it
    return time.perf_counter() - started


async def main() -> None:
    service = TableService(MemoryRepository(), SYSTEM_FACTORIES)
    times = [await one_demo(service, f"table-{run}") for run in range(RUNS)]
    first, rest = times[0], times[1:]
    print(f"/game demo system:freeplay, ready table with its picture, {RUNS} runs: first {first:.3f} s "
          f"(cold: data and fonts), then median {statistics.median(rest):.3f} s, max {max(rest):.3f} s; "
          f"budget {BUDGET_S:.0f} s: {'OK' if max(times) <= BUDGET_S else 'OVER'}")


if __name__ == "__main__":
    asyncio.run(main())
