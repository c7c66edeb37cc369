"""Eldfall's events: outcomes folded into the state, each with a line for the log and, for a resolved attack,
its working die by die. Applying one runs no rules (the handlers did that before emitting it)."""

from __future__ import annotations

from pydantic import JsonValue

from engine.core import EventBody, ModelId, SideId
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import (
    Declared,
    EldfallState,
    Figure,
    MovementKind,
    Reaction,
    SequenceState,
    SideRecord,
)

__all__ = [
    "ELDFALL_EVENTS",
    "ActionDeclared",
    "Activated",
    "ApChanged",
    "AttackResolved",
    "DuelChanged",
    "EnchantmentsChanged",
    "FigureAdded",
    "FigureNoted",
    "InitiativeWon",
    "ManaChanged",
    "ModelDeployed",
    "OrderSet",
    "PartiesRevealed",
    "PartyChosen",
    "PartyNoted",
    "PartyOnView",
    "QuestBegan",
    "QuestEnded",
    "ReactionsDeclared",
    "SchemeFact",
    "SchemeKept",
    "SchemeRevealed",
    "SequenceEnded",
    "SetupSettled",
    "ShieldHeld",
    "SideNoted",
    "SideReady",
    "StatesChanged",
    "StepReached",
    "StratagemChosen",
    "StratagemUsed",
    "TurnBegan",
    "TurnEnded",
    "VpScored",
    "WeaponHeld",
]


SKILL_WORDS = {"flicker": "with Flicker", "fly": "taking flight", "land": "landing", "crouch": "crouching at the end",
               "stand": "standing up first", "taunt": "with Taunt", "trample": "Trampling"}
"""How the log says each skill declared with a movement."""


def _record(state: EldfallState, side: SideId) -> SideRecord:
    return state.records.setdefault(side, SideRecord())


class PartyChosen(EventBody):
    """A side's party list (a secret of that side until deployment ends, L1036)."""

    kind = "eldfall.party-chosen"
    side: SideId
    party: PartySpec

    def apply(self, state: EldfallState) -> None:
        record = _record(state, self.side)
        record.party = self.party.model_copy(deep=True)
        record.faction = self.party.faction

    def describe(self) -> str:
        members = ", ".join(m.unit for m in self.party.members)
        return f"Side {self.side} chooses the party {self.party.name} ({members}; Leader {self.party.leader})."


class PartyNoted(EventBody):
    """The public trace of a secret party choice: who has chosen, never what."""

    kind = "eldfall.party-noted"
    side: SideId

    def describe(self) -> str:
        return f"Side {self.side} has chosen its party in secret; lists are shown once deployment ends (L1036)."


class FigureAdded(EventBody):
    """Eldfall's record of a model that entered the table (with the table's own ``ModelAdded``)."""

    kind = "eldfall.figure-added"
    figure: Figure

    def apply(self, state: EldfallState) -> None:
        state.figures[self.figure.id] = self.figure.model_copy(deep=True)

    def describe(self) -> str:
        role = " (the Leader)" if self.figure.leader else ""
        return f"{self.figure.id} joins side {self.figure.side}{role}."


class FigureNoted(EventBody):
    """Bookkeeping on a model's record (it moved, lost HP, was scored, holds a Treasure...): logged silently unless
    ``shown`` says something players should read."""

    kind = "eldfall.figure-noted"
    model: ModelId
    changes: dict[str, JsonValue]
    shown: str = ""

    def apply(self, state: EldfallState) -> None:
        figure = state.figures[self.model]
        for key, value in self.changes.items():
            setattr(figure, key, value)

    def describe(self) -> str:
        return self.shown


class SideNoted(EventBody):
    """A side's standing choice or count changed (a scheme to reveal, a token on its scheme)."""

    kind = "eldfall.side-noted"
    side: SideId
    changes: dict[str, JsonValue]
    shown: str = ""

    def apply(self, state: EldfallState) -> None:
        record = _record(state, self.side)
        for key, value in self.changes.items():
            setattr(record, key, value)

    def describe(self) -> str:
        return self.shown or f"Side {self.side}: " + ", ".join(f"{k} {v}" for k, v in self.changes.items()) + "."


class InitiativeWon(EventBody):
    """The Initiative Check's result: d20 plus the Leader's M, the highest wins (L1088-1092)."""

    kind = "eldfall.initiative"
    winner: SideId
    totals: dict[SideId, int]

    def describe(self) -> str:
        shown = ", ".join(f"side {side} {total}" for side, total in self.totals.items())
        return f"Initiative Check ({shown}): side {self.winner} wins and chooses first (L1092)."


class SetupSettled(EventBody):
    """Where each side deploys and who plays first (L1092-1100)."""

    kind = "eldfall.setup-settled"
    edges: dict[SideId, str]
    order: tuple[SideId, ...]
    one_at_a_time: bool = False
    """The players deploy one model after the other (L1094)."""

    def apply(self, state: EldfallState) -> None:
        for side, edge in self.edges.items():
            _record(state, side).edge = edge
        state.order = self.order
        state.one_at_a_time = self.one_at_a_time

    def describe(self) -> str:
        edges = ", ".join(f"side {side} deploys along the {edge} edge" for side, edge in self.edges.items())
        how = "; the players deploy one model after the other" if self.one_at_a_time else ""
        return f"{edges[0].upper()}{edges[1:]}; side {self.order[0]} is the 1st Player{how}."


class ModelDeployed(EventBody):
    """Deploying one model after the other, a model is placed: everyone sees it (L1094)."""

    kind = "eldfall.model-deployed"
    reveals_secret = True
    model: ModelId
    name: str

    def apply(self, state: EldfallState) -> None:
        state.deployed_models = (*state.deployed_models, self.model)

    def describe(self) -> str:
        return f"{self.model} ({self.name}) is deployed."


class OrderSet(EventBody):
    """The players' turn order for the game (L1096)."""

    kind = "eldfall.order"
    order: tuple[SideId, ...]

    def apply(self, state: EldfallState) -> None:
        state.order = self.order

    def describe(self) -> str:
        return "Turn order: " + ", ".join(f"side {s}" for s in self.order) + "."


class SideReady(EventBody):
    kind = "eldfall.side-ready"
    side: SideId

    def apply(self, state: EldfallState) -> None:
        _record(state, self.side).ready = True

    def describe(self) -> str:
        return f"Side {self.side} has finished deploying."


class PartyOnView(EventBody):
    """A side deploying in the turn order is done: its models are seen by everyone, its list not yet (L1096-1102)."""

    kind = "eldfall.party-on-view"
    reveals_secret = True
    side: SideId

    def apply(self, state: EldfallState) -> None:
        _record(state, self.side).on_view = True

    def describe(self) -> str:
        return f"Side {self.side}'s models are on the table for everyone to see; its list stays secret (L1096)."


class PartiesRevealed(EventBody):
    """Deployment is over: every party list is shown (L1096)."""

    kind = "eldfall.parties-revealed"
    reveals_secret = True
    parties: dict[SideId, PartySpec]
    deployed: dict[SideId, int]

    def apply(self, state: EldfallState) -> None:
        for side, count in self.deployed.items():
            record = _record(state, side)
            record.revealed = True
            record.deployed = count

    def describe(self) -> str:
        lines = []
        for side, party in self.parties.items():
            members = ", ".join(m.unit + (f" ({', '.join(_upgrades(m))})" if m.upgrades else "") for m in party.members)
            lines.append(f"side {side}: {party.name} of the {party.faction} - {members}; Leader {party.leader}")
        return "Deployment is over; the parties are revealed (L1096): " + "; ".join(lines) + "."


def _upgrades(member: PartyMember) -> list[str]:
    """A member's upgrades as the reveal prints them, each with the option chosen for it (``glyphscribe-reduce-weight:
    inscribed-armor``)."""
    chosen = {upgrade: iter(texts) for upgrade, texts in member.choices.items()}
    return [u + (f": {text}" if (text := next(chosen.get(u, iter(())), None)) else "") for u in member.upgrades]


class SchemeKept(EventBody):
    """The scheme a side keeps: a secret of that side (L2497)."""

    kind = "eldfall.scheme-kept"
    side: SideId
    scheme: str
    name: str

    def apply(self, state: EldfallState) -> None:
        _record(state, self.side).scheme = self.scheme

    def describe(self) -> str:
        return f"Side {self.side} keeps the scheme {self.name}."


class SchemeRevealed(EventBody):
    kind = "eldfall.scheme-revealed"
    reveals_secret = True
    side: SideId
    scheme: str
    name: str
    why: str
    turn: int | None = None
    target: ModelId | None = None
    tokens: int = 0

    def apply(self, state: EldfallState) -> None:
        record = _record(state, self.side)
        record.scheme = self.scheme
        record.scheme_revealed = True
        record.scheme_turn = self.turn
        record.scheme_target = self.target
        record.scheme_tokens = self.tokens

    def describe(self) -> str:
        return f"Side {self.side} reveals its scheme {self.name} ({self.why})."


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
        sequence.step = self.step  # type: ignore[assignment]
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
        if not self.reactions:
            return f"Side {self.side} does not react."
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
        figure = state.figures.get(self.model)
        if figure is not None:
            figure.used_skills = []

    def describe(self) -> str:
        return f"{self.model}'s Activation Sequence ends."


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
        record = _record(state, self.side)
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

    def apply(self, state: EldfallState) -> None:
        _record(state, self.side).stratagem = self.stratagem

    def describe(self) -> str:
        return f"Side {self.side}'s Leader will use {self.stratagem} in its Strategic phases."


class StratagemUsed(EventBody):
    kind = "eldfall.stratagem-used"
    side: SideId
    stratagem: str | None
    name: str = ""

    def apply(self, state: EldfallState) -> None:
        _record(state, self.side).active_stratagem = self.stratagem

    def describe(self) -> str:
        if self.stratagem is None:
            return f"Side {self.side} uses no stratagem (its Leader is out of action, L376)."
        return f"Side {self.side}'s Leader uses the stratagem {self.name} until its next Strategic phase (L372)."


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
        record = _record(state, self.side)
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
    """The quest is over (L1297-1304); the scores follow from every side's capped VP."""

    kind = "eldfall.quest-ended"
    reason: str

    def apply(self, state: EldfallState) -> None:
        state.finished = self.reason

    def describe(self) -> str:
        return f"The quest ends: {self.reason}."


ELDFALL_EVENTS: tuple[type[EventBody], ...] = (
    PartyChosen, PartyNoted, FigureAdded, FigureNoted, InitiativeWon, SetupSettled, OrderSet, SideReady,
    ModelDeployed, PartyOnView, PartiesRevealed, SideNoted, SchemeKept, SchemeRevealed, TurnBegan, TurnEnded,
    ApChanged, ManaChanged, StatesChanged,
    EnchantmentsChanged, Activated, StepReached, ReactionsDeclared, ActionDeclared, WeaponHeld, ShieldHeld,
    AttackResolved,
    SequenceEnded, VpScored, StratagemChosen, StratagemUsed, DuelChanged, SchemeFact, QuestBegan, QuestEnded,
)
