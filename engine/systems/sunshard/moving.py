"""The movement action (Sunshard:Embren core rules v1.0, L387-393, L449-481, L705-729).

A model spends N AP to move up to N x SPD inches (L387), no point of its base going farther (L459: the length of its
centre's path). It may not start while engaged (L393; ruling downed-engagement). It passes through friends no taller
than itself (functional HGT, L463) but never through enemies, never into Impassable terrain (L714) nor terrain taller
than its functional HGT (L467), and stays on the battlefield (ruling table-edge). A move within Rugged terrain loses
2" of its total (L389-391, L729; ruling rugged-frequency), one within Hazardous terrain calls an Armor test at ARM - 2
(L716-721; ruling hazardous-frequency); All Terrain, Shard Walker and Briar Path spare some models (L1407, L1421,
L1477). A move ending 3 or more HGT lower is a fall (:mod:`engine.systems.sunshard.vaults`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import shapely
from pydantic import JsonValue

from engine.checks import Modifier, Target
from engine.core import Choice, Context, IllegalCommand, InvalidCommand, ModelId, SideId
from engine.geometry import (
    TOLERANCE,
    Battlefield,
    GeometryError,
    MoveResult,
    Position,
    Table,
    Terrain,
    parse_position,
    path_length,
    resolve_move,
    shape_key,
)
from engine.systems.sunshard.ap import can_still_act, spend_ap
from engine.systems.sunshard.deeds import flood_check
from engine.systems.sunshard.engagement import REACH, gap, held_in_place, in_contact, reach
from engine.systems.sunshard.events import ChargeReady, TerrainRuleGained
from engine.systems.sunshard.guard import engagement_reactions, offer_held_shot
from engine.systems.sunshard.harm import Cause
from engine.systems.sunshard.resume import Resume, continues, path_of
from engine.systems.sunshard.rolls import tn
from engine.systems.sunshard.saves import armor_like_test
from engine.systems.sunshard.sight import has_sight
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.terrain import pieces, surface, touches
from engine.systems.sunshard.vaults import fall, falls
from engine.systems.sunshard.world import RULE, Miniature, World, refuse, world_of
from engine.table import ModelMoved

__all__ = ["RUGGED", "MovePlan", "allowance", "apply_move", "check_move", "finish_move", "move_ap_values",
           "movement_field", "wither"]

RUGGED = 2.0
"""Inches a move within Rugged terrain loses (L729)."""

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class MovePlan:
    """A legal movement action: the path of the base's centre, its length and what it crosses."""

    model: ModelId
    side: SideId
    ap: int
    path: tuple[Point, ...]
    distance: float
    facing: float
    allowance: float
    rugged: bool
    hazardous: tuple[str, ...]
    working: tuple[str, ...]



def movement_field(world: World, mover: Miniature) -> Battlefield:
    """The battlefield as the mover meets it: every base it may not pass (enemies; friends taller than it, L463) and
    every piece it may not enter (Impassable, L714; taller than its functional HGT, L467) as obstacles."""
    height = mover.functional_hgt(for_sight=False)
    bases = [m.base() for m in world.on_table() if m.id != mover.id
             and (m.side != mover.side or m.functional_hgt(for_sight=False) > height)]
    terrain = [_walled(piece) if piece.height > height and not piece.has("impassable") else piece
               for piece in pieces(world)]
    return Battlefield(Table(world.state.width, world.state.height), tuple(terrain), (mover.base(), *bases))


_WALLED: dict[int, tuple[Terrain, Terrain]] = {}
"""Each piece made Impassable so far, by the piece's id (the piece held, so the id stays its own): a piece hashes by
writing its shape's WKB, on every lookup."""


def _walled(piece: Terrain) -> Terrain:
    """The piece made Impassable (built once per piece: a menu asks the field of every mover it routes)."""
    found = _WALLED.get(id(piece))
    if found is None or found[0] is not piece:
        if len(_WALLED) >= 512:
            _WALLED.clear()
        found = _WALLED[id(piece)] = (piece, Terrain(piece.id, piece.kind, piece.polygon, piece.height,
                                                     piece.keywords | {"impassable"}))
    return found[1]


def allowance(world: World, mover: Miniature, ap: int) -> Target:
    """How far ``ap`` AP of movement take the mover: AP x SPD (L387), SPD with its modifiers (L608, L872)."""
    speed = mover.characteristic("SPD")
    return Target(speed.value * ap, speed.value * ap, speed.applied, speed.ignored,
                  (*speed.working, f"{ap} AP x SPD {speed.value} = {speed.value * ap}\""))


def _spares(world: World, mover: Miniature, piece: Terrain, rule: str) -> bool:
    """Whether an ability spares the mover this piece's Rugged or Hazardous rule (L1407, L1421, L1477)."""
    if rule == "rugged" and mover.has("All Terrain"):
        return True
    if mover.has("Shard Walker") and piece.has("seeded"):
        return True
    if rule == "hazardous":
        return any(m.has("Briar Path") and m.figure.warband == mover.figure.warband and touches(m.base(), piece)
                   for m in world.on_table(mover.side))
    return False


def crossed(world: World, mover: Miniature, path: tuple[Point, ...]) -> tuple[list[Terrain], list[Terrain]]:
    """The Rugged and the Hazardous pieces a path goes within (more than touching), those not spared."""
    slowing = [p for p in pieces(world) if p.has("rugged") or p.has("hazardous")]
    if not slowing:  # nothing the path could cross matters: no swept area to draw
        return [], []
    radius = mover.base().radius
    line = shapely.LineString(path) if len(path) > 1 else shapely.Point(path[0])
    gaps = shapely.distance(line, [p.polygon for p in slowing]).tolist()
    slowing = [p for p, apart in zip(slowing, gaps, strict=True) if apart < radius - TOLERANCE + _HAIR]
    if not slowing:  # the swept area (its outline within the path's reach) shares no area with any of them
        return [], []
    swept = line.buffer(radius - TOLERANCE)
    left, bottom, right, top = swept.bounds  # a piece whose box the swept area's misses shares no area with it
    within = [p for p in slowing if _boxes_meet((left, bottom, right, top), p.polygon.bounds)
              and swept.intersection(p.polygon).area > TOLERANCE ** 2]
    rugged = [p for p in within if p.has("rugged") and not _spares(world, mover, p, "rugged")]
    hazardous = [p for p in within if p.has("hazardous") and not _spares(world, mover, p, "hazardous")]
    if world.rulings.hazardous_frequency == "once-per-action":
        hazardous = hazardous[:1]
    return rugged, hazardous


_HAIR = 1e-6
"""Inches past a base's reach a piece may lie and still be measured: far more than any rounding of the distance."""


def _boxes_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def check_move(world: World, side: SideId, filled: Mapping[str, str]) -> MovePlan:
    """The one rule check of a movement action; ``filled`` holds ``model``, ``ap`` and ``to`` (a point, waypoints or
    an anchor: ``10,12``, ``via:...``, ``toward B1 max``, ``contact B1``).

    :raises RulesError: naming the rule broken; nothing changes then.
    """
    mover = world.model(filled.get("model", ""))
    activation = world.state.activation
    if mover.side != side or activation is None or activation.model != mover.id:
        raise refuse(f"{mover.id} is not activating: a model moves in its own activation", "L387")
    if mover.has("Fractal Roots"):
        raise refuse(f"{mover.id} has Fractal Roots and takes no movement actions; it may Translocate", "L1443")
    held = held_in_place(world, mover)
    if held:
        raise refuse(f"{mover.id} is engaged by {', '.join(m.id for m in held)} and may not move; it may Disengage",
                      "L393")
    try:
        ap = int(filled.get("ap", "1"))
    except ValueError:
        raise InvalidCommand(f"{filled.get('ap')!r} is not a number of AP") from None
    if ap < 1:
        raise InvalidCommand("a movement action spends at least 1 AP (L387)")
    if ap > activation.ap:
        raise refuse(f"{mover.id} has {activation.ap} AP left", "L383")
    full = allowance(world, mover, ap)
    text = filled.get("to", "")
    if not text:
        raise InvalidCommand("say where the model moves: to:x,y, to:via:x,y;x,y, to:toward B1 max or to:contact B1")
    try:
        position = parse_position(text)
        field = movement_field(world, mover)
        result = _routed(field, mover.id, position, text, full.value)
        rugged, hazardous = crossed(world, mover, result.waypoints)
        limit = full.value - (RUGGED * (len(rugged) if world.rulings.rugged_frequency == "per-piece" else 1)
                              if rugged else 0)
        if result.distance > limit + TOLERANCE:
            if not result.complete or text.split()[0] in ("toward", "away"):
                result = _routed(field, mover.id, position, text, max(limit, 0.0))
                rugged, hazardous = crossed(world, mover, result.waypoints)
            else:
                raise refuse(f"that move is {result.distance:.2f}\"; {mover.id} may move {limit:g}\" "
                              f"({full.value:g}\" less 2\" for Rugged {', '.join(p.id for p in rugged)})", "L389-391")
    except GeometryError as error:
        raise IllegalCommand(str(error)) from None
    if not result.complete and text.split()[0] not in ("toward", "away"):
        raise refuse(f"{mover.id} cannot reach {text} with {full.value:g}\"", "L387")
    working = (*full.working, *((f"Rugged ({', '.join(p.id for p in rugged)}): -2\" ({RULE}, L729)",) if rugged
                                else ()), f"path {result.distance:.2f}\"")
    return MovePlan(mover.id, side, ap, result.waypoints, round(result.distance, 2), round(result.facing, 2),
                    limit, bool(rugged), tuple(p.id for p in hazardous), working)


_ROUTES: dict[tuple[object, ...], MoveResult] = {}
"""Moves already worked out, by everything they depend on (the battlefield as the mover meets it, where to, how
far): a menu, its check and the bot ask the same question of copies of one state, and routing is the costly part."""


def _routed(field: Battlefield, mover: str, position: Position, text: str, reach: float) -> MoveResult:
    """``resolve_move``, kept for a battlefield laid out the same way (the oldest forgotten past 2,000)."""
    key = (field.table.width, field.table.height, mover, text, round(reach, 4),
           tuple((t.id, t.height, t.keywords, shape_key(t.polygon)) for t in field.terrain),
           tuple((b.id, b.pose.x, b.pose.y, b.pose.z, b.diameter_mm, b.height) for b in field.bases))
    found = _ROUTES.get(key)
    if found is None:
        found = resolve_move(field, mover, position, max_distance=reach)
        if len(_ROUTES) >= 2000:
            del _ROUTES[next(iter(_ROUTES))]
        _ROUTES[key] = found
    return found


def move_ap_values(world: World, side: SideId, filled: Mapping[str, str]) -> list[Choice]:
    """How many AP the activating model may spend on a move, each with the inches it gives."""
    mover = world.model(filled.get("model", ""))
    activation = world.state.activation
    if activation is None or activation.model != mover.id:
        return []
    return [Choice(str(n), f"{n} AP: up to {allowance(world, mover, n).value}\"")
            for n in range(1, activation.ap + 1)]


def apply_move(ctx: Context[SunshardState], side: SideId, plan: MovePlan) -> None:
    """Spend the AP and make the move (Held Shot interruptions are offered by :mod:`engine.systems.sunshard.guard`;
    a Burning test's re-roll waits, the move going on after it, ``paid-move``)."""
    move: Resume = {"kind": "move", "model": plan.model, "path": [[x, y] for x, y in plan.path],
                    "facing": plan.facing, "hazardous": list(plan.hazardous)}
    if spend_ap(ctx, plan.model, plan.ap, f"a movement action of {plan.distance:.2f}\"",
                then=lambda: {**move, "kind": "paid-move"}):
        _paid_move(ctx, move)


@continues("paid-move")
def _paid_move(ctx: Context[SunshardState], move: Mapping[str, JsonValue]) -> None:
    """The move once its AP are paid: a Held Shot offered along it, else carried out."""
    model = ModelId(str(move["model"]))
    if not can_still_act(ctx, model):
        return
    path = path_of(move)
    hazards = move.get("hazardous")
    if offer_held_shot(ctx, model, path, float(str(move["facing"])),
                       [str(h) for h in hazards] if isinstance(hazards, list) else []):
        return
    finish_move(ctx, {**move, "kind": "move"})


@continues("move")
def finish_move(ctx: Context[SunshardState], resume: Mapping[str, JsonValue]) -> None:
    """Carry the move out along ``resume["path"]`` (the rest of it, after any Held Shot): Hazardous tests, a fall,
    whom it may now Charge, and the On Guard reactions of enemies it engages."""
    world = world_of(ctx)
    mover = world.model(str(resume["model"]))
    if not mover.on_table or mover.downed:
        return
    path = tuple(path_of(resume))
    begun = resume.get("start")
    start = begun if isinstance(begun, int) else surface(world, mover)
    end = surface(world, mover, at=path[-1])
    if len(path) > 1:
        length = round(path_length(path), 2)
        ctx.emit(ModelMoved(model_id=mover.id, path=path, distance=length, facing=float(str(resume["facing"])),
                            z=float(end)))
    hazards = resume.get("hazardous")
    hazards = hazards if isinstance(hazards, list) else []
    rest: dict[str, JsonValue] = {**resume, "path": [list(path[-1])], "start": start}
    for index, piece_id in enumerate(hazards):
        if not hazard(ctx, mover.id, str(piece_id), then={**rest, "hazardous": hazards[index + 1:]}):
            return  # its Fortune re-roll is offered: the move carries on after the answer
    if not can_still_act(ctx, mover.id):
        return
    fallen = {**rest, "hazardous": [], "fallen": True}
    if not resume.get("fallen") and falls(world, start, end) and not fall(ctx, mover.id, start, end, then=fallen):
        return
    wither(ctx, mover.id)
    _ready_to_charge(ctx, mover.id)
    flood_check(ctx)
    engagement_reactions(ctx, mover.id)


def hazard(ctx: Context[SunshardState], model_id: ModelId, piece_id: str, then: Resume | None = None) -> bool:
    """A Hazardous piece's Armor test, ARM - 2, 1 HP lost on failure (L716-721; ruling armor-like-tests); False when
    its Fortune re-roll was offered and ``then`` waits for the answer."""
    world = world_of(ctx)
    model = world.model(model_id)
    if not model.on_table:
        return True
    goal = tn(model.characteristic("ARM").value, [Modifier.add(f"Hazardous {piece_id}", -2, f"{RULE}, L719")],
              label=f"{model.id}'s ARM")
    return armor_like_test(ctx, model.id, goal, f"{model.id}'s Hazardous test in {piece_id}",
                           Cause(f"Hazardous terrain {piece_id} ({RULE}, L721)"), then)


def _ready_to_charge(ctx: Context[SunshardState], model_id: ModelId) -> None:
    """Whom the model may Charge now: enemies its move ended in base contact with, or within 2" and in sight with a
    Reach profile (L405, L537-539)."""
    world = world_of(ctx)
    mover = world.model(model_id)
    targets = [e.id for e in world.on_table() if e.side != mover.side and (
        in_contact(mover, e) or (reach(mover) >= REACH and gap(mover, e) <= REACH + TOLERANCE
                                 and has_sight(world, mover, e)))]
    ctx.emit(ChargeReady(model_id=mover.id, targets=tuple(targets)))



def wither(ctx: Context[SunshardState], model_id: ModelId) -> None:
    """Withering Whereabouts: terrain the model is within or touches gains Hazardous and Seeded for good (L1496;
    ruling withering-lasting)."""
    world = world_of(ctx)
    model = world.model(model_id)
    if not model.on_table or not model.has("Withering Whereabouts"):
        return
    for terrain in pieces(world):
        if touches(model.base(), terrain):
            for rule in ("hazardous", "seeded"):
                if not terrain.has(rule):
                    ctx.emit(TerrainRuleGained(terrain_id=terrain.id, rule=rule, lasts="game"))
