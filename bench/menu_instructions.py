"""Count the instructions of a game's fresh ``/act`` menus, which a shared machine's load does not change (its speed
varies 2x minutes apart): the menu on the demo table (``demo``) or at a step of the flow a short menu-only game meets,
as ``bench/menus.py`` meets it (Eldfall: ``activation``, ``action``; Sunshard: ``activation``). Run under callgrind
with instrumentation off; the script switches it on once the state is built, then asks N fresh menus (each on a state
replayed from storage, ``menus.fresh``). Run it again with ``--states-only`` (the N fresh states, no menu): the
difference over N is the instructions per fresh menu. The budget (a median of 5 ms of CPU, ``bench/menus.py``) and
the counts measured are in docs/budgets.md's ``bench/menu_instructions.py`` row.

Run: valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/dev/null \\
         .venv/bin/python bench/menu_instructions.py eldfall demo 5 [--states-only]
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from menus import WALK_STEPS, fresh

from bot.core.parsing import Invocation
from engine.core import BOT_USER, SideId, UserId
from tests.menu_walk import TABLE, MenuWalk, table

STEPS = {("eldfall", "activation"): "tactical: activation", ("eldfall", "action"): "tactical: action",
         ("sunshard", "activation"): "activation: activation"}
"""The flow's ``phase: step`` each named menu is met at (``bench/menus.py`` prints them so)."""


def asking(walk: MenuWalk) -> tuple[UserId, SideId] | None:
    """The player (and side) who may ask ``/act`` now, if one may: a human's side with no decision of its own open."""
    game = walk.game
    sides = [s for s in game.to_act().sides if game.state.controller(s) not in (None, BOT_USER)
             and not any(d.owner == s for d in game.pending)]
    return (game.state.controller(sides[0]), sides[0]) if sides else None  # type: ignore[return-value]


async def met(system: str, which: str) -> tuple[MenuWalk, UserId, SideId]:
    """The walk at the state whose menu is counted, with the player and side asking it."""
    if which != "demo" and (system, which) not in STEPS:
        raise SystemExit(f"no menu {which!r} for {system}; counted: demo, "
                         + ", ".join(w for s, w in STEPS if s == system))
    walk = await table(system, demo=which == "demo", seed="bench", **({} if which == "demo" else {"rng": 1}))
    walk.defaults = True
    for _ in range(WALK_STEPS):
        state, found = walk.game.state, asking(walk)
        if found and (which == "demo" or (state.round and f"{state.phase}: {state.step}" == STEPS[system, which])):
            return walk, *found
        await walk.step()
    raise SystemExit(f"no {which} state met in {WALK_STEPS} steps")


async def main(system: str, which: str, runs: int, states_only: bool) -> None:
    walk, user, side = await met(system, which)
    await fresh(walk)
    subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], check=False, capture_output=True)
    for _ in range(runs):
        await fresh(walk)
        if not states_only:
            await walk.service.execute(TABLE, user, Invocation(("act",), {}), side=side)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), "--states-only" in sys.argv))
