"""Trade, a Normal Action (Eldfall core rules v1.5, L1542-1545): the activated model exchanges items with an allied
model in base contact, only items it acquired (an upgrade's item, a Treasure it took, one traded to it), never those
printed on its profile.

Declared in the Action step like any Normal Action (reactions were declared before it, L1250) and carried out in the
Resolution step, when neither model is out of action by then. An item received is carried, listed last: it is in
hand only when the receiver held nothing of its category (the highest listed is equipped, L432), otherwise the
receiver equips it once an activation (L430). Its weight counts at once: over its INVENTORY (X) the receiver neither
moves nor takes Special Actions (L390). A model given away the weapon it held holds its first listed again; a
Shrouded model given a Treasure is revealed (L2432).
"""

from __future__ import annotations

from pydantic import JsonValue

from engine.core import Context, IllegalCommand, InvalidCommand, ModelId
from engine.systems.eldfall.effects import set_states
from engine.systems.eldfall.events import FigureNoted
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.state import Declared, EldfallState
from engine.systems.eldfall.world import World

__all__ = ["TREASURE", "declare_trade", "trade", "trade_partners"]

TREASURE = "treasure"


def trade_partners(world: World, f: Fighter) -> list[Fighter]:
    """The allied models in base contact with ``f`` that it may trade with (L1544): on its side, or an ally's while
    the Alliance of Necessity holds (``World.friends``), not Dead."""
    return [o for o in world.fighters(standing=False) if o.id != f.id and not o.dead and world.friends(o, f)
            and world.touching(f.id, o.id)]


def declare_trade(world: World, f: Fighter, targets: tuple[tuple[ModelId, int], ...], give: tuple[str, ...],
                  take: tuple[str, ...], verb: str) -> tuple[Declared, str]:
    """Check a Trade and say what it exchanges; every refusal names its rule and changes nothing."""
    if len(targets) != 1:
        partners = ", ".join(o.id for o in trade_partners(world, f)) or "none"
        raise InvalidCommand(f"say whom {f.id} trades with: target:<an allied model in base contact> (now: {partners})"
                             " (L1544)", verb=verb)
    other_id = targets[0][0]
    if other_id not in world.state.models or other_id not in world.state.figures:
        raise InvalidCommand(f"there is no model {other_id} on the table", verb=verb)
    other = world.fighter(other_id)
    if other.id == f.id:
        raise IllegalCommand(f"{f.id} trades with another allied model, not itself (L1544)", verb=verb)
    if not world.friends(other, f):
        raise IllegalCommand(f"{other.id} is an enemy: a model trades with an allied model (L1544)", verb=verb)
    if other.dead:
        raise IllegalCommand(f"{other.id} is Dead: nothing is exchanged with it (L1544)", verb=verb)
    if not world.touching(f.id, other.id):
        raise IllegalCommand(f"{other.id} is not in base contact with {f.id}: Trade needs base contact (L1544)",
                             verb=verb)
    if not give and not take:
        raise InvalidCommand(f"say what is exchanged: with:<items {f.id} gives> and/or choice:<items it takes>; "
                             f"{_offer(f)}; {_offer(other)}", verb=verb)
    gives = _items(world, f, give, verb)
    takes = _items(world, other, take, verb)
    for receiver, items in ((other, gives), (f, takes)):
        if TREASURE in items and receiver.is_("incapacitated"):
            raise IllegalCommand(f"{receiver.id} is Incapacitated: a Treasure is no longer in such a model's "
                                 "Inventory (L2431)", verb=verb)
    text = f"trades with {other.id}: " + "; ".join(part for part in (
        _said(world, "gives", gives), _said(world, "takes", takes)) if part)
    return Declared(kind="trade", targets=((other.id, 1),), give=gives, take=takes), text


def _items(world: World, owner: Fighter, asked: tuple[str, ...], verb: str) -> tuple[str, ...]:
    """The item ids asked for, each one of them, checked against what ``owner`` may trade (L1545)."""
    found: list[str] = []
    left = dict(owner.tradeable)
    for name in asked:
        try:
            item = world.catalogue.item(name)
        except LookupError:
            raise InvalidCommand(f"there is no item {name!r}; {_offer(owner)}", verb=verb) from None
        if left.get(item.id, 0) < 1:
            printed = any(c.item.id == item.id for c in owner.carried)
            why = (f"{item.name} is printed on {owner.id}'s profile: only acquired items are exchanged (L1545)"
                   if printed else f"{owner.id} holds no {item.name} to exchange (L1544)")
            raise IllegalCommand(f"{why}; {_offer(owner)}", verb=verb)
        left[item.id] -= 1
        found.append(item.id)
    return tuple(found)


def _offer(owner: Fighter) -> str:
    listed = ", ".join(f"{item}" + (f" x{n}" if n > 1 else "") for item, n in owner.tradeable.items())
    return f"{owner.id} may exchange {listed or 'nothing (it acquired no item)'}"


def _said(world: World, verb: str, items: tuple[str, ...]) -> str:
    return f"{verb} " + ", ".join(world.catalogue.item(i).name for i in items) if items else ""


def trade(ctx: Context[EldfallState], world: World, active: Fighter, action: Declared) -> str:
    """Carry out a declared Trade in the Resolution step; returns the public line saying what changed hands."""
    other_id = action.targets[0][0]
    if active.out or other_id not in ctx.state.figures or world.fighter(other_id).dead:
        return f"{active.id}'s Trade with {other_id} does not happen: a model is out of action."
    other = world.fighter(other_id)
    for giver, receiver, items in ((active, other, action.give), (other, active, action.take)):
        _hand_over(ctx, world, giver, receiver, items)
    said = "; ".join(part for part in (_said(world, "gives", action.give), _said(world, "takes", action.take))
                     if part)
    return f"{active.id} trades with {other.id}: {said} (L1542-1545)."


def _hand_over(ctx: Context[EldfallState], world: World, giver: Fighter, receiver: Fighter,
               items: tuple[str, ...]) -> None:
    if not items:
        return
    names = [world.catalogue.item(i).name for i in items]
    extra = list(ctx.state.figures[giver.id].extra_items)
    given = dict(ctx.state.figures[giver.id].given)
    for name, item in zip(names, items, strict=True):
        if name in extra:
            extra.remove(name)
        else:
            given[item] = given.get(item, 0) + 1
    changes: dict[str, JsonValue] = {"extra_items": list(extra), "given": dict(given)}
    if ctx.state.figures[giver.id].weapon in items:
        changes["weapon"] = None
    ctx.emit(FigureNoted(model=giver.id, changes=changes))
    ctx.emit(FigureNoted(model=receiver.id,
                         changes={"extra_items": [*ctx.state.figures[receiver.id].extra_items, *names]}))
    if TREASURE in items and receiver.is_("shrouded"):
        set_states(ctx, receiver, removed=("shrouded",), why="it carries a Treasure, L2432")
