"""Newcomer finding 6 (session 37): ``/move``'s "How does it move?" names a Walk with how far it goes, as it does a
Run, Climb or Jump (L1328-1348: Walk SPD, Run twice SPD, Climb and Jump half), the paces first."""

from __future__ import annotations

from engine.core import Viewer
from tests.engine.systems.eldfall.tables import demo_game


def _how(model: str) -> list[str]:
    game = demo_game()
    side = game.state.active_side
    assert side is not None
    declarations = game.system.declarations
    move = declarations.find(("move",), None)
    asked = declarations.question(game.system, game.state, move, Viewer.of_side(side), side,
                                  {"model": model, "to": "toward B3"})
    assert asked is not None and asked.option == "how", asked
    return [choice.shown for _, choice in (*asked.closing, *asked.entries)]


def test_the_walk_is_named_with_its_distance_and_the_paces_come_first() -> None:
    labels = _how("A1")
    speed = labels[0].removeprefix("walk (").removesuffix("\")")
    assert labels[0] == f"walk ({speed}\")" and float(speed) > 0, labels
    assert labels[1] == f"run ({2 * float(speed):g}\")", labels  # L1341
    paces = [label.split(" (")[0] for label in labels[:5]]
    assert paces == ["walk", "run", "climb", "jump", "dash"], labels
    assert "walk" not in labels, labels  # no bare "walk" beside "walk (6\")"
