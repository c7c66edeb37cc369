"""Count the instructions of Eldfall's fresh ``/act`` menus, which a shared machine's load does not change (its speed
varies 2x minutes apart): the menu on the demo table (``demo``), at an activation (``activation``) and after an
action (``action``), each met as ``bench/menus.py`` meets it. Run under callgrind with instrumentation off; the
script switches it on once the state is built, then asks N fresh menus (each on a state replayed from storage,
``menus.fresh``). Run it again with ``--states-only`` (the N fresh states, no menu): the difference over N is the
instructions per fresh menu. The budget (a median of 5 ms of CPU, ``bench/menus.py``) and the counts measured are in
docs/budgets.md's ``bench/menus.py`` row.

Run: valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/dev/null \\
         .venv/bin/python bench/menu_instructions.py demo 5 [--states-only]
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from menus import fresh

from bot.core.parsing import Invocation
from engine.core import BOT_USER, SideId, UserId
from tests.menu_walk import TABLE, MenuWalk, table

STEPS = {"activation": "tactical: activation", "action": "tactical: action"}


async def met(which: str) -> tuple[MenuWalk, UserId, SideId]:
    """The walk at the state whose menu is counted, with the player and side asking it."""
    if which == "demo":
        walk = await table("eldfall", seed="bench")
        sides = [s for s in walk.game.to_act().sides if walk.game.state.controller(s) not in (None, BOT_USER)]
        return walk, walk.game.state.controller(sides[0]), sides[0]  # type: ignore[return-value]
    walk = await table("eldfall", demo=False, seed="bench", rng=1)
    walk.defaults = True
    for _ in range(40):
        state = walk.game.state
        acting = [s for s in walk.game.to_act().sides if state.controller(s) not in (None, BOT_USER)
                  and not any(d.owner == s for d in walk.game.pending)]
        if f"{state.phase}: {state.step}" == STEPS[which] and acting and state.round:
            return walk, state.controller(acting[0]), acting[0]  # type: ignore[return-value]
        await walk.step()
    raise SystemExit(f"no {which} state met in 40 steps")


async def main(which: str, runs: int, states_only: bool) -> None:
    walk, user, side = await met(which)
    await fresh(walk)
    subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], check=False, capture_output=True)
    for _ in range(runs):
        await fresh(walk)
        if not states_only:
            await walk.service.execute(TABLE, user, Invocation(("act",), {}), side=side)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), "--states-only" in sys.argv))
