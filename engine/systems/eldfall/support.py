"""Spells that help rather than harm, rituals that summon, and the Mana Counters spells cost (Eldfall core rules
v1.5, L893-1000, L1367-1376, L1558-1561, L2263-2316).

- Assist: the caster rolls its STK dice against its casting attribute, shared among its targets (allies in sight
  and reach, itself included); a target with a success gets the spell (L900-906, L1367). A Vitalist's Healing on
  an ally still standing and an Enchanter's Enchantment on an ally need no roll (L1831, L1876).
- Healing spells restore HP and end states; Enchantments last until the caster's next Strategic phase, one copy
  of a name on a model (L950-958); Anointment keeps enemy enchantments off (L2275).
- Ritual: Conjurations are cast with no roll once their Mana Cost is paid, the creature placed in base contact
  with its caster with AP equal to its STA (L974-986, L1558-1561), within the Summoning Limit (L988-1000); a
  familiar has none, but only one of a name (L2071), and its owner gives it a standing order (``familiars``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from engine.core import Context, ModelId, SideId
from engine.geometry import GeometryError
from engine.systems.eldfall.checks import against, roll_d20s
from engine.systems.eldfall.dispelling import DISPEL_MAGIC, dispel
from engine.systems.eldfall.effects import heal, heals_from, set_states, take_wounds
from engine.systems.eldfall.events import ApChanged, EnchantmentsChanged, ManaChanged
from engine.systems.eldfall.familiars import familiar_refusal, familiars_of, offer_order
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.magic import mana_cost, summoning_refusal
from engine.systems.eldfall.placing import COMPASS, add_model, base_radius, contact_spot, spot_refusal, summon_spot
from engine.systems.eldfall.purging import purged
from engine.systems.eldfall.rerolls import reroll_casting
from engine.systems.eldfall.resolution_state import Resolving
from engine.systems.eldfall.rolls import attribute_roll, check_rules
from engine.systems.eldfall.schema import SpellSpec
from engine.systems.eldfall.state import EldfallState, end_phase_of, strategic_of
from engine.systems.eldfall.strikes import active_strike, measure_reach
from engine.systems.eldfall.world import World

__all__ = ["HEALING", "PURIFIED", "Heal", "assist_effect", "casting_roll", "enchant", "pay_mana", "resolve_support",
           "ritual_effect", "shielded", "spell_use", "spend_mana", "summoning_check", "summons_of"]

Ctx = Context[EldfallState]


@dataclass(frozen=True, slots=True)
class Heal:
    """What a Healing spell does: HP restored (None: all), states ended, enchantments ended, AP given."""

    hp: int | None = 0
    ends: tuple[str, ...] = ()
    dispels: bool = False
    one_of: bool = False
    ap_if_none: bool = False
    bane: tuple[str, ...] = ()
    """A target with one of these (Undead, or Profane as its Affinity or Elemental Essence) suffers a Wound."""
    shields: bool = False
    """Enemy enchantments cannot affect the target until the End phase (Purification)."""


PURIFIED = "purification"
"""Kept among a model's enchantments while Purification keeps enemy enchantments off it (L2263)."""

HEALING: dict[str, Heal] = {
    "purgation": Heal(ends=("weakened", "poisoned"), dispels=True, bane=("Undead", "Profane")),
    "curative-touch": Heal(hp=None, ends=("weakened", "bleeding", "crippled", "poisoned")),
    "curative-miracle": Heal(hp=None, ends=("weakened", "bleeding", "crippled", "poisoned")),
    "hastened-recovery": Heal(hp=1, ends=("crippled", "bleeding", "weakened", "poisoned"), one_of=True),
    "purification": Heal(ends=("weakened", "poisoned", "petrified", "confused", "blinded"), dispels=True,
                         bane=("Undead",), shields=True),
    "burning-resolve": Heal(ap_if_none=True),
}
"""The Healing spells the engine applies (L2263-2299); Curative Touch and Miracle end states the book calls
traits (the rules digest's section 13.1)."""

_FERVOR_ENDS = ("weakened", "bleeding", "poisoned", "confused", "crippled", "blinded", "immobilized", "panicked",
                "petrified", "fatigued")


SpellUse = Literal["attack", "assist", "ritual"]


def spell_use(spell: SpellSpec) -> SpellUse:
    """How the Action step casts ``spell``: by Ritual (Conjurations and ritual-only spells, L976, L1558-1561), on
    allies by Assist (Healing, Ward, Enchantments that strike nothing themselves: no PW, or the star that makes the
    enchanted model's attacks spells, L956, L1367, L2297), else as an attack (Sorceries, Agony, Inferno)."""
    if spell.spell_type == "Conjuration" or spell.ritual_only:
        return "ritual"
    if spell.spell_type == "Healing" or spell.id == "ward":
        return "assist"
    if spell.spell_type == "Enchantment" and spell.pw in (None, "*") and spell.id != "agony":
        return "assist"
    return "attack"


def assist_effect(spell: SpellSpec) -> Literal["ward", "dispel", "heal", "enchant"] | None:
    """What an Assist with ``spell`` does to a target that gets it: Ward is cast before the damage (``warding``),
    Dispel Magic removes what it names, a Healing spell of ``HEALING`` heals, an Enchantment enchants; None for a
    spell the referee has no effect for."""
    if spell.id == "ward":
        return "ward"
    if spell.id == DISPEL_MAGIC:
        return "dispel"
    if spell.id in HEALING:
        return "heal"
    return "enchant" if spell.spell_type == "Enchantment" else None


def ritual_effect(spell: SpellSpec) -> Literal["barrier", "summon"] | None:
    """What a Ritual with ``spell`` does: Warding Barrier round the caster (L2272), a creature summoned (L974-978);
    None for a spell the referee has no effect for."""
    if spell.id == "warding-barrier":
        return "barrier"
    return "summon" if spell.summons is not None else None


def summons_of(state: EldfallState, caster: ModelId) -> list[ModelId]:
    """The creatures a caster has on the table."""
    return [f.id for f in state.figures.values() if f.summoner == caster and f.gone is None and f.id in state.models]


def summoning_check(world: World, caster: Fighter, spell: SpellSpec, planned: Sequence[str] = ()) -> str | None:
    """Why ``caster`` may not conjure with ``spell`` now (the Summoning Limit, L988-1000; a familiar has none but
    is one of a name, L2071), or None; ``planned`` are the creatures (units) its Ritual conjures before it."""
    if spell.summons is None:
        return None
    catalogue = world.catalogue
    creature = catalogue.card(spell.summons)
    if creature.familiar:
        if any(catalogue.card(unit).name == creature.name for unit in planned):
            return f"its Ritual already conjures a {creature.name}: a caster may not have two familiars of one name " \
                   "(L2071)"
        return familiar_refusal(world.state, catalogue, caster.id, spell.summons)
    familiars = {f.id for f in familiars_of(world.state, caster.id, catalogue)}
    tiers = [world.fighter(m).card.tier or 1 for m in summons_of(world.state, caster.id) if m not in familiars]
    tiers += [catalogue.card(unit).tier or 1 for unit in planned if not catalogue.card(unit).familiar]
    return summoning_refusal(caster.stamina, tiers, creature.tier or 1, rulings=world.rulings)


def pay_mana(ctx: Ctx, world: World, caster: Fighter, spell: SpellSpec) -> None:
    """Pay a spell's Mana Cost (L986, L2111)."""
    cost = mana_cost(spell)
    if cost:
        spend_mana(ctx, world, caster, cost, f"{spell.name} costs {cost}")


def spend_mana(ctx: Ctx, world: World, caster: Fighter, amount: int, why: str) -> None:
    """Take ``amount`` Mana Counters from the caster's pool, then from the party's other Summoners' when the caster
    is a Summoner (L926-928, L1871)."""
    left = amount
    for giver in world.mana_sharers(caster):
        mana = ctx.state.figures[giver.id].mana
        taken = min(mana, left)
        if taken:
            shared = f"; shared by {giver.id}, L1871" if giver.id != caster.id else ""
            ctx.emit(ManaChanged(model=giver.id, mana=mana - taken, why=f"{why}{shared}"))
            left -= taken
        if not left:
            return


def resolve_support(seq: Resolving) -> None:
    """The Action step's Assist or Ritual, resolved with the rest of the sequence."""
    action = seq.action
    caster = seq.active
    if action.means is None or caster.out:
        return
    spell = seq.kit.catalogue.spell(action.means)
    if action.kind == "assist" and assist_effect(spell) == "ward":  # cast before the damage (warding.cast_wards)
        return
    if action.kind == "ritual":
        casts = action.spells or (action.means,)
        for index, cast in enumerate(casts):  # each in turn, paying its Mana Cost (L986, L1560)
            conjured = seq.kit.catalogue.spell(cast)
            pay_mana(seq.ctx, seq.world, caster, conjured)
            spot = action.spots[index] if index < len(action.spots) else None
            _ritual(seq, seq.kit.world(seq.ctx.state).fighter(caster.id), conjured, spot)
        return
    pay_mana(seq.ctx, seq.world, caster, spell)
    world = seq.world
    means = caster.means(spell.id)
    assert means is not None
    state = seq.ctx.state
    strikes = active_strike(world, caster, means, state.sequence is not None and state.sequence.movement == "idle",
                            False).value
    targets = [t for t, _n in action.targets] or [caster.id]
    for index, target in enumerate(targets):
        if target not in state.models:
            continue
        t = world.fighter(target)
        reach = measure_reach(world, caster, means, world.base(target), world.base(caster.id))
        if target != caster.id and not reach.ok:
            seq.line(f"{caster.id}'s {spell.name} does not reach {target}: {reach.line}.")
            continue
        if not casting_roll(seq, caster, spell, t, strikes if index == 0 else 1):
            continue
        _apply(seq, caster, spell, t)


def casting_roll(seq: Resolving, caster: Fighter, spell: SpellSpec, target: Fighter, dice: int) -> bool:
    """The casting roll, unless a Vitalist's Healing or an Enchanter's Enchantment needs none (L1831, L1876)."""
    if spell.spell_type == "Healing" and caster.has("Vitalist") and not target.out:
        seq.line(f"{caster.id} casts {spell.name} on {target.id} without a roll (Vitalist, L1876).")
        return True
    if spell.spell_type == "Enchantment" and caster.has("Enchanter"):
        seq.line(f"{caster.id} casts {spell.name} on {target.id} without a roll (Enchanter, L1831).")
        return True
    goal = caster.attribute(caster.casting_attribute(), caster.casting_modifiers(spell))
    what = f"{caster.id} casting {spell.name} on {target.id}"
    faces = roll_d20s(seq.ctx, max(1, dice), what, caster.side,
                      against(goal, what, check_rules(rulings=caster.rulings)))
    faces = reroll_casting(seq, caster, faces, goal)
    verdicts = [attribute_roll(goal, face, rulings=caster.rulings) for face in faces]
    passed = any(v.passed for v in verdicts)
    seq.line(f"{caster.id} casts {spell.name} on {target.id}: {'success' if passed else 'failure'}.",
             tuple(line for v in verdicts for line in v.working))
    return passed


def _apply(seq: Resolving, caster: Fighter, spell: SpellSpec, t: Fighter) -> None:
    ctx = seq.ctx
    effect = assist_effect(spell)
    if effect == "dispel" and seq.action.art is not None:
        seq.line(dispel(ctx, seq.kit, caster, t, seq.action.art))
        return
    if effect == "heal":
        _heal(seq, caster, spell, t, HEALING[spell.id])
        return
    if effect != "enchant":
        seq.line(f"{spell.name}'s effect is not refereed yet: apply it by hand (docs/eldfall.md).")
        return
    kept_off = shielded(t, caster.side, ctx.state)
    if kept_off is not None:
        seq.line(f"{caster.id}'s {spell.name} cannot enchant {t.id}: {kept_off}.")
        return
    enchant(ctx, caster, spell, t, f"{caster.id}'s {spell.name}, until its next Strategic phase (L950)")


def enchant(ctx: Ctx, caster: Fighter, spell: SpellSpec, t: Fighter, why: str) -> None:
    """``t`` gets the Enchantment's effect until the caster's next Strategic phase (L950), and what it does at once
    (Fiery Fervor's states ending, L2280)."""
    ctx.emit(EnchantmentsChanged(model=t.id, added={spell.id: strategic_of(caster.side)}, why=why))
    if spell.id == "fiery-fervor":
        set_states(ctx, t, removed=_FERVOR_ENDS, why="Fiery Fervor, L2280")


def _heal(seq: Resolving, caster: Fighter, spell: SpellSpec, t: Fighter, spec: Heal) -> None:
    ctx = seq.ctx
    ends = tuple(s for s in spec.ends if t.is_(s))
    if spec.hp != 0 and not heals_from(t, spell.element):
        seq.line(f"{t.id} is a Construct: it regains no HP from a spell that is not of Earth (L2039).")
        spec = replace(spec, hp=0)
    if spec.one_of:  # the caster's choice (L2299); none recorded: nothing to gain when declared
        chosen = seq.action.art
        if chosen in ends:
            set_states(ctx, t, removed=(chosen,), why=spell.name)
        elif chosen == "hp" and spec.hp != 0 and heal(ctx, t.id, spec.hp):
            seq.line(f"{t.id} regains {spec.hp} HP ({spell.name}).")
        else:
            seq.line(f"{spell.name} does nothing for {t.id}: it has no {chosen or 'state or lost HP'} to recover.")
        return
    if spec.hp != 0 and heal(ctx, t.id, spec.hp):
        seq.line(f"{t.id} regains {'all its' if spec.hp is None else spec.hp} HP ({spell.name}).")
    if ends:
        set_states(ctx, t, removed=ends, why=spell.name)
    gone = purged(seq.kit, t, seq.action.art) if spec.dispels else ()  # the caster's pick (L2263, L2268)
    if gone:
        ctx.emit(EnchantmentsChanged(model=t.id, removed=gone, why=spell.name))
    if spec.ap_if_none and t.figure.ap == 0:
        if t.out:  # an Incapacitated model receives no Activation Points (L1756)
            seq.line(f"{t.id} is Incapacitated: it receives no AP (L1756).")
        else:
            ctx.emit(ApChanged(ap={t.id: 1}, why="Burning Resolve, L2288"))
    if spec.shields:
        ctx.emit(EnchantmentsChanged(model=t.id, added={PURIFIED: end_phase_of(caster.side)},
                                     why=f"{spell.name}: enemy enchantments cannot affect it until the End phase "
                                         "(L2263)"))
    if _baned(t, spec.bane):
        take_wounds(ctx, t.id, 1)
        seq.line(f"{t.id} suffers a Wound from {spell.name} (L2263, L2267).")


def _baned(t: Fighter, bane: tuple[str, ...]) -> bool:
    """Whether ``t`` is Undead, or Profane by its Affinity or Elemental Essence, as ``bane`` names."""
    profane = "profane" in {p.casefold() for key in ("Affinity", "Elemental Essence") for p in t.card.params_of(key)}
    return ("Undead" in bane and t.has("Undead")) or ("Profane" in bane and profane)


def shielded(t: Fighter, caster_side: SideId, state: EldfallState) -> str | None:
    """What keeps an enemy's enchantment off ``t`` (Anointment, L2275; Purification, L2263), or None."""
    if not state.enemies(caster_side, t.side):
        return None
    if "anointment" in t.figure.enchantments:
        return "it is Anointed (L2275)"
    return "Purification keeps enemy enchantments off it until the End phase (L2263)" \
        if PURIFIED in t.figure.enchantments else None


def _named_spot(seq: Resolving, caster: Fighter, creature: str, radius: float, named: str
                ) -> tuple[float, float] | None:
    """The place its player named for a creature, or None when something has come to stand there since the Ritual
    was declared (it then stands where it fits nearest the table's middle, said in the log)."""
    at = contact_spot(caster.model, radius, COMPASS[named][0])
    why = spot_refusal(seq.ctx.state, at, radius)
    if why is None:
        return at
    seq.line(f"The {creature} cannot stand {COMPASS[named][1]} of {caster.id} now ({why}); it stands where it "
             "fits nearest the table's middle (L1561).")
    return None


def _ritual(seq: Resolving, caster: Fighter, spell: SpellSpec, named: str | None) -> None:
    """Summon the creature in contact with its caster, where its player ``named`` (a ``COMPASS`` place, L1561), AP
    equal to its STA at once (L974-978); or raise a Warding Barrier round the caster (L2272; its harm to Spirit
    models has no effect: the trait is undefined, ruling undefined-terms)."""
    ctx, kit = seq.ctx, seq.kit
    effect = ritual_effect(spell)
    if effect == "barrier":
        enchant(ctx, caster, spell, caster, f"{caster.id}'s Warding Barrier: ranged spell attacks on models in its "
                                            "Casting Aura are negated until its next Strategic phase (L2272)")
        return
    if effect != "summon" or spell.summons is None:
        seq.line(f"{spell.name} is cast by Ritual; its effect is not refereed yet: apply it by hand.")
        return
    world = seq.kit.world(ctx.state)  # the creatures its Ritual conjured before this one count (L990)
    refusal = summoning_check(world, caster, spell)
    if refusal is not None:
        seq.line(f"{caster.id} cannot conjure: {refusal}.")
        return
    creature = kit.catalogue.card(spell.summons)
    radius = base_radius(kit, spell.summons)
    spot = _named_spot(seq, caster, creature.name, radius, named) if named is not None else None
    spot = spot or summon_spot(ctx.state, caster.model, radius)
    if spot is None:
        seq.line(f"There is no room in contact with {caster.id} for a {creature.name}; the Ritual fails.")
        return
    try:
        model = add_model(ctx, kit, caster.side, creature.name, spot, caster.model.facing, audience_side=None,
                          hostile=False, leader=False, summoner=caster.id)
    except GeometryError as error:
        seq.line(f"The {creature.name} cannot stand there: {error}.")
        return
    f = kit.world(ctx.state).fighter(model)
    ctx.emit(ApChanged(ap={model: max(f.stamina, 0)}, why="a summoned creature gets AP equal to its STA, L978"))
    seq.line(f"{caster.id} summons {model} {creature.name} by Ritual ({spell.name}, L1558-1561).")
    if creature.familiar:
        offer_order(ctx, seq.world.rulings, model)

