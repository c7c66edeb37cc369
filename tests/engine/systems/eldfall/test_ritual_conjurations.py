"""One Ritual casting several Conjurations (Eldfall core rules v1.5, L1558-1561): each is cast with no roll and pays
its own Mana Cost (L986), and each must fit the Summoning Limit the creatures summoned before it leave (L988-1000).

The Sand Conclave's Vizier of Conjurations (STA 2, Art of Conjuration IV) stands alone: its starting Gargoyle is
taken off the table and its Mana Counters are set directly, so the tables differ only in what the Ritual asks."""

from __future__ import annotations

import pytest

from engine.core import Game, ModelId, Viewer
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import ALICE, HOST, arrange, as_side, practice, settle, turn_of, unit_id
from tests.refusals import refusing
from tests.table_commands import remove_model


def _vizier(mana: int) -> tuple[Game[EldfallState], ModelId]:
    """The Vizier activated Idle with ``mana`` Mana Counters and no creature of its own on the table."""
    game = practice(("Sand Conclave", "Soga Vanguard"), "several-conjurations")
    turn_of(game, "A")
    vizier = ModelId(unit_id(game, "Vizier of Conjurations"))
    for f in [f for f in game.state.figures.values() if f.summoner == vizier]:
        game.apply(remove_model(f.id), HOST)
    arrange(game, {vizier: (18, 18, 90.0)})
    game.state.figures[vizier].mana = mana
    game.apply(Activate(model=vizier, how="idle"), as_side("A", ALICE))
    settle(game)
    return game, vizier


def _summoned(game: Game[EldfallState], vizier: ModelId) -> list[str]:
    return [game.state.models[f.id].unit for f in game.state.figures.values()
            if f.summoner == vizier and f.id in game.state.models]


@pytest.mark.parametrize("spells", ["Summon Gargoyle, Summon Imp", "summon-gargoyle x2"])
def test_one_ritual_summons_several_creatures_each_paying_its_mana_cost(spells: str) -> None:
    # L1560: several Conjurations in one Ritual, no roll; L986: each pays its Mana Cost; L978: each creature is placed
    # in base contact with its caster and gets AP equal to its STA.
    game, vizier = _vizier(mana=2)
    game.apply(Declare(kind="ritual", means=spells), as_side("A", ALICE))
    settle(game)
    units = _summoned(game, vizier)
    assert sorted(units) == sorted(["Gargoyle", "Imp"] if "Imp" in spells else ["Gargoyle", "Gargoyle"])
    assert game.state.figures[vizier].mana == 0
    world = game.system.kit.world(game.state)
    for f in [f for f in game.state.figures.values() if f.summoner == vizier and f.id in game.state.models]:
        assert f.ap == 2 and world.gap(vizier, f.id) <= 0.02


@pytest.mark.parametrize(("mana", "spells", "why"), [
    (2, "summon-golem, summon-imp", r"cost 3 Mana Counters in all; the caster has 2 \(L986\)"),
    (4, "summon-golem, summon-gargoyle", r"the 2nd \(Summon Gargoyle\).*Summoning Limits add up to 2, which reaches "
                                         r"its STA 2 \(L990\)"),
    (3, "summon-gargoyle x3", r"with: takes 1 to 2 in all, not 3"),
])
def test_a_ritual_beyond_its_mana_or_the_summoning_limit_is_refused_whole(mana: int, spells: str, why: str) -> None:
    # L986: every spell of the Ritual is paid for; L990: the creatures summoned earlier in the Ritual count.
    game, vizier = _vizier(mana=mana)
    with refusing(game, why):
        game.apply(Declare(kind="ritual", means=spells), as_side("A", ALICE))
    assert _summoned(game, vizier) == [] and game.state.figures[vizier].mana == mana


def test_the_ritual_menu_asks_for_another_conjuration_only_while_one_more_fits() -> None:
    # With one Mana Counter a single Conjuration closes the menu; with two it may add a second, or be done.
    for mana, more in ((1, False), (2, True)):
        game, _vizier_id = _vizier(mana=mana)
        declarations = game.system.declarations
        ritual = declarations.find(("act",), "ritual")
        side = game.state.active_side
        assert side is not None
        first = declarations.question(game.system, game.state, ritual, Viewer.of_side(side), side, {})
        assert first is not None and first.option == "with"
        raw = {choice.value: value for value, choice in first.entries}["summon-gargoyle"]
        assert raw.endswith(",") == more
        if more:
            second = declarations.question(game.system, game.state, ritual, Viewer.of_side(side), side, {"with": raw})
            assert second is not None
            labels = [choice.label for _, choice in second.everything]
            assert labels[0] == "done: summon-gargoyle" and "Summon Imp" in labels
