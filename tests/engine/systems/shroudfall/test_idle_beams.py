"""A beam may be aimed at any model in sight, however far (Shroudfall beta rulebook v1.4, L785-793); aimed where its
length passes over no model it rolls nothing. The menus say so where they offer such an aim, and the table is told
why nothing was rolled."""

from __future__ import annotations

from typing import Any

from engine.core import Game, Viewer
from engine.systems.shroudfall.events import AttackRolled, BeamHitNoOne

from .staged import A, act, rig, staged
from .tables import Put


def _game(near: tuple[float, float] = (14, 5)) -> Game[Any]:
    """Nekari's Elemental Lance is a 6" beam; B2 stands within 4" of it (or at ``near``), B1 20" away, nothing
    between them."""
    return staged(Put("A1", "nekari", 10, 5), Put("B2", "lawbringers", *near, unit="near"),
                  Put("B1", "lawbringers", 10, 25, unit="far"))


def test_the_target_menu_says_an_idle_beam_passes_over_no_model() -> None:
    game = _game()
    act(game, A, "activate", model="A1")
    declarations = game.system.declarations
    attack = declarations.find(("act",), "attack")
    question = declarations.question(game.system, game.state, attack, Viewer.of_side(A), A, {"model": "A1"})
    assert question is not None and question.option == "target"
    labels = [choice.label for _, choice in question.everything]
    assert labels[0].startswith("B2 ") and "passes over no model" not in labels[0]
    idle = [label for label in labels if label.startswith("B1 ")]
    assert idle and all("6\" beam that passes over no model (L785-793)" in label for label in idle)


def test_an_idle_beam_is_accepted_rolls_nothing_and_says_why() -> None:
    game = _game()
    act(game, A, "activate", model="A1")
    rig(game, 6, 6, 6, 6)
    seen = len(game.log)
    act(game, A, "attack", model="A1", target="B1")
    bodies = [e.body for e in game.log[seen:]]
    assert not any(isinstance(b, AttackRolled) for b in bodies)
    (idle,) = [b for b in bodies if isinstance(b, BeamHitNoOne)]
    assert "passes over no model it may target: nothing to roll" in idle.describe()
    assert game.state.activation is not None and game.state.activation.used == {"A1": ["Elemental Lance"]}
