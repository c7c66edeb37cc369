"""The choices players make while an attack is resolved, each a decision kind with its handler: Anticipate Attack
(L423), re-rolling the attack test (L626, L757) or the Armor test (L758-760), a friend taking the hit (Bodyguard
L1419, Protected L1471), Blight Censors (L1413) and the Fade vault (L1514). Each handler applies the answer and
carries the attack on (:func:`engine.systems.sunshard.attack_flow.advance`); the Fade vault, which follows the whole
attack, ends it and goes on as a vault of its own (``fade-vault``)."""

from __future__ import annotations

import math
from collections.abc import Mapping

from pydantic import JsonValue

from engine.core import Context, Decision, ModelId, parse_point
from engine.geometry import TOLERANCE, bearing
from engine.systems.sunshard.attack_flow import advance, fade_reach
from engine.systems.sunshard.attack_rerolls import reroll_with
from engine.systems.sunshard.d20 import roll_d20
from engine.systems.sunshard.deeds import flood_check
from engine.systems.sunshard.events import Anticipated, AttackStaged, Faded, FigureUsed
from engine.systems.sunshard.fortune import pay_reroll
from engine.systems.sunshard.guard import engagement_reactions, offer_held_shot
from engine.systems.sunshard.harm import Cause, gain, lose
from engine.systems.sunshard.moving import wither
from engine.systems.sunshard.resume import Resume, carry_on, continues, path_of
from engine.systems.sunshard.scoring import score_deed
from engine.systems.sunshard.state import AttackDie, SunshardState
from engine.systems.sunshard.terrain import surface
from engine.systems.sunshard.vaults import check_vault, vault_along
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
    """The Fade vault after a hit: up to 2" (3" with the Remnant Fortune), not while Floored (L778, L1514). It comes
    after the whole attack (ruling fade-timing), so the attack ends as the vault begins; in the model's own activation
    an enemy On Guard may interrupt it with a Held Shot (L421, L461), the vault carrying on after the shot."""
    attack = ctx.state.attack
    assert attack is not None
    world = world_of(ctx)
    to = parse_point(answers["vault"])
    model = world.model(attack.attacker)
    here = (model.placed.x, model.placed.y)
    if to == here:
        advance(ctx)
        return
    check_vault(world, model, to, fade_reach(world, attack) + TOLERANCE)
    path = (here, (round(to[0], 2), round(to[1], 2)))
    facing = round(bearing(here, to), 2)
    more: Resume = {"from": [here[0], here[1]], "after": attack.resume}
    ctx.emit(AttackStaged(attack=None))
    activation = ctx.state.activation
    if activation is not None and activation.model == model.id and offer_held_shot(
            ctx, model.id, path, facing, (), kind="fade-vault", more=more):
        return
    _fade_vault(ctx, {"kind": "fade-vault", "model": model.id, "path": [list(p) for p in path], "facing": facing,
                      "start": surface(world, model), **more})


@continues("fade-vault")
def _fade_vault(ctx: Context[SunshardState], resume: Mapping[str, JsonValue]) -> None:
    """A Fade vault along ``resume["path"]`` (what is left of it after a Held Shot, L461): no further once a shot
    Killed, Downed or Floored its model (Fade is not used while Floored, L1514); a fall judged from where it began
    (L471), its Fortune re-roll waiting (L758-760). Then, as after any vault: the inches count for Hit and Run
    (L1223), Withering Whereabouts (L1496), Flood (L1253), the On Guard enemies it now engages (L429-435, in its own
    activation), and what the attack interrupted carries on."""
    model = world_of(ctx).model(str(resume["model"]))
    path = path_of(resume)
    if model.on_table and not (model.downed or model.floored) and path:
        rest: Resume = {**resume, "path": []}  # after a fall's re-roll, the vault is over
        if not vault_along(ctx, model.id, path, float(str(resume["facing"])), int(str(resume["start"])),
                           why=f"Fade ({RULE}, L1514)", then=rest):
            return
    model = world_of(ctx).model(model.id)
    start = resume["from"]
    if model.on_table and isinstance(start, list):
        _count_fade(ctx, model.id, math.dist((float(str(start[0])), float(str(start[1]))),
                                             (model.placed.x, model.placed.y)))
        wither(ctx, model.id)
    flood_check(ctx)
    activation = ctx.state.activation
    if activation is not None and activation.model == model.id:
        engagement_reactions(ctx, model.id)
    after = resume.get("after")
    if isinstance(after, dict):
        carry_on(ctx, after)


def _count_fade(ctx: Context[SunshardState], model_id: ModelId, moved: float) -> None:
    """Inches vaulted through Fade in the model's own activation, and Hit and Run at 4 in one activation (L1223)."""
    activation = ctx.state.activation
    if not moved or activation is None or activation.model != model_id:
        return
    ctx.emit(Faded(model_id=model_id, inches=round(moved, 2)))
    if ctx.state.activation is not None and ctx.state.activation.faded >= 4 - TOLERANCE:
        side = world_of(ctx).model(model_id).side
        score_deed(ctx, side, "hit-and-run", f"{model_id} vaulted {ctx.state.activation.faded:.1f}\" through Fade")
