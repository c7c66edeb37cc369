"""Deploy auto, /model add without at:, and the running points total on the crossroads with both demo forces."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest
import shapely

from bot.console.session import ConsoleSession, seeded_source
from bot.core.data_loader import load_system_data
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import (
    SPECTATOR,
    ActionCommand,
    Actor,
    Game,
    GameSetup,
    IllegalCommand,
    ImportUnits,
    ModelId,
    SideId,
    UserId,
)
from engine.dice import commitment
from engine.geometry import Base, Pose, Zone, bearing, is_completely_within
from engine.schema import MapPreset, UnitProfile
from engine.systems.freeplay import Freeplay
from engine.systems.freeplay.state import FreeplayState
from engine.table import ModelPlaced, PlacedModel
from engine.table.deploy import ROW_GAP, entry_spots
from engine.table.geometry import battlefield
from tests.refusals import refused
from tests.table_commands import add_model, deploy_auto, import_map, load_force, move_model, place_model, remove_model

A, B = SideId("A"), SideId("B")
ALICE, BOB = UserId("alice"), UserId("bob")
SEED = "5e" * 32


def _as(side: SideId) -> Actor:
    return Actor(user=ALICE if side == A else BOB, side=side)


def table(map_id: str | None = "crossroads") -> Game[FreeplayState]:
    setup = GameSetup(system="freeplay", sides=(A, B), host=ALICE, seed_commitment=commitment(SEED),
                      options={"map": map_id} if map_id else {})
    return Game.start(Freeplay(load_system_data("freeplay")), setup, SEED, seats={A: ALICE, B: BOB})


def loaded() -> Game[FreeplayState]:
    game = table()
    game.apply(load_force(name="Red Company"), _as(A))
    game.apply(load_force(name="Wild Hunt"), _as(B))
    return game


def _custom_map(**changes: Any) -> ActionCommand:
    entry: dict[str, Any] = {
        "id": "test", "name": "Test", "system": "any", "table": [36, 36], "description": "A test table.",
        "terrain": [], "zones": [{"id": "DA", "kind": "deployment", "side": "A", "rect": [0, 0, 36, 6]},
                                 {"id": "DB", "kind": "deployment", "side": "B", "rect": [0, 30, 36, 6]}],
    }
    return import_map(preset=MapPreset.model_validate({**entry, **changes}))


def _zone(state: FreeplayState, side: SideId) -> Zone:
    placed = state.deployment_zone(side)
    assert placed is not None
    return Zone.from_points(placed.id, placed.kind, placed.polygon)


def _base(model: PlacedModel) -> Base:
    return Base(model.id, Pose(model.x, model.y), model.base_mm)


def _assert_laid_out(state: FreeplayState, side: SideId) -> None:
    """Every model of the side wholly in its zone, facing the centre, and no two bases overlapping."""
    zone = _zone(state, side)
    mine = [m for m in state.models.values() if m.side == side]
    for model in mine:
        assert is_completely_within(_base(model), zone, 0.0), model.id
        centre = bearing((model.x, model.y), (state.width / 2, state.height / 2))
        assert model.facing == pytest.approx(centre, abs=0.01), model.id
    everyone = list(state.models.values())
    for i, one in enumerate(everyone):
        for other in everyone[i + 1:]:
            gap = math.dist((one.x, one.y), (other.x, other.y)) - one.radius - other.radius
            assert gap >= -0.01, (one.id, other.id, gap)


def test_a_loaded_force_stands_spread_evenly_across_its_zone() -> None:
    """One algorithm lays models out: loading a force puts them where /deploy auto would."""
    game = loaded()
    for side in (A, B):
        _assert_laid_out(game.state, side)
    red = sorted((m for m in game.state.models.values() if m.side == A), key=lambda m: m.x)
    assert [m.id for m in red] == ["A1", "A2", "A3", "A4", "A5"], "one front row, in list order"
    assert all(m.y + m.radius == pytest.approx(6 - ROW_GAP / 2, abs=0.01) for m in red), "front edges aligned"
    gaps = [b.x - b.radius - (a.x + a.radius) for a, b in itertools.pairwise(red)]
    assert max(gaps) - min(gaps) <= 0.02, f"evenly spaced: {gaps}"
    assert red[0].x - red[0].radius == pytest.approx(gaps[0] / 2, abs=0.02), "half a gap at each end"
    hunt = [m for m in game.state.models.values() if m.side == B]
    assert all(m.y - m.radius == pytest.approx(30 + ROW_GAP / 2, abs=0.01) for m in hunt), "B's front is y=30"


def test_deploy_auto_lays_out_again_the_models_shuffled_in_the_zone() -> None:
    game = loaded()
    spread = {m.id: (m.x, m.y) for m in game.state.models.values()}
    game.apply(place_model(model=ModelId("A1"), at=(20.0, 2.0)), _as(A))
    game.apply(place_model(model=ModelId("A4"), at=(3.0, 2.5)), _as(A))
    events = game.apply(deploy_auto(side=A), _as(A))
    assert events and all(isinstance(event.body, ModelPlaced) for event in events)
    assert {event.body.model_id for event in events} == {"A1", "A4"}  # type: ignore[attr-defined]
    _assert_laid_out(game.state, A)
    assert {m.id: (m.x, m.y) for m in game.state.models.values()} == spread


def test_replaying_the_records_gives_the_same_table() -> None:
    game = loaded()
    game.apply(place_model(model=ModelId("A1"), at=(20.0, 2.0)), _as(A))
    game.apply(deploy_auto(), _as(A))
    replayed = Game.from_records(game.system, game.setup, SEED, game.records())
    assert replayed.state.fingerprint() == game.state.fingerprint()
    assert replayed.state.models == game.state.models


def test_models_already_in_the_fight_stay_where_they_are() -> None:
    game = loaded()
    game.apply(move_model(model=ModelId("A2"), to="18,11"), _as(A))
    game.apply(place_model(model=ModelId("A1"), at=(20.0, 2.0)), _as(A))
    events = game.apply(deploy_auto(), _as(A))
    assert {event.body.model_id for event in events} >= {"A1"}  # type: ignore[attr-defined]
    assert "A2" not in {event.body.model_id for event in events}  # type: ignore[attr-defined]
    assert (game.state.models[ModelId("A2")].x, game.state.models[ModelId("A2")].y) == (18.0, 11.0)
    refused(game, deploy_auto(), _as(A), "already stand where /deploy auto puts them", error=IllegalCommand)


def test_impassable_terrain_in_the_zone_is_kept_clear_of() -> None:
    game = table(None)
    rock = {"id": "T1", "kind": "rocks", "height": 2, "keywords": ["impassable"], "rect": [16, 2, 5, 4]}
    game.apply(_custom_map(terrain=[rock]), _as(A))
    game.apply(load_force(name="Red Company"), _as(A))
    _assert_laid_out(game.state, A)
    field = battlefield(game.state)
    for model in game.state.models.values():
        assert not any(t.has("impassable") and t.polygon.distance(shapely.Point(model.x, model.y))
                       < model.radius - 0.01 for t in field.terrain), model.id


def test_a_side_without_a_zone_uses_its_edge_and_too_many_models_are_refused() -> None:
    empty = table(None)
    empty.apply(add_model(unit="Knight", at=(5.0, 3.0)), _as(A))
    empty.apply(deploy_auto(), _as(A))
    knight = empty.state.models[ModelId("A1")]
    assert knight.y + knight.radius <= 6.0 and knight.x == pytest.approx(18.0, abs=0.01), \
        "no zone: the middle of side A's 6-inch strip along its own edge"
    small = table(None)
    small.apply(_custom_map(zones=[{"id": "DA", "kind": "deployment", "side": "A", "rect": [0, 0, 6, 2]}]), _as(A))
    for x in (1.0, 3.0, 5.0):
        for y in (1.0, 3.0):
            small.apply(add_model(unit="Knight", at=(x, y)), _as(A))
    refused(small, deploy_auto(), _as(A), r"side A's 6 models do not fit: their rows need 3\.3\" of the 2\" depth",
            error=IllegalCommand)
    refused(table(), deploy_auto(side=B), Actor(user=ALICE, host=True),
            'side B has no models in or within 2" of DB to deploy', error=IllegalCommand)


def test_model_add_without_at_takes_the_next_free_deployment_spot() -> None:
    game = loaded()
    expected = entry_spots(game.state, A, [32 / 25.4 / 2])[0]
    game.apply(add_model(unit="Knight"), _as(A))
    knight = game.state.models[ModelId("A6")]
    assert (knight.x, knight.y) == expected
    assert is_completely_within(_base(knight), _zone(game.state, A), 0.0)
    _assert_no_overlaps(game.state)


def _assert_no_overlaps(state: FreeplayState) -> None:
    models = list(state.models.values())
    for i, one in enumerate(models):
        for other in models[i + 1:]:
            assert math.dist((one.x, one.y), (other.x, other.y)) >= one.radius + other.radius - 0.01


def test_the_running_points_total_is_announced_and_in_the_view() -> None:
    game = table()
    events = game.apply(load_force(name="Red Company"), _as(A))
    assert events[-1].body.describe().endswith(" Side A now fields 164 points (5 models)."), "60+40+2x22+20"
    assert events[-1].audience.everyone
    assert sum("now fields" in event.body.describe() for event in events) == 1, "one total for the whole list"
    (added,) = game.apply(add_model(unit="Hound", at=(18.0, 33.0)), _as(B))
    assert added.body.describe() == "B1 Hound (Hound, side B) enters at 18,33. Side B now fields 15 points (1 model)."
    game.apply(load_force(name="Wild Hunt"), _as(B))
    assert game.view(SPECTATOR).points == {A: 164, B: 163}  # type: ignore[attr-defined]
    (removed,) = game.apply(remove_model(model=ModelId("A1")), _as(A))
    assert removed.body.describe() == "A1 is taken off the table. Side A now fields 104 points (4 models)."
    game.apply(ImportUnits(units=(UnitProfile(name="Peasant", base_mm=25, wounds=1),)), _as(A))
    (peasant,) = game.apply(add_model(unit="Peasant", at=(30.0, 3.0)), _as(A))
    assert peasant.body.describe().endswith("Side A now fields 104 points (5 models)."), "no points: counts 0"
    assert game.view(SPECTATOR).points == {A: 104, B: 163}  # type: ignore[attr-defined]
    replayed = Game.from_records(game.system, game.setup, SEED, game.records())
    assert replayed.view(SPECTATOR).points == {A: 104, B: 163}  # type: ignore[attr-defined]


async def test_the_console_deploys_and_adds_without_coordinates() -> None:
    lines: list[str] = []
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(11), print_line=lines.append)
    assert await session.run_lines([
        "/game new system:freeplay map:crossroads practice:no",
        "@bob /game join side:B",
        "/force load name:Red Company side:A",
        "/model add unit:Archer",
        "/model place model:A1 at:20,2",
        "/deploy auto side:A",
        "@bob /force load name:Wild Hunt",
    ], strict=True) == 0
    text = "\n".join(lines)
    assert "Side A now fields 164 points (5 models)." in text
    assert "Side A now fields 184 points (6 models)." in text
    assert "A1 is placed at" in text and "B5 Mage (Mage, side B) enters at" in text
    refused = await session.run_line("@bob /deploy auto side:A")
    assert refused[0].error and "side A is not yours" in refused[0].text
