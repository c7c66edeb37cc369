"""Fortune abilities used at their moments (Sunshard:Embren core rules v1.0, L749-803): each costs 1 Fortune (L753).
The attack and Armor re-rolls are offered inside an attack (:mod:`engine.systems.sunshard.attack_flow`); the rest are
offered here, as a choice of "ability:model" for the player whose moment it is, again after each use until they pass.

Moments: the Start Phase's beginning (Shardborn's shifting shards, Ruin's shroud and dread), its middle (Delver's
field dressing and spoils, Shardborn's seeded Objective), its end (Shardborn's Nucleus); a model's activation start
(Delver's incendiary rounds, Remnant's mark and long fade, Ruin's blood price) and end (Remnant's vigil); the
beginning of the End Phase and any time in the model's own activation (the common free Rally).
"""

from __future__ import annotations

from engine.core import Context, ModelId, Option, SideId
from engine.geometry import TOLERANCE, distance
from engine.systems.sunshard.asking import ask
from engine.systems.sunshard.d20 import roll_test
from engine.systems.sunshard.engagement import engaged, gap
from engine.systems.sunshard.events import AbilityGained, ActivationFlag, FigureUsed, TerrainRuleGained
from engine.systems.sunshard.harm import Cause, gain, heal, lose
from engine.systems.sunshard.modifiers import is_melee, weapon_ability
from engine.systems.sunshard.rolls import tn
from engine.systems.sunshard.scoring import spend_fortune
from engine.systems.sunshard.shards import shift, shift_spots
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.terrain import is_objective, piece
from engine.systems.sunshard.world import RULE, Miniature, World, refuse, world_of

__all__ = ["FRUIT", "MOMENTS", "armor_rerolls", "check_free_rally", "fortune_options", "fruit_reroll", "gap_to",
           "offer_fortunes", "pay_reroll", "poison_fruit", "use_fortune"]

MOMENTS: dict[str, tuple[str, ...]] = {
    "start-beginning": ("shardborn-shift", "ruin-shroud", "ruin-dread"),
    "start-during": ("delver-field-dressing", "delver-loot", "shardborn-seed"),
    "start-end": ("shardborn-nucleus",),
    "activation-start": ("delver-incendiary", "remnant-mark", "remnant-fade", "ruin-blood-price"),
    "activation-end": ("remnant-vigil",),
    "end-beginning": ("free-rally",),
}
"""Which Fortune abilities each moment offers (the fortunes.yaml ids)."""

_WHEN = {
    "start-beginning": "at the beginning of the Start Phase", "start-during": "during the Start Phase",
    "start-end": "at the end of the Start Phase", "activation-start": "at the start of {model}'s activation",
    "activation-end": "at the end of {model}'s activation", "end-beginning": "at the beginning of the End Phase",
}
"""Each moment in the players' words (L349, L367-371, L749-803), for the question that offers its abilities."""


def _leaders(world: World, side: SideId) -> list[Miniature]:
    return [m for m in world.on_table(side) if m.leader]


def _targets(world: World, side: SideId, ability: str, model: Miniature | None) -> list[tuple[str, str]]:
    """(target id, label) pairs the ability may act on now."""
    mine = world.on_table(side)
    if ability == "ruin-shroud":
        return [(m.id, f"{m.name} and friends within 8\"") for m in _leaders(world, side)]
    if ability == "ruin-dread":
        return [(m.id, f"enemies within 3\" of {m.name}") for m in mine
                if any(gap(m, e) <= 3 + TOLERANCE for e in world.on_table(world.opponent(side)))]
    if ability == "delver-field-dressing":
        return [(m.id, m.name) for m in mine if m.downed and not m.holds("Burning")
                and any(o.id != m.id and gap(m, o) <= 6 + TOLERANCE for o in mine)]
    if ability == "delver-loot":
        return [(m.id, m.name) for m in mine if not m.has("Solitary") and m.holds("Loot") < 3]
    if ability == "shardborn-shift":
        return shift_spots(world)
    if ability == "shardborn-seed":
        leaders = _leaders(world, side)
        return [(o.id, o.id) for o in world.state.terrain.values() if is_objective(o) and "seeded" not in o.keywords
                and any(gap_to(world, leader, o.id) <= 6 + TOLERANCE for leader in leaders)]
    if ability == "shardborn-nucleus":
        return [(m.id, m.name) for m in _leaders(world, side) if not m.has("Nucleus")]
    if ability == "free-rally":
        return [(f"{m.id}/{c}", f"{m.name} loses {c}") for m in mine for c in m.conditions]
    if model is None:
        return []
    if ability == "delver-incendiary":
        jammable = [p for p in model.card.weapons if weapon_ability(p, "Jammable") and not is_melee(p)]
        return [(model.id, model.name)] if jammable else []
    if ability == "remnant-mark":
        return [(e.id, e.name) for e in world.on_table(world.opponent(side)) if gap(model, e) <= 8 + TOLERANCE
                and not e.holds("Hunter's Mark")]
    if ability == "remnant-fade":
        return [(model.id, model.name)] if any(weapon_ability(p, "Fade") for p in model.card.weapons) else []
    if ability == "ruin-blood-price":  # any such friend, hurt or not: the Blight alone may be wanted (L1417, L1267)
        if not model.leader:
            return []
        return [(m.id, m.name) for m in mine if m.id != model.id and m.figure.warband == model.figure.warband
                and not m.has("Solitary") and gap(model, m) <= 8 + TOLERANCE]
    if ability == "remnant-vigil":  # a Vigilant model gains the token at that moment anyway (L1494)
        vigilant = model.has("Vigilant")
        return [(model.id, model.name)] if not engaged(world, model) and not model.holds("On Guard") \
            and not vigilant else []
    return []


def gap_to(world: World, model: Miniature, terrain_id: str) -> float:
    """Inches from a model's base to a terrain piece (L274)."""
    return distance(model.base(), piece(world, world.state.terrain[terrain_id]))


FRUIT = "|poison-fruit"
"""What an option's key ends with when Poison Fruit triggers the ability without Fortune (L1465)."""


def poison_fruit(world: World, side: SideId) -> Miniature | None:
    """``side``'s model whose Poison Fruit may trigger a Fortune ability now, without spending Fortune (L1465): once a
    round, in its own activation or that of a model in its party."""
    activation = world.state.activation
    if activation is None or activation.side != side:
        return None
    party = world.state.party
    near = party.members if party is not None and activation.model in party.members else [activation.model]
    for model_id in near:
        model = world.model(model_id)
        if model.on_table and model.has("Poison Fruit") and "Poison Fruit" not in model.figure.used:
            return model
    return None


def fruit_reroll(world: World, side: SideId) -> list[Option]:
    """Poison Fruit's free trigger of a common re-roll (an attack test's or an Armor test's, L757-760, L1465), as the
    option a re-roll question adds, or nothing when no Poison Fruit may trigger one now."""
    fruit = poison_fruit(world, side)
    if fruit is None:
        return []
    return [Option(key="poison-fruit", label=f"Poison Fruit: re-roll without Fortune ({_blighted(world, fruit)} "
                                             "gains Blight)")]


def armor_rerolls(world: World, side: SideId) -> list[Option]:
    """How ``side`` may re-roll its model's failed Armor test now: 1 Fortune (L758-760), or Poison Fruit (L1465)."""
    paid = [Option(key="fortune", label="Spend 1 Fortune to re-roll")] if world.record(side).fortune >= 1 else []
    return paid + fruit_reroll(world, side)


def pay_reroll(ctx: Context[SunshardState], side: SideId, source: str, reason: str) -> None:
    """Pay for a common re-roll: 1 Fortune (L757-760), or Poison Fruit's once a round, its model (or the activating
    one, ruling poison-fruit-blight) gaining Blight (L1465); ``reason`` says which re-roll, with its rule."""
    if source != "poison-fruit":
        spend_fortune(ctx, side, 1, reason)
        return
    world = world_of(ctx)
    fruit = poison_fruit(world, side)
    assert fruit is not None, "Poison Fruit was offered only while it may trigger"
    ctx.emit(FigureUsed(model_id=fruit.id, once="Poison Fruit"))
    gain(ctx, _blighted(world, fruit), "Blight",
         cause=Cause(f"Poison Fruit, no Fortune spent: {reason}; {RULE}, L1465"))


def fortune_options(world: World, side: SideId, moment: str, model: Miniature | None = None) -> list[Option]:
    """What ``side`` may spend a Fortune on at ``moment`` (nothing without Fortune, L751), then the same triggered by
    Poison Fruit where it may be (L1465)."""
    record = world.record(side)
    fruit = poison_fruit(world, side)
    if record.fortune < 1 and fruit is None:
        return []
    found = []
    for ability in MOMENTS[moment]:
        spec = world.data.fortunes.get(ability)
        if spec is None or spec.alignment not in ("common", record.alignment):
            continue
        found += [(f"{ability}:{target}", f"{spec.name}: {label}")
                  for target, label in _targets(world, side, ability, model)]
    paid = [Option(key=key, label=label) for key, label in found] if record.fortune >= 1 else []
    if fruit is None:
        return paid
    blighted = _blighted(world, fruit)
    return paid + [Option(key=key + FRUIT, label=f"{label} (Poison Fruit: no Fortune, {blighted} gains Blight)")
                   for key, label in found]


def _blighted(world: World, fruit: Miniature) -> ModelId:
    """Who gains the Blight when Poison Fruit triggers an ability (ruling poison-fruit-blight)."""
    activation = world.state.activation
    if world.rulings.poison_fruit_blight == "fruit-model" or activation is None:
        return fruit.id
    return activation.model


def offer_fortunes(ctx: Context[SunshardState], side: SideId, moment: str, model: ModelId | None = None) -> bool:
    """Ask ``side`` whether it spends Fortune at this moment; returns whether a decision was opened."""
    world = world_of(ctx)
    options = fortune_options(world, side, moment, world.model(model) if model else None)
    if not options:
        return False
    fruit = " (or Poison Fruit's free one)" if any(o.key.endswith(FRUIT) for o in options) else ""
    when = _WHEN[moment].format(model=model or "the model")
    ask(ctx, side, "fortune", f"Side {side} has {world.record(side).fortune} Fortune: spend 1{fruit} on a Fortune "
        f"ability {when}?", "Which Fortune ability?", [("none", "None"), *options], key="use",
        context={"moment": moment, "model": model})
    return True


def check_free_rally(world: World, side: SideId, filled: dict[str, str]) -> str:
    """The common free Rally during the model's own activation (L762): 1 Fortune, a condition of the activating
    model; returns the ability key for :func:`use_fortune`.

    :raises RulesError: naming the rule broken.
    """
    activation = world.state.activation
    model = world.model(filled.get("model", ""))
    if activation is None or activation.model != model.id or model.side != side:
        raise refuse(f"{model.id} is not activating: the free Rally is taken in its activation", "L762")
    if world.record(side).fortune < 1:
        raise refuse(f"side {side} has no Fortune", "L751")
    condition = filled.get("choice", "")
    if condition not in model.conditions:
        held = ", ".join(model.conditions) or "none"
        raise refuse(f"{model.id} has no {condition or 'such'} condition (it has {held})", "L447")
    return f"free-rally:{model.id}/{condition}"


def use_fortune(ctx: Context[SunshardState], side: SideId, key: str) -> None:
    """Pay 1 Fortune, or use Poison Fruit (L1465), and apply the ability ``key`` ("ability:target")."""
    world = world_of(ctx)
    fruit = poison_fruit(world, side) if key.endswith(FRUIT) else None
    ability, _, target = key.removesuffix(FRUIT).partition(":")
    spec = world.data.fortunes[ability]
    why = f"{spec.name} ({RULE}, {spec.source.split(', ')[-1]})"
    if fruit is not None:
        blighted = _blighted(world, fruit)
        ctx.emit(FigureUsed(model_id=fruit.id, once="Poison Fruit"))
        gain(ctx, blighted, "Blight", cause=Cause(f"Poison Fruit triggering {spec.name} ({RULE}, L1465)"))
    else:
        spend_fortune(ctx, side, spec.cost, f"{spec.name} ({spec.source.split(', ')[-1]})")
    if ability == "ruin-shroud":
        leader = world.model(target)
        for m in [leader, *(m for m in world.on_table(side) if m.id != leader.id and gap(leader, m) <= 8 + TOLERANCE)]:
            ctx.emit(AbilityGained(model_id=m.id, ability="warded", lasts="end-phase"))
    elif ability == "ruin-dread":
        for enemy in world.on_table(world.opponent(side)):
            if gap(world.model(target), enemy) <= 3 + TOLERANCE:
                result = roll_test(ctx, enemy.id, enemy.side, "rsl", tn(enemy.characteristic("RSL").value,
                                                                         label=f"{enemy.id}'s RSL"),
                                   f"{enemy.id}'s RSL test against Dread")
                if not result.passed:
                    gain(ctx, enemy.id, "Wavering", cause=Cause(why))
    elif ability == "delver-field-dressing":
        heal(ctx, ModelId(target), 1, why=why)
    elif ability == "delver-loot":
        gain(ctx, ModelId(target), "Loot", 2, cause=Cause(why))
    elif ability == "shardborn-shift":
        shift(ctx, target, side)
    elif ability == "shardborn-seed":
        ctx.emit(TerrainRuleGained(terrain_id=target, rule="seeded", lasts="end-phase"))
    elif ability == "shardborn-nucleus":
        ctx.emit(AbilityGained(model_id=ModelId(target), ability="Nucleus", lasts="end-phase"))
    elif ability == "delver-incendiary":
        ctx.emit(ActivationFlag(model_id=ModelId(target), flag="incendiary"))
    elif ability == "remnant-mark":
        gain(ctx, ModelId(target), "Hunter's Mark", cause=Cause(why))
    elif ability == "remnant-fade":
        ctx.emit(ActivationFlag(model_id=ModelId(target), flag="fade_bonus"))
    elif ability == "ruin-blood-price":
        heal(ctx, ModelId(target), 1, why=why)
        gain(ctx, ModelId(target), "Blight", cause=Cause(why))
    elif ability == "remnant-vigil":
        gain(ctx, ModelId(target), "On Guard", cause=Cause(why))
    elif ability == "free-rally":
        model_id, _, condition = target.partition("/")
        lose(ctx, ModelId(model_id), condition, why=f"a Rally for 0 AP: {why}")
