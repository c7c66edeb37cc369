"""Heights on the inch table: placing and moving a model may set the height its feet stand at (``z``), and a game
with raised surfaces says how high the ground is under a spot; events without a height keep it (old logs replay)."""

from __future__ import annotations

from bot.core.data_loader import load_system_data
from engine.core import Actor, ModelId
from engine.table import ModelMoved, ModelPlaced, TableRules, TableWorld, standing_height
from engine.table.state import Point, TableState
from tests.engine.table.test_terrain_and_areas import ALICE, A, empty_table
from tests.table_commands import add_model


def test_a_placement_or_move_with_a_height_sets_it_and_one_without_keeps_it() -> None:
    game = empty_table()
    game.apply(add_model(unit="Knight", at=(10.0, 10.0)), Actor(user=ALICE, side=A))
    state = game.state.model_copy(deep=True)
    placed = ModelPlaced(model_id=ModelId("A1"), x=11.0, y=10.0, facing=90.0, z=3.0)
    placed.apply(state)
    assert state.models[ModelId("A1")].z == 3.0
    assert placed.describe() == 'A1 is placed at 11,10, 3" up facing 90°.'
    ModelMoved(model_id=ModelId("A1"), path=((11.0, 10.0), (12.0, 10.0)), distance=1.0, facing=0.0).apply(state)
    assert state.models[ModelId("A1")].z == 3.0, "a move saying no height keeps the model where it stood"
    down = ModelMoved(model_id=ModelId("A1"), path=((12.0, 10.0), (14.0, 10.0)), distance=2.0, facing=0.0, z=0.0)
    down.apply(state)
    assert state.models[ModelId("A1")].z == 0.0 and "14,10, on the ground" in down.describe()


def _platform(state: TableState, at: Point) -> float:
    """A 4 inch platform over x 20-24, the ground elsewhere."""
    return 4.0 if 20.0 <= at[0] <= 24.0 else 0.0


class _OnPlatform:
    """A game on inches whose table has a platform (the table reads only its data, rules and disclosure)."""

    def __init__(self, rules: TableRules) -> None:
        self.table_data = load_system_data("freeplay")
        self.table_rules = rules

    def disclosure(self, state: object, viewer: object) -> None:
        raise AssertionError("not asked")


def test_a_games_ground_sets_the_height_of_a_model_placed_by_hand() -> None:
    game = empty_table()
    game.apply(add_model(unit="Knight", at=(10.0, 10.0)), Actor(user=ALICE, side=A))
    model = game.state.models[ModelId("A1")]
    raised = TableWorld(_OnPlatform(TableRules(ground=_platform)), game.state)  # type: ignore[arg-type]
    assert standing_height(raised, model, (22.0, 10.0)) == 4.0
    assert standing_height(raised, model, (12.0, 10.0)) is None, "no change of height, none recorded"
    flat = TableWorld(_OnPlatform(TableRules()), game.state)  # type: ignore[arg-type]
    assert standing_height(flat, model, (22.0, 10.0)) is None
