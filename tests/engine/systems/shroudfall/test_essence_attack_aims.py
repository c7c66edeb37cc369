"""The Essence Attack's aim (Shroudfall rulebook v1.4, L911-917): its target menu says what a beam laid toward each
enemy hits, as the attack's does (a beam targets every model under it, friends too: L776, L797, ruling
``template-targets``), with the aims that hit no enemy last; the bot never spends essence on such an aim."""

from __future__ import annotations

from typing import Any

from engine.core import ActionCommand, Game, Viewer

from .staged import A, act, staged
from .tables import Put


def _game(*, near: bool = True) -> Game[Any]:
    """Nekari's Elemental Lance is a 6" beam; A2 stands 3" in front of it toward B1, 20" away; B2 (when ``near``)
    stands within the lance's length off to the side. A's reserve pays the Essence Attack."""
    game = staged(Put("A1", "nekari", 10, 5), Put("A2", "lawbringers", 10, 8, unit="friends"),
                  Put("B1", "lawbringers", 10, 25, unit="far"),
                  *([Put("B2", "lawbringers", 16, 6, unit="near")] if near else []))
    game.state.record(A).reserve = ["yellow", "yellow"]
    act(game, A, "activate", model="A1")
    return game


def test_the_essence_attack_menu_says_what_the_beam_hits_and_puts_an_aim_hitting_only_a_friend_last() -> None:
    game = _game()
    declarations = game.system.declarations
    question = declarations.question(game.system, game.state, declarations.find(("act",), "essence-attack"),
                                     Viewer.of_side(A), A, {"model": "A1"})
    assert question is not None and question.option == "target"
    labels = {value: choice.label for value, choice in question.everything}
    assert list(labels) == ["B2", "B1"]
    assert labels["B1"].startswith("B1 Guardian Lawbringers, 6\" beam: short of it, hits only your A2 (L797)")
    assert labels["B2"].startswith("B2 Guardian Lawbringers, 6\" beam: hits B2, ") and "to hit" in labels["B2"]


def test_the_bot_makes_no_essence_attack_whose_beam_hits_only_its_own_side() -> None:
    # The example game's Nekari had spent five crystals shooting its own Razhu with Essence Attacks at far enemies.
    far = _game(near=False)
    move = far.system.bot_move(far.state, A, lambda command: True)
    assert move is not None
    assert not (isinstance(move.command, ActionCommand) and move.command.name == "essence-attack"), move
    near = _game()
    move = near.system.bot_move(near.state, A, lambda command: True)
    assert move is not None and isinstance(move.command, ActionCommand)
    assert (move.command.name, dict(move.command.values).get("target")) == ("essence-attack", "B2")
