"""The menus and the handler of ``/act action:drop`` (Eldfall core rules v1.5, L394): which models may be ordered to
drop items as they activate, which items, and the order recorded (``dropping``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from engine.core import Ask, Choice, Context, IllegalCommand, ModelId
from engine.systems.eldfall.activation import activatable, activatable_refusal
from engine.systems.eldfall.dropping import drop_refusal, droppable, dropper_refusal, droppers, order_drop
from engine.systems.eldfall.rules import Reading, kit_of
from engine.systems.eldfall.state import EldfallState

__all__ = [
    "DropPlan",
    "drop_items_menu",
    "drop_models",
    "drop_plan",
    "drop_unavailable",
    "dropped_count",
    "items_refusal",
    "model_refusal",
    "ordered",
    "record_drop",
]


def _activatable(r: Reading, ask: Ask) -> set[str]:
    side = ask.acting
    return {c.value for c in r.world.kept(("activatable", side), lambda: activatable(r.world, side))}


def drop_models(r: Reading, ask: Ask) -> list[Choice]:
    """The asker's models that may activate now and carry an item to drop (or stand ordered to)."""
    return droppers(r.world, ask.acting, _activatable(r, ask))


def drop_unavailable(r: Reading, ask: Ask) -> str | None:
    """Why no model may be ordered to drop items now: none of the asker's that may activate carries one."""
    return None if drop_models(r, ask) else "none of your models that may activate carries an item to drop (L394)"


def model_refusal(r: Reading, ask: Ask, typed: str) -> str | None:
    """Why a model typed may not be ordered to drop items: one its side may not activate now, or carrying nothing."""
    return activatable_refusal(r.world, ask.acting, typed) or dropper_refusal(
        r.world.fighter(ModelId(typed.strip().upper())))


def drop_items_menu(r: Reading, ask: Ask) -> list[Choice]:
    """The items the model carries: one copy of each, or several (``dagger x2``), an item named once."""
    f = r.model(ask)
    named = {_counts(v).popitem()[0] for v in (ask.item.earlier if ask.item is not None else ())}
    found: list[Choice] = []
    for item, n in droppable(f).items():
        if item not in named:
            name = r.kit.catalogue.item(item).name
            found += [Choice(item, name), *(Choice(f"{item} x{k}", f"{name} x{k}") for k in range(2, n + 1))]
    return found


def dropped_count(r: Reading, ask: Ask) -> tuple[int, int]:
    """How many entries it may name: one up to each item it carries."""
    return (1, max(1, len(droppable(r.model(ask)))))


def ordered(r: Reading, ask: Ask) -> bool:
    """Whether the model stands ordered to drop items, so that dropping nothing withdraws the order."""
    return bool(r.model(ask).figure.dropping)


def _counts(text: str) -> dict[str, int]:
    """``dagger x2,shield`` as item ids and counts."""
    found: dict[str, int] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        split = re.fullmatch(r"(.+?)\s*[x×]\s*(\d+)", part)
        name, count = (split.group(1).strip(), int(split.group(2))) if split else (part, 1)
        found[name] = found.get(name, 0) + count
    return found


def items_refusal(r: Reading, ask: Ask, typed: str) -> str | None:
    """Why the items typed are no items the model may drop (L394), or None."""
    return drop_refusal(r.world, r.model(ask), _counts(typed))


@dataclass(frozen=True, slots=True)
class DropPlan:
    """A checked order: the model and the items (id -> count) it drops as it activates; none withdraws it."""

    model: ModelId
    items: Mapping[str, int]


def drop_plan(r: Reading, ask: Ask) -> DropPlan:
    """The order checked whole: no more copies of an item than the model carries (L394)."""
    f = r.model(ask)
    items = _counts(ask.text("with")) if ask.has("with") else {}
    refusal = drop_refusal(r.world, f, items) if items or f.figure.dropping else \
        f"say which items {f.id} drops as it activates: with:<items> (L394)"
    if refusal is not None:
        raise IllegalCommand(refusal, verb=ask.verb)
    return DropPlan(f.id, {r.kit.catalogue.item(i).id: n for i, n in items.items()})


def record_drop(ctx: Context[EldfallState], plan: DropPlan) -> None:
    """Record the order (none: withdraw it)."""
    world = kit_of(ctx).world(ctx.state)
    order_drop(ctx, world, world.fighter(plan.model), plan.items)
