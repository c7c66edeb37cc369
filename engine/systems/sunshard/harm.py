"""Wounds, healing, Downed and Killed; tokens and conditions with their caps (Sunshard:Embren core rules v1.0,
L589-648, L1287, L1323, L1345).

- A wound is the loss of 1 HP; a model without a Downed token that would drop to 0 HP stays at 1 HP and gains a
  Downed token and a Floored counter (L644); a Downed model that would lose HP is Killed (L622).
- Healing gains HP, never above the characteristic, and removes Downed (L622, L640; ruling downed-heal); a Burning
  model cannot be healed (L599; ruling burning-blocks-downed-removal).
- At most one of each condition (L591), at most three of each token unless the token says fewer (L618, L1387):
  extra ones are discarded. Three Blight tokens kill (L620; Poorly Protected two, L1467; Blightghast never, L1415),
  and a Blight kill counts as a kill by an enemy model (L1287).
- One Hunter's Mark per warband: a new one moves it (L624). Balance discards Floored at once (L1411).
- A model holding a Rescue or Treasure marker that is Downed or Killed drops it in base contact first (L872, L981).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.checks import CheckResult, Modifier
from engine.core import Context, ModelId, SideId
from engine.geometry import TOLERANCE
from engine.systems.sunshard.abilities import CONDITIONS, TOKENS
from engine.systems.sunshard.engagement import gap
from engine.systems.sunshard.events import HpChanged, ModelGone, TokensChanged
from engine.systems.sunshard.markers import drop_markers
from engine.systems.sunshard.resume import Resume
from engine.systems.sunshard.rolls import tn
from engine.systems.sunshard.shards import offer_phaseforming
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.terrain import objectives, piece, touches
from engine.systems.sunshard.triggers import Killing, on_downed, on_killed
from engine.systems.sunshard.world import RULE, Miniature, World, world_of

__all__ = ["SHATTER", "Cause", "blight_limit", "credit_for", "gain", "heal", "kill", "lose", "settle_save", "wound"]


@dataclass(frozen=True, slots=True)
class Cause:
    """Why harm comes: a phrase for the log, the model whose attack or action did it (if any), how that model acted
    (an ``attack`` action, a ``charge``, a ``held`` reaction, a ``curse`` or ``magika``), and whether the party it
    activated in mattered (Coordinated Assault, L1199)."""

    why: str
    by: ModelId | None = None
    action: str | None = None
    in_party: bool = False


def _cap(token: str) -> int:
    return 1 if token in CONDITIONS else TOKENS.get(token, 3)


def blight_limit(model: Miniature) -> int | None:
    """Blight tokens that kill it: 3 (L620), 2 with Poorly Protected (L1467), never with Blightghast (L1415)."""
    if model.has("Blightghast"):
        return None
    return 2 if model.has("Poorly Protected") else 3


def gain(ctx: Context[SunshardState], model_id: ModelId, token: str, count: int = 1, *, cause: Cause) -> int:
    """``model_id`` gains ``count`` of a token or condition, capped (L591, L618); returns how many it gained. A
    third Blight kills; Hunter's Mark leaves the warband's other model; Balance discards Floored."""
    world = world_of(ctx)
    model = world.model(model_id)
    if not model.on_table or count <= 0:
        return 0
    if token == "Floored" and model.has("Balance"):
        ctx.emit(TokensChanged(model_id=model.id, why=f"Balance discards Floored at once ({RULE}, L1411)"))
        return 0
    room = _cap(token) - model.holds(token)
    gained = max(0, min(count, room))
    if token == "Hunter's Mark" and gained:
        for other in world.on_table(model.side):
            if other.id != model.id and other.figure.warband == model.figure.warband and other.holds(token):
                ctx.emit(TokensChanged(model_id=other.id, lost=(token,),
                                       why=f"one Hunter's Mark per warband ({RULE}, L624)"))
    if gained:
        ctx.emit(TokensChanged(model_id=model.id, gained=(token,) * gained, why=cause.why))
        if token == "On Guard" and model.card.has("Phaseforming"):
            offer_phaseforming(ctx, model.id)
    if token == "Blight":
        _blight_check(ctx, model.id, cause)
    return gained


def lose(ctx: Context[SunshardState], model_id: ModelId, token: str, count: int = 1, *, why: str) -> int:
    """``model_id`` loses up to ``count`` of a token or condition; returns how many it lost."""
    model = world_of(ctx).model(model_id)
    lost = min(count, model.holds(token))
    if lost:
        ctx.emit(TokensChanged(model_id=model.id, lost=(token,) * lost, why=why))
    return lost


def _blight_check(ctx: Context[SunshardState], model_id: ModelId, cause: Cause) -> None:
    model = world_of(ctx).model(model_id)
    limit = blight_limit(model)
    if model.on_table and limit is not None and model.holds("Blight") >= limit:
        why = f"{model.holds('Blight')} Blight tokens ({RULE}, {'L1467' if limit == 2 else 'L620'})"
        kill(ctx, model_id, Cause(why, cause.by, cause.action, cause.in_party), blight=True)


def wound(ctx: Context[SunshardState], model_id: ModelId, *, cause: Cause) -> None:
    """``model_id`` loses 1 HP: Downed at its last HP (L644), Killed if already Downed (L622)."""
    world = world_of(ctx)
    model = world.model(model_id)
    if not model.on_table:
        return
    if model.downed:
        kill(ctx, model_id, Cause(f"{cause.why}; it was Downed ({RULE}, L622)", cause.by, cause.action,
                                  cause.in_party))
        return
    placed = model.placed
    if placed.wounds_left <= 1:
        ctx.emit(TokensChanged(model_id=model.id, gained=("Downed",),
                               why=f"its last HP: it stays at 1 HP, Downed ({RULE}, L644)"))
        gain(ctx, model.id, "Floored", cause=Cause(f"Downed ({RULE}, L644)"))
        drop_markers(ctx, model.id)
        on_downed(ctx, model.id)
        return
    ctx.emit(HpChanged(model_id=model.id, amount=-1, hp_lost=placed.wounds_taken + 1, why=cause.why))


def heal(ctx: Context[SunshardState], model_id: ModelId, amount: int, *, why: str) -> bool:
    """``model_id`` heals ``amount`` HP (never above its characteristic, L640), losing Downed (L622); a Burning
    model cannot be healed (L599). Returns whether the heal took effect."""
    world = world_of(ctx)
    model = world.model(model_id)
    if not model.on_table:
        return False
    if model.holds("Burning"):
        lifted = ("Downed",) if model.downed and world.rulings.burning_blocks_downed_removal == "no" else ()
        ctx.emit(TokensChanged(model_id=model.id, lost=lifted, why=f"Burning: it cannot be healed ({RULE}, L599)"))
        return False
    placed = model.placed
    healed = min(amount, placed.wounds_taken)
    if healed:
        ctx.emit(HpChanged(model_id=model.id, amount=healed, hp_lost=placed.wounds_taken - healed, why=why))
    if model.downed and (healed or world.rulings.downed_heal == "any-heal"):
        ctx.emit(TokensChanged(model_id=model.id, lost=("Downed",), why=f"healed ({RULE}, L622)"))
    return bool(healed) or world.rulings.downed_heal == "any-heal"


def credit_for(world: World, victim: Miniature, cause: Cause) -> SideId | None:
    """Who scores a kill: the opponent of its owner whatever the cause, or only an enemy model's attack or action
    (ruling kill-credit; L1287 makes a Blight kill an enemy's)."""
    if world.rulings.kill_credit == "opponent" or (cause.by is not None and world.model(cause.by).side != victim.side):
        return world.opponent(victim.side)
    return None


def kill(ctx: Context[SunshardState], model_id: ModelId, cause: Cause, *, blight: bool = False) -> None:
    """``model_id`` is Killed and removed at once (L648), after dropping any Rescue or Treasure marker (L872, L981)
    and before its Shatter (L1483) and the quest and deed triggers."""
    world = world_of(ctx)
    victim = world.model(model_id)
    if not victim.on_table:
        return
    drop_markers(ctx, victim.id)
    credit = credit_for(world, victim, cause)
    here = victim.base()
    facts = Killing(victim=victim.id, side=victim.side, leader=victim.leader, points=victim.card.points,
                    marked=victim.holds("Hunter's Mark") > 0,
                    on_objective=any(touches(here, piece(world, mark)) for mark in objectives(world)),
                    credit=credit, by=cause.by, action=cause.action, in_party=cause.in_party, blight=blight)
    shattered = [m.id for m in world.on_table() if m.id != victim.id and gap(victim, m) <= SHATTER + TOLERANCE] \
        if victim.has("Shatter") else []
    ctx.emit(ModelGone(model_id=victim.id, how="killed", cause=cause.why, credit=credit, by=cause.by))
    on_killed(ctx, facts)
    for near in shattered:
        _shatter(ctx, victim.id, near)


SHATTER = 2.0
"""Shatter reaches models within 2" (L1483)."""


def _shatter(ctx: Context[SunshardState], source: ModelId, model_id: ModelId) -> None:
    """A Shatter on a model within 2": a Bleeding counter, then an Armor test at ARM - 4, 1 HP lost on failure
    (L1483-1488; ruling armor-like-tests), its Fortune re-roll offered (L758-760): an attack under way waits for
    the answer, anything else goes on beside it."""
    from engine.systems.sunshard.saves import ASIDE, armor_like_test  # saves settles through this module

    world = world_of(ctx)
    model = world.model(model_id)
    if not model.on_table:
        return
    cause = Cause(f"{source}'s Shatter ({RULE}, L1483)")
    gain(ctx, model.id, "Bleeding", cause=cause)
    goal = tn(model.characteristic("ARM").value, [Modifier.add("Shatter", -4, f"{RULE}, L1486")],
              label=f"{model.id}'s ARM")
    then: Resume = {"kind": "attack"} if ctx.state.attack is not None else ASIDE
    armor_like_test(ctx, model.id, goal, f"{model.id}'s Shatter Armor test", cause, then)


def settle_save(ctx: Context[SunshardState], model_id: ModelId, result: CheckResult, cause: Cause) -> None:
    """After an Armor-like test: a botched one gives Blight (L529), a failed one costs 1 HP."""
    if result.fumbles:
        gain(ctx, model_id, "Blight", cause=Cause(f"a botched save ({RULE}, L529)", cause.by, cause.action,
                                                  cause.in_party))
    if not result.passed:
        wound(ctx, model_id, cause=cause)
