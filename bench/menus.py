"""Time the menus a player reads: ``/act`` alone on each game's demo table, and each kind of decision's menu (bare
``/decide``) met on a short menu-only game from ``/game new``.

Budget: median 5 ms for the legal-action menu and each decision menu on a game's demo table (docs/budgets.md).
Each menu is asked RUNS times through the table service, as its player; prints median / p95 in ms per game (and per
decision kind). Never asserts timing. Run: .venv/bin/python bench/menus.py [game ...]
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.core.parsing import Invocation
from engine.core import BOT_USER, UserId
from tests.menu_walk import FACTORIES, MenuWalk, table

RUNS = 40
BUDGET_MS = 5.0
WALK_STEPS = 40


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def timed(walk: MenuWalk, user: UserId, invocation: Invocation, side: str | None) -> list[float]:
    samples = []
    for _ in range(RUNS):
        start = time.perf_counter()
        await walk.service.execute("t", user, invocation, side=side)  # type: ignore[arg-type]
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def line(name: str, samples: list[float]) -> str:
    median = statistics.median(samples)
    mark = "" if median <= BUDGET_MS else "  OVER BUDGET"
    return f"  {name:<34} median {median:7.2f} ms   p95 {percentile(samples, 0.95):7.2f} ms{mark}"


async def act_menu(system: str) -> str:
    walk = await table(system, seed="bench")
    game = walk.game
    sides = [s for s in game.to_act().sides if game.state.controller(s) not in (None, BOT_USER)]
    if not sides:
        return f"  {'/act on the demo table':<34} nobody to act"
    user = game.state.controller(sides[0])
    assert user is not None
    return line("/act on the demo table", await timed(walk, user, Invocation(("act",), {}), sides[0]))


async def decision_menus(system: str) -> list[str]:
    """Every kind of decision met on a short menu-only game, its bare /decide menu timed once met."""
    walk = await table(system, demo=False, seed="bench", rng=1)
    walk.defaults = True
    seen: dict[str, str] = {}
    for _ in range(WALK_STEPS):
        game = walk.game
        for decision in game.pending:
            user = game.state.controller(decision.owner)
            if decision.kind in seen or user in (None, BOT_USER):
                continue
            invocation = Invocation(("decide",), {"decision": decision.id})
            seen[decision.kind] = line(f"/decide ({decision.kind})",
                                       await timed(walk, user, invocation, decision.owner))  # type: ignore[arg-type]
        if game.is_over() or not await walk.step():
            break
    return list(seen.values())


async def main(names: list[str]) -> None:
    print(f"Menus, {RUNS} runs each (budget: median {BUDGET_MS:g} ms)")
    for system in names or sorted(FACTORIES):
        print(system)
        print(await act_menu(system))
        for shown in await decision_menus(system):
            print(shown)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
