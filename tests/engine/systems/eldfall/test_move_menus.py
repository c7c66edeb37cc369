"""The move menus ask whether a model goes somewhere without working out its route (``activation.goes``): that answer
is the referee's own (``move_refusal``), for every model, movement and destination a menu names, Engaged, walled in
or free."""

from __future__ import annotations

from engine.core import Game, ModelId
from engine.systems.eldfall.activation import goes, move_refusal
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.tables import arrange, demo_game


def _agree(game: Game[EldfallState], models: tuple[str, ...]) -> list[bool]:
    """Whether each model goes by each movement toward each enemy, asserting ``goes`` says what the referee says."""
    world = game.system.kit.world(game.state)
    found = []
    for model in models:
        f = world.fighter(ModelId(model))
        for how in ("walk", "jump"):
            for enemy in (e.id for e in world.enemies(f)):
                for to in (f"contact {enemy}", f"toward {enemy} 2"):
                    refused = move_refusal(world, f, how, to)
                    assert goes(world, f, how, to) == (refused is None), (model, how, to, refused)
                    found.append(refused is None)
    return found


def test_a_free_model_an_engaged_one_and_one_walled_in_go_only_where_the_referee_lets_them() -> None:
    game = demo_game()
    arrange(game, {"A2": (35.3, 0.7, 0.0), "B2": (34.0, 0.7, 180.0), "B3": (35.3, 2.0, 270.0),
                   "A1": (18.0, 28.0, 270.0), "B1": (18.0, 26.0, 90.0)})
    assert game.system.kit.world(game.state).engagers(ModelId("B1"))
    free, engaged, walled = _agree(game, ("A1",)), _agree(game, ("B1",)), _agree(game, ("A2",))
    assert all(free)
    assert not all(engaged) and any(engaged)
    assert not all(walled) and any(walled)
