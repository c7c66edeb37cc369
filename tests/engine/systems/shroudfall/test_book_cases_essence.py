"""Essence checked case by case against the rulebook itself (Shroudfall rulebook v1.4): the reserve's cap and its
emptying, what is generated at the end of an activation and at the start of a round, and how it is spent (exact
costs, infusions, stronger crystals standing in for an interaction, Essence Starved's extra crystal)."""

from __future__ import annotations

import pytest

from engine.core import IllegalCommand, ModelId, SideId
from engine.systems.shroudfall import play
from engine.systems.shroudfall.essence import Infusion, ability_cost, infuse, pay, store
from engine.systems.shroudfall.events import RoundEnded
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rounds import essence_at_round_start
from engine.systems.shroudfall.rulings import DEFAULT_RULINGS

from .loader import load_shroudfall
from .tables import Put, context, playing

A, B = SideId("A"), SideId("B")
M = ModelId
REF = Referee(load_shroudfall(), DEFAULT_RULINGS)


def test_the_reserve_holds_ten_and_what_comes_after_is_lost() -> None:
    # L831: at most ten tokens; further essence generated is lost.
    stored = store(["grey"] * 9, ["red", "yellow", "grey"])
    assert (len(stored.reserve), stored.kept, stored.lost) == (10, ("red",), ("yellow", "grey"))
    assert store(["grey"] * 10, ["red"]).kept == ()


def test_an_activation_adds_the_essence_value_up_to_the_cap() -> None:
    # L845, L1522: at the end of its activation a unit adds its essence value; Nekari's is a yellow and a red, and
    # with nine crystals already only the first fits (L831).
    table = playing(Put("A1", "nekari", 10, 10), Put("B1", "razhu", 10, 30))
    table.state.record(A).reserve = ["grey"] * 9
    ctx = context(table.state)
    play.activate(ctx, A, "A1")
    play.forfeit(ctx, REF, A)
    assert table.state.record(A).reserve == ["grey"] * 9 + ["yellow"]


def test_every_reserve_is_emptied_at_the_end_of_the_round() -> None:
    # L833, L1167: all essence in each reserve is removed at the end of a game round.
    table = playing(Put("A1", "razhu", 10, 10), Put("B1", "razhu", 10, 30))
    table.state.record(A).reserve, table.state.record(B).reserve = ["red", "red"], ["grey"]
    RoundEnded(round=1, token=B).apply(table.state)
    assert table.state.record(A).reserve == [] and table.state.record(B).reserve == []


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


def test_a_roll_takes_one_infusion_and_only_a_stronger_die_replaces_it() -> None:
    # L931: one infusion per roll; an infused roll may be infused again only with a stronger die, which replaces it.
    grey = infuse(None, "grey")
    assert infuse(grey, "red") == Infusion("red")
    with pytest.raises(IllegalCommand, match=r"swapped only for a stronger die \(L931\)"):
        infuse(grey, "grey")
    with pytest.raises(IllegalCommand):
        infuse(Infusion("yellow"), "grey")


def test_essence_starved_adds_a_grey_or_yellow_crystal_to_ability_costs() -> None:
    # L1397: an Essence Starved unit pays one more crystal, grey or yellow (ruling essence-starved-colours), for its
    # active and reactive abilities.
    assert ability_cost(["yellow"], []) == ("yellow",)
    assert ability_cost(["yellow"], ["essence-starved"], "grey") == ("yellow", "grey")
    with pytest.raises(IllegalCommand, match=r"one more crystal, grey or yellow.*\(L1397\)"):
        ability_cost(["yellow"], ["essence-starved"])
    with pytest.raises(IllegalCommand):
        ability_cost(["yellow"], ["essence-starved"], "red")
