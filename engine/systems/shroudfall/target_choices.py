"""What a Shroudfall attack's target menu offers (Shroudfall beta rulebook v1.4, L725-742, L776-797, L929-937,
L1323-1327): the enemies an attack would roll against, nearest first, each with the chance of a hit and, for a beam,
what the beam laid toward it hits (friends marked: a beam targets every model under it, L776, L797, ruling
``template-targets``); then the same enemies with the essence spent before rolling (an infusion, a Combined attack),
so a target is one pick, essence or not; last, the aims whose beam hits no enemy, each saying so.
"""

from __future__ import annotations

from engine.core import Choice, ModelId, SideId
from engine.systems.shroudfall.abilities import COMBINED
from engine.systems.shroudfall.odds import hit_chance, percent
from engine.systems.shroudfall.reading import Reach, Reading
from engine.systems.shroudfall.schema import COLOURS, Weapon
from engine.systems.shroudfall.state import UnitRecord
from engine.systems.shroudfall.targeting import beam_targets

__all__ = ["aimed_choices", "essence_tags", "target_choices"]


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


def target_choices(world: Reading, side: SideId, unit: UnitRecord, reaches: list[Reach], *, here: bool = True
                   ) -> list[Choice]:
    """The targets an attack of ``unit`` may name: each enemy it would roll against once (nearest first), then each of
    them with the essence its side may spend, then the aims whose beam hits no enemy (nothing to spend essence on).
    Where the unit attacks from where it stands (``here``), each says what a beam aimed at it hits and the chance a
    hit roll of its first model hits it (with the infusion's die, L929-931)."""
    said = {r.enemy: (_first_shot(world, unit, r), _beam_said(world, unit, r)) if here else (None, "")
            for r in reaches}
    useful = [r for r in reaches if not r.idle_beam]
    found = [_choice(world, r, None, *said[r.enemy]) for r in useful]
    for tag in essence_tags(world, side, unit):
        found += [_choice(world, r, tag, said[r.enemy][0], "") for r in useful]
    return found + [_choice(world, r, None, *said[r.enemy]) for r in reaches if r.idle_beam]


Shot = tuple[ModelId, ModelId, Weapon]
"""A model of the attacking unit, the enemy, and the profile whose hit roll the menu's odds are of."""


def _choice(world: Reading, reach: Reach, tag: str | None, shot: Shot | None, beam: str) -> Choice:
    label = f"{reach.enemy} {world.state.models[reach.enemy].name}"
    if tag == "combined":
        label += ", one model attacking for all (Combined Shot or Strike, L1323-1327)"
    elif tag:
        label += f", each roll infused with {tag}"
    colour = next((c for c in COLOURS if c == tag), None)
    chance = f", {percent(hit_chance(world.world, *shot, colour))} to hit" if shot and tag != "combined" else ""
    return Choice(f"{reach.enemy}+{tag}" if tag else reach.enemy, label + beam + chance, distance=reach.gap)


def _first_shot(world: Reading, unit: UnitRecord, reach: Reach) -> Shot | None:
    """The first model of ``unit`` and its first profile that would roll against ``reach``'s enemy."""
    table = world.world
    for model in world.state.alive(unit):
        gap = table.gap(model, reach.enemy)
        for weapon in world.weapons(model):
            if weapon.type != reach.types[0] or not world.usable(model, weapon) or \
                    not world.takes(model, reach.enemy, weapon, gap):
                continue
            if weapon.shape != "beam" or reach.enemy in beam_targets(table, model, reach.enemy, weapon):
                return model, reach.enemy, weapon
    return None


def aimed_choices(world: Reading, side: SideId, model: ModelId, weapon: Weapon, aims: list[Reach]) -> list[Choice]:
    """The enemies one model's profile may be aimed at (the Essence Attack, L911-917), said as an attack's target
    menu says them: in ``aims``' order (nearest first, the aims whose beam hits no enemy last), each with the chance
    of a hit and what a beam laid toward it hits."""
    found = []
    for reach in aims:
        beam = _beams_said(world, side, [(model, weapon)], reach.enemy) if weapon.shape == "beam" else ""
        hits = weapon.shape != "beam" or reach.enemy in beam_targets(world.world, model, reach.enemy, weapon)
        found.append(_choice(world, reach, None, (model, reach.enemy, weapon) if hits else None, beam))
    return found


def _beam_said(world: Reading, unit: UnitRecord, reach: Reach) -> str:
    """What the unit's beams laid toward the enemy hit (``_beams_said``)."""
    table = world.world
    aims = [(model, weapon) for model in world.state.alive(unit) for weapon in world.weapons(model)
            if weapon.shape == "beam" and weapon.type in reach.types and world.usable(model, weapon)
            and world.takes(model, reach.enemy, weapon, table.gap(model, reach.enemy))]
    return _beams_said(world, unit.side, aims, reach.enemy)


def _beams_said(world: Reading, side: SideId, aims: list[tuple[ModelId, Weapon]], enemy: ModelId) -> str:
    """What beams laid toward the enemy hit (L797): the enemies under them, ``side``'s own models marked (a beam
    targets them too, ruling ``template-targets``), and whether the aim is beyond their length."""
    table, state = world.world, world.state
    hits: dict[ModelId, None] = {}
    lengths: set[float] = set()
    beyond = True
    for model, weapon in aims:
        gap = table.gap(model, enemy)
        lengths.add(weapon.range)
        beyond = beyond and gap > weapon.range + 1e-9
        hits.update(dict.fromkeys(beam_targets(table, model, enemy, weapon)))
    if not lengths:
        return ""
    beam = "/".join(f"{length:g}" for length in sorted(lengths)) + '" beam'
    if not hits:
        return f", a {beam} that passes over no model (L785-793)"
    own = [m for m in hits if state.models[m].side == side]
    enemies = [m for m in hits if m not in own]
    named = [*enemies, *(f"your {m}" for m in own)]
    short = " short of it," if beyond else ""
    only = " only" if not enemies else ""
    friends = " (L797)" if own else ""
    return f", {beam}:{short} hits{only} {_joined(named)}{friends}"


def _joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
