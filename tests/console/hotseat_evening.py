"""Two players at one keyboard: the menu-only first evening (``tests/first_evening.py``) typed at one console, where
each line a player types after the other's needs ``as alice`` / ``as bob`` first unless the console is a hot seat
(the keyboard passes to whoever the latest menu is for). The harness's figures are the same either way (it counts
letters and bare commands, never the hand-overs); this counts the hand-overs (``as`` lines) beside them.

A report (no ``test_`` name), run from the project's root:
.venv/bin/python -m tests.console.hotseat_evening [eldfall underworlds shroudfall sunshard] [--activations N]
"""

from __future__ import annotations

import argparse
import asyncio
from dataclasses import dataclass

from bot.core.outputs import Output
from tests.first_evening import ConsoleFront, Evening, Figures


@dataclass
class KeyboardFront(ConsoleFront):
    """The console with no ``@bob`` lines: a player whose turn it is types ``as bob`` first (counted) when the
    keyboard is not theirs already; ``hotseat`` passes it on by itself."""

    hotseat: bool = False
    handovers: int = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        self.session.hotseat = self.hotseat
        run_line = self.session.run_line

        async def typed(line: str) -> list[Output]:
            if line.startswith("@"):
                name, _, line = line[1:].partition(" ")
                if self.session.user != name:
                    await run_line(f"as {name}")
                    self.handovers += 1
            return await run_line(line)

        self.session.run_line = typed  # type: ignore[method-assign]


async def evening(case_for: object, *, hotseat: bool, activations: int | None) -> tuple[Figures, int]:
    """One evening at one keyboard: the harness's figures and the ``as`` lines typed."""
    front = KeyboardFront(hotseat=hotseat)
    case = case_for(front)  # type: ignore[operator]
    figures = await Evening(front, case).play(activations=activations)
    return figures, front.handovers


async def main(games: list[str], activations: int | None) -> None:
    from tests.console.newcomer_evening import CASES

    for name in games:
        for hotseat in (False, True):
            figures, handovers = await evening(CASES[name], hotseat=hotseat, activations=activations)
            lines = sum(figures.activations) + sum(figures.prompts) + sum(figures.first.values())
            print(f"{name} {'hot seat' if hotseat else 'as lines'}: {handovers} 'as' lines beside {lines} counted "
                  f"({figures.summary(name)})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["eldfall", "underworlds", "shroudfall", "sunshard"])
    parser.add_argument("--activations", type=int, help="stop after this many activations (default: the whole game)")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.games, arguments.activations))
