"""Ward (Eldfall core rules v1.5, L2297): cast as the activated model's Assist (L1369) or as a reaction, on itself or
an ally within 16 inches it sees (itself only while Engaged); a successful casting roll in the Resolution step, before
any damage, cancels every non-critical Hit on the warded model this sequence, with its damage and effects."""

from __future__ import annotations

from engine.core import ModelId
from engine.systems.eldfall.engaged import engaged
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.magic import cast_refusal
from engine.systems.eldfall.resolution_state import Resolving
from engine.systems.eldfall.state import Reaction
from engine.systems.eldfall.strikes import measure_reach
from engine.systems.eldfall.support import casting_roll
from engine.systems.eldfall.world import World

__all__ = ["WARD", "cast_wards", "ward_refusal", "ward_targets"]

WARD = "ward"


def ward_targets(world: World, r: Fighter) -> tuple[ModelId, ...]:
    """Whom ``r`` may ward in reaction: itself, and while not Engaged its allies in reach and sight; none when it
    cannot cast Ward now."""
    spell = next((s for s in r.spells if s.id == WARD), None)
    if spell is None or cast_refusal(r.card, spell, role="reactive", hands_full=r.loadout.hands_full, ritual=False,
                                     mana=world.mana_pool(r)) is not None:
        return ()
    if engaged(world, r):
        return (r.id,)
    means = r.means(WARD)
    assert means is not None
    allies = [a.id for a in world.allies(r) if a.id != r.id and not a.out and world.sees(r.id, a.id).visible
              and measure_reach(world, r, means, world.base(a.id), world.base(r.id)).ok]
    return (r.id, *allies)


def ward_refusal(world: World, f: Fighter, target: ModelId) -> str | None:
    """Why ``f`` may not ward ``target`` as its action: an Engaged caster wards only itself (L2297)."""
    if target != f.id and engaged(world, f):
        return f"{f.id} is Engaged: its Ward may target only itself (L2297)"
    return None


def cast_wards(seq: Resolving, reactions: list[Reaction]) -> None:
    """Roll each Ward declared as the action or in reaction; a success protects its model for the sequence."""
    casts = [(seq.world.fighter(r.model), r.ward) for r in reactions if r.kind == WARD and r.ward is not None]
    if seq.action.kind == "assist" and seq.action.means == WARD and seq.action.targets:
        casts.insert(0, (seq.active, seq.action.targets[0][0]))
    spell = seq.kit.catalogue.spell(WARD)
    for caster, target in casts:
        if caster.out or target not in seq.ctx.state.models:
            continue
        t = seq.world.fighter(target)
        means = caster.means(WARD)
        assert means is not None
        if target != caster.id and not measure_reach(seq.world, caster, means, seq.world.base(target),
                                                     seq.world.base(caster.id)).ok:
            seq.line(f"{caster.id}'s Ward does not reach {target}.")
            continue
        if casting_roll(seq, caster, spell, t, 1):
            seq.warded.add(target)
            seq.line(f"{caster.id}'s Ward protects {target}: only critical Hits harm it this sequence (L2297).")
