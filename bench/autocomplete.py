"""Time autocomplete: the Discord client's suggestions for every Suggest kind on a freeplay game with ~60 models.

Typing sends one autocomplete request per keystroke and a late answer shows nothing, so the budget is 100 ms
per answer (docs/budgets.md). Each kind is asked RUNS times over a few typed prefixes through
``GameMaster._suggest`` (the table service's ``suggestions``, from memory, plus the ``Choice`` objects), as bob
for the decision he owes and as alice otherwise; prints p50 / p95 / max in ms. Never asserts timing.
Run: .venv/bin/python bench/autocomplete.py
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.core.parsing import parse_command_line
from bot.core.registry import Suggest
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from bot.discord.client import GameMaster
from engine.core import SPECTATOR, UserId

TABLE = "123456789012345678"
ALICE, BOB = UserId("100000000000000001"), UserId("100000000000000002")
MODELS = 60
RUNS = 200
TYPED = ("", "a", "1", "zz")
BUDGET_MS = 100.0
UNITS = ("Knight", "Archer", "Scout", "Brute", "Mage", "Hound", "Captain", "Spearman")


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def run(service: TableService, user: UserId, line: str) -> bool:
    """Run one line; False when it was refused (a spot taken by another base)."""
    outputs = await service.execute(TABLE, user, parse_command_line(line, service.registry))
    return not any(output.error for output in outputs)


async def build() -> tuple[GameMaster, int]:
    """Two seated players, both demo forces, models added until MODELS, three hand cards, a pending undo."""
    service = TableService(MemoryRepository(), SYSTEM_FACTORIES)
    for user, line in [(ALICE, "/game new system:freeplay map:crossroads practice:no"), (BOB, "/game join side:B"),
                       (ALICE, "/force load name:Red Company side:A"), (BOB, "/force load name:Wild Hunt side:B")]:
        assert await run(service, user, line), line
    game = service.live_game(TABLE)
    assert game is not None
    spots = [(x + 0.5 * (y % 2), y) for y in range(2, 35, 2) for x in range(2, 35, 2)]
    for index, (x, y) in enumerate(spots):
        board = game.system.board(game.state, SPECTATOR, ())
        if board is None or len(board.models) >= MODELS:
            break
        user, side = (ALICE, "A") if y < 18 else (BOB, "B")
        await run(service, user, f"/model add unit:{UNITS[index % len(UNITS)]} at:{x},{y} side:{side}")
    for user, line in [(ALICE, "/hand add card:Ambush"), (ALICE, "/hand add card:Second Wind"),
                       (BOB, "/hand add card:Rally")]:
        assert await run(service, user, line), line
    before = game.seq
    assert await run(service, ALICE, "/note text:before the undo")
    assert await run(service, ALICE, f"/undo to:{before}")
    board = game.system.board(game.state, SPECTATOR, ())
    return GameMaster(service, pool=None, hash_file=None), len(board.models) if board else 0


ASKED: dict[Suggest, tuple[tuple[str, ...], str, dict[str, str]]] = {
    Suggest.SYSTEM: (("game", "new"), "system", {}),
    Suggest.SETTING: (("game", "new"), "map", {"system": "freeplay"}),
    Suggest.SIDE: (("game", "join"), "side", {}),
    Suggest.MODEL: (("board",), "zoom", {}),
    Suggest.DECISION: (("decide",), "decision", {}),
    Suggest.TRIGGER: (("pass",), "until", {}),
    Suggest.ACTION: (("move",), "to", {"model": "A1"}),  # suggested moves: the costliest answer
}
"""For each kind, the option that asks for it: the command's path, the option, what is filled already."""


async def time_kind(client: GameMaster, kind: Suggest, user: UserId) -> tuple[list[float], int]:
    path, option, filled = ASKED[kind]
    interaction: Any = SimpleNamespace(channel_id=int(TABLE), user=SimpleNamespace(id=int(user)),
                                       namespace=list(filled.items()))
    samples, offered = [], 0
    for typed in TYPED:
        for _ in range(RUNS // len(TYPED)):
            started = time.perf_counter()
            choices = await client._suggest(interaction, path, option, kind, typed)
            samples.append((time.perf_counter() - started) * 1000)
        offered = max(offered, len(choices))
    return samples, offered


async def main() -> None:
    client, models = await build()
    print(f"freeplay game with {models} models, 2 players, 3 hand cards, 1 pending decision; "
          f"{RUNS} answers per kind over prefixes {TYPED}")
    print(f"{'kind':10} {'offers':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}  budget {BUDGET_MS:.0f} ms")
    worst = 0.0
    for kind in Suggest:
        user = BOB if kind is Suggest.DECISION else ALICE  # bob owes the undo decision
        samples, offered = await time_kind(client, kind, user)
        worst = max(worst, percentile(samples, 0.95))
        print(f"{kind.value:10} {offered:6d} {statistics.median(samples):8.3f} {percentile(samples, 0.95):8.3f} "
              f"{max(samples):8.3f}")
    verdict = "ok" if worst <= BUDGET_MS else "OVER BUDGET"
    print(f"worst p95 {worst:.3f} ms against the {BUDGET_MS:.0f} ms budget: {verdict}")


if __name__ == "__main__":
    asyncio.run(main())
