"""Events of the turns and the five-step sequence: turns, AP and mana, states and enchantments, activations, steps,
reactions, declared actions, held weapons and shields, resolved attacks."""

from __future__ import annotations

from engine.core import EventBody, ModelId, SideId
from engine.systems.eldfall.state import (
    ACTIVATION_STEP,
    Declared,
    EldfallState,
    MovementKind,
    Reaction,
    SequenceState,
)

__all__ = [
    "SKILL_WORDS",
    "ActionDeclared",
    "Activated",
    "ApChanged",
    "AttackResolved",
    "EnchantmentsChanged",
    "ManaChanged",
    "ReactionsDeclared",
    "SequenceEnded",
    "ShieldHeld",
    "StatesChanged",
    "StepReached",
    "TurnBegan",
    "TurnEnded",
    "WeaponHeld",
]


SKILL_WORDS = {"flicker": "with Flicker", "fly": "taking flight", "land": "landing", "crouch": "crouching at the end",
               "stand": "standing up first", "taunt": "with Taunt", "trample": "Trampling"}
"""How the log says each skill declared with a movement."""


class TurnBegan(EventBody):
    """A player's turn (or the Hostiles turn) begins (L1119-1142, L1593)."""

    kind = "eldfall.turn-began"
    round: int
    turn: int
    side: SideId

    def apply(self, state: EldfallState) -> None:
        state.round = self.round
        state.turn = self.turn
        state.active_side = self.side
        state.step = ACTIVATION_STEP
        for figure in state.figures.values():
            figure.moved = False

    def describe(self) -> str:
        return f"Round {self.round}: side {self.side}'s turn begins."


class TurnEnded(EventBody):
    """The End phase: every player's unspent AP is discarded (L1172)."""

    kind = "eldfall.turn-ended"
    side: SideId

    def apply(self, state: EldfallState) -> None:
        for figure in state.figures.values():
            figure.ap = 0
        state.active_side = None
        state.sequence = None
        state.step = ""

    def describe(self) -> str:
        return f"Side {self.side}'s turn ends; every unspent AP is discarded (L1172)."


class ApChanged(EventBody):
    """AP given in the Upkeep phase (L1156-1158), or taken or reset by an effect."""

    kind = "eldfall.ap"
    ap: dict[ModelId, int]
    why: str

    def apply(self, state: EldfallState) -> None:
        for model, ap in self.ap.items():
            if model in state.figures:
                state.figures[model].ap = ap

    def describe(self) -> str:
        shown = ", ".join(f"{model} {ap}" for model, ap in self.ap.items())
        return f"AP ({self.why}): {shown}."


class ManaChanged(EventBody):
    kind = "eldfall.mana"
    model: ModelId
    mana: int
    why: str

    def apply(self, state: EldfallState) -> None:
        state.figures[self.model].mana = self.mana

    def describe(self) -> str:
        return f"{self.model} has {self.mana} Mana {'Counter' if self.mana == 1 else 'Counters'} ({self.why})."


class StatesChanged(EventBody):
    """States gained or lost (tokens on the table), with when the gained ones end."""

    kind = "eldfall.states"
    model: ModelId
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    until: str | None = None
    why: str = ""

    def apply(self, state: EldfallState) -> None:
        model = state.models.get(self.model)
        figure = state.figures.get(self.model)
        if model is None or figure is None:
            return
        for name in self.removed:
            if name in model.tokens:
                model.tokens.remove(name)
            figure.expiry.pop(name, None)
        for name in self.added:
            if name not in model.tokens:
                model.tokens.append(name)
            if self.until is not None:
                figure.expiry[name] = self.until
            else:
                figure.expiry.pop(name, None)

    def describe(self) -> str:
        parts = []
        if self.added:
            parts.append(f"is now {', '.join(self.added)}")
        if self.removed:
            parts.append(f"is no longer {', '.join(self.removed)}")
        why = f" ({self.why})" if self.why else ""
        return f"{self.model} {' and '.join(parts)}{why}."


class EnchantmentsChanged(EventBody):
    kind = "eldfall.enchantments"
    model: ModelId
    added: dict[str, str] = {}
    removed: tuple[str, ...] = ()
    why: str = ""

    def apply(self, state: EldfallState) -> None:
        figure = state.figures.get(self.model)
        if figure is None:
            return
        for spell in self.removed:
            figure.enchantments.pop(spell, None)
        figure.enchantments.update(self.added)

    def describe(self) -> str:
        parts = []
        if self.added:
            parts.append(f"is enchanted with {', '.join(self.added)}")
        if self.removed:
            parts.append(f"loses {', '.join(self.removed)}")
        why = f" ({self.why})" if self.why else ""
        return f"{self.model} {' and '.join(parts)}{why}."


class Activated(EventBody):
    """Steps 1 and 2 of an Activation Sequence declared: the model spends 1 AP and declares its movement
    (L1184-1196)."""

    kind = "eldfall.activated"
    model: ModelId
    ap: int
    movement: MovementKind
    dash: bool = False
    skills: tuple[str, ...] = ()

    def apply(self, state: EldfallState) -> None:
        figure = state.figures[self.model]
        figure.ap = self.ap
        figure.used_skills = []
        state.sequence = SequenceState(model=self.model, movement=self.movement, dash=self.dash, skills=self.skills)
        state.step = "movement"

    def describe(self) -> str:
        how = {"idle": "stays Idle", "walk": "Walks", "run": "Runs", "climb": "Climbs", "jump": "Jumps"}[self.movement]
        dash = " with Dash" if self.dash else ""
        skills = f" ({', '.join(SKILL_WORDS.get(s, s) for s in self.skills)})" if self.skills else ""
        return f"{self.model} activates ({self.ap} AP left) and {how}{dash}{skills}."


class StepReached(EventBody):
    """The sequence moves to its next step; ``path`` is the active model's movement (its base centre), ``trampled``
    the models a Trampling Run went through."""

    kind = "eldfall.step"
    step: str
    path: tuple[tuple[float, float], ...] | None = None
    panic_failed: bool = False
    trampled: tuple[ModelId, ...] = ()

    def apply(self, state: EldfallState) -> None:
        sequence = state.sequence
        if sequence is None:
            return
        state.step = self.step
        if self.path is not None:
            sequence.path = self.path
            if len(self.path) > 1:
                state.figures[sequence.model].moved = True
        if self.panic_failed:
            sequence.panic_failed = True
        if self.trampled:
            sequence.trampled = self.trampled

    def describe(self) -> str:
        return "On to the Action step (L1250)." if self.step == "action" else ""


class ReactionsDeclared(EventBody):
    """The reactive player's declarations for the sequence, each costing its model 1 AP (L1198-1246)."""

    kind = "eldfall.reactions"
    side: SideId
    reactions: tuple[Reaction, ...]
    ap: dict[ModelId, int]
    replace: bool = False
    """The reactions take the place of those its models declared before (a Dodge turned into an attack, L1246)."""

    def apply(self, state: EldfallState) -> None:
        for model, ap in self.ap.items():
            state.figures[model].ap = ap
        if state.sequence is not None:
            changed = {r.model for r in self.reactions} if self.replace else set()
            kept = [r for r in state.sequence.reactions if r.model not in changed]
            state.sequence.reactions = [*kept, *self.reactions]

    def describe(self) -> str:
        if not self.reactions:  # none declared: the answer's own line said "no reaction" (nothing spent)
            return f"Side {self.side} does not react." if self.ap else ""
        parts = []
        for r in self.reactions:
            what = {"dodge": "Dodges", "perceive": "Perceives", "ward": f"casts Ward on {r.ward}"}.get(
                r.kind, f"attacks with {r.means}")
            at = f" at {r.at[0]:g},{r.at[1]:g}" if r.at is not None and r.kind == "attack" else ""
            parts.append(f"{r.model} {what}{at}")
        return f"Side {self.side} reacts: " + "; ".join(parts) + "."


class ActionDeclared(EventBody):
    """Step 4: the active model's action (L1250-1253)."""

    kind = "eldfall.action"
    model: ModelId
    action: Declared
    text: str

    def apply(self, state: EldfallState) -> None:
        if state.sequence is not None:
            state.sequence.action = self.action

    def describe(self) -> str:
        return f"{self.model} declares: {self.text}."


class WeaponHeld(EventBody):
    kind = "eldfall.weapon"
    model: ModelId
    weapon: str

    def apply(self, state: EldfallState) -> None:
        state.figures[self.model].weapon = self.weapon
        _changed_equipment(state, self.model)

    def describe(self) -> str:
        return f"{self.model} now holds its {self.weapon}."


class ShieldHeld(EventBody):
    """A model lays its shield down or takes it up again: its change of equipment this activation (L430)."""

    kind = "eldfall.shield"
    model: ModelId
    off: bool

    def apply(self, state: EldfallState) -> None:
        state.figures[self.model].shield_off = self.off
        _changed_equipment(state, self.model)

    def describe(self) -> str:
        return f"{self.model} {'lays its shield down' if self.off else 'takes up its shield'} (L430)."


def _changed_equipment(state: EldfallState, model: ModelId) -> None:
    sequence = state.sequence
    if sequence is not None and model not in sequence.equipped:
        sequence.equipped = (*sequence.equipped, model)


class AttackResolved(EventBody):
    """What the Resolution step worked out for one attack or roll, with every die in its working."""

    kind = "eldfall.resolved"
    summary: str
    lines: tuple[str, ...] = ()

    def describe(self) -> str:
        return self.summary

    def working(self) -> tuple[str, ...]:
        return self.lines


class SequenceEnded(EventBody):
    kind = "eldfall.sequence-ended"
    model: ModelId

    def apply(self, state: EldfallState) -> None:
        state.last = state.sequence
        state.sequence = None
        state.step = ACTIVATION_STEP
        figure = state.figures.get(self.model)
        if figure is not None:
            figure.used_skills = []

    def describe(self) -> str:
        return f"{self.model}'s Activation Sequence ends."
