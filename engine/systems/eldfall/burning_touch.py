"""Burning Touch's Assist (Eldfall core rules v1.5, L2307): the model it enchants may declare an Assist that ends
Bleeding on an allied model in base contact with it, no spell cast and no roll (the enchantment names none).

Declared as ``/act action:burning-touch target:<ally>``, an Assist in every other respect: allowed where an Assist is
(not after a Special Movement, L1337), and, Engaged, refused, since an Engaged model assists only itself (L1457). The
ally is another model (one is never in base contact with itself) that is Bleeding when it is declared; the state ends in
the Resolution step, if both models are still there and it is still Bleeding.
"""

from __future__ import annotations

from engine.core import IllegalCommand, InvalidCommand, ModelId
from engine.systems.eldfall.declare import Request
from engine.systems.eldfall.effects import set_states
from engine.systems.eldfall.engaged import engaged
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.resolution_state import Resolving
from engine.systems.eldfall.state import Declared
from engine.systems.eldfall.world import World

__all__ = ["BURNING_TOUCH", "burning_touch_check", "burning_touch_refusal", "cauterize", "cauterized"]

BURNING_TOUCH = "burning-touch"


def burning_touch_refusal(world: World, f: Fighter) -> str | None:
    """Why ``f`` may not declare Burning Touch's Assist now, whoever it would help: not enchanted with it, or Engaged
    (L2307, L1457), or None."""
    if BURNING_TOUCH not in f.figure.enchantments:
        return f"{f.id} is not enchanted with Burning Touch, whose enchanted model alone declares this Assist (L2307)"
    if engaged(world, f):
        return f"{f.id} is Engaged: it may Assist only itself (L1457)"
    return None


def cauterized(world: World, f: Fighter) -> list[Fighter]:
    """The allied models in base contact with ``f`` that are Bleeding, each of which its Assist may help."""
    return [o for o in world.fighters(standing=False) if o.id != f.id and not o.dead and world.friends(o, f)
            and o.is_("bleeding") and world.touching(f.id, o.id)]


def burning_touch_check(world: World, kit: Kit, f: Fighter, request: Request, allowed: tuple[str, ...]
                        ) -> tuple[Declared, str]:
    """The Assist checked: its enchanted model, one allied model in base contact that is Bleeding (L2307)."""
    verb = request.verb
    refusal = burning_touch_refusal(world, f)
    if refusal is not None:
        raise IllegalCommand(refusal, verb=verb)
    helped = ", ".join(o.id for o in cauterized(world, f)) or "none"
    if len(request.targets) != 1:
        raise InvalidCommand(f"say whom {f.id} helps: target:<an allied model in base contact that is Bleeding> (now: "
                             f"{helped}) (L2307)", verb=verb)
    target = request.targets[0][0]
    if target not in world.state.models or target not in world.state.figures:
        raise InvalidCommand(f"there is no model {target} on the table", verb=verb)
    t = world.fighter(target)
    if t.id == f.id:
        raise IllegalCommand(f"Burning Touch's Assist helps another model, in base contact with {f.id} (L2307)",
                             verb=verb)
    if not world.friends(t, f) or t.dead:
        raise IllegalCommand(f"{t.id} is {'Dead' if t.dead else 'an enemy'}: Burning Touch's Assist helps an allied "
                             "model (L2307)", verb=verb)
    if not world.touching(f.id, t.id):
        raise IllegalCommand(f"{t.id} is not in base contact with {f.id} (L2307)", verb=verb)
    if not t.is_("bleeding"):
        raise IllegalCommand(f"{t.id} is not Bleeding: Burning Touch's Assist ends Bleeding (L2307)", verb=verb)
    return (Declared(kind="assist", art=BURNING_TOUCH, targets=((t.id, 1),)),
            f"Assists {t.id} with Burning Touch: its Bleeding ends")


def cauterize(seq: Resolving) -> None:
    """In the Resolution step, the ally's Bleeding ends, both models still there and in base contact (L2307)."""
    target = seq.action.targets[0][0]
    world = seq.kit.world(seq.ctx.state)
    if target not in world.state.models or world.fighter(seq.active.id).out \
            or not world.touching(seq.active.id, ModelId(target)):
        seq.line(f"{seq.active.id}'s Burning Touch Assist on {target} does not happen.")
        return
    t = world.fighter(target)
    set_states(seq.ctx, t, removed=("bleeding",), why=f"{seq.active.id}'s Burning Touch, L2307")
