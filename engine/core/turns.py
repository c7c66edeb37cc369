"""Who acts now: one side, several at once, any side, chance, or nobody, as OpenSpiel's ``current_player``.

A front-end never guesses whose turn it is and a bot needs nothing else to play: pending decisions come
first (their owners must answer; several owners answer at once), then the game's own turn order
(``System.to_act``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.core.ids import SideId

__all__ = ["ActKind", "ToAct"]


class ActKind(Enum):
    SIDE = "side"  # one side acts: its turn, or a decision it owes
    SIMULTANEOUS = "simultaneous"  # several sides answer at once (secret choices, reaction offers in parallel)
    OPEN = "open"  # any side may act (a table with no turn order, such as freeplay before /round turn)
    CHANCE = "chance"  # the game's next step is a roll or draw nobody chooses: the table applies it at once
    NOBODY = "nobody"  # the game is over, or paused


@dataclass(frozen=True, slots=True)
class ToAct:
    """Who acts now; ``decisions`` names the pending decisions they owe, if that is why they act. ``prompt`` (a
    few words: "the power step") marks one side's turn as a prompt rather than a turn it starts: a short choice
    it may always pass (a power step's turn, its part of an end phase), which front-ends offer it unasked, Pass
    first, so passing costs one pick (issue 23's budget: each prompt to another player, 1)."""

    kind: ActKind
    sides: tuple[SideId, ...] = ()
    decisions: tuple[str, ...] = ()
    prompt: str = ""

    @classmethod
    def side(cls, side: SideId) -> ToAct:
        return cls(ActKind.SIDE, (side,))

    @classmethod
    def prompted(cls, side: SideId, prompt: str) -> ToAct:
        """``side``'s turn, offered to it unasked as ``prompt`` (see the class)."""
        return cls(ActKind.SIDE, (side,), prompt=prompt)

    @classmethod
    def nobody(cls) -> ToAct:
        return cls(ActKind.NOBODY)

    def includes(self, side: SideId) -> bool:
        return side in self.sides

    def describe(self) -> str:
        """A few words for a status line: "side B to decide", "sides A, C to choose", "any side"."""
        listed = ", ".join(self.sides)
        match self.kind:
            case ActKind.SIDE:
                return f"side {listed} to {'decide' if self.decisions else 'play'}"
            case ActKind.SIMULTANEOUS:
                return f"sides {listed} to choose"
            case ActKind.OPEN:
                return "any side may act"
            case ActKind.CHANCE:
                return "the dice"
        return "nobody"
