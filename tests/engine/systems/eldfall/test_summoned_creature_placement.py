"""Where a summoned creature stands (Eldfall core rules v1.5, L1561): its player places it, in base contact with its
caster. ``to:`` names a place round the caster for each creature (n, ne, e, ... north up the table); the menu offers
only the places where its base fits, and a place typed where it does not fit is refused with what is in the way.

The Sand Conclave's Vizier of Conjurations stands alone, Idle, with two Mana Counters (``test_ritual_conjurations``)."""

from __future__ import annotations

import math

from engine.core import ActionCommand, Game, ModelId, Viewer
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate
from tests.engine.systems.eldfall.tables import ALICE, HOST, arrange, as_side, practice, settle, turn_of, unit_id
from tests.refusals import refusing
from tests.table_commands import remove_model


def _vizier(at: tuple[float, float]) -> tuple[Game[EldfallState], ModelId]:
    game = practice(("Sand Conclave", "Soga Vanguard"), "summon-places")
    turn_of(game, "A")
    vizier = ModelId(unit_id(game, "Vizier of Conjurations"))
    for f in [f for f in game.state.figures.values() if f.summoner == vizier]:
        game.apply(remove_model(f.id), HOST)
    arrange(game, {vizier: (*at, 90.0)})
    game.state.figures[vizier].mana = 2
    game.apply(Activate(model=vizier, how="idle"), as_side("A", ALICE))
    settle(game)
    return game, vizier


def _ritual(spells: str, to: str | None = None) -> ActionCommand:
    return ActionCommand(path=("act",), name="ritual", values=(("with", spells), *((("to", to),) if to else ())))


def _creatures(game: Game[EldfallState], vizier: ModelId) -> list[tuple[float, float]]:
    return [(game.state.models[f.id].x, game.state.models[f.id].y) for f in game.state.figures.values()
            if f.summoner == vizier and f.id in game.state.models]


def _places(game: Game[EldfallState], filled: dict[str, str]) -> list[str]:
    declarations = game.system.declarations
    ritual = declarations.find(("act",), "ritual")
    side = game.state.active_side
    assert ritual is not None and side is not None
    asked = declarations.question(game.system, game.state, ritual, Viewer.of_side(side), side, filled)
    assert asked is not None and asked.option == "to"
    return [choice.value for _, choice in asked.entries]


def test_the_player_places_the_creature_where_it_names_in_contact_with_its_caster() -> None:
    # L1561: the player places the summoned creature's miniature, in base contact with the caster: here to its west,
    # though the table's middle (the old placement's pick) lies to its east.
    game, vizier = _vizier((10, 18))
    game.apply(_ritual("summon-gargoyle", "w"), as_side("A", ALICE))
    settle(game)
    [(x, y)] = _creatures(game, vizier)
    assert x < 10 and y == 18
    creature = next(f.id for f in game.state.figures.values() if f.summoner == vizier and f.id in game.state.models)
    assert game.system.kit.world(game.state).gap(vizier, creature) <= 0.02


def test_the_menu_offers_only_places_where_the_base_fits() -> None:
    # At the table's west edge there is no room to the west; a creature placed north takes the places beside it.
    game, _vizier_id = _vizier((0.85, 18))
    assert _places(game, {"with": "summon-gargoyle"}) == ["n", "ne", "e", "se", "s"]
    game.state.figures[_vizier_id].mana = 2
    second = _places(game, {"with": "summon-gargoylex2", "to": "n,"})
    assert "n" not in second and "ne" not in second and {"e", "s"} <= set(second)


def test_a_place_where_the_base_does_not_fit_is_refused_and_changes_nothing() -> None:
    game, vizier = _vizier((0.85, 18))
    with refusing(game, r"the Gargoyle cannot stand west of A\d in base contact \(L1561\): .*table"):
        game.apply(_ritual("summon-gargoyle", "w"), as_side("A", ALICE))
    with refusing(game, r"to:up is no place round the caster; name one of n, ne, e, se, s, sw, w, nw"):
        game.apply(_ritual("summon-gargoyle", "up"), as_side("A", ALICE))
    with refusing(game, r"the Gargoyle cannot stand north-east of A\d .*a creature the same Ritual sets down before"):
        game.apply(_ritual("summon-gargoylex2", "n,ne"), as_side("A", ALICE))
    assert _creatures(game, vizier) == [] and game.state.figures[vizier].mana == 2


def test_two_creatures_of_one_ritual_stand_where_each_is_named() -> None:
    game, vizier = _vizier((18, 18))
    game.apply(_ritual("summon-gargoyle x2", "n,s"), as_side("A", ALICE))
    settle(game)
    spots = sorted(_creatures(game, vizier), key=lambda p: p[1])
    assert len(spots) == 2 and spots[0][1] < 18 < spots[1][1]
    assert all(math.isclose(x, 18, abs_tol=0.01) for x, _ in spots)
