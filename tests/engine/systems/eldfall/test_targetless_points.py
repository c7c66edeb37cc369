"""A Targetless attack aimed at a point (L738-746, L2271): the menu's points say how far each is against the spell's
reach where the measuring mode shows distances, nearest first, one out of reach offered last and labelled (declaring
it is legal: the attack fails once measured), as the menu of targets does."""

from __future__ import annotations

from engine.core import ModelId, SideId, Viewer
from tests.engine.systems.eldfall.commands import Activate
from tests.engine.systems.eldfall.tables import ALICE, arrange, as_side, practice, settle, turn_of, unit_id


def test_the_points_of_a_targetless_spell_say_their_distance_against_its_reach() -> None:
    game = practice(("Helian Expedition", "Soga Vanguard"), "targetless-points")
    turn_of(game, "A")
    priest = unit_id(game, "Expeditionary Hierophant")
    near, far = unit_id(game, "Clan Champion"), unit_id(game, "Bushi Attendant")
    arrange(game, {priest: (18, 6, 90.0), near: (18, 16, 270.0), far: (20, 33, 270.0)})
    game.apply(Activate(model=ModelId(priest), how="idle"), as_side("A", ALICE))
    settle(game)
    declarations = game.system.declarations
    cast = declarations.find(("act",), "cast")
    asked = declarations.question(game.system, game.state, cast, Viewer.of_side(SideId("A")), SideId("A"),
                                  {"with": "blinding-light", "choice": "-", "target": "-"})
    assert asked is not None and asked.option == "at"
    choices = [choice for _, choice in asked.entries]
    assert all(c.distance is not None and c.reach == 16 for c in choices), choices
    assert choices[-1].value == "20,33" and choices[-1].out_of_reach, choices
    assert not any(c.out_of_reach for c in choices[:-1])
    assert [c.distance for c in choices] == sorted(c.distance or 0 for c in choices)
