"""What a Shroudfall attack's target menu offers (Shroudfall beta rulebook v1.4, L725-742, L785-793, L929-937,
L1323-1327): the enemies in reach, each also with the essence its side may spend on the attack before rolling (an
infusion, a Combined attack), an idle beam's aims last and said so."""

from __future__ import annotations

from engine.core import Choice, SideId
from engine.systems.shroudfall.abilities import COMBINED
from engine.systems.shroudfall.reading import Reach, Reading
from engine.systems.shroudfall.schema import COLOURS
from engine.systems.shroudfall.state import UnitRecord

__all__ = ["essence_tags", "target_choices"]


def essence_tags(world: Reading, side: SideId, unit: UnitRecord) -> list[str]:
    """What a target may be taken with: each roll infused with a colour the reserve holds (the strongest first), or
    one model attacking for all (Combined Shot or Strike). The essence re-roll is no tag: it is asked after a roll
    that falls short (``essence_reroll``, L935, L1565)."""
    reserve = world.state.record(side).reserve
    tags: list[str] = [c for c in reversed(COLOURS) if c in reserve]
    alive = world.state.alive(unit)
    if len(alive) >= 2 and any(world.world.has(alive[0], p) for p in COMBINED.values()):
        tags.append("combined")
    return tags


_TAG_SHOWN = {"combined": "one model attacking for all (Combined Shot or Strike, L1323-1327)"}


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
            shown = _TAG_SHOWN.get(tag) or f"infused with {tag}"
            found += [Choice(f"{c.value}+{tag}", f"{c.label}, {shown}", distance=c.distance) for c in chosen]
    return found


def _idle_note(reach: Reach) -> str:
    return f", a {reach.idle_beam:g}\" beam that passes over no model (L785-793)" if reach.idle_beam else ""
