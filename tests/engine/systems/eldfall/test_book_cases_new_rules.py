"""Independent rules cases for Familiars, Personal Guard, Glyphscribe: Reduce Weight, Mana Catalyst, Elemental
Lineage and the Alliance of Necessity, each written from the book's text (Eldfall core rules v1.5, lines cited) and
played through the engine, with the cross-cutting cases (a duel, a thrown weapon, Protector and Ward across an
alliance, a Guard whose model falls)."""

from __future__ import annotations

import pytest

from engine.core import Answer, Game, IllegalCommand, ModelId, RigDice, SideId
from engine.systems.eldfall.commands import Activate, Declare
from engine.systems.eldfall.guards import GUARD_KIND
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    as_side,
    clear_table,
    place,
    practice,
    settle,
    turn_of,
    unit_id,
)
from tests.engine.systems.eldfall.test_familiars import _melee, _ritual, _summon_imp, _table
from tests.engine.systems.eldfall.test_personal_guard import _table as _guard_table
from tests.engine.systems.eldfall.test_personal_guard import _walk

A, B = SideId("A"), SideId("B")


def _lines(events: tuple[object, ...] | list[object]) -> list[str]:
    return [line for e in events for line in (e.body.describe(), *e.body.working())]  # type: ignore[attr-defined]


# -- Familiars (L2069-2073, L1571, L1576) -------------------------------------------------------------------------


def _duel(game: Game[EldfallState], vizier: ModelId) -> ModelId:
    """The Vizier issues a duel the Bushi Attendant accepts (L1571-1574); then the two stand in contact."""
    bushi = ModelId(unit_id(game, "Bushi Attendant"))
    game.apply(Activate(model=vizier, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(Declare(kind="duel"), as_side("A", ALICE))
    (challenge,) = game.state.pending.values()
    game.apply(Answer(decision_id=challenge.id, answers={"answer": bushi}), as_side("B", ALICE))
    assert game.state.duel == (vizier, bushi)
    place(game, vizier, 18, 10, 90.0)
    place(game, bushi, 18, 11.26, 270.0)
    return bushi


def test_a_familiar_taken_instead_of_its_duelling_casters_wounds_keeps_the_duel_going() -> None:
    # L2069: the familiar may be removed instead of the Wounds its caster would suffer; L1576: a duellist's familiar
    # is with it in the duel; L1577: the duel (and the game) ends only when a duellist is Incapacitated or Dead.
    game, vizier = _table("book-familiar-duel")
    clear_table(game, (vizier, ModelId(unit_id(game, "Bushi Attendant"))))
    imp = _summon_imp(game, vizier)
    settle(game)
    turn_of(game, "B")
    turn_of(game, "A")
    bushi = _duel(game, vizier)
    turn_of(game, "B")
    game.apply(Activate(model=bushi, how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20, 1, 1)), HOST)
    events = game.apply(Declare(kind="attack", means=_melee(game, bushi), targets=((vizier, 0),)),
                        as_side("B", ALICE))
    settle(game)
    lines = _lines(events)
    assert any(f"{imp} Imp, {vizier}'s familiar, is removed instead of 1 Wound" in line for line in lines), lines
    assert imp not in game.state.models and game.state.models[vizier].wounds_taken == 0
    assert game.state.duel == (vizier, bushi) and not game.is_over(), "no duellist fell: the duel goes on"


def test_a_familiar_put_out_of_action_gives_nothing_and_takes_no_wounds() -> None:
    # L2073: the caster has the familiar's abilities and stat modifiers only while it is summoned; a familiar lying
    # Incapacitated (0 HP, L872) serves no more: its INT +2 is gone, and the next Wound reaches the caster (L2069).
    game, vizier = _table("book-familiar-down", rulings={"familiar-sacrifice": "any-wound"}, vizier_hp=3)
    bushi = ModelId(unit_id(game, "Bushi Attendant"))
    clear_table(game, (vizier, bushi))
    _ritual(game, vizier, "Summon Imp")
    settle(game)
    imp = next(f.id for f in game.state.figures.values() if f.unit == "Imp")
    assert game.system.kit.world(game.state).fighter(vizier).value("INT") == 18
    turn_of(game, "B")
    place(game, imp, 18, 10, 90.0)
    place(game, bushi, 18, 11.13, 270.0)  # in contact: 25 and 32 mm bases
    game.apply(Activate(model=bushi, how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20, 1, 1)), HOST)
    game.apply(Declare(kind="attack", means=_melee(game, bushi), targets=((imp, 0),)), as_side("B", ALICE))
    settle(game)
    assert "incapacitated" in game.state.models[imp].tokens
    assert game.system.kit.world(game.state).fighter(vizier).value("INT") == 16
    turn_of(game, "A")
    turn_of(game, "B")
    place(game, vizier, 24, 10, 90.0)
    place(game, bushi, 24, 11.26, 270.0)
    game.apply(Activate(model=bushi, how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20, 1, 1)), HOST)
    game.apply(Declare(kind="attack", means=_melee(game, bushi), targets=((vizier, 0),)), as_side("B", ALICE))
    settle(game)
    assert game.state.models[vizier].wounds_taken == 1 and imp in game.state.models


# -- Personal Guard (L2904-2906) ------------------------------------------------------------------------------------


def test_a_personal_guard_may_not_leave_its_models_awareness_even_in_the_middle_of_a_move() -> None:
    # L2906: the creature "may not fully leave" the model's Awareness (the Vizier's AG 10"): a walk out past the
    # edge and back in stops at the edge (ruling personal-guard-leash: stops-at-edge), or is refused by that ruling.
    game, vizier, gargoyle = _guard_table("book-guard-out-and-back")
    lines = _walk(game, gargoyle, "via:19.8,6;17.6,6.5")
    assert any(f"stops at the edge of {vizier}'s Awareness" in line for line in lines), lines
    world = game.system.kit.world(game.state)
    assert world.aware(vizier, gargoyle) and 9.9 <= world.gap(vizier, gargoyle) <= 10.01
    refused, _, guard = _guard_table("book-guard-out-and-back-refused", {"personal-guard-leash": "refused"})
    with pytest.raises(IllegalCommand, match=r"may not fully leave its model's Awareness \(L2906\)"):
        refused.apply(Activate(model=guard, how="walk", to="via:19.8,6;17.6,6.5"), as_side("A", ALICE))
    inside, _, kept = _guard_table("book-guard-inside")
    _walk(inside, kept, "via:16.5,8;15.5,6")
    assert (inside.state.models[kept].x, inside.state.models[kept].y) == (15.5, 6.0), "inside all the way: free"


def test_a_personal_guard_goes_with_its_model_when_the_model_falls() -> None:
    # L980: the creatures of a caster that becomes Incapacitated are removed at the end of the sequence; L2906: the
    # upgrade goes back to the model, and with no other summoned creature there is no one to give it to.
    game, vizier, gargoyle = _guard_table("book-guard-model-falls")
    bushi = ModelId(unit_id(game, "Bushi Attendant"))
    turn_of(game, "B")
    place(game, bushi, 8, 7.26, 270.0)
    game.apply(Activate(model=bushi, how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 2, 1, 1)), HOST)
    events = game.apply(Declare(kind="attack", means=_melee(game, bushi), targets=((vizier, 0),)),
                        as_side("B", ALICE))
    lines = _lines(events)
    assert "incapacitated" in game.state.models[vizier].tokens
    assert gargoyle not in game.state.models and game.state.figures[gargoyle].gone == "dismissed"
    assert any(f"{gargoyle}, {vizier}'s Personal Guard, is removed: the upgrade goes back to {vizier}" in line
               for line in lines), lines
    assert game.state.figures[vizier].upgrades == ["personal-guard"]
    assert game.state.figures[gargoyle].guard_of is None
    assert not any(d.kind == GUARD_KIND for d in game.state.pending.values())


def test_a_personal_guard_bought_for_a_model_that_summons_nothing_goes_to_the_partys_creature() -> None:
    # L2906: "during the deployment assign this upgrade to a summoned creature" - any summoned creature of the party,
    # here the Gargoyle the Vizier (a Summoner, L1871) starts with; it guards the Taskmage, the upgraded model.
    party = PartySpec(id="guard", name="Guard", faction="Sand Kingdoms", game_size=60, leader="Vizier of Conjurations",
                      members=(PartyMember(unit="Vizier of Conjurations"),
                               PartyMember(unit="Taskmage Explorer", upgrades=("personal-guard",))))
    game = practice((party, "Soga Vanguard"), "book-guard-other")
    taskmage = ModelId(unit_id(game, "Taskmage Explorer"))
    gargoyle = next(m for m, f in game.state.figures.items() if f.summoner is not None and f.side == A)
    assert game.state.figures[gargoyle].guard_of == taskmage
    assert game.state.figures[taskmage].upgrades == []
    assert game.system.kit.world(game.state).fighter(gargoyle).has("Sentinel")
