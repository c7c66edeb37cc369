"""What the Hits of a sequence do, all worked out before any of it applies (Eldfall core rules v1.5, L1260: every
damage, effect and ability applies at once):

- ranged spell attacks on a model inside a Warding Barrier's Casting Aura (L2272); Hits a Resistance II cancels
  (L2133), the non-critical ones a Ward takes (L2297), one a Protective Barrier takes
  (L2270);
- on a Hit: Knockdown, Stagger, Knockback (none on a target two sizes larger, L2105-2155), Blinding Light,
  Glacier Circle and Rooting Embrace (on enemies only), Arcane Bolt's critical (L2256-2324);
- damage rolls against PW - ARM (L535-563): a critical sets ARM to 0 (L831), Ignore Armor too, Armor-Piercing
  halves it, a shield adds 3 against shots from the front (L462), Arcane Shield adds 4 up to 6 (L2304); Mindgame
  swaps the damage roll for the target's INT roll (L2117);
- wound prevention: Unkeen and the Berserker's T rolls, Cleave's Wounds included (L2192, L1815, L2025); a familiar
  removed instead of its caster's Wounds (L2069, rulings familiar-sacrifice and familiar-wounds);
- a target with the Elemental Essence of the attack's element suffers its damage only (L2067);
- on a Wound: Burn, Cleave, Frostbite, Bleed, Poison, Weakening, Crippling, Stun, Demon, Soul Crush,
  Assassination V (L2015-2204, L2218), Crippling and Stun with a T roll for each Wound; a Demon's Critical Hit
  panics even without one (L2049); Life Leech heals by the Wounds on enemies that are no Construct or Undead (L2326);
- the traits a Construct or an Elemental is untouched by (Stagger, Mindgame, Burn..., L2031, L2057) are dropped.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from engine.checks import CheckResult, Modifier
from engine.core import ModelId
from engine.systems.eldfall.attack import Hit, attack_reading, attack_roll
from engine.systems.eldfall.checks import against, roll_d20s
from engine.systems.eldfall.damage import DamageRoll, damage_roll
from engine.systems.eldfall.effects import unaffected_by
from engine.systems.eldfall.events import FigureNoted
from engine.systems.eldfall.familiars import absorbed
from engine.systems.eldfall.fighters import ENCHANTMENT_EFFECTS, Fighter
from engine.systems.eldfall.refs import parse_ref
from engine.systems.eldfall.resolution_state import Resolving
from engine.systems.eldfall.rolls import attribute_roll, check_rules
from engine.systems.eldfall.schema import Attribute
from engine.systems.eldfall.scoring_end import on_wounds
from engine.systems.eldfall.state import END_OF_TURN, end_phase_of, strategic_of
from engine.systems.eldfall.strikes import Plan, attack_kinds, power, resistance, shield_bonus, two_sizes_larger

__all__ = ["FINISHING", "Harm", "gather_harm", "traits_of"]

FINISHING = "finishing strike"
"""Marks the extra attack of a Finishing Strike, which never finishes again."""


@dataclass(slots=True)
class Harm:
    """Everything the sequence's Hits do, gathered before it applies."""

    wounds: dict[ModelId, int] = field(default_factory=dict)
    by: dict[ModelId, ModelId] = field(default_factory=dict)
    states: list[tuple[ModelId, str, str | None, str]] = field(default_factory=list)
    ap_lost: dict[ModelId, int] = field(default_factory=dict)
    ap_zero: set[ModelId] = field(default_factory=set)
    pushes: list[tuple[ModelId, ModelId, float]] = field(default_factory=list)
    killed: set[ModelId] = field(default_factory=set)
    once: set[ModelId] = field(default_factory=set)
    """Models that used their Berserker ability this turn."""
    finishing: set[ModelId] = field(default_factory=set)
    rogues: set[ModelId] = field(default_factory=set)
    """Rogues that made their AG roll for Knockdown: once an Activation (L1855)."""
    burned: set[ModelId] = field(default_factory=set)
    ended: list[tuple[ModelId, str]] = field(default_factory=list)
    enchanted: list[tuple[ModelId, str, ModelId]] = field(default_factory=list)
    """Enchantments an attack's Hit lays on its target (Agony on an enemy, ruling enemy-enchantment): model, spell,
    caster."""
    familiars: dict[ModelId, ModelId] = field(default_factory=dict)
    """Familiars removed instead of their caster's Wounds (familiar -> caster, L2069)."""
    lines: list[str] = field(default_factory=list)


_WIELDERS_TRAITS = frozenset({"poison"})
"""Wound traits a model may have itself (Poisoned Weapons gives Poison I, L2782-2784) that its weapons' Hits carry."""


def traits_of(attacker: Fighter, plan: Plan) -> tuple[str, ...]:
    """The traits an attack's Hits carry: its means', a weapon's wielder's own Poison, its combat art's, its
    wielder's enchantments' (L270)."""
    found = list(plan.means.traits)
    if plan.means.spell is None:
        found += [str(ref) for ref in attacker.card.traits if ref.key in _WIELDERS_TRAITS]
    if plan.art is not None:
        found += list(plan.art.effect.gains)
    for spell in attacker.figure.enchantments:
        effect = ENCHANTMENT_EFFECTS.get(spell)
        if effect is not None:
            found += list(effect.gains)
    return tuple(found)


def _essences(f: Fighter) -> set[str]:
    """The elements of its Elemental Essence traits."""
    return {p.casefold() for ref in f.card.traits if ref.key == "elemental essence" for p in ref.params}


def _element(a: Fighter, plan: Plan) -> str | None:
    """The element of an attack: its spell's, or for a melee attack with natural weapons its user's Elemental
    Essence (L2067)."""
    means = plan.means
    if means.spell is not None:
        return means.spell.element.casefold()
    natural = means.item is not None and "Natural" in means.item.types
    return next(iter(sorted(_essences(a))), None) if natural and means.kind == "melee" else None


def _barrier(seq: Resolving, d: Fighter) -> ModelId | None:
    """The model whose Warding Barrier holds ``d`` inside its Casting Aura (its Awareness, L752), if any."""
    world = seq.world
    return next((f.id for f in world.fighters(standing=True)
                 if "warding-barrier" in f.figure.enchantments and (f.id == d.id or world.aware(f.id, d.id))), None)


def _has(traits: tuple[str, ...], name: str) -> int:
    """The level (or parameter) of ``name`` among ``traits``; 0 when absent."""
    best = 0
    for text in traits:
        ref = parse_ref(text)
        if ref.key == name.casefold():
            number = next((int(p) for p in ref.params if p.isdigit()), None)
            best = max(best, number if number is not None else ref.level)
    return best


def _check(seq: Resolving, f: Fighter, attribute: Attribute, purpose: str, extra: int = 0) -> CheckResult:
    mods = [Modifier.add(purpose, extra, None)] if extra else []
    goal = f.attribute(attribute, mods)
    if goal.value <= 0:
        return attribute_roll(goal, 20, rulings=f.rulings)
    what = f"{f.id}'s {attribute} roll: {purpose}"
    (face,) = roll_d20s(seq.ctx, 1, what, f.side, against(goal, what, check_rules(rulings=f.rulings)))
    return attribute_roll(goal, face, rulings=f.rulings)


def gather_harm(seq: Resolving) -> Harm:
    """Work out what every landed Hit does; nothing applies yet (``aftermath.apply_harm`` does, all at once)."""
    harm = Harm()
    world = seq.world
    for entry in seq.landed:
        if not entry.hits:
            continue
        attacker = world.fighter(entry.plan.attacker)
        defender = world.fighter(entry.defender)
        _one(seq, harm, entry.plan, attacker, defender, list(entry.hits))
    return harm


def _untouched(d: Fighter, traits: tuple[str, ...], lines: list[str]) -> tuple[str, ...]:
    """The attack's traits less those that cannot affect a Construct or an Elemental (L2031, L2057)."""
    dropped = [t for t in traits if unaffected_by(d, parse_ref(t).key) is not None]
    if dropped:
        lines.append(f"{d.id} is a {unaffected_by(d, parse_ref(dropped[0]).key)}: {', '.join(dropped)} cannot affect "
                     "it (L2031, L2057)")
    return tuple(t for t in traits if t not in dropped)


def _one(seq: Resolving, harm: Harm, plan: Plan, a: Fighter, d: Fighter, hits: list[Hit]) -> None:
    means = plan.means
    lines: list[str] = []
    traits = _untouched(d, traits_of(a, plan), lines)
    if resistance(a, d, means) >= 2:
        harm.lines.append(f"{d.id}'s Resistance II cancels {len(hits)} Hits of {means.name} (L2133)")
        return
    barrier = _barrier(seq, d) if "spell" in attack_kinds(a, means) and means.kind == "ranged" else None
    if barrier is not None:
        harm.lines.append(f"{barrier}'s Warding Barrier negates {means.name} on {d.id}, inside its Casting Aura "
                          "(L2272)")
        return
    spared = sum(1 for h in hits if not h.critical) if d.id in seq.warded else 0
    if spared:
        lines.append(f"Ward: {d.id} is spared {spared} non-critical {'Hit' if spared == 1 else 'Hits'} (L2297)")
        hits = [h for h in hits if h.critical]
    if "protective-barrier" in d.figure.enchantments and hits:
        cancelled = max(hits, key=lambda h: (h.critical, -h.die))
        hits.remove(cancelled)
        harm.ended.append((d.id, "protective-barrier"))
        lines.append(f"{d.id}'s Protective Barrier cancels one Hit and ends (L2270)")
    if hits and _has(traits, "Mindgame"):
        kept = [h for h in hits if not _check(seq, d, "INT", f"against {means.name}'s Mindgame (L2117)").passed]
        lines.append(f"Mindgame: {d.id} resists {len(hits) - len(kept)} of {len(hits)} Hits with INT (L2117)")
        hits = kept
    if not hits:
        harm.lines += lines
        return
    element = _element(a, plan)
    essence = element is not None and element in _essences(d)
    if essence and element is not None:  # its element's attacks only damage it (ruling elemental-essence-effects)
        lines.append(f"{d.id}'s Elemental Essence ({element.capitalize()}): {means.name} has no effect on it beyond "
                     "its damage (L2067)")
        if seq.world.rulings.elemental_essence_effects == "no-extra-wounds":
            traits = tuple(t for t in traits if parse_ref(t).key not in ("burn", "cleave", "frostbite"))
    else:
        traits = _on_hit(seq, harm, plan, a, d, hits, traits, lines)
    wounds = _damage(seq, harm, plan, a, d, hits, traits, lines)
    harm.lines += lines
    if wounds <= 0:
        return
    harm.wounds[d.id] = harm.wounds.get(d.id, 0) + wounds
    harm.by[d.id] = a.id
    if not essence:
        _wound_effects(seq, harm, plan, a, d, wounds, traits, any(h.critical for h in hits))
    if seq.ctx.state.enemies(a.side, d.side):
        on_wounds(seq.ctx, seq.kit, a, wounds, reaction=plan.reaction, melee=means.kind == "melee")
    if a.has("Finishing Strike") and FINISHING not in plan.lines and a.id not in harm.finishing:
        _finishing_strike(seq, harm, plan, a, d)


def _on_hit(seq: Resolving, harm: Harm, plan: Plan, a: Fighter, d: Fighter, hits: list[Hit], traits: tuple[str, ...],
            lines: list[str]) -> tuple[str, ...]:
    """What the Hits do besides damage: Rogue's Knockdown, Knockdown, Stagger, Knockback and the spells' states;
    returns the attack's traits (the Rogue may add Knockdown)."""
    means = plan.means
    if plan.role == "active" and a.has("Rogue") and _has(traits, "Knockdown") == 0 and a.id not in harm.rogues:
        harm.rogues.add(a.id)  # one roll an Activation, whatever the targets or later attacks (L1855)
        if _check(seq, a, "AG", "Rogue (L1855)").passed:
            traits = (*traits, "Knockdown")
            lines.append(f"Rogue: {a.id}'s Hits gain Knockdown (L1855, ruling rogue-knockdown)")
    spared = two_sizes_larger(a, d)
    crits = any(h.critical for h in hits)
    if (_has(traits, "Knockdown") or (means.id == "arcane-bolt" and crits)) and not spared:
        harm.states.append((d.id, "crouched", None, "Knockdown, L2109"))
    if _has(traits, "Stagger") and not spared:
        harm.ap_lost[d.id] = harm.ap_lost.get(d.id, 0) + len(hits)
    if crits and a.has("Demon") and not d.has("Demon"):  # a Critical Hit panics with or without a Wound
        harm.states.append((d.id, "panicked", END_OF_TURN, "a Demon's Critical Hit, L2049"))
    push = _has(traits, "Knockback")
    if push and not spared:
        harm.pushes.append((d.id, a.id, float(push)))
    enemy = seq.ctx.state.enemies(a.side, d.side)  # Glacier Circle, Rooting Embrace: enemies only (L2321, L2324)
    for spell, state, until, anyone in (("blinding-light", "blinded", END_OF_TURN, True),
                                        ("glacier-circle", "immobilized", None, False),
                                        ("rooting-embrace", "immobilized", None, False)):
        if means.id == spell and (anyone or enemy):
            harm.states.append((d.id, state, until, f"{means.name}"))
    cast = means.spell
    if cast is not None and cast.spell_type == "Enchantment" and means.pw is None:  # L2283, ruling enemy-enchantment
        harm.enchanted.append((d.id, cast.id, a.id))
    if means.id == "confuse-target":
        harm.states.append((d.id, "confused", strategic_of(a.side), "Confuse Target, L2296"))
    if plan.art is not None and "Impeding Momentum" in plan.art.name:
        harm.states.append((d.id, "slowed", END_OF_TURN, "Archery II, L2244"))
    return traits


def _finishing_strike(seq: Resolving, harm: Harm, plan: Plan, a: Fighter, d: Fighter) -> None:
    """Finishing Strike: having wounded, an unmodified STK 1 attack on the same target with the same means (L1930,
    ruling unmodified-strike: the STK is fixed, the attribute keeps its modifiers)."""
    harm.finishing.add(a.id)
    (face,) = roll_d20s(seq.ctx, 1, f"{a.id}'s Finishing Strike on {d.id}", a.side,
                        attack_reading(a.id, d.id, plan.attribute, plan.goal, rulings=a.rulings))
    roll = attack_roll(a.id, d.id, plan.attribute, plan.goal, [face], rulings=a.rulings)
    harm.lines.append(f"{a.id}'s Finishing Strike on {d.id}: {'a Hit' if roll.successes else 'a miss'} (L1930)")
    if roll.successes:
        _one(seq, harm, dataclasses.replace(plan, strikes=1, lines=(FINISHING,)), a, d, list(roll.hits()))


def _damage(seq: Resolving, harm: Harm, plan: Plan, a: Fighter, d: Fighter, hits: list[Hit], traits: tuple[str, ...],
            lines: list[str]) -> int:
    """Damage rolls (or Mindgame's INT rolls), then Unkeen, the Berserker, Burn, Cleave and Frostbite."""
    means = plan.means
    if means.pw is None or means.pw == "*":
        return 0
    pw = power(a, means, plan.role, plan.art, d, backstab=plan.backstab)
    if _has(traits, "Mindgame"):
        wounds = rolled = len(hits)
        lines.append(f"Mindgame: each Hit {d.id} did not resist is a Wound (L2117)")
    else:
        ignore = bool(_has(traits, "Ignore Armor"))
        piercing = bool(_has(traits, "Armor-Piercing"))
        arcane = "arcane-shield" in d.figure.enchantments
        extra = shield_bonus(d, means, seq.world.base(d.id), plan.attacker_at)

        def damage_of(faces: list[int], hits: list[Hit] = hits) -> DamageRoll:
            return damage_roll(hits, pw, d.value("ARM"), faces, ignore_armor=ignore, armor_piercing=piercing,
                               arcane_shield=arcane, shield_bonus=extra)

        what = f"{a.id}'s damage on {d.id} with {means.name}"
        faces = roll_d20s(seq.ctx, len(hits), what, a.side, lambda faces: damage_of(faces).explained(what))
        roll = damage_of(faces)
        lucky = _lucky(seq, d, a, roll)
        if lucky is not None:
            again = f"{a.id} re-rolls a damage roll: {d.id}'s Luck counter (L2737)"
            one_hit = [hits[lucky]]
            faces[lucky] = roll_d20s(seq.ctx, 1, again, a.side,
                                     lambda one: damage_of(one, one_hit).explained(again))[0]
            roll = damage_of(faces)
        lines.append(f"{a.id}'s damage on {d.id}: {roll.wounds} {'Wound' if roll.wounds == 1 else 'Wounds'}")
        lines += list(roll.working)
        wounds = rolled = roll.wounds
        burn = _has(traits, "Burn")
        if burn and wounds:
            burning, plain = f"Burn ({burn}) on {d.id}", dataclasses.replace(hits[0], critical=False)
            extra_faces = roll_d20s(seq.ctx, burn * wounds, burning, a.side,
                                    lambda faces: damage_roll([plain] * len(faces), pw, d.value("ARM"), faces,
                                                              ignore_armor=True).explained(burning))
            burned = sum(1 for face in extra_faces if face <= pw.value)
            lines.append(f"Burn ({burn}): {len(extra_faces)} more rolls at ARM 0, {burned} more "
                         f"{'Wound' if burned == 1 else 'Wounds'} (L2021)")
            if burned and d.hp - wounds - burned <= 0:
                harm.burned.add(d.id)
            wounds += burned
    if not wounds:
        return 0
    if _has(traits, "Unkeen"):
        kept = 0
        for _w in range(wounds):
            if not _check(seq, d, "T", "Unkeen (L2192)").passed:
                kept += 1
        lines.append(f"Unkeen: {d.id} shrugs off {wounds - kept} of {wounds} (L2192)")
        wounds = kept
    cleave = bool(_has(traits, "Cleave"))
    turn = seq.ctx.state.turn_number
    if wounds and d.has("Berserker") and d.figure.once.get("berserker") != turn and d.id not in harm.once:
        kept = rolled = 0
        for _w in range(wounds):
            rolled += 1
            if _check(seq, d, "T", "Berserker (L1815)").passed:
                continue
            kept += 1
            if cleave:  # the Wound it suffers brings Cleave's, which it may roll against too (L2025)
                rolled += 1
                kept += 0 if _check(seq, d, "T", "Berserker against Cleave (L1815, L2025)").passed else 1
        included = ", Cleave's included" if cleave else ""
        lines.append(f"Berserker: {d.id} prevents {rolled - kept} of {rolled} Wounds{included} (L1815)")
        harm.once.add(d.id)
        wounds = kept
        cleave = False
    if wounds and "unrelenting-zeal" in d.figure.enchantments and (d.id, "unrelenting-zeal") not in harm.ended \
            and _check(seq, d, "M", "Unrelenting Zeal (L2281)").passed:
        wounds -= 1
        harm.ended.append((d.id, "unrelenting-zeal"))
        lines.append(f"Unrelenting Zeal: {d.id} prevents a Wound; the spell ends (L2281)")
    if wounds and cleave:  # Burn's extra Wounds bring no Cleave (ruling burn-cleave-recursion)
        cleft = min(wounds, rolled)
        lines.append(f"Cleave: {cleft} more (L2025)")
        wounds += cleft
    if wounds and _has(traits, "Frostbite") and not _check(seq, d, "T", "Frostbite (L2085)").passed:
        lines.append("Frostbite: 1 more Wound (L2085)")
        wounds += 1
    return _familiars_take(seq, harm, d, wounds, lines)


def _familiars_take(seq: Resolving, harm: Harm, d: Fighter, wounds: int, lines: list[str]) -> int:
    """The caster's familiars removed instead of its Wounds (``familiars.absorbed``), removed at the end of the
    sequence; what is left is the caster's."""
    given, left = absorbed(seq.ctx.state, seq.kit.catalogue, seq.world.rulings, d.id, wounds,
                           already=harm.wounds.get(d.id, 0), spent=frozenset(harm.familiars))
    for familiar, taken in given:
        harm.familiars[familiar.id] = d.id
        lines.append(f"{familiar.id} {familiar.unit}, {d.id}'s familiar, is removed instead of {taken} "
                     f"{'Wound' if taken == 1 else 'Wounds'} (L2069)")
    return left


def _lucky(seq: Resolving, d: Fighter, a: Fighter, roll: DamageRoll) -> int | None:
    """A model holding a Luck counter makes an enemy re-roll one damage roll that wounds it (L2737): which die, once
    a sequence, by ruling lucky-charm-use (when it declared luck, or whenever it would be wounded)."""
    figure = seq.ctx.state.figures[d.id]
    if figure.luck < 1 or d.id in seq.luck_used or seq.world.friends(d, a) or not roll.wounds:
        return None
    if seq.world.rulings.lucky_charm_use == "declared" and "luck" not in seq.extras.get(d.id, ()):
        return None
    seq.luck_used.add(d.id)
    seq.ctx.emit(FigureNoted(model=d.id, changes={"luck": figure.luck - 1},
                             shown=f"{d.id} spends a Luck counter on {a.id}'s damage roll ({figure.luck - 1} left, "
                                   "L2737)."))
    return next(i for i, die in enumerate(roll.dice) if die.wound)


def _fails_one(seq: Resolving, d: Fighter, wounds: int, purpose: str) -> bool:
    """A T roll for each Wound until one fails (Crippling and Stun roll for every Wound, unlike Frostbite's single
    roll, L2045, L2155, L2085; ruling stagger-stun-count); whether one failed."""
    return any(not _check(seq, d, "T", purpose).passed for _w in range(wounds))


def _wound_effects(seq: Resolving, harm: Harm, plan: Plan, a: Fighter, d: Fighter, wounds: int, traits: tuple[str, ...],
                   crit: bool) -> None:
    """States a Wound brings (L2015-2133)."""
    mine = d.side
    if _has(traits, "Bleed"):
        harm.states.append((d.id, "bleeding", None, "Bleed, L2017"))
    poison = _has(traits, "Poison")
    if poison:
        harm.states.append((d.id, "weakened", strategic_of(mine) if poison == 1 else None, "Poison, L2121"))
        if poison >= 2:
            harm.states.append((d.id, "poisoned", None, "Poison II, L2123"))
    if _has(traits, "Weakening"):
        harm.states.append((d.id, "weakened", None, "Weakening, L2204"))
    if _has(traits, "Crippling") and _fails_one(seq, d, wounds, "Crippling (L2045)"):
        harm.states.append((d.id, "crippled", None, "Crippling, L2045"))
    if _has(traits, "Stun") and _fails_one(seq, d, wounds, "Stun (L2155)"):
        harm.ap_zero.add(d.id)
    if a.has("Demon") and not d.has("Demon") and not crit and not _check(seq, d, "M", "a Demon's Wound (L2049)").passed:
        harm.states.append((d.id, "panicked", END_OF_TURN, "a Demon's Wound, L2049"))
    if plan.means.id == "soul-crush":
        harm.states.append((d.id, "panicked", end_phase_of(a.side), "Soul Crush, L2258"))
    if plan.means.id == "mass-mindbreak":
        harm.states.append((d.id, "panicked", strategic_of(a.side), "Mass Mindbreak, L2323"))
    if plan.art is not None and plan.art.name.startswith("Assassination") and plan.art.name.split()[-1] == "V":
        harm.killed.add(d.id)
    if "life-leech" in a.figure.enchantments and seq.ctx.state.enemies(a.side, d.side) \
            and not d.has("Construct") and not d.has("Undead"):  # L2326, L2037
        harm.wounds[a.id] = harm.wounds.get(a.id, 0) - wounds
