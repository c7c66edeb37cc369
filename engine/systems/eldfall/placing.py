"""Putting one Eldfall model on the table with its record: where it stands (the surface under it), what it
carries for the whole game (Spellbound), and where a summoned creature appears (in contact with its caster, L978).
Setup, summoning and manual fixes all place models through here."""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.core import EVERYONE, Context, ModelId, RulesError, SideId, side_only
from engine.geometry import MM_PER_INCH
from engine.schema import UnitProfile
from engine.systems.eldfall.events import FigureAdded
from engine.systems.eldfall.heights import ground_at
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.refs import parse_ref
from engine.systems.eldfall.state import END_OF_GAME, EldfallState, Figure
from engine.table import ModelAdded, PlacedModel
from engine.table.geometry import battlefield, check_spot

__all__ = ["COMPASS", "add_model", "base_radius", "contact_spot", "spot_refusal", "summon_spot", "surface_under"]

Ctx = Context[EldfallState]


def surface_under(kit: Kit, state: EldfallState, at: tuple[float, float]) -> float:
    """The height of the surface a model set down at ``at`` stands on (0 on a flat table, ruling flat-table)."""
    if kit.rulings(state).flat_table != "surfaces":
        return 0.0
    return round(ground_at(battlefield(state).terrain, at), 2)


def _profile(kit: Kit, unit: str) -> UnitProfile:
    """The unit profile a card name (in any spelling the catalogue accepts) stands for."""
    name = kit.catalogue.card(unit).name
    return next(u for u in kit.catalogue.units if u.name == name)


def base_radius(kit: Kit, unit: str) -> float:
    """The radius in inches of the base a model of ``unit`` stands on."""
    return _profile(kit, unit).base_mm / MM_PER_INCH / 2


def add_model(ctx: Ctx, kit: Kit, side: SideId, unit: str, at: tuple[float, float], facing: float, *,
               audience_side: SideId | None, hostile: bool, leader: bool, upgrades: tuple[str, ...] = (),
               choices: dict[str, list[str]] | None = None, summoner: ModelId | None = None,
               by_hand: bool = False) -> ModelId:
    """Put one model on the table with its Eldfall record (``choices``: its upgrades' options, canonical);
    ``audience_side`` keeps both secret to that side."""
    profile = _profile(kit, unit)
    number = ctx.state.models_added.get(side, 0) + 1
    model_id = ModelId(f"{side}{number}")
    model = PlacedModel(id=model_id, name=profile.name, unit=profile.name, side=side, base_mm=profile.base_mm,
                        x=at[0], y=at[1], z=surface_under(kit, ctx.state, at), facing=facing, wounds=profile.wounds,
                        stats=dict(profile.stats), points=profile.points or 0)
    audience = side_only(audience_side) if audience_side is not None else EVERYONE
    ctx.emit(ModelAdded(model=model), audience)
    # Conjured Retinue: its Tier I-II creatures are Soldiers (L2902)
    retinue = summoner is not None and "conjured-retinue" in ctx.state.figures[summoner].upgrades \
        and (kit.catalogue.card(profile.name).tier or 1) <= 2
    figure = Figure(id=model_id, unit=profile.name, side=side, upgrades=list(upgrades), choices=choices or {},
                    leader=leader, hostile=hostile, original=summoner is None and not hostile and not by_hand,
                    summoner=summoner, enchantments=_spellbound(kit, profile.name),
                    classes=["Soldier"] if retinue else [])
    ctx.emit(FigureAdded(figure=figure), audience)
    return model_id


def _spellbound(kit: Kit, unit: str) -> dict[str, str]:
    """Spellbound (X): the model, or an item on its card, carries the Enchantment X for the whole game (L2147)."""
    card = kit.catalogue.card(unit)
    refs = [*card.traits, *(parse_ref(t) for item in card.items for t in kit.catalogue.item(item.name).traits)]
    return {kit.catalogue.spell(p).id: END_OF_GAME for ref in refs if ref.key == "spellbound" for p in ref.params}


COMPASS = {"n": (90, "north"), "ne": (45, "north-east"), "e": (0, "east"), "se": (-45, "south-east"),
           "s": (-90, "south"), "sw": (-135, "south-west"), "w": (180, "west"), "nw": (135, "north-west")}
"""The places in base contact a player names for a summoned creature (``to:n``), by their bearing in degrees (0 =
+x, the table's east; north is +y) and their words."""


def contact_spot(caster: PlacedModel, radius: float, bearing: float) -> tuple[float, float]:
    """The centre of a base of ``radius`` in contact with the caster on ``bearing`` (degrees)."""
    reach = caster.radius + radius + 0.005
    angle = math.radians(bearing)
    return round(caster.x + reach * math.cos(angle), 2), round(caster.y + reach * math.sin(angle), 2)


def spot_refusal(state: EldfallState, at: tuple[float, float], radius: float,
                 others: Sequence[tuple[tuple[float, float], float]] = ()) -> str | None:
    """Why a base of ``radius`` may not be set down at ``at`` (off the table, in impassable scenery, on another base,
    or on one of ``others``: bases about to be set down, as centre and radius), or None."""
    try:
        check_spot(state, "summon", at, radius)
    except RulesError as error:
        return error.reason.removeprefix("summon cannot stand there: ")
    for centre, other in others:
        if math.dist(centre, at) < radius + other - 0.005:
            return "it would stand on a creature the same Ritual sets down before it"
    return None


def summon_spot(state: EldfallState, caster: PlacedModel, radius: float) -> tuple[float, float] | None:
    """A free spot in base contact with the caster for a base of ``radius`` (L1561), nearest the table's middle."""
    centre = (state.width / 2, state.height / 2)
    spots = []
    for step in range(24):
        x, y = contact_spot(caster, radius, step * 15)
        if spot_refusal(state, (x, y), radius) is not None:
            continue
        spots.append((math.dist((x, y), centre), (x, y)))
    return min(spots)[1] if spots else None
