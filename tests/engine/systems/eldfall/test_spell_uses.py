"""Every shipped spell resolves by a refereed path (Eldfall core rules v1.5, L893-1000, L2248-2329): the way the
Action step casts it (``spell_use``: an attack, an Assist on allies, L1367, or a Ritual, L976, L1558-1561) and, for
an Assist or a Ritual, the effect it has (``assist_effect``, ``ritual_effect``), so no spell reaches the fallbacks
that tell the players to apply its effect by hand."""

from __future__ import annotations

import pytest

from engine.core import ModelId
from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.support import assist_effect, ritual_effect, spell_use
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import ALICE, arrange, as_side, practice, settle, turn_of, unit_id
from tests.refusals import refused


def test_every_shipped_spell_has_a_refereed_effect(catalogue: EldfallCatalogue) -> None:
    unrefereed = []
    for spell in catalogue.spells:
        use = spell_use(spell)
        if use == "assist" and assist_effect(spell) is None:
            unrefereed.append(f"{spell.id} (Assist)")
        if use == "ritual" and ritual_effect(spell) is None:
            unrefereed.append(f"{spell.id} (Ritual)")
    assert unrefereed == []


def test_each_kind_of_spell_is_cast_its_own_way(catalogue: EldfallCatalogue) -> None:
    # L976: Conjurations by Ritual; L1367: Healing and Enchantments on allies; L2272: Warding Barrier by Ritual;
    # L956: a star PW makes the enchanted model's attacks spells, so such an Enchantment is cast on an ally.
    uses = {spell.id: spell_use(spell) for spell in catalogue.spells}
    assert uses["summon-golem"] == uses["warding-barrier"] == "ritual"
    assert uses["curative-touch"] == uses["dispel-magic"] == uses["ward"] == uses["spectral-blade"] == "assist"
    assert uses["ignite"] == uses["agony"] == uses["inferno"] == "attack"


@pytest.mark.parametrize(("kind", "spell", "match"), [
    ("assist", "Flare", r"Flare is an attack spell: cast it at enemies with /act action:cast"),
    ("cast", "Curative Touch", r"Curative Touch is cast on allies with /act action:assist \(L1367\)"),
])
def test_a_spell_declared_the_wrong_way_is_refused(kind: str, spell: str, match: str) -> None:
    # Helian's Expeditionary Hierophant knows Hieromancy, and the Flameshaper's fire spells (L2254, L2265).
    game = practice(("Helian Expedition", "Soga Vanguard"), "spell-uses")
    turn_of(game, "A")
    caster = unit_id(game, "Flameshaper" if spell == "Flare" else "Expeditionary Hierophant")
    arrange(game, {caster: (18, 10, 90.0)})
    game.apply(Activate(model=ModelId(caster), how="idle"), as_side("A", ALICE))
    settle(game)
    refused(game, Declare(kind=kind, means=spell, targets=((ModelId(caster), 1),)), as_side("A", ALICE), match)
