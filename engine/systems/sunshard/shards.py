"""Seeded terrain (Sunshard:Embren core rules v1.0, L731) and what works on it: a model with Shard Focus(X) gains X
while it is within or in contact with Seeded terrain, or, being an Elemental, while it is in a party with a model
holding Nucleus (the Shardborn Fortune gives a Leader Nucleus, L785, L787, L1457, L1475). X is the card's text, read
as "+N NAME" (N added to the characteristic NAME) or as a special ability's name (held while focused): ruling
``shard-focus``; any other text is played by hand. The Shardborn's shifting shards (L782) pick up a non-Objective
Seeded piece no model is within and place it completely within 5" (its outline moved at most 5", ruling
placement-distance), on the battlefield and overlapping no other terrain nor any model's base (L692): offered as the
eight compass moves of 5"
(2.5" where 5" is blocked). A Phaseforming model gaining an On Guard token chooses Light Cover, Hazardous or
Rugged, which Seeded pieces within 6" of it have while it keeps the token (L1463; :func:`terrain.rules_of` reads it).
"""

from __future__ import annotations

import math

import shapely

from engine.core import Context, Decision, ModelId
from engine.geometry import TOLERANCE
from engine.systems.sunshard.abilities import SPECIAL_ABILITIES, plus_n
from engine.systems.sunshard.asking import ask
from engine.systems.sunshard.events import Phaseformed
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.terrain import is_objective, piece, pieces, relation, rules_of, touches
from engine.systems.sunshard.world import RULE, Miniature, World, world_of
from engine.table import TerrainAdded

__all__ = ["PHASEFORMS", "SHIFT", "focus_bonus", "focus_grants", "focused", "offer_phaseforming", "on_phaseforming",
           "shift", "shift_spots"]

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
    """Whether Shard Focus(ABILITY) gives ``model`` the special ability ``ability`` now."""
    text = _focus_text(model)
    return (text is not None and ability in SPECIAL_ABILITIES and text.casefold() == ability.casefold()
            and focused(model))


def _moved(polygon: tuple[tuple[float, float], ...], dx: float, dy: float) -> tuple[tuple[float, float], ...]:
    return tuple((round(x + dx, 2), round(y + dy, 2)) for x, y in polygon)


def shift_spots(world: World) -> list[tuple[str, str]]:
    """Where the shifting shards may place each piece they may move now (L782): (``T3@dx,dy``, label) pairs."""
    table = shapely.box(0, 0, world.state.width, world.state.height).buffer(TOLERANCE)
    found = []
    for terrain_id, mark in sorted(world.state.terrain.items()):
        if is_objective(mark) or "seeded" not in rules_of(world, mark):
            continue
        here = piece(world, mark)
        if any(relation(m.base(), here) in ("completely", "within") for m in world.on_table()):
            continue
        others = [piece(world, o).polygon for key, o in world.state.terrain.items() if key != terrain_id]
        others += [shapely.Point(m.base().xy).buffer(m.base().radius) for m in world.on_table()]
        for step in range(8):
            angle = math.radians(45 * step)
            for reach in (SHIFT, SHIFT / 2):
                dx, dy = round(reach * math.cos(angle), 2), round(reach * math.sin(angle), 2)
                moved = shapely.Polygon(_moved(mark.polygon, dx, dy))
                if table.contains(moved) and all(moved.intersection(o).area <= TOLERANCE for o in others):
                    centre = moved.centroid
                    found.append((f"{terrain_id}@{dx:g},{dy:g}", f"{terrain_id} {reach:g}\" to centre "
                                                                  f"{centre.x:.1f},{centre.y:.1f}"))
                    break
    return found


def shift(ctx: Context[SunshardState], target: str) -> None:
    """Place the piece where ``target`` (``T3@dx,dy``, one of :func:`shift_spots`) says."""
    terrain_id, _, offset = target.partition("@")
    dx, dy = (float(v) for v in offset.split(","))
    mark = ctx.state.terrain[terrain_id]
    ctx.emit(TerrainAdded(terrain=mark.model_copy(update={"polygon": _moved(mark.polygon, dx, dy)}),
                          note=f" Shifting shards placed it {math.hypot(dx, dy):.1f}\" from where it was ({RULE}, "
                               f"L782)."))


def offer_phaseforming(ctx: Context[SunshardState], model_id: ModelId) -> None:
    """Ask the owner of a Phaseforming model that just gained an On Guard token which rule it gives (L1463)."""
    model = world_of(ctx).model(model_id)
    ask(ctx, model.side, "phaseforming", f"{model.id} gains an On Guard token: which terrain rule does its "
        f"Phaseforming give Seeded terrain within 6\" while it keeps the token ({RULE}, L1463)?", "Which terrain rule?",
        list(PHASEFORMS.items()), key="rule", context={"model": model.id})


def on_phaseforming(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """The rule chosen for a Phaseforming model (L1463)."""
    ctx.emit(Phaseformed(model_id=ModelId(str(decision.context["model"])), rule=answers["rule"]))
