"""Essence checked case by case against the rulebook itself (Shroudfall rulebook v1.4): what is generated at the end
of an activation (up to the reserve's cap) and at the start of a round, and how it is spent (exact costs, stronger
crystals standing in for an interaction, Essence Starved's extra crystal)."""

from __future__ import annotations

import pytest

from engine.core import IllegalCommand, ModelId, SideId
from engine.systems.shroudfall import play
from engine.systems.shroudfall.essence import ability_cost, pay
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rounds import essence_at_round_start
from engine.systems.shroudfall.rulings import DEFAULT_RULINGS

from .loader import load_shroudfall
from .tables import Put, context, ended, playing

A = SideId("A")
M = ModelId
REF = Referee(load_shroudfall(), DEFAULT_RULINGS)


def test_an_activation_adds_the_essence_value_up_to_the_cap() -> None:
    # L845, L1522: at the end of its activation a unit adds its essence value; Nekari's is a yellow and a red, and
    # with nine crystals already only the first fits (L831).
    table = playing(Put("A1", "nekari", 10, 10), Put("B1", "razhu", 10, 30))
    table.state.record(A).reserve = ["grey"] * 9
    ctx = context(table.state)
    play.activate(ctx, A, "A1")
    ended(ctx, REF, A)
    assert table.state.record(A).reserve == ["grey"] * 9 + ["yellow"]


def test_only_completely_destroyed_units_add_their_value_at_the_start_of_each_later_round() -> None:
    # L849, L1177: a destroyed unit's essence value comes back at the start of every later round; a unit that only
    # lost models adds nothing then (it still generates at the end of its activations).
    table = playing(Put("A1", "lawbringers", 10, 10, unit="law"), Put("A2", "lawbringers", 12, 10, unit="law"),
                    Put("A3", "razhu", 14, 10), Put("A4", "stormridge", 16, 10), Put("B1", "razhu", 10, 30))
    values = {"law": ("yellow",), "A3": ("red",), "A4": ("yellow",)}
    del table.state.models[M("A1")]
    assert essence_at_round_start(table.state, A, values) == ()
    del table.state.models[M("A3")]
    del table.state.models[M("A4")]
    assert essence_at_round_start(table.state, A, values) == ("red", "yellow")


def test_an_ability_is_paid_in_its_exact_colours_or_not_at_all() -> None:
    # L870-872: paying removes the cost from the reserve; without the essence the ability cannot be used. A red does
    # not pay for a yellow here; only an ESSENCE INTERACT lets a stronger crystal stand in (L1231).
    with pytest.raises(IllegalCommand, match=r"costs 1Y and the reserve holds 1R \(L872\)"):
        pay(["red"], ["yellow"])
    assert pay(["red", "grey"], ["yellow"], stronger=True) == (("grey",), ("red",))
    with pytest.raises(IllegalCommand):
        pay(["grey", "grey"], ["yellow"], stronger=True)


def test_essence_starved_adds_a_grey_or_yellow_crystal_to_ability_costs() -> None:
    # L1397: an Essence Starved unit pays one more crystal, grey or yellow (ruling essence-starved-colours), for its
    # active and reactive abilities.
    assert ability_cost(["yellow"], []) == ("yellow",)
    assert ability_cost(["yellow"], ["essence-starved"], "grey") == ("yellow", "grey")
    with pytest.raises(IllegalCommand, match=r"one more crystal, grey or yellow.*\(L1397\)"):
        ability_cost(["yellow"], ["essence-starved"])
    with pytest.raises(IllegalCommand):
        ability_cost(["yellow"], ["essence-starved"], "red")


def test_an_essence_starved_unit_pays_one_more_crystal_at_the_table() -> None:
    # Shroudfall rules, L1397: an Essence Starved unit pays one more crystal, grey or yellow, for an active or a
    # reactive essence ability. Adamant's Essence Attack (an active ability, L913-917; one yellow, ruling
    # essence-attack-cost): refused with the yellow alone, paid with a yellow and a grey. The grey is taken when held
    # (ruling essence-starved-colours). Before, the table charged the printed cost only.
    from .staged import B, act, rig, staged

    for reserve, left in ((["yellow"], None), (["yellow", "grey", "red"], ["red"]), (["yellow", "yellow"], [])):
        game = staged(Put("A1", "adamant", 18, 10), Put("B1", "razhu", 18, 11.6))
        game.state.units["A1"].conditions = ["essence-starved"]
        game.state.record(A).reserve = list(reserve)
        act(game, A, "activate", model="A1")
        if left is None:
            with pytest.raises(IllegalCommand):
                act(game, A, "essence-attack", model="A1", target="B1", **{"with": "Heirloom Blade"})
            assert game.state.record(A).reserve == reserve
            continue
        rig(game, 0, 0, 0, 0, 0)
        act(game, A, "essence-attack", model="A1", target="B1", **{"with": "Heirloom Blade"})
        assert game.state.record(A).reserve == left, reserve
    # a reactive ability: Anger Issues (one yellow) is not offered to a Starved unit holding the yellow alone
    game = staged(Put("A1", "razhu", 18, 10), Put("B1", "brawlers", 18, 11.6))
    game.state.units["B1"].conditions = ["essence-starved"]
    game.state.record(B).reserve = ["yellow"]
    act(game, A, "activate", model="A1")
    rig(game, 3, 3, 3, 4, 3, 3, 3, 4)
    act(game, A, "attack", model="A1", target="B1")
    assert not game.pending and game.state.record(B).reserve == ["yellow"]
