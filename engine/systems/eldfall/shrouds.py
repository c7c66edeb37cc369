"""The Shrouded state and what goes with it (Eldfall core rules v1.5, L1774-1776, L1526-1532, L1982-1985,
L1991-1993, L2157-2159, L2801-2803):

- A model with Stealth II or Concealed Approach deploys Shrouded (``/act action:shroud`` takes it back during the
  deployment). A Shrouded model is a token: its identity and profile are secret from the other players, and only
  Perceive targets it.
- It is revealed when it declares a Normal Action other than Nothing or a Special Action, in either role; an Attack
  made from Shrouded gains Surprise Attack: the target's OFF, DEF, ACC, AG and INT are halved for the sequence
  (Vigilance and Construct are immune, L2031, L2200; Clairvoyance ignores it from enemies in its Awareness, L1912).
- Perceive, in either role (ruling ``perceive-shrouded-reaction``): a model in Awareness and sight, an INT roll (AG
  with Acute Senses), +3 and one re-roll with Tracking; a success reveals it.
- Stealth II: in its Strategic phase, a model no enemy sees enters Shrouded again, unless it carries a Treasure
  (L2432).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.checks import CheckResult, Modifier
from engine.core import Context, ModelId, SideId, side_only
from engine.systems.eldfall.checks import attribute_check
from engine.systems.eldfall.effects import set_states, unaffected_by
from engine.systems.eldfall.events import AttackResolved, StatesChanged
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.schema import Attribute
from engine.systems.eldfall.state import END_OF_SEQUENCE, EldfallState
from engine.systems.eldfall.world import World

__all__ = ["SURPRISED", "acts_from_shroud", "begin_shrouded", "may_shroud", "perceive_roll", "perceive_shrouded",
           "reshroud", "shown_name"]

Ctx = Context[EldfallState]
SURPRISED = "surprised"
"""The token a Surprise Attack's target carries until the end of the sequence (L2159)."""


def may_shroud(f: Fighter) -> bool:
    """Whether the model may begin the game Shrouded: Stealth II or Concealed Approach (L1985, L2803)."""
    return f.level("Stealth") >= 2 or "concealed-approach" in f.figure.upgrades


def begin_shrouded(ctx: Ctx, fighters: Iterable[Fighter], side: SideId) -> None:
    """Each of ``fighters`` that may begins the game Shrouded, seen by its side alone while it deploys (L1985,
    L2803)."""
    for f in fighters:
        if may_shroud(f):
            ctx.emit(StatesChanged(model=f.id, added=("shrouded",), why="it begins the game Shrouded (L1985, L2803)"),
                     side_only(side))


def shown_name(f: Fighter) -> str:
    """How other players read the model: a Shrouded token keeps its identity secret (L1776)."""
    return "a Shrouded token" if f.is_("shrouded") else f.name


def acts_from_shroud(ctx: Ctx, world: World, f: Fighter, kind: str, targets: tuple[ModelId, ...]) -> None:
    """A Shrouded model declaring anything but Nothing is revealed; its Attack surprises its targets (L1776)."""
    if not f.is_("shrouded") or kind == "nothing":
        return
    set_states(ctx, f, removed=("shrouded",), why=f"it declares {kind} (L1776)")
    if kind != "attack":
        return
    for target in targets:
        if target not in ctx.state.models or target not in ctx.state.figures:
            continue
        t = world.fighter(target)
        if t.has("Vigilance") or unaffected_by(t, "surprise attack") is not None:
            ctx.emit(AttackResolved(summary=f"{target} is immune to Surprise Attack (L2031, L2200)."))
            continue
        if t.has("Clairvoyance") and world.aware(t.id, f.id):
            ctx.emit(AttackResolved(summary=f"{target}'s Clairvoyance ignores Surprise Attack from within its "
                                            "Awareness (L1912)."))
            continue
        ctx.emit(StatesChanged(model=target, added=(SURPRISED,), until=END_OF_SEQUENCE,
                               why=f"{f.id}'s Surprise Attack from Shrouded: OFF, DEF, ACC, AG and INT halved for the "
                                   "sequence (L1776, L2159)"))


def perceive_roll(ctx: Ctx, f: Fighter, what: str) -> CheckResult:
    """A Perceive roll: INT (AG with Acute Senses), +3 with Tracking and one re-roll of a failure (L1528, L2001,
    L1992-1993)."""
    attribute: Attribute = "AG" if f.has("Acute Senses") else "INT"
    extra = [Modifier.add("Tracking", 3, "L1992")] if f.has("Tracking") else []
    roll = attribute_check(ctx, f, attribute, f"Perceiving {what} (L1528)", extra=extra)
    if not roll.passed and f.has("Tracking"):
        roll = attribute_check(ctx, f, attribute, f"Perceiving {what} again: Tracking's re-roll (L1993)", extra=extra)
    return roll


def perceive_shrouded(ctx: Ctx, world: World, f: Fighter, target: ModelId) -> None:
    """Perceive a Shrouded enemy: a success reveals it (L1526-1532)."""
    if target not in ctx.state.models or not world.fighter(target).is_("shrouded"):
        return
    if perceive_roll(ctx, f, target).passed:
        set_states(ctx, world.fighter(target), removed=("shrouded",), why=f"{f.id} Perceives it (L1530)")
    else:
        ctx.emit(AttackResolved(summary=f"{f.id} fails to Perceive {target}."))


def reshroud(ctx: Ctx, world: World, f: Fighter) -> None:
    """Stealth II: in its Strategic phase a model no enemy sees enters Shrouded again (L1985); a Treasure's
    carrier cannot be Shrouded (L2432)."""
    if f.level("Stealth") < 2 or f.is_("shrouded") or f.out or "Treasure" in f.figure.extra_items:
        return
    if any(world.sees(e.id, f.id).visible for e in world.enemies(f)):
        return
    set_states(ctx, f, added=("shrouded",), why="no enemy sees it: Stealth II (L1985)")
