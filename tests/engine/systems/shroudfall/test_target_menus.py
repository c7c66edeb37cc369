"""What an attack's target menu tells a newcomer before the dice (Shroudfall beta rulebook v1.4): a beam targets every
model under it, friends too (L776, L797; ruling ``template-targets``), so each beam aim says what it hits, the side's
own models marked, and an aim that hits no enemy comes last and is planned by neither the first menu nor the bot;
the line of an attack on a friend says so. Each target shows the chance of a hit (L744-750); the essence spent before
rolling (L929-931) is offered after every target, and only with the enemies an attack rolls against."""

from __future__ import annotations

import itertools
from typing import Any

from engine.core import Game, Viewer
from engine.core.menus import Question
from engine.dice import ESSENCE_DICE
from engine.systems.shroudfall.events import AttackRolled

from .staged import A, act, rig, staged
from .tables import Put


def _game() -> Game[Any]:
    """Nekari's Elemental Lance is a 6" beam; A2 (Nekari's side) stands 3" in front of it toward B1, 20" away; B2 stands
    within the lance's length off to the side."""
    return staged(Put("A1", "nekari", 10, 5), Put("A2", "lawbringers", 10, 8, unit="friends"),
                  Put("B1", "lawbringers", 10, 25, unit="far"), Put("B2", "lawbringers", 16, 6, unit="near"))


def _question(game: Game[Any], name: str, **given: str) -> Question:
    declarations = game.system.declarations
    action = declarations.find(("act",), name)
    question = declarations.question(game.system, game.state, action, Viewer.of_side(A), A, given)
    assert question is not None
    return question


def _labels(question: Question) -> dict[str, str]:
    return {value: choice.label for value, choice in question.everything}


def test_a_beam_aim_says_it_hits_only_a_friend_and_comes_last() -> None:
    # L785-797: aimed at B1 20" away, the 6" lance falls short of it and lays over A2 alone, whom it targets (L776).
    labels = _labels(_question(_game(), "attack-twice", model="A1"))
    assert list(labels) == ["B2", "B1"]
    assert labels["B1"] == "B1 Guardian Lawbringers, 6\" beam: short of it, hits only your A2 (L797)"
    assert labels["B2"].startswith("B2 Guardian Lawbringers, 6\" beam: hits B2, ") and "your" not in labels["B2"]


def test_an_aim_whose_beam_hits_only_friends_is_never_planned() -> None:
    # With B2 gone, Nekari's only aims are beams over its own side: no "Attack twice" first, and no bot attack.
    game = staged(Put("A1", "nekari", 10, 5), Put("A2", "lawbringers", 10, 8, unit="friends"),
                  Put("B1", "lawbringers", 10, 25, unit="far"))
    first = [(e.label, e.options.get("model")) for e in game.system.declarations.legal(game.system, game.state, A)]
    assert ("Attack twice", "A1") not in first
    move = game.system.bot_move(game.state, A, lambda command: True)
    assert move is not None and getattr(move.command, "values", ()) != (("model", "A1"), ("target", "B1")), move


def test_the_attack_line_says_the_beam_took_its_own_side_s_model() -> None:
    game = _game()
    act(game, A, "activate", model="A1")
    rig(game, *([2] * 8))
    seen = len(game.log)
    act(game, A, "attack", model="A1", target="B1")
    (rolled,) = [e.body for e in game.log[seen:] if isinstance(e.body, AttackRolled)]
    assert rolled.target == "A2"
    assert rolled.describe().startswith("A1 attacks its own side's A2 with Elemental Lance")


def _chance(dice: list[str], defence: int) -> int:
    """The percent chance a pool's total reaches ``defence``, counted face by face (no shared code)."""
    faces = [[face.value for face in ESSENCE_DICE[c].faces] for c in dice]
    rolls = list(itertools.product(*faces))
    return round(100 * sum(1 for roll in rolls if sum(roll) >= defence) / len(rolls))


def test_each_target_shows_the_chance_of_a_hit_and_only_enemies_rolled_against_take_essence() -> None:
    # B2 (Guardian Lawbringers, DEF 4) under Nekari's lance: its arcane hit dice are 3Y+1R (L744-746), a yellow
    # infusion adds a die (L929-931). Every enemy comes first once; only B2 is offered with essence: B1's aim hits no
    # enemy, so there is nothing to infuse (it was offered three times, one per colour, before).
    game = _game()
    game.state.record(A).reserve = ["yellow", "grey"]
    labels = _labels(_question(game, "attack-twice", model="A1"))
    assert list(labels) == ["B2", "B2+yellow", "B2+grey", "B1"]
    assert labels["B2"].endswith(f", {_chance(['yellow'] * 3 + ['red'], 4)}% to hit")
    assert labels["B2+yellow"].endswith(f"infused with yellow, {_chance(['yellow'] * 4 + ['red'], 4)}% to hit")
    game = _game()
    act(game, A, "activate", model="A1")
    game.state.record(A).reserve = ["yellow"]
    rig(game, *([2] * 20))
    act(game, A, "attack", model="A1", target="B2+yellow")
    assert game.state.record(A).reserve == []


def test_the_first_menu_names_each_unit_by_its_name_and_models() -> None:
    # Newcomer finding 25: "B-beastbane-slayer: Advance" read as code; the entry names "Guardian Lawbringers (A2)".
    game = _game()
    entries = game.system.declarations.legal(game.system, game.state, A)
    shown = {e.options.get("model"): e.model_shown for e in entries if "model" in e.options}
    assert shown == {"A1": "Nekari, Supreme Elementalist (A1)", "friends": "Guardian Lawbringers (A2)"}
