"""Newcomer findings 3 and 4 (session 37): the Reaction step's menu says which attacks cannot reach the moving model
(legal to declare, they fail once measured, L746; said under Assisted measuring, L604-610, and put last), and what a
model spends on its rolls is asked only where it rolls (a Luck counter re-rolls a die of its attack, Dodge or
casting, L2737; a Mage's AP its casting, L1835), not after it was set to Nothing."""

from __future__ import annotations

from engine.core import ModelId
from engine.systems.eldfall.reacting import REACTION_KIND
from tests.engine.systems.eldfall.commands import Activate
from tests.engine.systems.eldfall.tables import ALICE, arrange, as_side, practice, turn_of


def _reaction(far: float):  # type: ignore[no-untyped-def]
    game = practice(("Helian Expedition", "Soga Vanguard"), "reaction-menus")
    turn_of(game, "A")
    arrange(game, {"A1": (10, 10, 90.0), "B1": (10 + far, 14, 180.0)})
    game.state.figures[ModelId("B1")].luck = 1
    game.apply(Activate(model="A1", how="walk", to="13,10"), as_side("A", ALICE))
    return next(d for d in game.state.pending.values() if d.kind == REACTION_KIND)


def test_an_attack_that_cannot_reach_the_path_is_said_to_fail_and_comes_last() -> None:
    decision = _reaction(far=20)
    part = next(p for p in decision.parts if p.key == "B1")
    melee = [o for o in part.options if "(melee)" in o.label]
    fails = [o for o in part.options if o.label.endswith("fails)")]
    assert melee and set(melee) <= set(fails), part.options  # B1 is 20" away
    assert part.options[-len(fails):] == tuple(fails), part.options
    assert part.default == "nothing"


def test_what_a_reacting_model_spends_is_asked_only_if_it_rolls() -> None:
    decision = _reaction(far=20)
    extra = next(p for p in decision.parts if p.key == "B1.extra")
    assert extra.asked_when is not None and extra.asked_when[0] == "B1"
    assert "nothing" not in extra.asked_when[1] and "dodge" in extra.asked_when[1], extra.asked_when
