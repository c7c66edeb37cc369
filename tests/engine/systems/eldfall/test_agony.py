"""Agony, an Enchantment cast on an enemy as an attack (Eldfall core rules v1.5, L2283; ruling enemy-enchantment): its
Hit enchants the target until the caster's next Strategic phase (L950), and a friendly model in base contact with the
enchanted model ends it. No shipped model knows Succubi Magic: a test-only copy of the Flameweaver Noble does."""

from __future__ import annotations

from engine.core import ModelId, RigDice
from engine.systems.eldfall.schema import PartyMember, PartySpec
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import ALICE, HOST, arrange, as_side, eldfall, place, practice, settle, turn_of


def test_agony_enchants_the_enemy_it_hits_and_ends_when_a_friend_touches_it() -> None:
    noble = next(u for u in eldfall().data.units if u.name == "Flameweaver Noble")
    succubus = noble.model_copy(update={"name": "Test Succubus", "keywords": (
        *noble.keywords, "trait:Affinity (Profane)", "spellcraft:Succubi Magic I")})
    party = PartySpec(id="succubi", name="Succubi", faction="Helian League", game_size=60, leader="Test Succubus",
                      members=(PartyMember(unit="Test Succubus"), PartyMember(unit="Flameshaper")))
    game = practice((party, "Soga Vanguard"), "agony", system=eldfall(succubus))
    turn_of(game, "A")
    caster, target = ModelId("A1"), ModelId("B3")
    arrange(game, {caster: (25, 10, 90.0), target: (25, 14, 270.0), "B1": (30, 20, 270.0)})
    game.apply(Activate(model=caster, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(2,)), HOST)
    game.apply(Declare(kind="cast", means="agony", targets=((target, 0),)), as_side("A", ALICE))
    assert game.state.figures[target].enchantments == {"agony": "strategic:A"}
    place(game, "B1", 25, 15.26, 270.0)  # a friend comes into base contact
    game.apply(Activate(model=caster, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(Declare(kind="nothing"), as_side("A", ALICE))
    assert "agony" not in game.state.figures[target].enchantments
