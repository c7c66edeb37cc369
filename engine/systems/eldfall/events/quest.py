"""Events of the quest around the fighting: VP scored, stratagems, duels, scheme facts, the quest's start and end."""

from __future__ import annotations

from engine.core import EventBody, ModelId, SideId
from engine.systems.eldfall.state import (
    EldfallState,
)

__all__ = [
    "DuelChanged",
    "QuestBegan",
    "QuestEnded",
    "SchemeFact",
    "StratagemChosen",
    "StratagemUsed",
    "VpScored",
]


class VpScored(EventBody):
    """Victory Points from a reward, a penalty, a scheme or a duel (before the 10 VP cap, L1304)."""

    kind = "eldfall.vp"
    side: SideId
    source: str
    vp: int
    why: str
    pooled: bool = False
    """Scored while in an Alliance of Necessity: it goes to the allies' pool (L2390)."""

    def apply(self, state: EldfallState) -> None:
        record = state.writable_record(self.side)
        record.vp[self.source] = record.vp.get(self.source, 0) + self.vp
        if self.pooled:
            record.pooled += self.vp

    def describe(self) -> str:
        pool = " (into the alliance's pool)" if self.pooled else ""
        return f"Side {self.side} {'scores' if self.vp >= 0 else 'loses'} {abs(self.vp)} VP{pool}: {self.why}."


class StratagemChosen(EventBody):
    """The stratagem a side's Leader will use from its next Strategic phase on (L376-380)."""

    kind = "eldfall.stratagem-chosen"
    side: SideId
    stratagem: str
    name: str = ""
    """The stratagem's name as its card prints it (``Spiritual Paragon``); stored games without it show the id."""

    def apply(self, state: EldfallState) -> None:
        state.writable_record(self.side).stratagem = self.stratagem

    def describe(self) -> str:
        named = f"{self.name} ({self.stratagem})" if self.name else self.stratagem
        return f"Side {self.side}'s Leader changes its stratagem to {named}; its Strategic phases offer it first now " \
               "(L376-380)."


class StratagemUsed(EventBody):
    kind = "eldfall.stratagem-used"
    side: SideId
    stratagem: str | None
    name: str = ""
    by_hand: bool = False
    """The referee does not apply this stratagem's effect: the line says so, so nobody takes it for applied."""

    def apply(self, state: EldfallState) -> None:
        state.writable_record(self.side).active_stratagem = self.stratagem

    def describe(self) -> str:
        if self.stratagem is None:
            return f"Side {self.side} uses no stratagem (its Leader is out of action, L376)."
        hand = " Its effect is not refereed yet: the players apply it by hand (/model token, /model wound)." \
            if self.by_hand else ""
        return f"Side {self.side}'s Leader uses the stratagem {self.name} until its next Strategic phase (L372).{hand}"


class DuelChanged(EventBody):
    kind = "eldfall.duel"
    duel: tuple[ModelId, ModelId] | None

    def apply(self, state: EldfallState) -> None:
        state.duel = self.duel

    def describe(self) -> str:
        if self.duel is None:
            return "The duel is over."
        return f"{self.duel[0]} and {self.duel[1]} fight a duel: no other model activates or reacts (L1574-1576)."


class SchemeFact(EventBody):
    """A count a scheme scores by (wounds dealt in reactions, Deathblows...), kept per side."""

    kind = "eldfall.fact"
    side: SideId
    fact: str
    amount: int = 1

    def apply(self, state: EldfallState) -> None:
        record = state.writable_record(self.side)
        record.facts[self.fact] = record.facts.get(self.fact, 0) + self.amount

    def describe(self) -> str:
        return ""


class QuestBegan(EventBody):
    """The quest, its size and measuring mode, and which side (if any) plays its hostiles."""

    kind = "eldfall.quest-began"
    quest: str
    size: int
    mode: str
    hostile_side: SideId | None = None

    def apply(self, state: EldfallState) -> None:
        state.hostile_side = self.hostile_side

    def describe(self) -> str:
        side = self.hostile_side
        hostiles = f"; side {side} plays the hostiles by their behaviour cards" if side else ""
        return f"Quest: {self.quest}, {self.size} points a party, {self.mode} measuring{hostiles}."


class QuestEnded(EventBody):
    """The quest is over (L1297-1304), and why; the outcome that follows (the core's ``GameEnded``) holds the scores,
    every side's capped VP."""

    kind = "eldfall.quest-ended"
    reason: str

    def apply(self, state: EldfallState) -> None:
        """Nothing to fold: the phase (``over``) and the outcome are the core's flow record."""

    def describe(self) -> str:
        return f"The quest ends: {self.reason}."
