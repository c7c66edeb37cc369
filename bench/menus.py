"""Time the menus a player reads: ``/act`` alone on each game's demo table, and each kind of decision's menu (bare
``/decide``) and bare ``/act`` at each step of the flow (Underworlds' power step...) met on a short menu-only game from
``/game new``.

Budget: median 5 ms for the legal-action menu and each decision menu on a game's demo table (docs/budgets.md),
judged on the fresh column's CPU time (on a quiet machine the wall time). Each menu is asked through the table
service, as its player, two ways:

- ``fresh``: the first menu on a freshly built state, as after any move: the game replayed from storage (untimed) and
  everything the engine keeps by the models' places (``KEPT_BY_LAYOUT``: routes, Sunshard's answers kept by state
  content, deployment layouts) forgotten, so nothing one menu worked out is reused by the next (what is kept by the
  scenery's shapes alone, which no move changes, stays);
- ``re-asked``: the same menu asked again and again on one live game (what the kept routes save).

Prints, per game (and per decision kind), the median (and p95) in ms of wall time and of the process's CPU time (on a
shared machine the wall time waits for a core; the CPU time is the menu's own work). Never asserts timing.
Run: .venv/bin/python bench/menus.py [game ...]
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.core.parsing import Invocation
from engine.core import BOT_USER, UserId
from engine.geometry import anchors, corners, reaching
from engine.systems.sunshard import moving
from engine.systems.sunshard import world as sunshard_world
from engine.table import deploy
from tests.menu_walk import FACTORIES, TABLE, MenuWalk, table

RUNS = 30
BUDGET_MS = 5.0
WALK_STEPS = 40
KEPT_BY_LAYOUT = (anchors._APPROACHES, anchors._ROUTERS, corners.CORNERS, reaching._REACHED, moving._ROUTES,
                  sunshard_world._LASTING, deploy._LAYOUTS)
"""The engine's caches keyed by where the models stand (or by a whole state's content)."""


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def fresh(walk: MenuWalk) -> None:
    """Replay the table's game from storage into a new state and forget every route kept by layout."""
    book = walk.service._book  # the bench reaches in: no front-end ever drops a live game on purpose
    game_id = book.live_id(TABLE)
    assert game_id is not None
    book.forget(game_id)
    await walk.service.game_at(TABLE)
    for kept in KEPT_BY_LAYOUT:
        kept.clear()


async def timed(walk: MenuWalk, user: UserId, invocation: Invocation, side: str | None,
                renew: bool) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of RUNS askings."""
    wall, cpu = [], []
    for _ in range(RUNS):
        if renew:
            await fresh(walk)
        start, used = time.perf_counter(), time.process_time()
        await walk.service.execute(TABLE, user, invocation, side=side)  # type: ignore[arg-type]
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - used) * 1000)
    return wall, cpu


def shown(samples: tuple[list[float], list[float]]) -> str:
    wall, cpu = samples
    return (f"wall {statistics.median(wall):6.2f} (p95 {percentile(wall, 0.95):6.2f}) "
            f"cpu {statistics.median(cpu):6.2f} (p95 {percentile(cpu, 0.95):6.2f})")


async def line(name: str, walk: MenuWalk, user: UserId, invocation: Invocation, side: str | None) -> str:
    first = await timed(walk, user, invocation, side, renew=True)
    again = await timed(walk, user, invocation, side, renew=False)
    mark = "" if statistics.median(first[1]) <= BUDGET_MS else "  OVER BUDGET"
    return f"  {name:<28} fresh {shown(first)}  re-asked {shown(again)}{mark}"


async def act_menu(system: str) -> str:
    walk = await table(system, seed="bench")
    game = walk.game
    sides = [s for s in game.to_act().sides if game.state.controller(s) not in (None, BOT_USER)]
    if not sides:
        return f"  {'/act on the demo table':<30} nobody to act"
    user = game.state.controller(sides[0])
    assert user is not None
    return await line("/act on the demo table", walk, user, Invocation(("act",), {}), sides[0])


async def decision_menus(system: str) -> list[str]:
    """Every kind of decision met on a short menu-only game, its bare /decide menu timed once met; and bare /act at
    the first state of each step of the game's flow a player acts in (Underworlds' power step, say)."""
    walk = await table(system, demo=False, seed="bench", rng=1)
    walk.defaults = True
    seen: dict[str, str] = {}
    for _ in range(WALK_STEPS):
        game = walk.game
        state = game.state
        step = f"/act ({state.phase or 'set-up'}{': ' + state.step if state.step else ''})"
        acting = [s for s in game.to_act().sides if state.controller(s) not in (None, BOT_USER)
                  and not any(d.owner == s for d in game.pending)]
        if step not in seen and acting and state.round:
            user = state.controller(acting[0])
            seen[step] = await line(step, walk, user, Invocation(("act",), {}), acting[0])  # type: ignore[arg-type]
        for decision in game.pending:
            user = game.state.controller(decision.owner)
            if decision.kind in seen or user in (None, BOT_USER):
                continue
            invocation = Invocation(("decide",), {"decision": decision.id})
            seen[decision.kind] = await line(f"/decide ({decision.kind})", walk, user,  # type: ignore[arg-type]
                                             invocation, decision.owner)
        if walk.game.is_over() or not await walk.step():
            break
    return list(seen.values())


async def main(names: list[str]) -> None:
    print(f"Menus, {RUNS} runs each way, ms (budget: fresh median {BUDGET_MS:g} ms of CPU, the wall time on a "
          f"quiet machine); load average "
          f"{os.getloadavg()[0]:.2f}")
    for system in names or sorted(FACTORIES):
        print(system)
        print(await act_menu(system))
        for shown in await decision_menus(system):
            print(shown)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
