"""A menu-only first evening played by a newcomer who fights: the shared harness (``tests/first_evening.py``) with one
change of policy. The harness's players pick the first entry of every menu, which in Eldfall is "Activate and stay
Idle" and in Underworlds a Move: the budgets (first activation <= 12 a player; an activation <= 3 on average, never
more than 5) are then met by a game in which hardly anyone attacks. Here, at each "What do you do?" menu the player
picks the first entry that attacks or charges, else the first that moves, else the first; every later question
(weapon, target, hex, pace, a decision) is answered with its first entry, as before. A pick the table refuses (an
attack out of reach is still offered in some menus) is followed by the first entry, and both lines count.

Prints, per game, the harness's summary line and the inputs of the first activations (who typed what, and what the
letter picked). Never asserts and is no test (no ``test_`` name): a report for a person, the budgets being the
harness's. Run from the project's root (a whole Eldfall game takes a few minutes):
.venv/bin/python -m tests.console.newcomer_evening [eldfall underworlds shroudfall sunshard] [--activations N]
"""

from __future__ import annotations

import argparse
import asyncio
import re
from dataclasses import dataclass, field

from bot.core.deciding import part_picks
from bot.core.outputs import Output
from engine.core import UserId
from tests.console.test_eldfall_first_evening import eldfall_case
from tests.console.test_first_evening import SHROUDFALL, UNDERWORLDS
from tests.engine.systems.sunshard.test_at_the_table import SUNSHARD
from tests.first_evening import Case, ConsoleFront, Evening

FIGHT = re.compile(r"\b(attack|charge)", re.IGNORECASE)
MOVE = re.compile(r"\b(move|advance)\b", re.IGNORECASE)
ACTION_MENU = "What do you do?"
LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass
class FighterFront(ConsoleFront):
    """The console, with letters chosen as a newcomer who came to fight chooses them."""

    _labels: dict[str, tuple[bool, list[str]]] = field(default_factory=dict)  # user: (an action menu?, labels)

    async def letter(self, user: str) -> int:
        top, labels = self._labels.get(user, (False, []))
        index = _choice(labels) if top else 0
        self._picked = f"{LETTERS[index]}: {labels[index] if index < len(labels) else '?'}"
        outputs = await self.session.run_line(f"@{user} {LETTERS[index]}")  # remembered by the wrapper
        if index and any(o.error for o in outputs):  # refused: the first entry instead, a second interaction
            self._picked += " (refused), then the first entry"
            await self._run(user, "a")
            return 2
        return 1

    def _remember(self, user: str, outputs: list[Output]) -> None:
        """Each menu's labels (and, for a line run outside ``ConsoleFront._run``, what it records of menus)."""
        for output in outputs:
            to = str(output.to or user)
            if output.picks:
                self._labels[to] = (ACTION_MENU in output.text, [label for label, _ in output.picks])
            elif output.decision is not None and output.to is not None:
                found = part_picks(output.decision.id, output.decision.parts, {})
                if found:
                    self._labels[to] = (False, [label for label, _ in found[1]])
        game = self.game()
        seq = game.seq if game is not None else 0
        for output in outputs:  # what ConsoleFront._run records, for a line run here
            if output.picks or (output.decision is not None and output.to is not None
                                and part_picks(output.decision.id, output.decision.parts, {})):
                decision = output.decision.id if output.decision is not None else None
                self._menus[str(output.to or user)] = (seq, decision)
        if UserId(user) in self.session._picks and not self.session.menu(UserId(user)):
            self._menus.pop(user, None)


def _choice(labels: list[str]) -> int:
    """The first entry that attacks or charges, else the first that moves, else the first."""
    for pattern in (FIGHT, MOVE):
        found = next((i for i, label in enumerate(labels) if pattern.search(label)), None)
        if found is not None:
            return found
    return 0


def _remembering(front: FighterFront) -> None:
    """Wrap the session's line runner so every output (typed lines included) updates the labels."""
    run_line = front.session.run_line

    async def run(line: str) -> list[Output]:
        outputs = await run_line(line)
        user = line[1:].partition(" ")[0] if line.startswith("@") else str(front.session.user)
        front._remember(user, outputs)
        return outputs

    front.session.run_line = run  # type: ignore[method-assign]


CASES = {"underworlds": lambda front: UNDERWORLDS, "shroudfall": lambda front: SHROUDFALL,
         "sunshard": lambda front: SUNSHARD, "eldfall": eldfall_case}


async def main(games: list[str], activations: int | None, shown: int) -> None:
    for name in games:
        front = FighterFront()
        _remembering(front)
        case: Case = CASES[name](front)  # type: ignore[no-untyped-call]
        evening = Evening(front, case)
        figures = await evening.play(activations=activations)
        print(figures.summary(name))
        print(f"  activations: {figures.activations}")
        typed = [re.sub(r"^(\w+): a \((\w): ", r"\1: \2 (", line) for line in evening.history[:shown]]
        print("  inputs: " + " | ".join(typed))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(CASES))
    parser.add_argument("--activations", type=int, help="stop after this many activations (default: the whole game)")
    parser.add_argument("--shown", type=int, default=60, help="how many input lines to print")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.games, arguments.activations, arguments.shown))
