"""Trade, a Normal Action (Eldfall core rules v1.5, L1542-1545): an exchange of acquired items with an allied model
in base contact, never the items printed on a profile; what is received is carried, equipped only as L432 says."""

from __future__ import annotations

from engine.core import Game, ModelId, SideId, Viewer, ViewerKind
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import ALICE, arrange, as_side, practice, settle, turn_of, unit_id
from tests.refusals import refused


def _hunter_by_swashbuckler(apart: float = 1.26) -> tuple[Game[EldfallState], str, str, str]:
    """Thenion's Rangers-Guild Hunter (Short Bow, Short Sword, Dagger, and a second Dagger from its Utility Tool)
    activated Idle
    beside the Thenrin Swashbuckler (two 32 mm bases touch 1.26 inches apart), Soga's Clan Champion out of reach."""
    game = practice(("Thenion Shadows", "Soga Vanguard"), "trade")
    turn_of(game, "A")
    hunter, swash = unit_id(game, "Rangers-Guild Hunter"), unit_id(game, "Thenrin Swashbuckler")
    champion = unit_id(game, "Clan Champion")
    arrange(game, {hunter: (18, 10, 90.0), swash: (18, 10 + apart, 270.0), champion: (28, 10, 180.0)})
    game.apply(Activate(model=ModelId(hunter), how="idle"), as_side("A", ALICE))
    settle(game)
    return game, hunter, swash, champion


def _refused(game: Game[EldfallState], command: Declare, match: str) -> None:
    refused(game, command, as_side("A", ALICE), match)


def _trade(target: str, give: tuple[str, ...] = (), take: tuple[str, ...] = ()) -> Declare:
    return Declare(kind="trade", targets=((ModelId(target), 1),), give=give, take=take)


def test_a_model_gives_an_acquired_item_to_an_ally_in_base_contact() -> None:
    # L1544: the exchange is with an allied model in base contact; L1545: acquired items only (the Utility Tool's
    # Dagger, L2660).
    game, hunter, swash, _champion = _hunter_by_swashbuckler()
    world = game.system.kit.world(game.state)
    assert world.fighter(ModelId(hunter)).tradeable == {"dagger": 1}
    events = game.apply(_trade(swash, give=("Dagger",)), as_side("A", ALICE))
    settle(game)
    said = " ".join(e.body.describe() for e in events)
    assert f"{hunter} trades with {swash}: gives Dagger (L1542-1545)" in said
    world = game.system.kit.world(game.state)
    giver, receiver = world.fighter(ModelId(hunter)), world.fighter(ModelId(swash))
    # The Dagger printed on its profile stays: only the Utility Tool's went (L1545).
    assert [(c.item.id, c.qty) for c in giver.carried] == [("short-bow", 1), ("short-sword", 1), ("dagger", 1)]
    assert giver.tradeable == {}
    assert receiver.tradeable == {"dagger": 1}
    # Carried, not in hand: the Swashbuckler still holds the weapon listed highest (L432).
    assert receiver.loadout.weapon is not None and receiver.loadout.weapon.id != "dagger"
    assert "dagger" in [c.item.id for c in receiver.carried]


def test_a_model_takes_an_item_back_and_the_giver_may_pass_it_on() -> None:
    # L1544: "exchange": items go both ways; an item received by Trade is acquired, so it may be traded again.
    game, hunter, swash, _champion = _hunter_by_swashbuckler()
    game.apply(_trade(swash, give=("dagger",)), as_side("A", ALICE))
    settle(game)
    turn_of(game, "B")
    turn_of(game, "A")
    game.apply(Activate(model=ModelId(hunter), how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(_trade(swash, take=("dagger",)), as_side("A", ALICE))
    settle(game)
    world = game.system.kit.world(game.state)
    assert world.fighter(ModelId(hunter)).tradeable == {"dagger": 1}
    assert world.fighter(ModelId(swash)).tradeable == {}


def test_a_printed_item_an_item_not_held_an_enemy_and_a_model_out_of_contact_are_refused() -> None:
    game, _hunter, swash, champion = _hunter_by_swashbuckler()
    _refused(game, _trade(swash, give=("short-sword",)), r"Short Sword is printed on .*profile.*L1545.*dagger")
    _refused(game, _trade(swash, give=("dagger", "dagger")), r"with: takes 1 values, not 2")  # one acquired
    _refused(game, _trade(swash, take=("dagger",)), r"holds no Dagger to exchange \(L1544\)")
    _refused(game, _trade(champion, give=("dagger",)), r"is an enemy: a model trades with an allied model \(L1544\)")
    _refused(game, _trade(swash), r"say what is exchanged: with:.* and/or choice:")  # nothing exchanged
    _refused(game, _trade(swash, give=("frying pan",)), r"with:frying pan is not one of the choices .*\(dagger\)")


def test_trade_needs_base_contact() -> None:
    game, _hunter, swash, _champion = _hunter_by_swashbuckler(apart=2.5)
    _refused(game, _trade(swash, give=("dagger",)), r"not in base contact .*\(L1544\)")


def test_the_menus_offer_allies_in_contact_and_the_items_they_may_exchange() -> None:
    game, hunter, swash, _champion = _hunter_by_swashbuckler()
    assert "trade" in [a.name for a in game.system.legal_actions(game.state, SideId("A"))]
    action = next(a for a in game.system.actions() if a.name == "trade")
    viewer = Viewer(kind=ViewerKind.SIDE, side=SideId("A"))
    assert [c.value for c in action.sources["target"](game.state, viewer, {})] == [swash]
    assert [c.value for c in action.sources["with"](game.state, viewer, {"target": swash})] == ["dagger"]
    assert list(action.sources["choice"](game.state, viewer, {"target": swash})) == []
    assert hunter != swash


def test_an_allied_players_model_is_an_allied_model_for_trade() -> None:
    # L2390, L2935: while the Alliance of Necessity holds, the allies' models are allied models (World.friends), so
    # one is a Trade partner; the refusal is then about the item, not the model.
    from engine.systems.eldfall.trading import trade_partners
    from tests.engine.systems.eldfall.test_alliance import HOSTILES, _allied, _touching
    game = _allied("trade")
    active = game.state.active_side
    assert active is not None
    mine, theirs = ("A3", "B1") if active == "A" else ("B1", "A3")
    arrange(game, {**HOSTILES, theirs: (8, 12, 270.0), mine: (8, 9, 90.0)})
    _touching(game, mine, theirs)
    game.apply(Activate(model=ModelId(mine), how="idle"), as_side(active, ALICE))
    settle(game)
    world = game.system.kit.world(game.state)
    assert [o.id for o in trade_partners(world, world.fighter(ModelId(mine)))] == [theirs]
    refused(game, _trade(theirs, give=("dagger",)), as_side(active, ALICE),
            r"(holds no Dagger to exchange|only acquired items are exchanged)")


def test_a_treasure_changes_hands_and_its_new_carrier_cannot_stay_shrouded() -> None:
    # L2429: a model takes the Treasure into its Inventory, so it is an acquired item it may Trade (L1545);
    # L2432: the model carrying it cannot be Shrouded. The Treasure is taken as in test_quests' Treasure Hunt game.
    from engine.core import RigDice
    from engine.systems.eldfall.events import FigureNoted
    from tests.engine.systems.eldfall.tables import HOST, place
    from tests.engine.systems.eldfall.test_alliance import _touching
    from tests.table_commands import change_token
    game = practice(("Soga Vanguard", "Thenion Shadows"), "treasure", options={"scenario": "treasure-hunt"})
    active = game.state.active_side
    assert active is not None
    runner = next(m.id for m in game.state.models.values() if m.side == active)
    place(game, runner, 12, 16.5)
    game.apply(Activate(model=runner, how="idle"), as_side(active, ALICE))
    settle(game)
    game.apply(Declare(kind="nothing"), as_side(active, ALICE))
    turn_of(game, "A" if active == "B" else "B")
    turn_of(game, active)
    place(game, runner, 12, 15.5)
    game.apply(RigDice(values=(20, 1, 1)), HOST)
    game.apply(Activate(model=runner, how="walk", to="contact X1"), as_side(active, ALICE))
    settle(game)
    game.apply(RigDice(values=(1,)), HOST)
    game.apply(Declare(kind="interact", targets=((ModelId("X1"), 1),)), as_side(active, ALICE))
    assert game.state.figures[runner].extra_items == ["Treasure"]
    ally = next(m.id for m in sorted(game.state.models.values(), key=lambda m: m.id)
                if m.side == active and m.id != runner and game.state.figures[m.id].summoner is None)
    _touching(game, ally, runner, (1, 0))
    turn_of(game, "A" if active == "B" else "B")
    turn_of(game, active)
    game.apply(Activate(model=runner, how="idle"), as_side(active, ALICE))
    settle(game)
    game.apply(change_token(model=ally, token="shrouded"), HOST)  # the host's override: the ally is Shrouded
    events = game.apply(_trade(ally, give=("Treasure",)), as_side(active, ALICE))
    settle(game)
    assert game.state.figures[runner].extra_items == []
    assert game.state.figures[ally].extra_items == ["Treasure"]
    assert "shrouded" not in game.state.models[ally].tokens
    assert any(isinstance(e.body, FigureNoted) for e in events)
    assert any("it carries a Treasure, L2432" in e.body.describe() for e in events)
    assert f"{runner} trades with {ally}: gives Treasure (L1542-1545)." in [e.body.describe() for e in events]
