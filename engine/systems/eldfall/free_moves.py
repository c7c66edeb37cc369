"""Normal Movements made outside an activation, which provoke no reaction: the Ranger's in its End phase, Hasten's and
Surge Order's in the Strategic phase (Eldfall core rules v1.5, L1851, L2306, L2873). Each mover gets a part asking
where it goes (staying by default) and, when a skill opens Climb or Jump as a Normal Movement, a part asking how
(L1918, L1972)."""

from __future__ import annotations

import math

from engine.core import Context, DecisionPart, IllegalCommand, ModelId, Option, PartKind, parse_point
from engine.systems.eldfall.events import AttackResolved
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.movement import MovementKind, allowance
from engine.systems.eldfall.quests import touch_tokens
from engine.systems.eldfall.routes import make_move, route
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.world import World

__all__ = ["can_move_freely", "free_move", "move_parts", "moved_to"]

Ctx = Context[EldfallState]


def _kinds(f: Fighter, kinds: tuple[MovementKind, ...] | None) -> tuple[MovementKind, ...]:
    """The movements open to it: ``kinds`` when the rule names them, else its Normal Movements (Walk, and Climb or
    Jump with Climbing or Leap)."""
    if kinds is not None:
        return kinds
    found: list[MovementKind] = ["walk"]
    if f.has("Climbing"):
        found.append("climb")
    if f.has("Leap"):
        found.append("jump")
    return tuple(found)


def _reach(f: Fighter, how: MovementKind) -> float:
    return allowance(how, max(f.speed, 0), climbing=f.has("Climbing"), leap=f.has("Leap"), rulings=f.rulings)


def can_move_freely(world: World, f: Fighter) -> bool:
    """Whether it can move at all: standing, not Immobilized or over-encumbered, with SPD, and in a duel a duellist."""
    duel = world.state.duel
    return not f.out and not f.is_("immobilized") and not f.over_encumbered and f.speed > 0 \
        and (duel is None or f.id in duel)


def move_parts(f: Fighter, kinds: tuple[MovementKind, ...] | None = None, *,
               prefix: str = "") -> tuple[DecisionPart, ...]:
    """The parts asking where ``f`` moves (``<prefix><id>``) and how (``<prefix><id>.how``, when it has a
    choice)."""
    here = (f.model.x, f.model.y)
    open_ = _kinds(f, kinds)
    reach = max(_reach(f, k) for k in open_)
    prompt = f"where {f.id} {f.name} moves (x,y within {reach:g}\"; it may stay)"
    parts = [DecisionPart(key=f"{prefix}{f.id}", prompt=prompt,
                          kind=PartKind.POSITION, center=here, radius=reach, default=f"{here[0]:g},{here[1]:g}")]
    if len(open_) > 1:
        parts.append(DecisionPart(key=f"{prefix}{f.id}.how", prompt=f"how {f.id} moves",
                                  options=tuple(Option(key=k, label=k.capitalize()) for k in open_),
                                  default=open_[0]))
    return tuple(parts)


def moved_to(world: World, model: ModelId, answers: dict[str, str], prefix: str = "") -> str | None:
    """Where the answers send the model, or None when it stays (or is gone)."""
    to = answers.get(f"{prefix}{model}")
    if to is None or model not in world.state.models:
        return None
    f = world.fighter(model)
    return None if math.dist(parse_point(to), (f.model.x, f.model.y)) < 0.01 else to


def free_move(ctx: Ctx, kit: Kit, model: ModelId, answers: dict[str, str], why: str,
              kinds: tuple[MovementKind, ...] | None = None, prefix: str = "") -> None:
    """Make the move the answers give (stopping where its allowance runs out, ruling move-too-far); no reaction."""
    world = kit.world(ctx.state)
    to = moved_to(world, model, answers, prefix)
    if to is None:
        return
    f = world.fighter(model)
    open_ = _kinds(f, kinds)
    how: MovementKind = next((k for k in open_ if k == answers.get(f"{prefix}{model}.how")), open_[0])
    try:
        trip = route(world, f, how, to, _reach(f, how))
    except IllegalCommand as error:
        ctx.emit(AttackResolved(summary=f"{model} cannot move to {to}: {error.reason}."))
        return
    make_move(ctx, world, f, trip, why=why)
    touch_tokens(ctx, kit, model)
    ctx.emit(AttackResolved(summary=f"{model} moves ({why})."))
