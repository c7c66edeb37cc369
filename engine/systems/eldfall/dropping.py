"""Dropping items as a model activates (Eldfall core rules v1.5, L394, with encumbrance, L390).

A model may leave any number of its items on the field as it activates; they lie in a Cache token in base contact
with it. Activating and moving is one command here, so the drop is ordered first (``/act action:drop model:<id>
with:<items>``, between sequences of its player's Tactical phase): from then on the items burden its movement no more,
and they leave its inventory, in a Cache token, the moment it activates, before it moves. An order its model never
carries out lapses with the turn (it drops only as it activates). Natural weapons are part of the model, not items it
carries.

The Cache is picked up with Interact by a model in base contact (``quests.interact``): the book names no roll for
it, since no quest prescribes an attribute (L1547-1550), so it takes every item at once; a dropped Treasure is taken
as the quest says, with an AG roll (L2429).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from pydantic import JsonValue

from engine.core import Choice, Context, ModelId, SideId, side_only
from engine.systems.eldfall.events import FigureNoted
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.quests import TOKEN_RADIUS, TokenSet, free_token_id
from engine.systems.eldfall.state import EldfallState, QuestToken
from engine.systems.eldfall.trading import TREASURE
from engine.systems.eldfall.world import World

__all__ = [
    "drop_items",
    "drop_ordered",
    "drop_refusal",
    "droppable",
    "dropper_refusal",
    "droppers",
    "lapse_drops",
    "order_drop",
]

Ctx = Context[EldfallState]
_RULE = "L394"


def droppable(f: Fighter) -> dict[str, int]:
    """The items ``f`` carries that it may drop, by id and count (its natural weapons are no items it carries)."""
    found: dict[str, int] = {}
    for entry in f.carried:
        if "Natural" not in entry.item.types:
            found[entry.item.id] = found.get(entry.item.id, 0) + entry.qty
    return found


def droppers(world: World, side: SideId, activatable: set[str]) -> list[Choice]:
    """The side's models that may activate (``activatable``) and carry an item to drop, or stand ordered to."""
    return [Choice(f.id, f"{f.id} {f.name}" + (" (ordered to drop)" if f.figure.dropping else ""))
            for f in world.fighters(side, standing=True) if f.id in activatable and (droppable(f) or f.figure.dropping)]


def dropper_refusal(f: Fighter) -> str | None:
    """Why ``f`` (a model its side may activate) is ordered to drop nothing: it carries no item."""
    if droppable(f) or f.figure.dropping:
        return None
    return f"{f.id} carries no item to drop (L394)"


def drop_refusal(world: World, f: Fighter, items: Mapping[str, int]) -> str | None:
    """Why ``f`` may not drop ``items`` (id -> count) as it activates: each one an item it carries, no more copies
    than it has (L394), or None."""
    held = droppable(f)
    for item, count in items.items():
        try:
            name = world.catalogue.item(item).name
            have = held.get(world.catalogue.item(item).id, 0)
        except LookupError:
            name, have = item, 0
        if have < count:
            what = f"only {have} {name}" if have else f"no {name}"
            listed = ", ".join(f"{i}" + (f" x{n}" if n > 1 else "") for i, n in held.items()) or "nothing"
            return f"{f.id} carries {what} to drop (L394); it may drop {listed}"
    return None


def order_drop(ctx: Ctx, world: World, f: Fighter, items: Mapping[str, int]) -> None:
    """Record (or, with no items, withdraw) the order that ``f`` drops ``items`` as it activates (L394); its side
    alone learns of it until it is carried out."""
    names = ", ".join(world.catalogue.item(i).name + (f" x{n}" if n > 1 else "") for i, n in items.items())
    shown = (f"{f.id} will drop {names} as it activates this turn (L394)." if items else
             f"{f.id} will drop nothing as it activates.")
    ctx.emit(FigureNoted(model=f.id, changes={"dropping": dict(items)}, shown=shown), side_only(f.side))


def drop_ordered(ctx: Ctx, world: World, model: ModelId) -> None:
    """As ``model`` activates, the items it was ordered to drop leave its inventory (L394)."""
    figure = ctx.state.figures[model]
    if figure.dropping:
        drop_items(ctx, world, world.fighter(model), dict(figure.dropping))


def drop_items(ctx: Ctx, world: World, f: Fighter, items: Mapping[str, int]) -> None:
    """``f`` drops ``items`` (id -> count): gone from its inventory, the acquired copies of an item first, they lie
    in a Cache token in base contact with it, behind it (L394). A weapon it held and no longer carries is no longer
    held (it holds its first listed again)."""
    figure = ctx.state.figures[f.id]
    extra, given, dropped = list(figure.extra_items), dict(figure.given), dict(figure.dropped)
    acquired = dict(f.tradeable)
    names: list[str] = []
    for item, count in items.items():
        name = world.catalogue.item(item).name
        for _ in range(count):
            names.append(name)
            if name in extra:
                extra.remove(name)
            elif acquired.get(item, 0) > 0:
                given[item] = given.get(item, 0) + 1
            else:
                dropped[item] = dropped.get(item, 0) + 1
            if acquired.get(item, 0) > 0:
                acquired[item] -= 1
    changes: dict[str, JsonValue] = {"extra_items": list(extra), "given": dict(given), "dropped": dict(dropped),
                                     "dropping": {}}
    if figure.weapon is not None and figure.weapon in items and items[figure.weapon] >= droppable(f)[figure.weapon]:
        changes["weapon"] = None
    ctx.emit(FigureNoted(model=f.id, changes=changes))
    treasure = TREASURE in items
    kept = [n for n in names if n != world.catalogue.item(TREASURE).name]
    token_id = free_token_id(ctx.state)
    x, y = _behind(ctx.state, f)
    token = QuestToken(id=token_id, kind="treasure" if treasure else "items", x=x, y=y, treasure=treasure,
                       items=kept)
    ctx.emit(TokenSet(id=token_id, token=token, why=f"{f.id} drops {', '.join(names)} as it activates (L394)"))


def lapse_drops(ctx: Ctx, side: SideId) -> None:
    """At the end of ``side``'s turn, the drop orders of its models that never activated lapse (L394)."""
    for figure in list(ctx.state.figures.values()):
        if figure.side == side and figure.dropping:
            ctx.emit(FigureNoted(model=figure.id, changes={"dropping": {}}), side_only(side))


def _behind(state: EldfallState, f: Fighter) -> tuple[float, float]:
    """A point in base contact with ``f``, behind it, on the table."""
    angle = math.radians(f.model.facing + 180.0)
    reach = f.model.radius + TOKEN_RADIUS
    x = min(max(f.model.x + reach * math.cos(angle), TOKEN_RADIUS), state.width - TOKEN_RADIUS)
    y = min(max(f.model.y + reach * math.sin(angle), TOKEN_RADIUS), state.height - TOKEN_RADIUS)
    return round(x, 2), round(y, 2)
