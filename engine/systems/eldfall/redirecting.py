"""Redirect Damage (Eldfall core rules v1.5, L2298): a Sorcery a model casts as an attack, in reaction, on the
activated model. On a Hit, that model's successful non-critical Hits are cancelled, and it takes as many
non-critical Hits as it rolled non-critical successes in its attack, dealt by its own item or spell with its own
abilities (no Friendly Fire). Worked out once the Hits have landed, before damage."""

from __future__ import annotations

import dataclasses

from engine.systems.eldfall.attack import Hit
from engine.systems.eldfall.resolution_state import Landed, Resolving

__all__ = ["REDIRECT_DAMAGE", "redirect_damage"]

REDIRECT_DAMAGE = "redirect-damage"


def redirect_damage(seq: Resolving) -> None:
    """Turn the Hits of each model a Redirect Damage hit back on it."""
    for entry in [e for e in seq.landed if e.plan.means.id == REDIRECT_DAMAGE and e.hits]:
        target = entry.defender
        turned: list[Landed] = []
        for index, plan in enumerate(seq.plans):
            if plan.attacker != target or plan.means.id == REDIRECT_DAMAGE or index not in seq.rolls:
                continue
            roll = seq.rolls[index]
            normal = [p for p in roll.successes if p not in roll.criticals]
            for landed in seq.landed:
                if landed.plan is plan:
                    landed.hits = [h for h in landed.hits if h.critical]
            if normal:
                hits = [Hit(target, target, p, roll.verdicts[p].face, False) for p in normal]
                turned.append(Landed(dataclasses.replace(plan, defender=target), target, hits))
        seq.landed.remove(entry)
        seq.landed += turned
        count = sum(len(t.hits) for t in turned)
        seq.line(f"{entry.plan.attacker}'s Redirect Damage hits {target}: its non-critical Hits are cancelled and "
                 f"{count} {'comes' if count == 1 else 'come'} back on it (L2298).")
