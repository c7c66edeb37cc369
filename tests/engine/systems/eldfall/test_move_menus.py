"""The move menus ask whether a model goes somewhere without working out its route (``activation.goes``; for every
place a menu names at once, ``goes_anywhere``): that answer is the referee's own (``move_refusal``), for every model,
movement and destination a menu names, Engaged, walled in or free."""

from __future__ import annotations

import random

from engine.core import Game, ModelId
from engine.systems.eldfall.activation import goes, goes_anywhere, move_refusal
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.world import World
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


def _places(world: World, f: Fighter) -> list[str]:
    """Places a move may head for: into contact with and toward each enemy (as a menu names them) and each ally."""
    others = [o.id for o in (*world.enemies(f), *world.allies(f))]
    return [*(f"contact {o}" for o in others), *(f"toward {o}" for o in others)]


def _anywhere_agrees(game: Game[EldfallState], state: EldfallState, model: str, places: list[str] | None = None
                     ) -> bool:
    """``goes_anywhere`` for a Walk and a Run, asserted to say what the referee says of the places one by one."""
    world = game.system.kit.world(state)
    f = world.fighter(ModelId(model))
    named = _places(world, f) if places is None else places
    found = []
    for how in ("walk", "run"):
        referee = any(move_refusal(world, f, how, to) is None for to in named)
        assert goes_anywhere(world, f, how, named) == referee, (model, how, named)
        found.append(referee)
    return found[0]


def test_a_model_walled_in_goes_nowhere_the_menu_names_and_a_free_one_does() -> None:
    game = demo_game()
    arrange(game, {"A2": (35.3, 0.7, 0.0), "B2": (34.0, 0.7, 180.0), "B3": (35.3, 2.0, 270.0),
                   "A1": (18.0, 28.0, 270.0), "B1": (6.0, 28.0, 90.0)})
    far = ["contact B1", "toward B1"]  # beyond the two enemies walling A2 into the corner
    assert not _anywhere_agrees(game, game.state, "A2", far)
    assert _anywhere_agrees(game, game.state, "A2")  # it may still go into contact with those walling it in
    assert _anywhere_agrees(game, game.state, "A1", far)


def test_one_search_for_every_place_says_what_the_referee_says_of_each_on_random_tables() -> None:
    """Models set down at random on the demo table's scenery, every other time A1 in a corner with two enemies
    closing it in (or nearly): whether a model goes somewhere is the referee's own answer, walled in or not."""
    game = demo_game()
    rng = random.Random(7)
    models = game.state.models
    a1 = models[ModelId("A1")]
    enemies = [m for m in sorted(models) if models[m].side != a1.side]
    allies = [f"{how} {m}" for m in sorted(models) if models[m].side == a1.side and m != a1.id
              for how in ("contact", "toward")]
    seen = set()
    for trial in range(8):
        spots = {m: (rng.uniform(1.0, game.state.width - 1.0), rng.uniform(1.0, game.state.height - 1.0))
                 for m in sorted(models)}
        if trial % 2:  # A1 in a corner, two enemies along its edges
            sx, sy = rng.choice((1, -1)), rng.choice((1, -1))
            x = a1.radius + 0.05 if sx > 0 else game.state.width - a1.radius - 0.05
            y = a1.radius + 0.05 if sy > 0 else game.state.height - a1.radius - 0.05
            spots[a1.id] = (x, y)
            for enemy, (dx, dy) in zip(enemies, ((sx, 0), (0, sy)), strict=False):
                reach = a1.radius + models[enemy].radius + rng.uniform(0.0, 0.3)
                spots[enemy] = (x + dx * reach, y + dy * reach)
        state = game.state.model_copy(update={"models": {m: models[m].model_copy(update={"x": round(p[0], 2),
                                                                                      "y": round(p[1], 2)})
                                                         for m, p in spots.items()}})
        for model in ("A1", "A2"):
            seen.add(_anywhere_agrees(game, state, model))
        seen.add(_anywhere_agrees(game, state, "A1", allies))
    assert seen == {True, False}  # both answers met
