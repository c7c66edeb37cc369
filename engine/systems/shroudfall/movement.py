"""Moving, placing and pushing models in Shroudfall (Shroudfall beta rulebook v1.4, L573-677).

- A move lays the unit's movement tool (S, M or L; lengths by ruling ``mov-lengths``) touching the model's base;
  the tool overlaps no base and no IMPASSABLE terrain, the model ends touching it, on no base, IMPASSABLE or LINEAR
  TERRAIN (L583-600, L985); Flying and Nimble hover the tool over bases (L1335, L1349). Frostbite makes MOV S, Fast
  terrain one longer, Rough terrain one shorter, Slow terrain S (ruling ``mov-modifiers``); a shorter tool may
  always be used (L575).
- Without Parry a model in melee must end still in melee with every enemy it was in melee with (L654; ruling
  ``melee-lock``: the end position).
- After a move action the unit must be in coherency (within 2", or 1" for a unit that started with 5 or more, in one
  formation) or its activation ends (L606-612).
- A place ignores what lies between, and may not end on a base, IMPASSABLE or LINEAR TERRAIN (L656-663).
- A push goes straight and stops on touching a base, IMPASSABLE or LINEAR TERRAIN or the table edge (L665-677);
  Rooted and Hold the Line! refuse enemy pushes, Frostbite friendly ones (L1365, L513, L1401).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import shapely

from engine.core import IllegalCommand, ModelId, SideId
from engine.geometry import (
    TOLERANCE,
    XY,
    Base,
    MovementTool,
    Pose,
    Push,
    ToolPath,
    ToolRefused,
    ToolWorld,
    distance,
    lay_tool,
    push_base,
    spot_problem,
    tool_polygon,
)
from engine.systems.shroudfall.catalogue import fold, split_named
from engine.systems.shroudfall.schema import MOVES, Move
from engine.systems.shroudfall.state import UnitRecord
from engine.systems.shroudfall.world import World, keyword_of

__all__ = [
    "ModelMove",
    "coherency_range",
    "connected",
    "in_coherency",
    "lock_refusal",
    "manifestation_bases",
    "move_tool",
    "moved_spots",
    "place_refusal",
    "plan_model_move",
    "push_model",
    "tool_world",
]


def _step(mov: Move, by: int) -> Move:
    return MOVES[min(len(MOVES) - 1, max(0, MOVES.index(mov) + by))]


def _ignores_rough(world: World, model: ModelId, piece: str) -> bool:
    if world.has(model, "Flying"):
        return True
    for text in world.passives(model):
        name, kind = split_named(text)
        if fold(name) == "pathfinder" and (kind is None or any(
                keyword_of(k) == "rough" and fold(split_named(k)[1] or "") == fold(kind)
                for k in world.keywords(piece))):
            return True
    return False


def _starting_tool(world: World, model: ModelId) -> tuple[Move, tuple[str, ...], tuple[str, ...]]:
    """The tool before the terrain it crosses: the card's MOV, Frostbite and Fast terrain it starts in, with the
    reasons and the pieces it starts in (measured once per World)."""
    unit = world.unit(model)
    mov: Move = world.card(model).mov
    why = [f"MOV {mov} on the card"]
    if "frostbite" in unit.conditions:
        mov = "S"
        why.append("Frostbite: MOV S (L1401)")
    starts_in = tuple(t for t in world.state.terrain if world.within(model, t))
    if any(world.piece_has(t, "Fast") for t in starts_in):
        mov = _step(mov, 1)
        why.append(f"starts in Fast terrain: MOV {mov} (L1437)")
    return mov, tuple(why), starts_in


def move_tool(world: World, model: ModelId, *, path: ToolPath | None = None, end: XY | None = None,
              wanted: Move | None = None) -> tuple[Move, list[str]]:
    """The tool a move of ``model`` uses, with the reasons: its card's MOV, then Frostbite (S), Fast (one longer),
    Rough (one shorter, judged on the laid tool and the end base when given) and Slow (S); ``wanted`` picks a
    shorter tool (L575, L1401, L1437-1463; ruling ``mov-modifiers``)."""
    mov, said, starts_in = world.remember(("starting-tool", model), lambda: _starting_tool(world, model))
    why = list(said)
    touched = list(starts_in)
    if path is not None and end is not None:
        base = world.base(model).at(*end)
        points = path.points()
        # the tool lies within half its width of its centre line: that box (with the end base) holds every piece it
        # may touch, and the footprint is built only when some piece is that near
        h, r = 0.5, base.radius
        box = (min(min(x for x, _ in points) - h, end[0] - r), min(min(y for _, y in points) - h, end[1] - r),
               max(max(x for x, _ in points) + h, end[0] + r), max(max(y for _, y in points) + h, end[1] + r))
        near = world.pieces_near(box)
        if near:
            poly = tool_polygon(path)
            touched += [t for t in near if world.terrain(t).polygon.intersects(poly)
                        or float(shapely.distance(world.terrain(t).polygon, shapely.Point(base.xy))) < base.radius]
    rough = [t for t in dict.fromkeys(touched) if world.piece_has(t, "Rough") and not _ignores_rough(world, model, t)]
    if rough and mov != "S":
        mov = _step(mov, -1)
        why.append(f"Rough terrain {', '.join(rough)}: MOV {mov} (L1453)")
    slow = [t for t in dict.fromkeys(touched) if world.piece_has(t, "Slow")]
    if slow and mov != "S":
        mov = "S"
        why.append(f"Slow terrain {', '.join(slow)}: MOV S (L1463)")
    if wanted is not None and MOVES.index(wanted) < MOVES.index(mov):
        mov = wanted
        why.append(f"MOV {wanted} chosen (a shorter tool may always be used, L575)")
    return mov, why


def manifestation_bases(world: World) -> list[Base]:
    """The manifestations' bases, which count as models for movement (L921): no tool, move, push or place goes
    through or onto them (sight ignores them)."""
    return [Base(m.id, Pose(m.x, m.y), m.base_mm) for m in world.state.manifestations.values()]


def tool_world(world: World, model: ModelId, moved: Mapping[ModelId, XY] | None = None) -> ToolWorld:
    """What a tool and ``model`` must keep clear of: the other bases (scenario elements included; ``moved`` gives
    models of its unit already moved), IMPASSABLE terrain for the tool, IMPASSABLE and LINEAR TERRAIN for the end."""
    spots = dict(moved or {})

    def make() -> ToolWorld:
        others = [*(b for b in world.bases_with(spots) if b.id != model), *manifestation_bases(world)]
        hover = world.has(model, "Flying") or world.has(model, "Nimble")
        walls = world.remember("tool-walls", lambda: (world.polygons_with("Impassable"),
                                                       world.polygons_with("Impassable", "Linear Terrain")))
        return ToolWorld(world.table, others, *walls, hover=hover)

    return world.remember(("tool-world", model, tuple(sorted(spots.items()))), make)


@dataclass(frozen=True, slots=True)
class ModelMove:
    """One model's move as the rule check allowed it: the tool used, the tool's centre line and the end spot."""

    model: ModelId
    tool: Move
    path: ToolPath
    end: XY
    why: tuple[str, ...]


def lock_refusal(world: World, model: ModelId, end: XY, parry: bool, moved: Mapping[ModelId, XY]) -> str | None:
    """The melee lock of a move action (L654): a model without Parry ends it still in melee with every enemy it was in
    melee with (ruling ``melee-lock``), or this says why not."""
    if parry or world.has(model, "Parry"):
        return None
    engaged = world.engaged(model)
    if not engaged:
        return None
    after = world.with_spots({**moved, model: end})
    left = [e for e in engaged if not after.in_melee_with(model, e)]
    if left:
        return (f"{model} is in melee with {', '.join(left)} and may not leave it without Parry (take a Disengage "
                f"action first, L654)")
    return None


def plan_model_move(world: World, model: ModelId, end: XY, *, via: XY | None = None, wanted: Move | None = None,
                    parry: bool = False, moved: Mapping[ModelId, XY] | None = None, bend: bool = True) -> ModelMove:
    """The one rule check of a model's move to ``end`` (through the joint ``via`` if given; a straight tool only
    when ``bend`` is False, a quick look before searching for a bend).

    :raises IllegalCommand: naming the rule: no tool reaches, a blocked tool or end spot, the melee lock.
    """
    mov, _ = move_tool(world, model, wanted=wanted)
    tool = MovementTool(world.rulings.tool_length(mov), joint="middle" if world.rulings.tool_joint == "middle"
                        else "anywhere", name=f"MOV {mov}")
    space = tool_world(world, model, moved)
    try:
        path = lay_tool(world.base(model), end, tool, space, via, bend=bend)
    except ToolRefused as refusal:
        raise IllegalCommand(f"{refusal} (L583-588)", verb="move") from None
    final, final_why = move_tool(world, model, path=path, end=end, wanted=wanted)
    if path.length > world.rulings.tool_length(final) + TOLERANCE:
        raise IllegalCommand(f"{model}'s move needs {path.length:.2f}\" of tool, but {final_why[-1]} makes it "
                             f"{world.rulings.tool_length(final):g}\"", verb="move")
    lock = lock_refusal(world, model, end, parry, moved or {})
    if lock is not None:
        raise IllegalCommand(lock, verb="move")
    return ModelMove(model, final, path, end, tuple(final_why))


def coherency_range(unit: UnitRecord) -> float:
    """2" for a unit that started with 1 to 4 models, 1" for 5 or more (L612)."""
    return 2.0 if unit.starting <= 4 else 1.0


def connected(bases: Sequence[Base], reach: float) -> bool:
    """Whether the bases form one formation: each linked to another within ``reach`` inches, all linked together."""
    if len(bases) <= 1:
        return True
    linked = {0}
    frontier = [0]
    while frontier:
        here = frontier.pop()
        for index, other in enumerate(bases):
            if index not in linked and distance(bases[here], other) <= reach + TOLERANCE:
                linked.add(index)
                frontier.append(index)
    return len(linked) == len(bases)


def in_coherency(world: World, unit: UnitRecord, spots: Mapping[ModelId, XY] | None = None) -> bool:
    """Every model of the unit within coherency range of another, all in one formation (L608-612); ``spots`` moves
    models for the question."""
    placed = world.with_spots(spots or {})
    return connected([placed.base(m) for m in world.state.alive(unit)], coherency_range(unit))


def place_refusal(world: World, model: ModelId, at: XY, *, reference: str, within: float, completely: bool = False,
                  by: SideId | None = None) -> str | None:
    """Why ``model`` may not be placed at ``at`` within (or completely within) ``within`` inches of ``reference``
    (itself, usually), or None: intervening things are ignored, but not bases, IMPASSABLE or LINEAR TERRAIN at the
    spot (L656-663); Anchored refuses enemy places, Frostbite places in its own activation and by friends (L1317,
    L1401)."""
    side = world.state.models[model].side
    unit = world.unit(model)
    if by is not None and by != side and world.has(model, "Anchored"):
        return f"{model} is Anchored: enemy effects cannot place it (L1317)"
    if "frostbite" in unit.conditions and (by == side or (world.state.activation is not None
                                                          and world.state.activation.unit == unit.id)):
        return f"{unit.id} has Frostbite: it cannot be placed by friends or in its own activation (L1401)"
    spot = spot_problem(world.base(model), at, tool_world(world, model))
    if spot is not None:
        return f"{spot} (L663)"
    ref = world.base(reference)
    new = world.base(model).at(*at)
    gap = distance(new, ref) if reference != model else max(0.0, math.dist(ref.xy, at) - 2 * ref.radius)
    if completely:
        reach = math.dist(ref.xy, at) + new.radius - ref.radius
        if reach > within + TOLERANCE:
            return f"{model} would not be completely within {within:g}\" of {reference} (L661)"
    elif gap > within + TOLERANCE:
        return f"{model} would be {gap:.2f}\" from {reference}, not within {within:g}\" (L660)"
    return None


def push_model(world: World, model: ModelId, direction: float, inches: float, *, by: SideId) -> Push:
    """Push ``model`` straight toward ``direction``; it stops on touching a base, IMPASSABLE or LINEAR TERRAIN or the
    table edge (L667, L604).

    :raises IllegalCommand: for a push its rules refuse (Rooted or Hold the Line! against an enemy, Frostbite against
        a friend).
    """
    side = world.state.models[model].side
    unit = world.unit(model)
    if by != side and (world.has(model, "Rooted") or "hold-the-line" in unit.effects):
        why = "Rooted (L1365)" if world.has(model, "Rooted") else "Hold the Line! (L513)"
        raise IllegalCommand(f"{model} cannot be pushed by enemy effects: {why}", verb="push")
    if by == side and "frostbite" in unit.conditions:
        raise IllegalCommand(f"{unit.id} has Frostbite: friendly effects cannot push it (L1401)", verb="push")
    others = [*(b for b in world.bases() if b.id != model), *manifestation_bases(world)]
    return push_base(world.base(model), direction, inches, table=world.table, bases=others,
                     walls=world.polygons_with("Impassable", "Linear Terrain"))


def moved_spots(moves: Sequence[ModelMove]) -> dict[ModelId, XY]:
    """Where the models of a move action stand once moved, for the next model's check and the coherency check."""
    return {m.model: m.end for m in moves}
