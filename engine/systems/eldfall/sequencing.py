"""One Activation Sequence from its movement to its end: the Reaction step, the Action step, the hostiles'
reactions after the action (L1596), the Resolution step, and the turn going on (Eldfall core rules v1.5,
L1180-1260)."""

from __future__ import annotations

from engine.core import Context
from engine.systems.eldfall.declare import allowed_now
from engine.systems.eldfall.duels import duel_over
from engine.systems.eldfall.events import ActionDeclared, SequenceEnded, StepReached
from engine.systems.eldfall.flow import end_turn, finish, side_can_act
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.late import LATE_KIND, late_offer
from engine.systems.eldfall.quests import treasures_gone
from engine.systems.eldfall.reacting import offer
from engine.systems.eldfall.resolution import resolve
from engine.systems.eldfall.state import Declared, EldfallState

__all__ = ["after_declaration", "after_movement", "after_reactions", "carry_on", "quest_over"]

Ctx = Context[EldfallState]


def after_movement(ctx: Ctx, kit: Kit) -> None:
    """The Reaction step: the reactive players' decisions, or straight on to the Action step."""
    sequence = ctx.state.sequence
    if sequence is None:  # Agony ended the activation (L2283)
        carry_on(ctx, kit)
        return
    gone = sequence.model not in ctx.state.models  # it fled, or left with a Treasure
    if gone or kit.world(ctx.state).fighter(sequence.model).out:  # or a Sigil it touched took it down
        ctx.emit(SequenceEnded(model=sequence.model))
        carry_on(ctx, kit)
        return
    if not offer(ctx, kit):
        after_reactions(ctx, kit)


def after_reactions(ctx: Ctx, kit: Kit) -> None:
    """Every reactive player has declared: the Action step; a model that may only do Nothing does it at once."""
    state = ctx.state
    if any(d.kind == "reaction" for d in state.pending.values()):
        return
    sequence = state.sequence
    if sequence is None:
        return
    if state.step == "late-reaction":
        _resolve(ctx, kit)
        return
    ctx.emit(StepReached(step="action"))
    world = kit.world(state)
    active = world.fighter(sequence.model)
    if set(allowed_now(world, active)) <= {"nothing"}:  # a Run into an enemy's reach leaves it no other (L1337)
        ctx.emit(ActionDeclared(model=active.id, action=Declared(kind="nothing"),
                                text="Nothing (the only action it may declare now, L1337)"))
        ctx.emit(StepReached(step="late-reaction"))
        after_declaration(ctx, kit)


def after_declaration(ctx: Ctx, kit: Kit, *, late_done: bool = False) -> None:
    """The reactive players' late choices (Protector, Foresight, L1246), then hostiles react once they know the
    action (L1596); then the Resolution step."""
    state = ctx.state
    if any(d.kind == LATE_KIND for d in state.pending.values()):
        return
    if not late_done and late_offer(ctx, kit):
        return
    hostile = state.hostile_side
    if hostile is not None and hostile != state.active_side and offer(ctx, kit, sides=[hostile]):
        return
    _resolve(ctx, kit)


def _resolve(ctx: Ctx, kit: Kit) -> None:
    resolve(ctx, kit)
    carry_on(ctx, kit)


def quest_over(ctx: Ctx, kit: Kit) -> bool:
    """A quest's own end: Unexpected Encounter ends when both Tier III hostiles are Dead (L2390)."""
    state = ctx.state
    quest = kit.quest(state)
    if not quest.end_conditions:
        return False
    if quest.id == "treasure-hunt" and treasures_gone(state):
        finish(ctx, kit, "both Treasures have left the field (L2447)")
        return True
    if quest.id == "unexpected-encounter":
        hostiles = [f for f in state.figures.values() if f.side == state.hostile_side]
        dead = all(f.gone == "dead" or (f.id in state.models and "dead" in state.models[f.id].tokens)
                   for f in hostiles)
        if hostiles and dead:
            finish(ctx, kit, "both Tier III hostiles are Dead (L2390)")
            return True
    return False


def carry_on(ctx: Ctx, kit: Kit) -> None:
    """After a sequence (and the choices it left open: a duel, a Follow-Up): the quest may be over; a side with
    nothing left to activate ends its turn."""
    state = ctx.state
    if state.outcome is not None or state.pending or quest_over(ctx, kit):
        return
    ended = duel_over(ctx, kit)
    if ended is not None:
        finish(ctx, kit, ended)
        return
    side = state.active_side
    if side is not None and not side_can_act(kit.world(state), side):
        end_turn(ctx, kit)
