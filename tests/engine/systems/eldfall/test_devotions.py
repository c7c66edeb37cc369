"""The Devotion upgrades of the Coalition of Thenion give more to some models (Eldfall core rules v1.5, L2807-2817):
Devotion: Tiamat +1 T, and +1 OFF to a Warrior or a Rogue; Devotion: Anras +1 DEF, +2 to a model with Duelist."""

from __future__ import annotations

from engine.core import ModelId
from engine.systems.eldfall.schema import PartyMember, PartySpec
from tests.engine.systems.eldfall.tables import practice, unit_id


def test_each_devotion_gives_its_extra_only_to_the_models_it_names() -> None:
    party = PartySpec(id="devout", name="Devout", faction="Coalition of Thenion", game_size=60,
                      leader="Rangers-Guild Hunter",
                      members=(PartyMember(unit="Rangers-Guild Hunter", upgrades=("devotion-tiamat",)),
                               PartyMember(unit="Thenrin Swashbuckler", upgrades=("devotion-tiamat",)),
                               PartyMember(unit="Thenrin Swashbuckler", upgrades=("devotion-anras",))))
    game = practice((party, "Soga Vanguard"), "devotion")
    world = game.system.kit.world(game.state)
    hunter = world.fighter(ModelId(unit_id(game, "Rangers-Guild Hunter")))
    tiamat, anras = (world.fighter(m.id) for m in sorted(game.state.models.values(), key=lambda m: m.id)
                     if m.unit == "Thenrin Swashbuckler")

    def gained(f: object, attribute: str) -> int:
        return f.value(attribute) - f.card[attribute]  # type: ignore[attr-defined, no-any-return]

    assert (gained(hunter, "T"), gained(hunter, "OFF")) == (1, 0), "an Assassin and Ranger: no OFF"
    assert (gained(tiamat, "T"), gained(tiamat, "OFF")) == (1, 1), "a Warrior and Rogue: +1 OFF too (L2809)"
    assert gained(anras, "DEF") == 2, "a Duelist: +2 DEF (L2815)"
