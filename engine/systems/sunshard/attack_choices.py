"""The choices players make while an attack is resolved, each a decision kind with its handler: Anticipate Attack
(L423), re-rolling the attack test (L626, L757) or the Armor test (L758-760), a friend taking the hit (Bodyguard
L1419, Protected L1471), Blight Censors (L1413) and the Fade vault (L1514). Each handler applies the answer and
carries the attack on (:func:`engine.systems.sunshard.attack_flow.advance`)."""

from __future__ import annotations

from engine.core import Context, Decision, ModelId, parse_point
from engine.geometry import TOLERANCE
from engine.systems.sunshard.attack_flow import advance, fade_reach
from engine.systems.sunshard.attack_rerolls import reroll_with
from engine.systems.sunshard.d20 import roll_d20
from engine.systems.sunshard.deeds import flood_check
from engine.systems.sunshard.events import Anticipated, AttackStaged, Faded, FigureUsed
from engine.systems.sunshard.fortune import pay_reroll
from engine.systems.sunshard.harm import Cause, gain, lose
from engine.systems.sunshard.scoring import score_deed
from engine.systems.sunshard.state import AttackDie, SunshardState
from engine.systems.sunshard.vaults import vault
from engine.systems.sunshard.world import RULE, world_of

__all__ = ["on_anticipate", "on_armor_reroll", "on_attack_reroll", "on_blight_censors", "on_fade", "on_substitute"]


def on_anticipate(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """Anticipate Attack: the target spends its On Guard token; the activating model's attacks on it take -2 (L423;
    ruling anticipate-duration)."""
    if answers["anticipate"] == "yes":
        target = ModelId(str(decision.context["target"]))
        lose(ctx, target, "On Guard", why=f"Anticipate Attack ({RULE}, L423)")
        ctx.emit(Anticipated(model_id=target))
    advance(ctx)


def on_attack_reroll(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """Re-roll every die of the attack test with Loot (L626) or Fortune (L757)."""
    attack = ctx.state.attack
    assert attack is not None
    source = answers["reroll"]
    if source != "keep":
        updated = attack.model_copy(deep=True)
        reroll_with(ctx, updated, source)
    advance(ctx)


def on_substitute(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """A Bodyguard (once a round) or a Protected model's friend takes the hit, without heavy cover (L1419, L1471)."""
    attack = ctx.state.attack
    assert attack is not None
    choice = answers["by"]
    if choice != "none":
        how, _, who = choice.partition(":")
        updated = attack.model_copy(deep=True)
        hit = updated.hits[updated.hit_index]
        hit.model, hit.substitute = ModelId(who), True
        if how == "bodyguard":
            ctx.emit(FigureUsed(model_id=ModelId(who), once="Bodyguard"))
        ctx.emit(AttackStaged(attack=updated, note=f"{who} takes the hit instead ({how.title()}, "
                                                   f"{RULE}, {'L1419' if how == 'bodyguard' else 'L1471'})."))
    advance(ctx)


def on_armor_reroll(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """The Fortune re-roll of an Armor test (L758-760), or Poison Fruit's free one (L1465)."""
    attack = ctx.state.attack
    assert attack is not None
    if answers["reroll"] != "keep":
        updated = attack.model_copy(deep=True)
        hit = updated.hits[updated.hit_index]
        assert hit.armor is not None
        pay_reroll(ctx, world_of(ctx).model(hit.model).side, answers["reroll"],
                   f"re-rolling the Armor test ({RULE}, L758)")
        (face,) = roll_d20(ctx, 1, f"{hit.model}'s Armor test re-rolled", world_of(ctx).model(hit.model).side)
        hit.armor = AttackDie(face=face, first=hit.armor.first, rerolled_by=answers["reroll"])
        paid = _PAID[answers["reroll"]]
        ctx.emit(AttackStaged(attack=updated, note=f"{hit.model} re-rolls its Armor test ({paid})."))
    advance(ctx)


_PAID = {"fortune": "Fortune", "poison-fruit": "Poison Fruit"}


def on_blight_censors(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """Blight Censors: once a round, after an attack that hit an enemy, the attacker may gain a Blight (L1413)."""
    attack = ctx.state.attack
    assert attack is not None
    if answers["gain"] == "yes":
        ctx.emit(FigureUsed(model_id=attack.attacker, once="Blight Censors"))
        gain(ctx, attack.attacker, "Blight", cause=Cause(f"Blight Censors ({RULE}, L1413)"))
    advance(ctx)


def on_fade(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """The Fade vault after a hit: up to 2" (3" with the Remnant Fortune), not while Floored (L778, L1514); the
    inches count toward Hit and Run (L1223). A fall at its end may be offered its Fortune re-roll (L471-479,
    L758-760): the attack's end waits for the answer."""
    attack = ctx.state.attack
    assert attack is not None
    world = world_of(ctx)
    to = parse_point(answers["vault"])
    model = world.model(attack.attacker)
    here = (model.placed.x, model.placed.y)
    if to != here:
        reach = fade_reach(world, attack)
        moved = vault(ctx, model.id, to, reach + TOLERANCE, why=f"Fade ({RULE}, L1514)", then={"kind": "attack"})
        activation = ctx.state.activation
        if moved and activation is not None and activation.model == model.id:
            ctx.emit(Faded(model_id=model.id, inches=round(moved, 2)))
            if ctx.state.activation is not None and ctx.state.activation.faded >= 4 - TOLERANCE:
                score_deed(ctx, model.side, "hit-and-run", f"{model.id} vaulted "
                                                           f"{ctx.state.activation.faded:.1f}\" through Fade")
        flood_check(ctx)
    advance(ctx)
