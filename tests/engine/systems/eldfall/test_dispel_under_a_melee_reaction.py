"""An Assist's ``art`` names what Dispel Magic removes (L2295: here the caster's own summoned
creature), never a combat art: a melee attack made in reaction on the caster resolves with no Fencing parry read
from it (L2224-2225). A seeded menu walk once crashed here, the Assist's pick looked up as a combat art."""

from __future__ import annotations

from engine.core import Answer, ModelId
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import ALICE, arrange, as_side, practice, settle, turn_of, unit_id


def test_dispel_magic_cast_while_an_enemy_strikes_the_caster_in_melee() -> None:
    game = practice(("Sand Conclave", "Thenion Shadows"), "dispel-melee")
    turn_of(game, "A")
    vizier = ModelId(unit_id(game, "Vizier of Conjurations"))
    shade = ModelId(next(m.id for m in game.state.models.values() if m.unit == "Nightshade"))
    creature = ModelId(next(m for m, f in game.state.figures.items() if f.summoner == vizier))
    world = game.system.kit.world(game.state)
    contact = world.base(vizier).radius + world.base(shade).radius
    arrange(game, {vizier: (25, 10, 90.0), shade: (25, 12 + contact, 270.0), creature: (28, 12, 90.0)})
    # The Vizier walks into contact: it is not Engaged until the Resolution step ends (L1449), so it may Assist.
    game.apply(Activate(model=vizier, how="walk", to="25,12"), as_side("A", ALICE))
    reaction = next(d for d in game.state.pending.values() if d.owner == "B" and d.kind == "reaction")
    game.apply(Answer(decision_id=reaction.id, answers={shade: "mastercrafted-piercing-dagger"}), as_side("B", ALICE))
    settle(game)
    game.apply(Declare(kind="assist", means="dispel-magic", targets=((creature, 1),), art="creature"),
               as_side("A", ALICE))
    said = " ".join(e.body.describe() for e in game.log[-40:])
    assert f"{vizier} casts Dispel Magic on {creature}" in said, said  # rolled, whatever the die: resolved
    assert f"{shade} attacks {vizier} with Mastercrafted Piercing Dagger" in said, said
    assert "Activation Sequence ends" in said and "Fencing" not in said, said
