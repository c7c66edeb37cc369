"""Shroudfall's events of the flow of play beside the rules' outcomes (``events.py``): whose turn it is in the set-up,
the roll-off's winner, a side's standing orders, the part of a command a decision interrupted, the movement tool laid
for a move, a reaction used, the free essence re-roll spent."""

from __future__ import annotations

from typing import Literal

from engine.core import EventBody, ModelId, SideId
from engine.geometry import XY
from engine.systems.shroudfall.schema import Move
from engine.systems.shroudfall.state import Manifestation, ShroudfallState, Task

__all__ = [
    "FLOW_EVENTS",
    "AgendaSaved",
    "ChoiceKept",
    "ElementTaken",
    "FreeRerollUsed",
    "HazardStruck",
    "ManifestationPlaced",
    "ReactionUsed",
    "RollOffWon",
    "SetupTurn",
    "StandingOrder",
    "ToolLaid",
]

Doing = Literal["terrain", "deploy", "leadership"]


class SetupTurn(EventBody):
    """Whose turn it is in the set-up: to set a terrain piece or deploy a unit (L1120-1154); None once it is done."""

    kind = "shroudfall.setup-turn"
    side: SideId | None
    doing: Doing

    def apply(self, state: ShroudfallState) -> None:
        state.active_side = self.side

    def describe(self) -> str:
        if self.side is None:
            return ""
        what = {"terrain": "set the next terrain piece", "deploy": "deploy a unit",
                "leadership": "declare a leadership ability"}[self.doing]
        return f"Side {self.side} to {what}."


class RollOffWon(EventBody):
    kind = "shroudfall.roll-off-won"
    side: SideId

    def apply(self, state: ShroudfallState) -> None:
        state.winner = self.side

    def describe(self) -> str:
        return (f"Side {self.side} wins the roll-off and chooses: give the starting player token to a player, or "
                "deploy the first terrain piece (L1088-1093).")


class StandingOrder(EventBody):
    """A side sets the rest of its terrain pieces, or deploys the rest of its units, where the table suggests, each
    on its own turn."""

    kind = "shroudfall.standing-order"
    side: SideId
    what: Literal["terrain", "deploy"]

    def apply(self, state: ShroudfallState) -> None:
        orders = state.auto.setdefault(self.side, [])
        if self.what not in orders:
            orders.append(self.what)

    def describe(self) -> str:
        what = "sets the rest of its terrain" if self.what == "terrain" else "deploys the rest of its units"
        return f"Side {self.side} {what} where the table suggests, each on its turn."


class AgendaSaved(EventBody):
    """What is left to resolve of a command a decision interrupted (empty again once play carries on)."""

    kind = "shroudfall.agenda"
    tasks: tuple[Task, ...]

    def apply(self, state: ShroudfallState) -> None:
        state.agenda = list(self.tasks)

    def describe(self) -> str:
        return ""


class ToolLaid(EventBody):
    """The movement tool a model's move used: which tool, how much of it, and its centre line (L583-600)."""

    kind = "shroudfall.tool"
    model: ModelId
    mov: Move
    length: float
    line: tuple[XY, ...]
    why: tuple[str, ...] = ()

    def apply(self, state: ShroudfallState) -> None:
        pass

    def describe(self) -> str:
        return ""

    def working(self) -> tuple[str, ...]:
        points = " -> ".join(f"({x:g}, {y:g})" for x, y in self.line)
        return (f"{self.model}: MOV {self.mov} tool, {self.length:.2f}\" of it laid along {points}", *self.why)


class ChoiceKept(EventBody):
    """A player's answer to an ability's choice that stands for the rest of the activation (Follow up's pushes)."""

    kind = "shroudfall.choice-kept"
    unit: str
    ability: str
    answer: str

    def apply(self, state: ShroudfallState) -> None:
        if state.activation is not None:
            state.activation.kept[f"{self.unit}/{self.ability}"] = self.answer

    def describe(self) -> str:
        return ""


class ReactionUsed(EventBody):
    kind = "shroudfall.reaction"
    side: SideId
    unit: str
    ability: str
    shown: str
    why: str = ""
    name: str = ""
    """The unit's name (its id is for typed commands; older logs have none)."""

    def apply(self, state: ShroudfallState) -> None:
        state.reacted.append(f"{self.unit}/{self.ability}")

    def describe(self) -> str:
        why = f" ({self.why})" if self.why else ""
        return f"Side {self.side} reacts: {self.name or self.unit} uses {self.shown}{why}."


class FreeRerollUsed(EventBody):
    """Silver Line Training's free essence re-roll, once in each of the unit's activations (L366)."""

    kind = "shroudfall.free-reroll"
    unit: str
    name: str = ""

    def apply(self, state: ShroudfallState) -> None:
        if state.activation is not None:
            state.activation.free_reroll_used = True

    def describe(self) -> str:
        return f"{self.name or self.unit} uses its free essence re-roll of this activation (Silver Line Training)."


class ElementTaken(EventBody):
    """A side's control token put on an ACTION INTERACT scenario element (L1229, L1235)."""

    kind = "shroudfall.element-taken"
    element: str
    side: SideId

    def apply(self, state: ShroudfallState) -> None:
        state.elements[self.element].control = self.side

    def describe(self) -> str:
        return f"Side {self.side} puts its control token on {self.element}."


class ScenarioLeadWon(EventBody):
    """A side's VP lead at a round's end reached the scenarios' VP values added up: it wins by scenario (L1198; ruling
    ``scenario-win``)."""

    kind = "shroudfall.scenario-lead"
    side: SideId
    lead: int
    threshold: int
    round: int

    def apply(self, state: ShroudfallState) -> None:
        return None

    def describe(self) -> str:
        return (f"At the end of round {self.round} side {self.side} leads by {self.lead} VP, at least the scenarios' "
                f"{self.threshold}: side {self.side} wins by scenario (L1198).")


class ManifestationPlaced(EventBody):
    """A manifestation set on the table by an ability (L919-923), until the end of the round."""

    kind = "shroudfall.manifestation"
    manifestation: Manifestation
    why: str = ""

    def apply(self, state: ShroudfallState) -> None:
        state.manifestations[self.manifestation.id] = self.manifestation

    def describe(self) -> str:
        m = self.manifestation
        return (f"{self.why or m.name}: a {m.base_mm:g} mm {m.name} manifestation ({m.id}) stands at {m.x:g},{m.y:g} "
                "until the end of the round.")


class HazardStruck(EventBody):
    """A hazard strikes a model: a hazardous terrain piece or a manifestation (its damage and condition follow)."""

    kind = "shroudfall.hazard"
    model: ModelId
    source: str
    name: str
    how: str
    rule: str

    def apply(self, state: ShroudfallState) -> None:
        if state.activation is not None:
            state.activation.struck.append(f"{self.model}/{self.source}/{self.name}")

    def describe(self) -> str:
        return f"{self.model} {self.how} {self.name} ({self.source}, {self.rule})."


FLOW_EVENTS: tuple[type[EventBody], ...] = (SetupTurn, RollOffWon, StandingOrder, AgendaSaved, ChoiceKept, ToolLaid,
                                            ReactionUsed, FreeRerollUsed, ElementTaken, ScenarioLeadWon,
                                            ManifestationPlaced, HazardStruck)
