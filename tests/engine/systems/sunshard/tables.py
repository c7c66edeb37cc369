"""Sunshard:Embren tables for tests: a state built directly (models put down, terrain laid) and read as a World,
before the game plays through the shared suites."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.core import GameSetup, ModelId, SideId, TerrainMark, UserId
from engine.dice import commitment
from engine.systems.sunshard.catalogue import SunshardData
from engine.systems.sunshard.schema import ModelCard
from engine.systems.sunshard.state import Figure, SideRecord, SunshardState
from engine.systems.sunshard.world import World, rulings_of
from engine.table import PlacedModel
from tests.engine.systems.sunshard.loader import shipped

__all__ = ["DATA", "A", "B", "card", "lay", "new_state", "put", "world"]

A, B = SideId("A"), SideId("B")
DATA = SunshardData.from_catalogue(shipped())


def new_state(size: float = 24, *, battlefield: Iterable[str] = (), rulings: Mapping[str, str] | None = None,
              ) -> SunshardState:
    """An empty battlefield for sides A (Delver) and B (Remnant)."""
    setup = GameSetup(system="sunshard", sides=(A, B), host=UserId("alice"), seed_commitment=commitment("test"),
                      rulings=dict(rulings or {}))
    return SunshardState(setup=setup, width=size, height=size, battlefield=list(battlefield),
                         records={A: SideRecord(alignment="Delver"), B: SideRecord(alignment="Remnant")})


def card(base: str = "Conscripted", **changes: object) -> ModelCard:
    """A shipped card with some fields changed (give it a new ``name`` and pass it to ``world(extra=...)``)."""
    return DATA.card(base).model_copy(update=changes)


def put(state: SunshardState, model_id: str, card_name: str, side: SideId, x: float, y: float, *,
        tokens: Iterable[str] = (), hp_lost: int = 0, leader: bool = False, z: float = 0.0,
        data: SunshardData = DATA) -> None:
    """Put a model on the battlefield as if deployed."""
    profile = data.card(card_name)
    key = ModelId(model_id)
    state.models[key] = PlacedModel(id=key, name=profile.name, unit=profile.name, side=side, base_mm=profile.base_mm,
                                    x=x, y=y, z=z, wounds=profile.HP, wounds_taken=hp_lost, tokens=list(tokens),
                                    points=profile.points)
    state.figures[key] = Figure(id=key, card=profile.name, side=side, warband=f"{side}1", status="deployed",
                                leader=leader, gained={"Commander": "game"} if leader else {})


def lay(state: SunshardState, terrain_id: str, rect: tuple[float, float, float, float], hgt: int,
        rules: Iterable[str], kind: str = "ruin") -> TerrainMark:
    """Lay a rectangular piece ``(x, y, width, depth)``."""
    x, y, w, h = rect
    mark = TerrainMark(id=terrain_id, kind=kind, polygon=((x, y), (x + w, y), (x + w, y + h), (x, y + h)),
                       height=hgt, keywords=tuple(rules))
    state.terrain[terrain_id] = mark
    return mark


def world(state: SunshardState, *extra: ModelCard) -> World:
    """The rules' view of ``state``, with test-only cards."""
    data = DATA.with_imports(extra) if extra else DATA
    return World(state, data, rulings_of(state.setup.rulings))
