"""What a Shroudfall attack's target menu offers (Shroudfall beta rulebook v1.4, L725-742, L785-793, L929-937,
L1323-1327): the enemies in reach, each also with the essence its side may spend on the attack (infusions, the
essence re-roll, a Combined attack), an idle beam's aims last and said so."""

from __future__ import annotations

from engine.core import Choice, SideId
from engine.systems.shroudfall.abilities import COMBINED
from engine.systems.shroudfall.reading import Reach, Reading
from engine.systems.shroudfall.schema import COLOURS
from engine.systems.shroudfall.state import UnitRecord

__all__ = ["essence_tags", "target_choices"]


def essence_tags(world: Reading, side: SideId, unit: UnitRecord) -> list[str]:
    """What a target may be taken with: an essence re-roll of each roll that falls short (when the reserve holds a
    crystal or Silver Line Training's free re-roll is unused), each roll infused with a colour the reserve holds."""
    reserve = world.state.record(side).reserve
    activation = world.state.activation
    free = activation is not None and activation.unit == unit.id and not activation.free_reroll_used and any(
        a.effect == "free-essence-reroll" for a in world.catalogue.card(unit.card).abilities)
    tags = ["reroll"] if reserve or free else []
    held = [c for c in reversed(COLOURS) if c in reserve]
    tags += list(held)
    if held and (free or len(reserve) > 1):
        tags.append(f"{held[0]}+reroll")
    alive = world.state.alive(unit)
    if len(alive) >= 2 and any(world.world.has(alive[0], p) for p in COMBINED.values()):
        tags.append("combined")
    return tags


_TAG_SHOWN = {"reroll": "re-rolling with essence what falls short",
              "combined": "one model attacking for all (Combined Shot or Strike, L1323-1327)"}


def target_choices(world: Reading, side: SideId, unit: UnitRecord, reaches: list[Reach]) -> list[Choice]:
    """The targets an attack of ``unit`` may name, nearest first, then each with the essence its side may spend; an
    idle beam's aims last, each labelled."""
    plain = [Choice(r.enemy, f"{r.enemy} {world.state.models[r.enemy].name}" + _idle_note(r), distance=r.gap)
             for r in reaches]
    tags = essence_tags(world, side, unit)
    found: list[Choice] = []
    for idle in (False, True):  # an idle beam's aims last, each with what it may be taken with
        chosen = [c for c, r in zip(plain, reaches, strict=True) if bool(r.idle_beam) == idle]
        found += chosen
        for tag in tags:
            shown = _TAG_SHOWN.get(tag) or (f"infused with {tag.split('+')[0]}" +
                                            (", re-rolling what falls short" if "+" in tag else ""))
            found += [Choice(f"{c.value}+{tag}", f"{c.label}, {shown}", distance=c.distance) for c in chosen]
    return found


def _idle_note(reach: Reach) -> str:
    return f", a {reach.idle_beam:g}\" beam that passes over no model (L785-793)" if reach.idle_beam else ""
