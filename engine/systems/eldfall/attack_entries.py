"""Whole attacks offered as one pick each in the Action step (Eldfall core rules v1.5, L1412-1486): "Attack A1
Flameweaver Errant with Mastercrafted Helrin Sword: 3 dice, 97% for a Hit" declares the attack on that one target
with no combat art and nothing spent, every answer one the attack's own menus offer (``action_menus``: its means,
``choice:`` left out, its target). The detailed "Attack" entry after them asks each answer (an art, Luck, strikes
shared among several targets, a point).

Per target, the first weapon or attack spell of each kind (melee; ranged or a spell) in the model's own order.
Where the measuring mode shows distances (Assisted, L604-610) those that reach come first, nearest first, with their
odds; a target no means reaches gets one entry, labelled to fail and last: an attack beyond reach is legal to declare
and fails once measured (L746). Where distances are hidden nothing is left out or labelled for its reach (the
referee never measures for the player), and no odds are said.
"""

from __future__ import annotations

from engine.core import LEFT_OUT, Ask, Choice, ModelId
from engine.core.menus import ordered
from engine.core.params import Order
from engine.systems.eldfall.action_menus import attack_means, target_choices
from engine.systems.eldfall.means import Means
from engine.systems.eldfall.odds import attack_chance, dice, percent
from engine.systems.eldfall.rules import Reading

__all__ = ["whole_attacks"]


def whole_attacks(r: Reading, ask: Ask) -> list[tuple[str, dict[str, str]]]:
    """The Action step's whole attacks for the activated model: (label, answers), each one pick."""
    f, sequence = r.active(), r.state.sequence
    if f is None or sequence is None:
        return []
    shown = r.distances(ask.viewer)
    per_target: dict[str, list[tuple[Choice, Means, str]]] = {}  # target: (its choice, the means, its label)
    for offered in attack_means(r, ask):
        m = f.means(offered.value)
        if m is None or m.focus:
            continue
        for target in target_choices(r, f, m):
            if ModelId(target.value) not in r.state.figures:
                continue  # an exploding barrel: the detailed entry aims at it
            taken = per_target.setdefault(target.value, [])
            fails = shown and target.out_of_reach
            if taken and shown and taken[0][0].out_of_reach and not fails:
                taken.clear()  # one that reaches replaces one certain to fail
            if not taken or (not fails and all((t.kind == "melee") != (m.kind == "melee") for _, t, _ in taken)):
                taken.append((target, m, offered.label))
    odds = r.disclosure(r.state, ask.viewer).odds
    found: list[tuple[str, dict[str, str]]] = []
    for first in ordered([entries[0][0] for entries in per_target.values()], Order.NEAREST, shown):
        for target, m, label in per_target[first.value]:
            if shown and target.out_of_reach:
                said = f" ({target.distance:.1f}\" of {target.reach:g}\": fails, out of reach)"
            elif odds:
                chance = attack_chance(r.world, f, m.id, r.world.fighter(ModelId(target.value)),
                                       idle=sequence.movement == "idle", dash=sequence.dash)
                said = f": {dice(chance[0])}, {percent(chance[3])} for a Hit" if chance is not None else ""
            else:
                said = ""
            found.append((f"Attack {target.shown} with {label}{said}",
                          {"with": m.id, "choice": LEFT_OUT, "target": target.value}))
    return found

