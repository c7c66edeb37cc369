"""Time placing Underworlds' objective tokens, the set-up step players found slow: the menu of hexes a token may go
on (``/act action:token`` alone, and the check of a typed one), and a token placed through the table service with
its picture, for each of the five tokens of a two-player game.

Budget: the menu like every menu, median 5 ms (docs/budgets.md); a command end to end p95 150 ms. Prints median and
p95 in ms; never asserts timing. Run: .venv/bin/python bench/token_placement.py
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.console.session import TABLE, ConsoleSession, seeded_source
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import Actor, Game, Viewer
from engine.systems.underworlds.commands import PlaceToken

RUNS = 30
OPENING = ["/game new system:underworlds players:2 practice:no", "@bob /game join side:B", "as bob",
           "/decide choice:mirror-well", "as alice", "/decide choice:board=mirror-well;join=long;slide=+0;turned=none"]
"""The two-player example's opening (examples/underworlds/two-players.gm), up to the first token."""


def summary(name: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"  {name:<44} median {statistics.median(samples):7.2f} ms   p95 {p95:7.2f} ms"


async def opened() -> tuple[ConsoleSession, Game[Any]]:
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=lambda _: None)
    await session.run_lines(OPENING)
    return session, await session._service.game_at(TABLE)


def engine_times(game: Game[Any]) -> tuple[list[float], list[float]]:
    """The hexes menu and the placement in the engine alone, at each of the five tokens."""
    menus, places = [], []
    action = game.system.action(("act",), "token")
    assert action is not None
    for _ in range(5):
        side = game.state.active_side
        assert side is not None and game.state.step == "tokens"
        viewer, actor = Viewer.of_side(side), Actor(user=game.state.seats[side], side=side)
        for _ in range(RUNS):
            start = time.perf_counter()
            hexes = action.sources["to"](game.state, viewer, {})
            menus.append((time.perf_counter() - start) * 1000)
        for _ in range(RUNS):
            trial = game.clone()
            start = time.perf_counter()
            trial.apply(PlaceToken(to=hexes[0].value), actor)
            places.append((time.perf_counter() - start) * 1000)
        game.apply(PlaceToken(to=hexes[0].value), actor)
    return menus, places


async def service_times() -> list[float]:
    """Each token placed as a player types it, through the service with its picture, in fresh games."""
    samples = []
    for _ in range(max(1, RUNS // 10)):
        session, game = await opened()
        for _ in range(5):
            side = game.state.active_side
            assert side is not None
            user = game.state.seats[side]
            to = game.system.action(("act",), "token").sources["to"](game.state, Viewer.of_side(side), {})[0].value
            start = time.perf_counter()
            await session.run_lines([f"as {user}", f"/act action:token to:{to}"])
            samples.append((time.perf_counter() - start) * 1000)
            game = await session._service.game_at(TABLE)
    return samples


async def main() -> None:
    _, game = await opened()
    menus, places = engine_times(game)
    print(f"Objective tokens, Underworlds two players, {RUNS} runs at each of the 5 tokens")
    print(summary("the hexes a token may go on (the menu)", menus))
    print(summary("a token placed, in the engine", places))
    print(summary("a token placed end to end (service, picture)", await service_times()))


if __name__ == "__main__":
    asyncio.run(main())
