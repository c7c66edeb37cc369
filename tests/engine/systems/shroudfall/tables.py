"""Small Shroudfall tables for rule tests: models from the shipped cards at given spots, terrain pieces drawn as
polygons, conditions and effects on units, and a World over them; and a rigged roller's dice."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import Actor, Context, GameSetup, ModelId, SideId, TerrainMark, UserId
from engine.dice import Die, DieRoll, Roller, commitment
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rulings import DEFAULT_RULINGS, Rulings
from engine.systems.shroudfall.state import Piece, ShroudfallState, UnitRecord
from engine.systems.shroudfall.world import World
from engine.table import PlacedModel

from .loader import load_shroudfall

__all__ = ["Put", "Scenery", "Table", "context", "deploying", "ended", "playing", "rigged", "square"]


@dataclass(frozen=True)
class Put:
    """A model: its id (its first letter is its side), card, spot, and unit (its own unit unless named)."""

    id: str
    card: str
    x: float
    y: float
    unit: str | None = None


@dataclass(frozen=True)
class Scenery:
    """A terrain piece: its id, name, type, keywords (as cards print them), outline and DEF/ARM."""

    id: str
    name: str
    type: str
    keywords: tuple[str, ...]
    outline: tuple[tuple[float, float], ...]
    defence: int = 0
    armour: int = 0


def square(x: float, y: float, w: float, h: float) -> tuple[tuple[float, float], ...]:
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


@dataclass
class Table:
    """A state built from puts and scenery, with helpers to change it and a World over it."""

    puts: Sequence[Put]
    scenery: Sequence[Scenery] = ()
    conditions: dict[str, list[str]] = field(default_factory=dict)
    effects: dict[str, dict[str, str]] = field(default_factory=dict)
    rulings: Rulings = DEFAULT_RULINGS

    def __post_init__(self) -> None:
        setup = GameSetup(system="shroudfall", sides=(SideId("A"), SideId("B")), host=UserId("host"),
                          seed_commitment=commitment("seed"))
        self.state = ShroudfallState(setup=setup)
        catalogue = load_shroudfall()
        for put in self.puts:
            card = catalogue.card(put.card)
            unit_id = put.unit or put.id
            side = SideId(put.id[0])
            unit = self.state.units.setdefault(unit_id, UnitRecord(
                id=unit_id, side=side, card=card.id, name=card.name, models=[], starting=0, deployed=True,
                conditions=self.conditions.get(unit_id, []), effects=self.effects.get(unit_id, {})))
            unit.models.append(ModelId(put.id))
            unit.starting += 1
            self.state.models[ModelId(put.id)] = PlacedModel(
                id=ModelId(put.id), name=card.name, unit=unit_id, side=side, base_mm=card.base_mm, x=put.x, y=put.y,
                wounds=card.hp, points=card.points)
        for piece in self.scenery:
            self.state.terrain[piece.id] = TerrainMark(id=piece.id, kind=piece.name, polygon=piece.outline,
                                                       keywords=piece.keywords)
            self.state.pieces[piece.id] = Piece(card="test", name=piece.name, main=True, type=piece.type,  # type: ignore[arg-type]
                                                defence=piece.defence, armour=piece.armour)

    @property
    def world(self) -> World:
        return World(self.state, load_shroudfall(), self.rulings)


def rigged(*faces: int | str) -> tuple[Roller, object, object]:
    """A rigged roller, and roll / reroll functions over it in the shape the rule functions take."""
    roller = Roller("seed", rigged=list(faces))

    def roll(dice: Sequence[Die], purpose: str) -> tuple[DieRoll, ...]:
        return roller.roll_pool(dice)

    def reroll(previous: DieRoll, die: Die) -> DieRoll:
        return roller.reroll(previous, die, limit=None)

    return roller, roll, reroll


def playing(*puts: Put) -> Table:
    """A table in round 1 of play, A holding the starting token and on turn, A at the bottom edge and B at the top."""
    table = Table(list(puts))
    state = table.state
    state.step, state.token, state.turn, state.round = "rounds", SideId("A"), SideId("A"), 1
    state.record(SideId("A")).edge, state.record(SideId("B")).edge = "bottom", "top"
    return table


def context(state: ShroudfallState, *faces: int | str) -> Context[Any]:
    """The core's Context over ``state`` for the handlers, its dice rigged to ``faces``; events fold into the state."""
    return Context(None, state, Roller("seed", rigged=list(faces)), Actor(UserId("u")),  # type: ignore[arg-type]
                   lambda events: state, lambda *args: None)


def ended(ctx: Context[Any], ref: Referee, side: SideId) -> None:
    """``side``'s player ends the activation in progress (its actions left forfeited, L551): its end-of-activation
    effects, then the turn passes (L1520-1524), as the agenda's end step takes them when nothing is asked."""
    from engine.systems.shroudfall import play
    from engine.systems.shroudfall.flow import activation_end_effects, close_activation

    why = play.forfeit(ctx, ref, side)
    asked = activation_end_effects(ctx, ref)
    assert not asked, asked
    close_activation(ctx, ref, why)


def deploying(scenery: Sequence[Scenery], *units: tuple[str, str, SideId]) -> Table:
    """A table set for deployment: ``(unit id, card, side)`` units not yet on it, A at the bottom edge holding the
    starting token, B at the top."""
    table = Table([], scenery)
    data = load_shroudfall()
    for unit_id, card, side in units:
        models = [ModelId(f"{unit_id}-{i}") for i in range(1, data.card(card).models + 1)]
        table.state.units[unit_id] = UnitRecord(id=unit_id, side=side, card=card, name=card, models=models,
                                                starting=len(models))
    table.state.record(SideId("A")).edge, table.state.record(SideId("B")).edge = "bottom", "top"
    table.state.token = SideId("A")
    return table
