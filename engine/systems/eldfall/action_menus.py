"""What each answer of the Action step may be, for the menus and the one check alike (Eldfall core rules v1.5,
L1250-1585): a menu lists a value only where the action's check passes on it, so an entry offered is never refused.

The means an attack is made with (those with a target in arc and sight, or none needed), its targets (in sight;
nearest first where the measuring mode shows distances, one out of reach offered last and labelled, since reach is
measured after declaring, L746), the combat art and what it spends on its rolls, the spells of an Assist (a
Ritual's: ``rituals``), the tokens and models of Perceive, Interact and Deathblow (a Trade's and an equipment change's:
``trade_menus``). ``request`` reads the answers back as the check's ``Request``.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Sequence

from engine.core import Ask, Choice, ModelId, RulesError
from engine.geometry import TOLERANCE
from engine.systems.eldfall.action_checks import (
    combat_art,
    deathblow_check,
    strike_count,
    support_check,
    target_refusal,
    token_check,
)
from engine.systems.eldfall.declare import EXTRAS, Check, Request, allowed_now, engaged, extras_refusal
from engine.systems.eldfall.dispelling import DISPEL_MAGIC, dispel_choices
from engine.systems.eldfall.equipment_changes import swap_refusal, weapon_swap
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.magic import cast_refusal
from engine.systems.eldfall.means import Means
from engine.systems.eldfall.odds import attack_odds
from engine.systems.eldfall.purging import PURGING, purge_asked, purge_label
from engine.systems.eldfall.quests import token_seen, tokens_near
from engine.systems.eldfall.recovery import HASTENED_RECOVERY, recovery_asked, recovery_options
from engine.systems.eldfall.refs import roman
from engine.systems.eldfall.rules import Reading
from engine.systems.eldfall.shrouds import shown_name
from engine.systems.eldfall.state import Declared, QuestToken
from engine.systems.eldfall.strikes import point_gap, reach_inches
from engine.systems.eldfall.support import spell_use

__all__ = ["aimed_at_models", "at_a_point", "attack_means", "attack_targets", "cast_means", "checked",
           "deathblow_targets", "dispel_implied", "interact_targets", "means_explained", "means_refusal",
           "perceive_targets", "point_refusal", "points", "request", "spends", "strikes", "support_spells",
           "support_targets", "target_choices", "target_explained", "target_refusal_for", "targetless",
           "tokens_touching"]


def request(ask: Ask, kind: str) -> Request:
    """The answers of an Action-step command as its check reads them: ``with:`` the means (a Trade: the items it
    gives), ``target:`` the targets with their strikes (``B1x2,B2``), ``at:`` a point, ``to:`` a Dodge's move,
    ``choice:`` a combat art and what it spends, joined by ``+`` (a Trade: the items it takes)."""
    def listed(option: str) -> tuple[str, ...]:
        return tuple(w.strip() for w in ask.text(option, "").split(",") if w.strip()) if ask.has(option) else ()

    if kind == "trade":
        return Request(kind=kind, verb=ask.verb, targets=_targets(listed("target")), give=listed("with"),
                       take=listed("choice"))
    words = [w.strip() for w in ask.text("choice", "").split("+") if w.strip()] if ask.has("choice") else []
    extras = tuple(w.casefold() for w in words if w.casefold() in EXTRAS)
    art = " ".join(w for w in words if w.casefold() not in EXTRAS) or None
    point = _point(ask.text("at")) if ask.has("at") else None
    move_to = _point(ask.text("to")) if kind == "dodge" and ask.has("to") else None
    return Request(kind=kind, verb=ask.verb, means=ask.text("with") if ask.has("with") else None,
                   targets=_targets(listed("target")), point=point, art=art, move_to=move_to, extras=extras)


def _targets(items: Sequence[str]) -> tuple[tuple[ModelId, int], ...]:
    """``B1``, ``B1x2``: a target and its strikes (0: shared round the targets)."""
    found: list[tuple[ModelId, int]] = []
    for item in items:
        split = re.fullmatch(r"(.+?)\s*[x×]\s*(\d+)", item.strip())
        name, count = (split.group(1), int(split.group(2))) if split else (item, 0)
        found.append((ModelId(name.strip().upper()), count))
    return tuple(found)


def _point(text: str) -> tuple[float, float] | None:
    x, comma, y = text.partition(",")
    try:
        return (float(x), float(y)) if comma else None
    except ValueError:
        return None


def checked(reading: Reading, ask: Ask, check: Check, kind: str, **answers: object) -> bool:
    """Whether the action's own check passes on the answers given so far and ``answers`` (the menus' test of a
    value: the same code as the check, on what is known before the dice)."""
    f = reading.active()
    if f is None:
        return False
    trial = dataclasses.replace(request(ask, kind), **answers)  # type: ignore[arg-type]
    try:
        check(reading.world, reading.kit, f, trial, allowed_now(reading.world, f))
    except RulesError:
        return False
    return True


# -- attacks ---------------------------------------------------------------------------------------------------


def _label(f: Fighter, m: Means) -> str:
    return f.item_label(m.item) if m.item is not None and not m.thrown else m.name


def means_refusal(reading: Reading, f: Fighter, m: Means) -> str | None:
    """Why ``f`` may not attack with ``m`` now (Engaged: melee only; a spell it cannot cast; a weapon it may not
    take up), before its targets."""
    if m.kind != "melee" and engaged(reading.world, f):
        return f"{f.id} is Engaged: it may only make a Melee Attack (L1457)"
    if m.spell is not None:
        if spell_use(m.spell) != "attack":
            return f"{m.spell.name} is not an attack spell (L1367, L976)"
        refusal = cast_refusal(f.card, m.spell, role="active", hands_full=f.loadout.hands_full, ritual=False,
                               mana=reading.world.mana_pool(f))
        if refusal is not None:
            return refusal
    swap = weapon_swap(f, m.id)
    return swap_refusal(reading.kit, reading.state, f, swap) if swap is not None else None


def _aimed(reading: Reading, f: Fighter, m: Means) -> bool:
    """Whether an attack with ``m`` has something to aim at: a target in arc and sight (``_target_choices`` lists
    them), or none needed; the first found ends the search (a barrel first: no sight line is measured for it)."""
    if m.focus or m.targetless or any(t.kind == "barrel" for t in reading.state.tokens.values()):
        return True
    return any(not e.dead and target_refusal(reading.world, f, e.id, m) is None for e in _aimable(reading, f))


def attack_means(reading: Reading, ask: Ask) -> list[Choice]:
    """The weapons and attack spells the activated model may attack with now (each with a target to aim at)."""
    return _means(reading, spells_only=False)


def cast_means(reading: Reading, ask: Ask) -> list[Choice]:
    """The attack spells the activated model may cast now."""
    return _means(reading, spells_only=True)


def _means(reading: Reading, *, spells_only: bool) -> list[Choice]:
    f = reading.active()
    if f is None:
        return []
    usable = reading.world.kept(("usable means", f.id), lambda: _usable(reading, f))
    return [Choice(m.id, _label(f, m)) for m in usable if m.spell is not None or not spells_only]


def _usable(reading: Reading, f: Fighter) -> tuple[Means, ...]:
    """The weapons and spells ``f`` may attack with now that have something to aim at, worked out once a menu (the
    attack's and the spell's menus both list them)."""
    reading.world.sees_each(f.id, [e.id for e in _aimable(reading, f) if not e.dead])  # one survey for them all
    return tuple(m for m in (*f.weapons, *f.spell_means()) if means_refusal(reading, f, m) is None
                 and _aimed(reading, f, m))


def means_explained(reading: Reading, ask: Ask, typed: str) -> str | None:
    """Why an attack with the means typed is refused: the rule it breaks (Engaged, a spell it may not cast, a weapon
    it may not take up), or why the nearest enemy is no target for it (out of arc or sight, flying...)."""
    f = reading.active()
    m = f.means(typed.strip()) if f is not None else None
    if f is None or m is None:
        return None
    if m.spell is not None and spell_use(m.spell) == "assist":
        return f"{m.spell.name} is cast on allies with /act action:assist (L1367)"
    refusal = means_refusal(reading, f, m)
    if refusal is not None:
        return refusal
    world = reading.world
    enemies = sorted(world.enemies(f, standing=False), key=lambda e: (world.gap(f.id, e.id), e.id))
    return next((why for e in enemies if not e.dead and (why := target_refusal(world, f, e.id, m)) is not None), None)


def _chosen_means(reading: Reading, ask: Ask) -> tuple[Fighter, Means] | None:
    f = reading.active()
    if f is None or not ask.has("with"):
        return None
    m = f.means(ask.text("with"))
    return (f, m) if m is not None else None


def target_choices(reading: Reading, f: Fighter, m: Means) -> list[Choice]:
    """Whom an attack by ``f`` with ``m`` may strike, without the odds ``attack_targets`` adds (the Action step's
    whole attacks work out odds only for the entries they offer, ``attack_entries``)."""
    return _target_choices(reading, f, m)


def _target_choices(reading: Reading, f: Fighter, m: Means) -> list[Choice]:
    world = reading.world
    reach = reach_inches(world, f, m)
    allies = _breaking(reading, f)
    found = [Choice(e.id, f"{e.id} {shown_name(e)}" + (" (breaks the Alliance: -3 VP, L2404)" if e in allies else ""),
                    distance=_measured(world.gap(f.id, e.id), reach), reach=reach)
             for e in _aimable(reading, f) if not e.dead and target_refusal(world, f, e.id, m) is None]
    barrels = [Choice(t.id, f"{t.id}, an exploding barrel") for t in reading.state.tokens.values()
               if t.kind == "barrel" and token_seen(world, f, t)]
    return found + barrels


def _measured(gap: float, reach: float | None) -> float:
    """A target's distance as the menu shows it: one within reach by the tolerance bases touch by (``TOLERANCE``, as
    the attack's own measure reads it, ``strikes.measure_reach``) is shown at the reach, never labelled to fail."""
    return round(reach if reach is not None and reach < gap <= reach + TOLERANCE else gap, 2)


def _breaking(reading: Reading, f: Fighter) -> list[Fighter]:
    """The allied models of other sides ``f`` may attack, breaking the Alliance (ruling alliance-attacks, L2404)."""
    world = reading.world
    return [a for a in world.allies(f) if a.side != f.side] if world.rulings.alliance_attacks == "attack-breaks" else []


def _aimable(reading: Reading, f: Fighter) -> list[Fighter]:
    """The models ``f`` may aim an attack at before arc and sight: its enemies, then the allies it may break with."""
    return [*reading.world.enemies(f, standing=False), *_breaking(reading, f)]


def target_refusal_for(reading: Reading, f: Fighter, m: Means, target: ModelId) -> str | None:
    """Why ``f`` may not aim an attack with ``m`` at ``target`` (an exploding barrel always may be)."""
    token = reading.state.tokens.get(target)
    if token is not None and token.kind == "barrel":
        return None if token_seen(reading.world, f, token) else f"{f.id} has no line of sight to {target} (L1418)"
    return target_refusal(reading.world, f, target, m)


def tokens_touching(reading: Reading, f: Fighter) -> list[QuestToken]:
    """The quest's tokens ``f``'s base touches."""
    return tokens_near(reading.world, f)


def attack_targets(reading: Reading, ask: Ask) -> list[Choice]:
    """Whom the attack may strike: enemies in arc and sight (or in the Casting Aura), and exploding barrels; those
    out of reach too (declaring is legal; the strikes fail once measured, L746)."""
    chosen = _chosen_means(reading, ask)
    if chosen is None:
        return []
    f, m = chosen
    found = _target_choices(reading, f, m)
    sequence = reading.state.sequence
    if sequence is None or not reading.disclosure(reading.state, ask.viewer).odds:
        return found
    # Where the mode shows odds before declaring, each model's dice and chance of a Hit (a Shrouded token is never
    # offered: its odds would come from the profile its player keeps secret).
    world, idle = reading.world, sequence.movement == "idle"

    def odds(c: Choice) -> str:
        target = ModelId(c.value)
        return attack_odds(world, f, m.id, world.fighter(target), idle=idle, dash=sequence.dash) \
            if target in reading.state.figures else ""
    return [dataclasses.replace(c, label=f"{c.label}{odds(c)}") for c in found]


def target_explained(reading: Reading, ask: Ask, typed: str) -> str | None:
    """Why a target typed is refused: the rule it breaks (an ally, out of arc or sight, Shrouded...)."""
    chosen = _chosen_means(reading, ask)
    if chosen is None:
        return None
    f, m = chosen
    return target_refusal_for(reading, f, m, _targets((typed,))[0][0])


def strikes(reading: Reading, ask: Ask) -> tuple[int, int]:
    """How many strikes an attack shares among its targets: 1 up to its active STK (L809-817); Confuse Target's Mana
    Counter adds 2 (L2296)."""
    chosen = _chosen_means(reading, ask)
    if chosen is None:
        return (1, 1)
    f, m = chosen
    stk = strike_count(f, m, reading.world) + (2 if "mana" in ask.text("choice", "").split("+") else 0)
    return (1, max(stk, 1))


def targetless(reading: Reading, ask: Ask) -> bool:
    """Whether the means chosen may be aimed at a point instead of a model (Targetless)."""
    chosen = _chosen_means(reading, ask)
    return chosen is not None and chosen[1].targetless


def aimed_at_models(reading: Reading, ask: Ask) -> bool:
    """Whether the attack names its targets: not with Focus (L2218), nor aimed at a point."""
    chosen = _chosen_means(reading, ask)
    return chosen is not None and not chosen[1].focus


def at_a_point(reading: Reading, ask: Ask) -> bool:
    """Whether the attack is aimed at a point: a Targetless means with no model named."""
    return targetless(reading, ask) and not ask.has("target")


def point_refusal(reading: Reading, ask: Ask, typed: str) -> str | None:
    """Why ``typed`` is no point on the table (x,y in inches)."""
    point = _point(typed)
    if point is None:
        return f"{typed[:40]!r} is not a point: write x,y in inches"
    if not (0 <= point[0] <= reading.state.width and 0 <= point[1] <= reading.state.height):
        return f"{typed} is off the table ({reading.state.width:g} by {reading.state.height:g} inches)"
    return None


def points(reading: Reading, ask: Ask) -> list[Choice]:
    """Points a Targetless attack may be aimed at: where each enemy stands, each with its distance against the
    reach (one out of reach is legal to declare: the attack fails once measured, L746)."""
    chosen = _chosen_means(reading, ask)
    if chosen is None:
        return []
    f, m = chosen
    reach = reach_inches(reading.world, f, m)
    return [Choice(f"{e.model.x:g},{e.model.y:g}", f"where {e.id} stands",
                   distance=round(point_gap(f, (e.model.x, e.model.y)), 2), reach=reach)
            for e in reading.world.enemies(f)]


# -- what a declaration spends ---------------------------------------------------------------------------------


def _arts(reading: Reading, f: Fighter, m: Means) -> list[str]:
    """The combat art levels ``f`` may use in an attack with ``m`` now (L287-299, L2053, L2208-2246)."""
    levels = [f"{ref.name} {roman(level)}" for ref in f.card.arts for level in range(1, ref.level + 1)]
    return [named for named, refusal in (combat_art(reading.world, f, art, m) for art in levels) if refusal is None]


def _spent(f: Fighter, declared: Declared) -> list[tuple[str, ...]]:
    """Every set of things ``f`` may spend on its rolls (each alone, then together)."""
    alone = [e for e in EXTRAS if extras_refusal(f, declared, (e,)) is None]
    return [combo for n in range(1, len(alone) + 1) for combo in itertools.combinations(alone, n)
            if extras_refusal(f, declared, combo) is None]


def spends(reading: Reading, ask: Ask, kind: str) -> list[Choice]:
    """A combat art (an attack) or what Dispel Magic removes (an Assist), and what the model spends on its rolls,
    joined by ``+``: each one the check accepts."""
    chosen = _chosen_means(reading, ask)
    if chosen is None:
        return []
    f, m = chosen
    firsts: list[str] = _arts(reading, f, m) if kind == "attack" else []
    if kind == "assist" and m.id == DISPEL_MAGIC and ask.has("target"):
        firsts = dispel_choices(reading.kit, reading.world.fighter(ModelId(ask.ident("target"))))
    recovering = kind == "assist" and m.id == HASTENED_RECOVERY and ask.has("target")
    if recovering:
        firsts = recovery_asked([reading.world.fighter(t) for t in _named(ask)])
    purging = kind == "assist" and m.id in PURGING and ask.has("target")
    if purging:  # which Enchantments go, where there are two or more (L2263, L2268)
        firsts = purge_asked(reading.kit, [reading.world.fighter(t) for t in _named(ask)])
    spent = _spent(f, Declared(kind=kind, means=m.id))

    def label(value: str) -> str:
        pick = "+".join(w for w in value.split("+") if w not in EXTRAS)
        if not (purging and pick):
            return _spent_label(value)
        rest = "+".join(w for w in value.split("+") if w in EXTRAS)
        return " and ".join(filter(None, (purge_label(reading.kit, pick), rest and _spent_label(rest))))
    return [Choice(c, label(c)) for c in (*firsts, *("+".join(s) for s in spent if not (recovering and firsts)),
                                          *(f"{a}+{'+'.join(s)}" for a in firsts for s in spent))]


_SPENT = {"reroll": "spend 1 AP: re-roll its casting dice (Mage)", "luck": "spend a Luck counter: re-roll a die",
          "mana": "spend a Mana Counter: +2 STK"}
"""What each word of ``choice:`` spends, as the menu says it (L1835, L2737, L2296)."""


def _spent_label(value: str) -> str:
    """``Fencing II+luck`` as a player reads it: the art, then each thing spent in words."""
    return " and ".join(_SPENT.get(part, part) for part in value.split("+"))


# -- support, rituals, tokens, deathblows ----------------------------------------------------------------------


def support_spells(reading: Reading, ask: Ask) -> list[Choice]:
    """The spells the activated model may cast on itself or its allies now (Assist, L1367): a spell the check refuses
    whatever the target (``cast_refusal``, its first test: unknown, hands full, Ritual only, Mana short) is not tried
    on every model in turn."""
    f = reading.active()
    if f is None:
        return []
    mana = reading.world.mana_pool(f)
    return [Choice(s.id, s.name) for s in f.spells if spell_use(s) != "attack"
            and cast_refusal(f.card, s, role="active", hands_full=f.loadout.hands_full, ritual=False, mana=mana) is None
            and any(checked(reading, ask, support_check, "assist", means=s.id, targets=((t, 1),),
                            art=_first_choice(reading, s.id, t))
                    for t in _support_candidates(reading, f))]


def dispel_implied(reading: Reading, ask: Ask) -> bool:
    """Whether an Assist may leave out its choice: any spell but Dispel Magic, and Dispel Magic where its target holds
    one thing it removes (that one, L2295)."""
    if ask.text("with", "") == HASTENED_RECOVERY:  # its choice, asked only among several (L2299)
        return not ask.has("target") or not recovery_asked([reading.world.fighter(t) for t in _named(ask)])
    if ask.text("with", "") != DISPEL_MAGIC:
        return True
    target = ModelId(ask.ident("target")) if ask.has("target") else None
    return target is not None and len(dispel_choices(reading.kit, reading.world.fighter(target))) == 1


def _named(ask: Ask) -> list[ModelId]:
    """The models ``target:`` names (strikes left off)."""
    return [t for t, _n in _targets([w.strip() for w in ask.text("target").split(",") if w.strip()])]


def _first_dispel(reading: Reading, target: ModelId) -> str | None:
    """The first thing Dispel Magic may remove at ``target``, if any."""
    found = dispel_choices(reading.kit, reading.world.fighter(target))
    return found[0] if found else None


def _support_candidates(reading: Reading, f: Fighter) -> list[ModelId]:
    return [f.id, *(a.id for a in reading.world.allies(f, standing=False) if a.id != f.id and not a.dead),
            *(e.id for e in reading.world.enemies(f))]


def support_targets(reading: Reading, ask: Ask) -> list[Choice]:
    """Whom the spell may be cast on: itself and its allies in sight (Dispel Magic: any model with something it
    removes)."""
    f = reading.active()
    if f is None or not ask.has("with"):
        return []
    world = reading.world
    return [Choice(t, f"{t} {shown_name(world.fighter(t))}") for t in _support_candidates(reading, f)
            if checked(reading, ask, support_check, "assist", targets=((t, 1),), art=_dispelled(reading, ask, t))]


def _dispelled(reading: Reading, ask: Ask, target: ModelId) -> str | None:
    """What Dispel Magic would remove at ``target`` (its first option), for the check of a target before the
    choice is asked; None for any other spell."""
    return _first_choice(reading, ask.text("with", ""), target)


def _first_choice(reading: Reading, spell: str, target: ModelId) -> str | None:
    """The first thing Dispel Magic removes or Hastened Recovery does at ``target``, for the check of a spell or a
    target before the choice is asked; None for any other spell."""
    if spell == HASTENED_RECOVERY:
        return next(iter(recovery_options([reading.world.fighter(target)])), None)
    return _first_dispel(reading, target) if spell == DISPEL_MAGIC else None


def deathblow_targets(reading: Reading, ask: Ask) -> list[Choice]:
    """The Incapacitated enemies in base contact (L1534-1536)."""
    f = reading.active()
    if f is None:
        return []
    return [Choice(e.id, f"{e.id} {e.name}") for e in reading.world.enemies(f, standing=False)
            if checked(reading, ask, deathblow_check, "deathblow", targets=((e.id, 1),))]


def perceive_targets(reading: Reading, ask: Ask) -> list[Choice]:
    """The Intrigue tokens in Awareness, and the Shrouded enemies in Awareness and sight (L1526-1532)."""
    f = reading.active()
    if f is None:
        return []
    tokens = [Choice(t.id, f"{t.id}, an {t.kind} token") for t in reading.state.tokens.values()]
    models = [Choice(e.id, f"{e.id}, a Shrouded token") for e in reading.world.enemies(f) if e.is_("shrouded")]
    return [c for c in (*tokens, *models)
            if checked(reading, ask, token_check, "perceive", targets=((ModelId(c.value), 1),))]


def interact_targets(reading: Reading, ask: Ask) -> list[Choice]:
    """The Caches and Treasures in base contact (L1547-1550, L2429)."""
    f = reading.active()
    if f is None:
        return []
    return [Choice(t.id, f"{t.id}, a {t.kind}") for t in reading.state.tokens.values()
            if checked(reading, ask, token_check, "interact", targets=((ModelId(t.id), 1),))]
