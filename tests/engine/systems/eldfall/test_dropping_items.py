"""Dropping items as a model activates (Eldfall core rules, L394; encumbrance, L390): the items leave its inventory
in a Cache token in base contact with it, which a model in base contact takes with Interact."""

from __future__ import annotations

from engine.core import ActionCommand, Game, ModelId
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, Declare, EndTurn
from tests.engine.systems.eldfall.tables import ALICE, arrange, as_side, practice, settle, turn_of, unit_id
from tests.refusals import refused


def _drop(model: str, items: str | None) -> ActionCommand:
    return ActionCommand(path=("act",), name="drop", values=(("model", model), *((("with", items),) if items else ())))


def _table() -> tuple[Game[EldfallState], str, str]:
    """Thenion's Rangers-Guild Hunter (Short Bow, Short Sword, two Daggers; INVENTORY 5) beside its Swashbuckler."""
    game = practice(("Thenion Shadows", "Soga Vanguard"), "trade")
    turn_of(game, "A")
    hunter, swash = unit_id(game, "Rangers-Guild Hunter"), unit_id(game, "Thenrin Swashbuckler")
    arrange(game, {hunter: (18, 10, 90.0), swash: (18, 7.76, 90.0), unit_id(game, "Clan Champion"): (30, 30, 270.0)})
    return game, hunter, swash


def _carried(game: Game[EldfallState], model: str) -> list[tuple[str, int]]:
    return [(c.item.id, c.qty) for c in game.system.kit.world(game.state).fighter(ModelId(model)).carried]


def test_items_dropped_as_it_activates_lie_in_a_cache_that_an_ally_takes() -> None:
    # L394: dropped as it activates, before it moves, they lie in a Cache token in base contact with it.
    game, hunter, swash = _table()
    game.apply(_drop(hunter, "short-bow,dagger x2"), as_side("A", ALICE))
    assert _carried(game, hunter) == [("short-bow", 1), ("short-sword", 1), ("dagger", 1), ("dagger", 1)]
    game.apply(Activate(model=hunter, how="walk", to="24,10"), as_side("A", ALICE))
    settle(game)
    assert _carried(game, hunter) == [("short-sword", 1)]
    assert game.state.figures[ModelId(hunter)].spent == {}, "dropped, not used up: an Alchemist refills none"
    (cache,) = game.state.tokens.values()
    assert cache.kind == "items" and sorted(cache.items) == ["Dagger", "Dagger", "Short Bow"]
    assert abs(((cache.x - 18) ** 2 + (cache.y - 10) ** 2) ** 0.5 - (0.63 + 0.49)) < 0.02  # where it activated
    game.apply(Declare(kind="nothing"), as_side("A", ALICE))
    settle(game)
    # Its ally in base contact takes them with Interact, in round 1 too (no quest's token), with no roll.
    game.apply(Activate(model=swash, how="idle"), as_side("A", ALICE))
    settle(game)
    events = game.apply(Declare(kind="interact", targets=((ModelId(cache.id), 1),)), as_side("A", ALICE))
    settle(game)
    assert not game.state.tokens
    assert ("short-bow", 1) in _carried(game, swash) and not any("roll" in e.body.describe() for e in events)


def test_an_over_encumbered_model_that_drops_enough_may_move_and_an_unkept_order_lapses() -> None:
    # L390: over its INVENTORY it makes no Movement; dropping as it activates frees it (L394).
    game, hunter, _swash = _table()
    game.state.figures[ModelId(hunter)].extra_items = ["Short Bow"]  # picked up earlier: WGT 7 of 5
    refused(game, Activate(model=hunter, how="walk", to="24,10"), as_side("A", ALICE), r"INVENTORY.*\(L390\)")
    refused(game, _drop(hunter, "sword"), as_side("A", ALICE), r"no Sword to drop \(L394\)")
    refused(game, _drop(hunter, "short-bow x3"), as_side("A", ALICE), r"only 2 Short Bow to drop \(L394\)")
    game.apply(_drop(hunter, "short-bow x2"), as_side("A", ALICE))
    game.apply(Activate(model=hunter, how="walk", to="24,10"), as_side("A", ALICE))
    settle(game)
    assert game.state.models[ModelId(hunter)].x > 18
    game.apply(Declare(kind="nothing"), as_side("A", ALICE))
    settle(game)
    game.apply(_drop(unit_id(game, "Thenrin Swashbuckler"), "short-sword"), as_side("A", ALICE))
    game.apply(EndTurn(), as_side("A", ALICE))
    assert all(not f.dropping for f in game.state.figures.values())  # it never activated: nothing dropped
