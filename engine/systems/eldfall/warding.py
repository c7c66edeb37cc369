"""Ward cast in reaction (Eldfall core rules v1.5, L2297): a reacting model that knows Ward may cast it, for its
reaction, on itself or an ally within 16 inches it sees (itself only while Engaged); a successful casting roll in the
Resolution step cancels every non-critical Hit on the warded model this sequence, with its damage and effects.
Ward cast as the activated model's action is not refereed yet (docs/eldfall.md)."""

from __future__ import annotations

from engine.core import ModelId
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.magic import cast_refusal
from engine.systems.eldfall.resolving import Resolving
from engine.systems.eldfall.state import Reaction
from engine.systems.eldfall.strikes import measure_reach
from engine.systems.eldfall.support import casting_roll
from engine.systems.eldfall.world import World

__all__ = ["WARD", "cast_wards", "ward_targets"]

WARD = "ward"


def ward_targets(world: World, r: Fighter) -> tuple[ModelId, ...]:
    """Whom ``r`` may ward in reaction: itself, and while not Engaged its allies in reach and sight; none when it
    cannot cast Ward now."""
    spell = next((s for s in r.spells if s.id == WARD), None)
    if spell is None or cast_refusal(r.card, spell, role="reactive", hands_full=r.loadout.hands_full, ritual=False,
                                     mana=world.mana_pool(r)) is not None:
        return ()
    if world.engagers(r.id):
        return (r.id,)
    means = r.means(WARD)
    assert means is not None
    allies = [a.id for a in world.allies(r) if a.id != r.id and not a.out and world.sees(r.id, a.id).visible
              and measure_reach(world, r, means, world.base(a.id), world.base(r.id)).ok]
    return (r.id, *allies)


def cast_wards(seq: Resolving, reactions: list[Reaction]) -> None:
    """Roll each Ward declared in reaction; a success protects its model for the sequence."""
    for reaction in reactions:
        if reaction.kind != WARD or reaction.ward is None or reaction.ward not in seq.ctx.state.models:
            continue
        caster = seq.world.fighter(reaction.model)
        if caster.out:
            continue
        if casting_roll(seq, caster, seq.kit.catalogue.spell(WARD), seq.world.fighter(reaction.ward), 1):
            seq.warded.add(reaction.ward)
            seq.line(f"{caster.id}'s Ward protects {reaction.ward}: only critical Hits harm it this sequence "
                     "(L2297).")
