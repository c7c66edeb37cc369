"""Seeded terrain (Sunshard:Embren core rules v1.0, L731) and what works on it: a model with Shard Focus(X) gains X
while it is within or in contact with Seeded terrain, or, being an Elemental, while it is in a party with a model
holding Nucleus (the Shardborn Fortune gives a Leader Nucleus, L785, L787, L1457, L1475). X is the card's text, read
as gains joined by commas, each "+N NAME" (N added to the characteristic NAME, or to AA or ST of every profile) or a
special ability's name (held while focused): ruling ``shard-focus``; a card with any other text is refused. The
Shardborn's shifting shards (L782) pick up a non-Objective Seeded piece no model is within and place it completely
within 5" (no point of it moved more than 5", L459), on the battlefield and overlapping no other terrain nor any
model's base (L692): offered as the eight compass moves of 5" (2.5" where 5" is blocked), then as a spot the player
names (its centre, asked next, the compass spots suggested) and the way its longest side runs, so that it may be
turned. A Phaseforming model gaining an On Guard token chooses Light Cover, Hazardous or Rugged, which Seeded pieces
within 6" of it have while it keeps the token (L1463; :func:`terrain.rules_of` reads it).
"""

from __future__ import annotations

import math

import shapely

from engine.core import Context, Decision, DecisionPart, ModelId, Option, PartKind, SideId, parse_point
from engine.geometry import TOLERANCE
from engine.systems.sunshard.abilities import SPECIAL_ABILITIES, plus_n, read_gains
from engine.systems.sunshard.asking import ask
from engine.systems.sunshard.events import Phaseformed
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.terrain import is_objective, piece, pieces, relation, rules_of, touches
from engine.systems.sunshard.world import RULE, Miniature, World, refuse, world_of
from engine.table import TerrainAdded

__all__ = ["ELSEWHERE", "PHASEFORMS", "SHIFT", "focus_bonus", "focus_grants", "focused", "offer_phaseforming",
           "on_phaseforming", "on_shard_spot", "shift", "shift_spots"]

PHASEFORMS = {"light-cover": "Light Cover", "hazardous": "Hazardous", "rugged": "Rugged"}
"""The terrain rules Phaseforming chooses among (L1463)."""

SHIFT = 5.0
"""How far the shifting shards move a piece (L782)."""


def focused(model: Miniature) -> bool:
    """Whether Shard Focus works for ``model`` now: on the battlefield and within or touching a Seeded piece
    (L1475), or an Elemental in the party of a model with Nucleus (L787, L1457)."""
    world = model.world
    if not model.on_table:
        return False
    party = world.state.party
    if party is not None and model.id in party.members and "elemental" in model.card.type.casefold() and any(
            world.model(m).has("Nucleus") for m in party.members if m != model.id):
        return True
    return world.memo(("focused", model.id), lambda: any(
        touches(model.base(), terrain) for terrain in pieces(world) if terrain.has("seeded")))


def _focus_text(model: Miniature) -> str | None:
    power = model.card.ability("Shard Focus") if model.card.has("Shard Focus") else None
    return power.param.strip() if power is not None and power.param else None


def focus_bonus(model: Miniature, name: str) -> int:
    """What Shard Focus(+N NAME) adds to the characteristic ``name`` now (0 when unfocused or another X)."""
    text = _focus_text(model)
    bonus = plus_n(text, name) if text is not None else 0
    return bonus if bonus and focused(model) else 0


def focus_grants(model: Miniature, ability: str) -> bool:
    """Whether Shard Focus gives ``model`` the special ability ``ability`` now (X naming it among its gains)."""
    text = _focus_text(model)
    return (text is not None and ability in SPECIAL_ABILITIES and ability in read_gains(text, abilities=True)
            and focused(model))


Outline = tuple[tuple[float, float], ...]


def _moved(polygon: Outline, dx: float, dy: float) -> Outline:
    return tuple((round(x + dx, 2), round(y + dy, 2)) for x, y in polygon)


def _facing(polygon: Outline) -> float:
    """The way the piece's longest side runs, in degrees anticlockwise from east (the first of equal sides)."""
    sides = list(zip(polygon, polygon[1:] + polygon[:1], strict=True))
    (x0, y0), (x1, y1) = max(sides, key=lambda side: math.dist(*side))
    return round(math.degrees(math.atan2(y1 - y0, x1 - x0)) % 360, 2)


def _laid(polygon: Outline, to: tuple[float, float], turn: float) -> Outline:
    """The outline turned ``turn`` degrees anticlockwise about its centre, then its centre put at ``to``."""
    centre = shapely.Polygon(polygon).centroid
    cos, sin = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    return tuple((round(to[0] + (x - centre.x) * cos - (y - centre.y) * sin, 2),
                  round(to[1] + (x - centre.x) * sin + (y - centre.y) * cos, 2)) for x, y in polygon)


ELSEWHERE = "elsewhere"
"""The shifting shards' entry for a spot the player names (``T3@elsewhere``): a second question asks where."""


def _movable(world: World) -> list[str]:
    """The pieces the shifting shards may pick up now: non-Objective, Seeded, no model within (L782)."""
    return [terrain_id for terrain_id, mark in sorted(world.state.terrain.items())
            if not is_objective(mark) and "seeded" in rules_of(world, mark)
            and not any(relation(m.base(), piece(world, mark)) in ("completely", "within") for m in world.on_table())]


def _misfit(world: World, terrain_id: str, outline: Outline) -> str | None:
    """Why the piece laid as ``outline`` (its corners in the old outline's order) may not go there (L782, L692), or
    None: a point of it moved more than 5" (L459: the farthest moved of a piece moved and turned is a corner), off the
    battlefield, over other terrain or a model's base."""
    moved = shapely.Polygon(outline)
    reach = max(math.dist(a, b) for a, b in zip(world.state.terrain[terrain_id].polygon, outline, strict=True))
    if reach > SHIFT + TOLERANCE:
        return f"a corner of {terrain_id} would move {reach:.2f}\", more than {SHIFT:g}\""
    table = shapely.box(0, 0, world.state.width, world.state.height).buffer(TOLERANCE)
    if not table.contains(moved):
        return f"{terrain_id} would leave the battlefield"
    for key, other in sorted(world.state.terrain.items()):
        if key != terrain_id and moved.intersection(piece(world, other).polygon).area > TOLERANCE:
            return f"{terrain_id} would overlap {key}"
    for model in world.on_table():
        if moved.intersection(shapely.Point(model.base().xy).buffer(model.base().radius)).area > TOLERANCE:
            return f"{terrain_id} would lie over {model.id}"
    return None


def _compass(world: World, terrain_id: str) -> list[tuple[float, float, float]]:
    """The eight compass moves of 5" that fit, 2.5" where 5" does not: (dx, dy, reach)."""
    found = []
    for step in range(8):
        angle = math.radians(45 * step)
        for reach in (SHIFT, SHIFT / 2):
            dx, dy = round(reach * math.cos(angle), 2), round(reach * math.sin(angle), 2)
            if _misfit(world, terrain_id, _moved(world.state.terrain[terrain_id].polygon, dx, dy)) is None:
                found.append((dx, dy, reach))
                break
    return found


def _centre(world: World, terrain_id: str) -> tuple[float, float]:
    centre = shapely.Polygon(world.state.terrain[terrain_id].polygon).centroid
    return (round(centre.x, 2), round(centre.y, 2))


def shift_spots(world: World) -> list[tuple[str, str]]:
    """Where the shifting shards may place each piece they may move now (L782): (``T3@dx,dy``, label) pairs, the
    compass moves of each piece, then for each a spot its player names (``T3@elsewhere``, asked next)."""
    found, named = [], []
    for terrain_id in _movable(world):
        x, y = _centre(world, terrain_id)
        moves = _compass(world, terrain_id)
        for dx, dy, reach in moves:
            centre = shapely.Polygon(_moved(world.state.terrain[terrain_id].polygon, dx, dy)).centroid
            found.append((f"{terrain_id}@{dx:g},{dy:g}", f"{terrain_id} {reach:g}\" to centre {centre.x:.1f},"
                                                          f"{centre.y:.1f}"))
        if moves:
            named.append((f"{terrain_id}@{ELSEWHERE}", f"{terrain_id} to a spot you name, its centre within "
                                                        f"{SHIFT:g}\" of {x:g},{y:g}"))
    return found + named


def shift(ctx: Context[SunshardState], target: str, side: SideId) -> None:
    """Place the piece where ``target`` (``T3@dx,dy``, one of :func:`shift_spots`) says, or ask ``side`` where
    (``T3@elsewhere``: any spot within 5" the rules allow, its centre typed)."""
    terrain_id, _, offset = target.partition("@")
    if offset == ELSEWHERE:
        world = world_of(ctx)
        x, y = _centre(world, terrain_id)
        spots = [Option(key=f"{round(x + dx, 2):g},{round(y + dy, 2):g}", label=f"{round(x + dx, 2):g},"
                        f"{round(y + dy, 2):g} ({reach:g}\" away)") for dx, dy, reach in _compass(world, terrain_id)]
        facing = _facing(world.state.terrain[terrain_id].polygon)
        ctx.open_decision(Decision(
            id=ctx.next_decision_id(), owner=side, kind="shard-spot", optional=True,
            prompt=f"Shifting shards: where does {terrain_id} go? Name its centre, and the way its longest side runs "
                   f"to turn it: no point of it moved more than {SHIFT:g}\", on the battlefield and over no other "
                   f"terrain nor any model ({RULE}, L459, L782).",
            parts=(DecisionPart(key="to", prompt=f"Where does {terrain_id}'s centre go?", kind=PartKind.POSITION,
                                center=(x, y), radius=SHIFT, default=spots[0].key, options=tuple(spots)),
                   DecisionPart(key="facing", prompt=f"Which way does {terrain_id}'s longest side run, in degrees "
                                f"anticlockwise from east (now {facing:g}: it keeps its way)?",
                                kind=PartKind.DIRECTION, default=f"{facing:.2f}")),
            context={"terrain": terrain_id, "facing": facing}))
        return
    dx, dy = (float(v) for v in offset.split(","))
    polygon = ctx.state.terrain[terrain_id].polygon
    _place(ctx, terrain_id, _moved(polygon, dx, dy), math.hypot(dx, dy), 0.0)


def _place(ctx: Context[SunshardState], terrain_id: str, outline: Outline, moved: float, turn: float) -> None:
    mark = ctx.state.terrain[terrain_id]
    turned = f", turned {turn:g} degrees" if turn else ""
    ctx.emit(TerrainAdded(terrain=mark.model_copy(update={"polygon": outline}),
                          note=f" Shifting shards placed it {moved:.1f}\" from where it was{turned} ({RULE}, L782)."))


def on_shard_spot(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """The spot named for a piece the shifting shards move, and the way it lies (L782): refused, changing nothing,
    where the rules do not allow it."""
    terrain_id = str(decision.context["terrain"])
    world = world_of(ctx)
    to = parse_point(answers["to"])
    facing = float(str(decision.context["facing"]))
    turn = round((float(answers.get("facing") or facing) - facing) % 360, 2)
    outline = _laid(world.state.terrain[terrain_id].polygon, to, turn)
    why = _misfit(world, terrain_id, outline)
    if why is not None:
        raise refuse(f"{why}; the shifting shards place it completely within {SHIFT:g}\" of where it is, on the "
                     "battlefield, over no other terrain nor any model", "L692, L782")
    _place(ctx, terrain_id, outline, math.dist(to, _centre(world, terrain_id)), turn)


def offer_phaseforming(ctx: Context[SunshardState], model_id: ModelId) -> None:
    """Ask the owner of a Phaseforming model that just gained an On Guard token which rule it gives (L1463)."""
    model = world_of(ctx).model(model_id)
    ask(ctx, model.side, "phaseforming", f"{model.id} gains an On Guard token: which terrain rule does its "
        f"Phaseforming give Seeded terrain within 6\" while it keeps the token ({RULE}, L1463)?", "Which terrain rule?",
        list(PHASEFORMS.items()), key="rule", context={"model": model.id})


def on_phaseforming(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """The rule chosen for a Phaseforming model (L1463)."""
    ctx.emit(Phaseformed(model_id=ModelId(str(decision.context["model"])), rule=answers["rule"]))
