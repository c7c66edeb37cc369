"""The choices players make while an attack is resolved, each a decision kind with its handler: Anticipate Attack
(L423), re-rolling the attack test (L626, L757) or the Armor test (L758-760), a friend taking the hit (Bodyguard
L1419, Protected L1471), Blight Censors (L1413) and the Fade vault (L1514). Each handler applies the answer and
carries the attack on (:func:`engine.systems.sunshard.attack_flow.advance`)."""

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
from engine.systems.sunshard.guard import offer_held_shot
from engine.systems.sunshard.harm import Cause, gain, lose
from engine.systems.sunshard.resume import Resume, carry_on, continues, path_of
from engine.systems.sunshard.scoring import score_deed
from engine.systems.sunshard.state import AttackDie, SunshardState
from engine.systems.sunshard.vaults import check_vault, vault, vault_along
from engine.systems.sunshard.world import RULE, world_of

__all__ = ["on_anticipate", "on_armor_reroll", "on_attack_reroll", "on_blight_censors", "on_fade", "on_substitute"]

Point = tuple[float, float]


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
    L758-760): the attack's end waits for the answer. In the model's own activation an enemy On Guard may interrupt
    the vault with a Held Shot (L421, L461): the attack, over but for the vault, ends first, and the vault carries on
    after the shot (``fade-vault``)."""
    attack = ctx.state.attack
    assert attack is not None
    world = world_of(ctx)
    to = parse_point(answers["vault"])
    model = world.model(attack.attacker)
    here = (model.placed.x, model.placed.y)
    if to != here:
        reach = fade_reach(world, attack)
        if _held_shot_first(ctx, model.id, here, to, reach, attack.resume):
            return
        moved = vault(ctx, model.id, to, reach + TOLERANCE, why=f"Fade ({RULE}, L1514)", then={"kind": "attack"})
        _count_fade(ctx, model.id, moved)
        flood_check(ctx)
    advance(ctx)


def _held_shot_first(ctx: Context[SunshardState], model_id: ModelId, here: Point, to: Point, reach: float,
                     after: Resume | None) -> bool:
    """Offer the Held Shot part way along a checked Fade vault, in its model's own activation only (L421, L461);
    True when it was offered and the vault waits for it."""
    activation = ctx.state.activation
    if activation is None or activation.model != model_id:
        return False
    world = world_of(ctx)
    check_vault(world, world.model(model_id), to, reach + TOLERANCE)
    end = (round(to[0], 2), round(to[1], 2))
    if not offer_held_shot(ctx, model_id, (here, end), round(bearing(here, to), 2), (), kind="fade-vault",
                           more={"from": [here[0], here[1]], "after": after}):
        return False
    ctx.emit(AttackStaged(attack=None))
    return True


@continues("fade-vault")
def _fade_vault(ctx: Context[SunshardState], resume: Mapping[str, JsonValue]) -> None:
    """The rest of a Fade vault once its Held Shot is answered (L461, L1514): it goes no further when the shot
    Killed, Downed or Floored its model (Fade is not used while Floored); the inches it went count for Hit and Run
    (L1223), and what the attack interrupted carries on."""
    model = world_of(ctx).model(str(resume["model"]))
    path = path_of(resume)
    if model.on_table and not (model.downed or model.floored) and path:
        rest: Resume = {**resume, "path": []}  # a fall's Fortune re-roll waits, then this ends the vault
        if not vault_along(ctx, model.id, path, float(str(resume["facing"])), int(str(resume["start"])),
                           why=f"Fade ({RULE}, L1514)", then=rest):
            return
    model = world_of(ctx).model(model.id)
    start = resume["from"]
    if model.on_table and isinstance(start, list):
        _count_fade(ctx, model.id, math.dist((float(str(start[0])), float(str(start[1]))),
                                             (model.placed.x, model.placed.y)))
    flood_check(ctx)
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
