"""Shroudfall's events: outcomes folded into the state, each with a line for the log and, for an attack, its working
die by die. Applying one runs no rules (the rule functions did that before it was emitted). The shared table's events
(``TerrainAdded``, ``ModelMoved``, ``ModelPlaced``, ``ModelWounded``) record terrain, moves and damage."""

from __future__ import annotations

from typing import Literal

from engine.core import EventBody, ModelId, SideId, UserId
from engine.systems.shroudfall.naming import models_shown
from engine.systems.shroudfall.schema import Colour, format_pool
from engine.systems.shroudfall.state import (
    Action,
    Activation,
    Element,
    Expiry,
    Piece,
    ShroudfallState,
    Step,
    UnitRecord,
)
from engine.table import PlacedModel

__all__ = [
    "SHROUDFALL_EVENTS",
    "ActionTaken",
    "ActivationBegan",
    "ActivationEnded",
    "ArmyFielded",
    "AttackRolled",
    "BeamHitNoOne",
    "ConditionsChanged",
    "EffectChanged",
    "ElementPlaced",
    "ElementUsed",
    "LeadershipDeclared",
    "ModelsDestroyed",
    "PieceNoted",
    "ReserveChanged",
    "RoundBegan",
    "RoundEnded",
    "ScenariosDrawn",
    "SetupChosen",
    "StepReached",
    "TurnChanged",
    "UnitDeployed",
    "VpScored",
    "possessive",
]


class ArmyFielded(EventBody):
    """A player's army list, shown to both (L1086): its units, not yet deployed, and its scenario cards."""

    kind = "shroudfall.army"
    side: SideId
    army: str
    units: tuple[UnitRecord, ...]
    scenarios: tuple[str, ...]
    army_name: str = ""
    """The army's name as its list prints it (the id is for typed commands; older logs have none)."""

    def apply(self, state: ShroudfallState) -> None:
        record = state.record(self.side)
        record.army, record.scenarios = self.army, list(self.scenarios)
        for unit in self.units:
            state.units[unit.id] = unit.model_copy(deep=True)

    def describe(self) -> str:
        return f"Side {self.side} fields {self.army_name or self.army}: {', '.join(u.name for u in self.units)}."


class SetupChosen(EventBody):
    """Who holds the starting player token, who deploys the first terrain piece, and the deployment edges."""

    kind = "shroudfall.setup-chosen"
    token: SideId
    first_terrain: SideId
    edges: dict[SideId, Literal["bottom", "top"]]
    why: str = ""

    def apply(self, state: ShroudfallState) -> None:
        state.token, state.first_terrain = self.token, self.first_terrain
        for side, edge in self.edges.items():
            state.record(side).edge = edge

    def describe(self) -> str:
        edges = ", ".join(f"{s} the {e} edge" for s, e in self.edges.items())
        return (f"{self.token} holds the starting player token; {self.first_terrain} deploys the first terrain piece; "
                f"deployment: {edges}.{(' ' + self.why) if self.why else ''}")


class ScenariosDrawn(EventBody):
    """The scenarios in play after the vetoes and the draw (L1102-1112)."""

    kind = "shroudfall.scenarios"
    played: tuple[str, ...]
    lines: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    """The scenarios' names, in the order of ``played`` (older logs have none)."""

    def apply(self, state: ShroudfallState) -> None:
        state.scenarios = list(self.played)

    def describe(self) -> str:
        return f"Scenarios in play: {', '.join(self.names or self.played)}."

    def working(self) -> tuple[str, ...]:
        return self.lines


class ElementPlaced(EventBody):
    kind = "shroudfall.element"
    element: Element

    def apply(self, state: ShroudfallState) -> None:
        state.elements[self.element.id] = self.element.model_copy(deep=True)

    def describe(self) -> str:
        e = self.element
        return f"Scenario element {e.id} ({e.name}, {e.base_mm:g} mm) is set up at {e.x:g},{e.y:g}."


class PieceNoted(EventBody):
    """What a terrain piece just added to the table is: its card, main or side, type and benefit."""

    kind = "shroudfall.piece"
    terrain_id: str
    piece: Piece
    card_name: str = ""
    """The terrain card's name (older logs have none)."""

    def apply(self, state: ShroudfallState) -> None:
        state.pieces[self.terrain_id] = self.piece.model_copy()

    def describe(self) -> str:
        p = self.piece
        role = "main" if p.main else "side"
        return f"{self.terrain_id} is the {role} piece {p.name} of {self.card_name or p.card} ({p.type} terrain)."


class StepReached(EventBody):
    kind = "shroudfall.step"
    step: Step

    def apply(self, state: ShroudfallState) -> None:
        state.step = self.step
        state.phase = self.step

    def describe(self) -> str:
        return _STEP_LINES.get(self.step, f"Set-up: {self.step}.")


_STEP_LINES = {
    "roll-off": "Set-up: both players roll off; the higher total chooses who takes the starting player token or who "
                "sets the first terrain piece (L1088-1093).",
    "token": "Set-up: the roll-off's winner chooses (L1088-1093).",
    "scenario": "Set-up: the scenarios are determined and set up (L1097, L1102-1112).",
    "terrain": "Set-up: the players take turns setting terrain, a main piece then the other's side pieces "
               "(L1098, L1114-1126).",
    "leadership": "Set-up: each player declares the army's leadership ability, the starting player first (L480).",
    "deployment": "Set-up: the players take turns deploying a unit each, the starting player first (L1099).",
    "rounds": "Set-up is done: the battle is played over five game rounds (L533, L1100).",
    "over": "The game is over.",
}
"""What each step of the set-up (and the rounds) is, in a player's words (Shroudfall beta rulebook v1.4)."""


class LeadershipDeclared(EventBody):
    kind = "shroudfall.leadership"
    side: SideId
    ability: str
    shown: str

    def apply(self, state: ShroudfallState) -> None:
        state.record(self.side).leadership = self.ability

    def describe(self) -> str:
        return f"{self.side} declares the leadership ability {self.shown}."


class UnitDeployed(EventBody):
    kind = "shroudfall.deployed"
    unit: str
    models: tuple[PlacedModel, ...]

    def apply(self, state: ShroudfallState) -> None:
        record = state.units[self.unit]
        record.deployed = True
        record.models = [m.id for m in self.models]
        for model in self.models:
            state.models[model.id] = model.model_copy(deep=True)

    def describe(self) -> str:
        spots = ", ".join(f"{m.id} at {m.x:g},{m.y:g}" for m in self.models)
        name = self.models[0].name if self.models and self.models[0].name else self.unit
        return f"{name} deploys: {spots}."


class TurnChanged(EventBody):
    """Whose turn it is to activate a unit; ``passed`` when the last player passed (L571)."""

    kind = "shroudfall.turn"
    side: SideId | None
    passed: SideId | None = None

    def apply(self, state: ShroudfallState) -> None:
        state.turn = self.side
        state.active_side = self.side

    player: UserId | None = None
    """Who plays the side whose turn it is, named so the table sees whose turn (logs before it name the side)."""

    def describe(self) -> str:
        passing = f"{self.passed} passes. " if self.passed else ""
        if self.side is None:
            return passing + "Every unit has activated."
        whose = f"{self.player}'s turn (side {self.side})" if self.player else f"{self.side}'s turn"
        return passing + f"It is {whose} to activate a unit."


class ActivationBegan(EventBody):
    kind = "shroudfall.activation"
    unit: str
    side: SideId

    def apply(self, state: ShroudfallState) -> None:
        state.activation = Activation(unit=self.unit, side=self.side)
        state.reacted = []
        record = state.units[self.unit]
        record.effects = {e: x for e, x in record.effects.items() if x != "next-activation"}

    models: tuple[str, ...] = ()
    """The unit's models on the table, named beside it so the line points at the picture's labels."""
    name: str = ""
    """The unit's name (its id is for typed commands; older logs have none)."""

    def describe(self) -> str:
        return f"{self.side} activates {self.name or self.unit}{models_shown(self.models)}."


def possessive(name: str) -> str:
    """``Riflemen's``, ``Serene Sentinels'``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


class ActionTaken(EventBody):
    kind = "shroudfall.action"
    unit: str
    action: Action
    name: str = ""

    def apply(self, state: ShroudfallState) -> None:
        if state.activation is not None:
            state.activation.actions.append(self.action)
            state.activation.used, state.activation.targeted, state.activation.struck = {}, [], []

    def describe(self) -> str:
        if self.action == "forfeit":
            return f"{self.name or self.unit} forfeits an action."
        article = "an" if self.action[0] in "aeiou" else "a"
        return f"{self.name or self.unit} takes {article} {self.action} action."


class ActivationEnded(EventBody):
    """The end of an activation (L1520-1524): the Activated token, and Exhausted for the last unit of the player
    without the starting token; the first activation a player ends in a round clears their Exhausted tokens."""

    kind = "shroudfall.activation-ended"
    unit: str
    exhausted: bool = False
    cleared: tuple[str, ...] = ()
    why: str = ""
    name: str = ""

    def apply(self, state: ShroudfallState) -> None:
        record = state.units[self.unit]
        record.activated, record.exhausted = True, self.exhausted or record.exhausted
        for other in self.cleared:
            state.units[other].exhausted = False
        side_record = state.record(record.side)
        side_record.activations += 1
        state.last_activated[record.side] = self.unit
        state.activation = None
        for effect, expiry in list(record.effects.items()):
            if expiry == "activation":
                del record.effects[effect]

    def describe(self) -> str:
        tokens = " and an Exhausted token" if self.exhausted else ""
        cleared = f" Exhausted tokens removed from {', '.join(self.cleared)}." if self.cleared else ""
        why = f" ({self.why})" if self.why else ""
        whose = possessive(self.name or self.unit)
        return f"{whose} activation ends{why}: it gets an Activated token{tokens}.{cleared}"


class ReserveChanged(EventBody):
    """A player's essence reserve after crystals were added, spent, discarded or lost to the cap of 10 (L827-833)."""

    kind = "shroudfall.reserve"
    side: SideId
    reserve: tuple[Colour, ...]
    added: tuple[Colour, ...] = ()
    spent: tuple[Colour, ...] = ()
    lost: tuple[Colour, ...] = ()
    why: str

    def apply(self, state: ShroudfallState) -> None:
        state.record(self.side).reserve = list(self.reserve)

    def describe(self) -> str:
        parts = [f"+{format_pool(self.added)}" if self.added else "",
                 f"-{format_pool(self.spent)}" if self.spent else ""]
        lost = f" ({format_pool(self.lost)} lost: the reserve holds at most 10, L831)" if self.lost else ""
        change = " ".join(p for p in parts if p) or "emptied"
        return f"{self.side}'s essence {change} for {self.why}: reserve {format_pool(self.reserve)}{lost}."


class ConditionsChanged(EventBody):
    kind = "shroudfall.conditions"
    unit: str
    conditions: tuple[str, ...]
    gained: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    why: str = ""
    name: str = ""

    def apply(self, state: ShroudfallState) -> None:
        state.units[self.unit].conditions = list(self.conditions)

    def describe(self) -> str:
        change = "; ".join(filter(None, (f"gains {', '.join(self.gained)}" if self.gained else "",
                                         f"loses {', '.join(self.removed)}" if self.removed else "")))
        why = f" ({self.why})" if self.why else ""
        return f"{self.name or self.unit} {change or 'keeps its conditions'}{why}."


class EffectChanged(EventBody):
    """An effect on a unit begins (with when it ends) or ends (``expiry`` None)."""

    kind = "shroudfall.effect"
    unit: str
    effect: str
    expiry: Expiry | None
    why: str = ""
    name: str = ""

    def apply(self, state: ShroudfallState) -> None:
        effects = state.units[self.unit].effects
        if self.expiry is None:
            effects.pop(self.effect, None)
        else:
            effects[self.effect] = self.expiry

    def describe(self) -> str:
        if self.expiry is None:
            return f"{self.effect} ends on {self.name or self.unit}."
        why = f" ({self.why})" if self.why else ""
        until = {"activation": "until the end of the activation", "round": "until the end of the round",
                 "next-activation": "until its next activation", "game": "for the rest of the game"}[self.expiry]
        return f"{self.name or self.unit} gains {self.effect} {until}{why}."


class AttackRolled(EventBody):
    """One attack's outcome on one target: the hit (total against DEF, critical at double), and for a hit the damage
    (total divided by ARM, rounded down), with the working line by line."""

    kind = "shroudfall.attack"
    attacker: ModelId
    target: ModelId
    weapon: str
    hit_total: int
    defence: int
    hit: bool
    critical: bool
    damage_total: int | None = None
    armour: int | None = None
    damage: int = 0
    lines: tuple[str, ...] = ()
    summary: str = ""
    """The attack in one line: the dice by colour, their total, DEF and the critical threshold, ARM and the division."""
    in_action: bool = True
    """False for an attack outside an attack action (an Essence Attack, a reaction): it spends no profile of one."""
    melee: bool = True
    """Whether the profile is a melee one: only a melee attack marks its target as targeted for Whirlwind Dance
    (L354)."""
    line: tuple[tuple[float, float], ...] = ()
    """From the attacker's centre to the target's, for the picture's sight line."""
    reach: float = 0.0
    radius: float = 0.0
    """The profile's range and the attacker's base radius, for the picture's range ring."""

    def apply(self, state: ShroudfallState) -> None:
        if state.activation is not None and self.in_action:
            state.activation.used.setdefault(self.attacker, []).append(self.weapon)
        attacker = state.models.get(self.attacker)
        if (state.activation is not None and attacker is not None and attacker.unit == state.activation.unit
                and self.melee):
            state.activation.targeted.append(self.target)

    def describe(self) -> str:
        if self.summary:
            return self.summary
        verdict = "critical hit" if self.critical else ("hit" if self.hit else "miss")
        text = (f"{self.attacker} attacks {self.target} with {self.weapon}: {self.hit_total} against DEF "
                f"{self.defence}, {verdict}")
        if self.hit and self.damage_total is not None:
            text += f"; damage {self.damage_total} / ARM {self.armour} = {self.damage}"
        return text + "."

    def working(self) -> tuple[str, ...]:
        return self.lines


class BeamHitNoOne(EventBody):
    """A beam laid toward the model it was aimed at and passing over no model it may target: the book lets it aim at
    any model in sight (L785-793), so it is an attack that rolls nothing, said so rather than left silent."""

    kind = "shroudfall.beam-empty"
    attacker: ModelId
    aim: ModelId
    weapon: str
    length: float
    in_action: bool = True

    def apply(self, state: ShroudfallState) -> None:
        if state.activation is not None and self.in_action:
            state.activation.used.setdefault(self.attacker, []).append(self.weapon)

    def describe(self) -> str:
        return (f"{self.attacker}'s {self.weapon}, a {self.length:g}\" beam laid toward {self.aim}, passes over no "
                "model it may target: nothing to roll (L785-797).")


class ModelsDestroyed(EventBody):
    """Models removed at full damage (L382, L762); an ESSENCE WEAVER among them counts for the first tie-breaker
    (L1262); a unit whose last model went counts as destroyed for its essence (L849) and its points (L1263)."""

    kind = "shroudfall.destroyed"
    models: tuple[ModelId, ...]
    unit: str
    unit_destroyed: bool
    points: int = 0
    weaver: bool = False
    name: str = ""

    def apply(self, state: ShroudfallState) -> None:
        for model in self.models:
            state.models.pop(model, None)
        record = state.record(state.units[self.unit].side)
        record.weavers_lost += int(self.weaver)
        if self.unit_destroyed:
            record.points_lost += self.points

    def describe(self) -> str:
        gone = f"; {self.name or self.unit} is destroyed" if self.unit_destroyed else ""
        return f"{', '.join(self.models)} {'is' if len(self.models) == 1 else 'are'} destroyed{gone}."


class ElementUsed(EventBody):
    """A scenario element gave what it gives once a round (a Crystal Mine's crystal, L1289)."""

    kind = "shroudfall.element-used"
    element: str

    def apply(self, state: ShroudfallState) -> None:
        state.elements[self.element].used_this_round = True

    def describe(self) -> str:
        return f"{self.element} has given its crystal this round."


class VpScored(EventBody):
    kind = "shroudfall.vp"
    side: SideId
    amount: int
    why: str

    def apply(self, state: ShroudfallState) -> None:
        state.record(self.side).vp += self.amount

    def describe(self) -> str:
        return f"{self.side} scores {self.amount} VP for {self.why}."


class RoundBegan(EventBody):
    kind = "shroudfall.round-began"
    round: int

    def apply(self, state: ShroudfallState) -> None:
        state.round = self.round
        for record in state.records.values():
            record.activations = 0

    def describe(self) -> str:
        return f"Game round {self.round} begins."


class RoundEnded(EventBody):
    """The round's clean-up (L1160-1171): reserves emptied, round effects and Activated tokens gone, the starting
    player token passed on."""

    kind = "shroudfall.round-ended"
    round: int
    token: SideId

    def apply(self, state: ShroudfallState) -> None:
        for record in state.records.values():
            record.reserve = []
        for unit in state.units.values():
            unit.activated = False
            unit.effects = {e: x for e, x in unit.effects.items() if x not in ("round", "activation")}
        for element in state.elements.values():
            element.used_this_round = False
        state.manifestations = {}
        state.token = self.token

    def describe(self) -> str:
        return f"Game round {self.round} ends; the starting player token passes to {self.token}."


SHROUDFALL_EVENTS: tuple[type[EventBody], ...] = (
    ArmyFielded, SetupChosen, ScenariosDrawn, ElementPlaced, PieceNoted, StepReached, LeadershipDeclared,
    UnitDeployed, TurnChanged, ActivationBegan, ActionTaken, ActivationEnded, ReserveChanged, ConditionsChanged,
    EffectChanged, AttackRolled, BeamHitNoOne, ModelsDestroyed, ElementUsed, VpScored, RoundBegan, RoundEnded,
)
