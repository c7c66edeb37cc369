"""Dispel Magic (Eldfall core rules v1.5, L2295): a Targetless Healing spell of 16 inches with a large circular
template that removes one thing: a Sorcery, Enchantment or Transmutation spell on the field, a summoned creature, or
a Shrouded state. By ruling ``dispel-magic-target`` the caster names one model within reach (no line of sight
needed, the template centred on it) and what goes: ``choice:<enchantment>``, ``choice:creature`` or
``choice:shroud``; the casting roll must succeed."""

from __future__ import annotations

import contextlib

from engine.core import Context, IllegalCommand, InvalidCommand, ModelId
from engine.schema import did_you_mean
from engine.systems.eldfall.effects import set_states
from engine.systems.eldfall.events import EnchantmentsChanged, FigureNoted
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.state import Declared, EldfallState
from engine.systems.eldfall.world import World
from engine.table import ModelRemoved

__all__ = ["DISPEL_MAGIC", "declare_dispel", "dispel", "dispel_choices"]

DISPEL_MAGIC = "dispel-magic"
_CREATURE, _SHROUD = "creature", "shroud"
_DISPELLED_TYPES = ("Sorcery", "Enchantment", "Transmutation")


def dispel_choices(kit: Kit, t: Fighter) -> list[str]:
    """What Dispel Magic may remove at ``t``: its spells of those types, itself if summoned, its Shrouded state."""
    found = [s for s in t.figure.enchantments if kit.catalogue.spell(s).spell_type in _DISPELLED_TYPES]
    if t.figure.summoner is not None:
        found.append(_CREATURE)
    if t.is_("shrouded"):
        found.append(_SHROUD)
    return found


def declare_dispel(world: World, kit: Kit, f: Fighter, targets: tuple[tuple[ModelId, int], ...], choice: str | None,
                   verb: str) -> tuple[Declared, str]:
    """Check the target and the choice; the dispel waits for the Resolution step."""
    if len(targets) != 1 or targets[0][0] not in world.state.figures:
        raise InvalidCommand("Dispel Magic names one model: target:<id> (ruling dispel-magic-target)", verb=verb)
    t = world.fighter(targets[0][0])
    options = dispel_choices(kit, t)
    if not options:
        raise IllegalCommand(f"{t.id} carries no spell Dispel Magic removes, is no summoned creature and is not "
                             "Shrouded (L2295)", verb=verb)
    wanted = choice.casefold() if choice else None
    if wanted is None and len(options) == 1:
        wanted = options[0]
    if wanted is not None and wanted not in options:
        with contextlib.suppress(LookupError):  # an Enchantment named rather than given by id
            wanted = kit.catalogue.spell(choice or wanted).id
    if wanted not in options:
        raise InvalidCommand(f"say what Dispel Magic removes at {t.id}: choice:<one of {', '.join(options)}>"
                             f"{did_you_mean(choice or '', options) if choice else ''}", verb=verb)
    return (Declared(kind="assist", means=DISPEL_MAGIC, targets=((t.id, 1),), art=wanted),
            f"casts Dispel Magic on {t.id} ({wanted})")


def dispel(ctx: Context[EldfallState], kit: Kit, caster: Fighter, t: Fighter, what: str) -> str:
    """Remove what was named, if it is still there; returns the line for the working."""
    if what == _CREATURE and t.figure.summoner is not None:
        ctx.emit(ModelRemoved(model_id=t.id))
        ctx.emit(FigureNoted(model=t.id, changes={"gone": f"dispelled by {caster.id}"}))
        return f"Dispel Magic sends {t.id} away (L2295)."
    if what == _SHROUD and t.is_("shrouded"):
        set_states(ctx, t, removed=("shrouded",), why=f"{caster.id}'s Dispel Magic (L2295)")
        return f"Dispel Magic reveals {t.id} (L2295)."
    if what in t.figure.enchantments:
        ctx.emit(EnchantmentsChanged(model=t.id, removed=(what,), why=f"{caster.id}'s Dispel Magic (L2295)"))
        return f"Dispel Magic ends {kit.catalogue.spell(what).name} on {t.id} (L2295)."
    return f"Dispel Magic finds nothing left to remove at {t.id}."
