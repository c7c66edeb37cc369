"""Engaged is a state a model takes at the end of a Resolution step or of a phase, inside an enemy's melee reach
(Eldfall core rules v1.5, L1449), not the moment an enemy comes into contact: the book's own example has a Hunter
answer a Clan Champion walking up to it with a Ranged Attack, and only once Engaged react by Dodge or Melee Attack
alone (L1471; a Ranged Attack of Opportunity at a model moving toward it, L1235). One test (``engaged``) serves the
Reaction step, the late reactions, Ward and the Action step alike (L1457, L1461, L2297)."""

from __future__ import annotations

from engine.core import ModelId
from engine.systems.eldfall.declare import allowed_now
from engine.systems.eldfall.engaged import engaged
from engine.systems.eldfall.events import ActionDeclared
from engine.systems.eldfall.reacting import REACTION_KIND
from engine.systems.eldfall.schema import PartyMember, PartySpec
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    arrange,
    as_side,
    eldfall,
    practice,
    settle,
    turn_of,
    unit_id,
)
from tests.table_commands import change_token


def _reaction_options(*, marked: bool) -> list[str]:
    """B3's reaction options to A3 walking into base contact with it (B3 marked Engaged beforehand or not)."""
    game = practice(("Helian Expedition", "Soga Vanguard"), "engaged-reactions")
    turn_of(game, "A")
    arrange(game, {"A3": (20, 10, 90.0), "B3": (20, 14, 270.0)})
    if marked:
        game.apply(change_token(model=ModelId("B3"), token="engaged"), HOST)
    game.apply(Activate(model="A3", how="walk", to="contact B3"), as_side("A", ALICE))
    decision = next(d for d in game.state.pending.values() if d.kind == REACTION_KIND)
    part = next(p for p in decision.parts if p.key == "B3")
    return [o.label for o in part.options]


def test_a_model_walked_into_contact_with_may_still_shoot_in_reaction() -> None:
    labels = _reaction_options(marked=False)
    assert any("Short Bow" in label for label in labels), labels  # L1471, L1235


def test_an_engaged_reactor_may_only_dodge_or_strike_in_melee() -> None:
    labels = _reaction_options(marked=True)
    assert not any("Short Bow" in label for label in labels), labels  # L1457, L1471
    assert any("Dodge" in label for label in labels), labels


def test_a_model_that_walked_into_contact_may_still_shoot_in_its_action_step() -> None:
    # L1449: it becomes Engaged at the end of the Resolution step, not as it arrives; the same test as its target's.
    game = practice(("Soga Vanguard", "Thenion Shadows"), "engaged-walk-shoot")
    turn_of(game, "A")
    arrange(game, {"A3": (12, 4, 90.0), "B3": (12, 8, 270.0)})
    game.apply(Activate(model=ModelId("A3"), how="walk", to="contact B3"), as_side("A", ALICE))
    settle(game)
    events = game.apply(Declare(kind="attack", means="short-bow", targets=((ModelId("B3"), 0),)),
                        as_side("A", ALICE))
    assert any(isinstance(e.body, ActionDeclared) for e in events), [e.body.describe() for e in events]


def test_hit_and_retreat_out_of_reach_ends_the_engaged_state() -> None:
    # L1952: a model with Hit and Retreat cancels the Engaged state in its Movement step, no roll needed.
    data = eldfall().data
    unit = next(u for u in data.units if u.name == "Citadel Guard")
    copy = unit.model_copy(update={"name": "Skirmish Guard", "keywords": (*unit.keywords, "skill:Hit and Retreat")})
    party = PartySpec(id="test", name="Test", faction="Helian League", game_size=60, leader="Skirmish Guard",
                      members=(PartyMember(unit="Skirmish Guard"), PartyMember(unit="Flameshaper")))
    game = practice((party, "Soga Vanguard"), "engaged-retreat", system=eldfall(copy))
    turn_of(game, "A")
    guard = ModelId(unit_id(game, "Skirmish Guard"))
    arrange(game, {guard: (25, 15, 90.0), "B1": (25, 16.3, 270.0)})
    game.apply(change_token(model=guard, token="engaged"), HOST)  # as the last Resolution step left it (L1449)
    game.apply(Activate(model=guard, how="walk", to="25,11"), as_side("A", ALICE))
    settle(game)
    world = game.system.kit.world(game.state)
    assert not engaged(world, world.fighter(guard))
    assert "perceive" in allowed_now(world, world.fighter(guard))  # no longer held to L1457's list
