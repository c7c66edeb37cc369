"""The special actions of the core rules (Sunshard:Embren core rules v1.0, L399-447, L1375, L1429-1445): Rally,
On Guard, Disengage, Climbing, Eagle-Eye and Translocate, each with its one rule check and its handler (the Charge is
an attack, :mod:`engine.systems.sunshard.attack_plan`; Party Formation is part of selecting a model,
:mod:`engine.systems.sunshard.activation`). A Wavering model takes no special action but Rally (L612).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import shapely
from pydantic import JsonValue
from shapely.ops import nearest_points

from engine.core import Choice, Context, InvalidCommand, ModelId, SideId, parse_point
from engine.geometry import TOLERANCE, bearing, overlaps
from engine.systems.sunshard.ap import spend_ap
from engine.systems.sunshard.deeds import flood_check
from engine.systems.sunshard.engagement import engaged_by, held_in_place, reach
from engine.systems.sunshard.events import ActivationFlag
from engine.systems.sunshard.guard import engagement_reactions, offer_held_shot
from engine.systems.sunshard.harm import Cause, gain, lose
from engine.systems.sunshard.moving import wither
from engine.systems.sunshard.resume import continues, path_of, plan_of, plan_resume
from engine.systems.sunshard.rounds import finish_activation
from engine.systems.sunshard.saves import waiting
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.terrain import pieces, relation, surface
from engine.systems.sunshard.vaults import check_vault, vault, vault_along
from engine.systems.sunshard.world import RULE, Miniature, World, refuse, world_of
from engine.table import ModelPlaced

__all__ = ["SPECIAL_COSTS", "Special", "apply_special", "check_special", "climb_spot", "rally_values"]

SPECIAL_COSTS: Mapping[str, int] = {"rally": 1, "on-guard": 2, "disengage": 2, "eagle-eye": 1, "translocate": 2}
"""AP each costs (L409, L419, L447, L1429, L1443); Climbing costs its HGT difference (L413)."""

_NAMES = {"rally": "Rally", "on-guard": "On Guard", "disengage": "Disengage", "eagle-eye": "Eagle-Eye",
          "translocate": "Translocate", "climb": "Climbing"}
"""Each special action as the book names it, for the lines that say what the AP were spent on."""


@dataclass(frozen=True, slots=True)
class Special:
    """A legal special action: which, by whom, its AP, and what it acts on (a condition, a spot)."""

    name: str
    model: ModelId
    side: SideId
    ap: int
    condition: str | None = None
    to: tuple[float, float] | None = None
    height: int = 0


def _activating(world: World, side: SideId, model_id: str) -> Miniature:
    model = world.model(model_id)
    activation = world.state.activation
    if model.side != side or activation is None or activation.model != model.id:
        raise refuse(f"{model.id} is not activating", "L379")
    return model


def rally_values(world: World, side: SideId, filled: Mapping[str, str]) -> list[Choice]:
    """The condition counters the model may take off with a Rally (L447)."""
    return [Choice(c, c) for c in world.model(filled.get("model", "")).conditions]


def climb_spot(world: World, model: Miniature, piece_id: str | None) -> tuple[tuple[float, float], int, int]:
    """Where Climbing places the model (the nearest free spot onto the piece it touches, or off the piece it stands
    completely within onto the battlefield, L411-415) with the AP it costs (1 per HGT of difference, ruling
    climb-height) and the HGT it ends at."""
    base = model.base()
    here = shapely.Point(base.xy)
    standing = [t for t in pieces(world) if relation(base, t) == "completely"]
    height = model.functional_hgt(for_sight=False) if world.rulings.climb_height == "functional" else model.card.HGT
    if piece_id is None:
        if not standing:
            raise refuse(f"{model.id} stands completely within no terrain to climb down from", "L411")
        top = max(standing, key=lambda t: t.height)
        if top.height <= 0:
            raise refuse(f"{top.id} is HGT 0: there is no height to climb down (a move takes {model.id} off it)",
                         "L411-413")
        region = shapely.box(base.radius, base.radius, world.state.width - base.radius,
                             world.state.height - base.radius).difference(top.polygon.buffer(base.radius))
        cost, end = int(top.height), 0
    else:
        target = next((t for t in pieces(world) if t.id.upper() == piece_id.upper()), None)
        if target is None:
            raise InvalidCommand(f"there is no terrain {piece_id}")
        if relation(base, target) == "apart":
            raise refuse(f"{model.id} is not in base contact with {target.id}", "L411")
        if target.height <= height:
            which = "functional HGT" if world.rulings.climb_height == "functional" else "HGT"
            raise refuse(f"{target.id} (HGT {target.height:g}) is not taller than {model.id} ({which} {height:g}): "
                         "move onto it instead", "L411, L467")
        if target.has("impassable"):
            raise refuse(f"{target.id} is Impassable", "L714")
        region = target.polygon.buffer(-base.radius)
        cost, end = int(target.height - height), int(target.height)
    others = [m.base() for m in world.on_table() if m.id != model.id]
    blocked = shapely.union_all([shapely.Point(o.xy).buffer(o.radius + base.radius - TOLERANCE) for o in others]) \
        if others else None
    free = region.difference(blocked) if blocked is not None else region
    if free.is_empty:
        raise refuse(f"there is no room to place {model.id}", "L415")
    nearest = nearest_points(free, here)[0]
    return (round(nearest.x, 2), round(nearest.y, 2)), cost, end


def check_special(world: World, side: SideId, filled: Mapping[str, str]) -> Special:
    """The one rule check of a special action; ``filled`` holds ``action`` and ``model``, and ``choice`` (Rally's
    condition, Climbing's terrain) or ``to`` (Disengage's and Translocate's spot) where needed.

    :raises RulesError: naming the rule broken.
    """
    name = filled.get("action", "")
    model = _activating(world, side, filled.get("model", ""))
    activation = world.state.activation
    assert activation is not None
    if name != "rally" and model.wavering:
        raise refuse(f"{model.id} is Wavering: no special action but Rally", "L612")
    if name == "climb":
        to, cost, end = climb_spot(world, model, filled.get("choice") or None)
        if activation.ap < cost:
            raise refuse(f"Climbing costs {cost} AP and {model.id} has {activation.ap}", "L417")
        return Special(name, model.id, side, cost, to=to, height=end)
    if name not in SPECIAL_COSTS:
        known = ", ".join((*SPECIAL_COSTS, "climb"))
        raise InvalidCommand(f"{name!r} is not a special action; the special actions are {known} (and charge, an "
                             "attack)")
    cost = SPECIAL_COSTS[name]
    if activation.ap < cost:
        raise refuse(f"{name} costs {cost} AP and {model.id} has {activation.ap}", "L383")
    if name == "rally":
        condition = filled.get("choice", "")
        if condition not in model.conditions:
            held = ", ".join(model.conditions) or "none"
            raise refuse(f"{model.id} has no {condition or 'condition named'} counter (it has {held})", "L447")
        return Special(name, model.id, side, cost, condition=condition)
    if name == "on-guard" and model.has("Fractal Roots"):
        raise refuse(f"{model.id} has Fractal Roots and takes no On Guard", "L1443")
    if name == "eagle-eye" and not model.has("Eagle-Eye"):
        raise refuse(f"{model.id} has no Eagle-Eye", "L1429")
    if name in ("disengage", "translocate"):
        to = parse_point(filled.get("to", ""))
        if name == "disengage":
            _check_disengage(world, model, to)
        else:
            _check_translocate(world, model, to)
        return Special(name, model.id, side, cost, to=to)
    return Special(name, model.id, side, cost)


def _check_disengage(world: World, model: Miniature, to: tuple[float, float]) -> None:
    """Engaged by an enemy, vault up to SPD, not ending engaged with any enemy it is engaged with now (L409): with
    ruling downed-engagement ``only-standing`` an enemy engaging it; read literally, also one it engages with its
    own Reach (L155-157, L537)."""
    if not engaged_by(world, model):
        raise refuse(f"{model.id} is not engaged by an enemy", "L409")
    check_vault(world, model, to, model.characteristic("SPD").value)
    moved = model.base().at(*to)
    own = reach(model) if world.rulings.downed_engagement == "literal" else 0.0
    still = [e.id for e in held_in_place(world, model)
             if math.dist(moved.xy, e.base().xy) - moved.radius - e.base().radius
             <= max(0.0 if e.downed else reach(e), own) + TOLERANCE]
    if still:
        raise refuse(f"{model.id} would still be engaged with {', '.join(still)}", "L409")


def _check_translocate(world: World, model: Miniature, to: tuple[float, float]) -> None:
    """Placed completely within 3" of where it was, or within 6" and within Seeded terrain (L1445; ruling
    placement-distance)."""
    if not model.has("Fractal Roots"):
        raise refuse(f"{model.id} has no Fractal Roots to Translocate with", "L1443")
    here = (model.placed.x, model.placed.y)
    moved = model.base().at(*to)
    distance = math.dist(here, to)
    seeded = any(t.has("seeded") and relation(moved, t) in ("within", "completely") for t in pieces(world))
    if distance > (6.0 if seeded else 3.0) + TOLERANCE:
        raise refuse(f"{to[0]:g},{to[1]:g} is {distance:.2f}\" away: Translocate places within 3\", or within 6\" "
                     "into Seeded terrain", "L1445")
    clash = [m.id for m in world.on_table() if m.id != model.id and overlaps(moved, m.base())]
    walls = [t.id for t in pieces(world) if t.has("impassable") and relation(moved, t) in ("within", "completely")]
    if clash or walls:
        raise refuse(f"{model.id} cannot be placed on {', '.join(clash + walls)}", "L463, L714")


def apply_special(ctx: Context[SunshardState], plan: Special) -> None:
    """Pay for and carry out a checked special action (after a Burning test's re-roll when one is asked)."""
    if spend_ap(ctx, plan.model, plan.ap, _NAMES[plan.name], rally=plan.name == "rally",
                then=lambda: plan_resume("paid-special", plan)):
        _carry_out(ctx, plan)


@continues("paid-special")
def _paid_special(ctx: Context[SunshardState], resume: Mapping[str, JsonValue]) -> None:
    _carry_out(ctx, plan_of(resume, Special))


def _carry_out(ctx: Context[SunshardState], plan: Special) -> None:
    world = world_of(ctx)
    model = world.model(plan.model)
    if not model.on_table or model.downed:
        return
    if plan.name == "rally" and plan.condition is not None:
        lose(ctx, model.id, plan.condition, why=f"Rally ({RULE}, L447)")
    elif plan.name == "on-guard":
        gain(ctx, model.id, "On Guard", cause=Cause(f"the On Guard special action ({RULE}, L419)"))
        finish_activation(ctx, model.id)
    elif plan.name == "eagle-eye":
        ctx.emit(ActivationFlag(model_id=model.id, flag="aim_free"))
    elif plan.name == "disengage" and plan.to is not None:
        here = (model.placed.x, model.placed.y)
        if offer_held_shot(ctx, model.id, (here, plan.to), round(bearing(here, plan.to), 2), (),
                           kind="disengage-vault"):
            return  # a Held Shot may interrupt the vault (L461): it carries on after the answer
        vault(ctx, model.id, plan.to, model.characteristic("SPD").value + TOLERANCE,
              why=f"Disengage ({RULE}, L409)", then={"kind": "vaulted", "model": model.id})
        if not waiting(ctx):
            _moved(ctx, model.id)
    elif plan.to is not None:
        here = (model.placed.x, model.placed.y)
        end = plan.height if plan.name == "climb" else surface(world, model, at=plan.to)
        line = "L415" if plan.name == "climb" else "L1445"
        ctx.emit(ModelPlaced(model_id=model.id, x=plan.to[0], y=plan.to[1], facing=round(bearing(here, plan.to), 2),
                             z=float(end), acted_by=f"{_NAMES[plan.name]} ({RULE}, {line})"))
        _moved(ctx, model.id)


@continues("disengage-vault")
def _disengage_vault(ctx: Context[SunshardState], resume: Mapping[str, JsonValue]) -> None:
    """A Disengage vault after its Held Shot was answered (L409, L461): the rest of it (its end alone when the shot
    came there, still judged for a fall from where the vault began, L471), unless the shot Downed or Killed the model
    where it stopped."""
    model = world_of(ctx).model(str(resume["model"]))
    if not model.on_table or model.downed:
        return
    path = path_of(resume)
    if path and not vault_along(ctx, model.id, path, float(str(resume["facing"])), int(str(resume["start"])),
                                why=f"Disengage ({RULE}, L409)", then={"kind": "vaulted", "model": model.id}):
        return
    _moved(ctx, model.id)


@continues("vaulted")
def _vaulted(ctx: Context[SunshardState], resume: Mapping[str, JsonValue]) -> None:
    """A Disengage vault carrying on once its falling test's re-roll is answered."""
    _moved(ctx, ModelId(str(resume["model"])))


def _moved(ctx: Context[SunshardState], model_id: ModelId) -> None:
    """After a vault or a placement: Withering Whereabouts, Flood, and the On Guard reactions of enemies now
    engaged."""
    wither(ctx, model_id)
    flood_check(ctx)
    engagement_reactions(ctx, model_id)

