"""Table options whose alternatives are still played by hand (rulings.PLAYED_AS_DEFAULT): the default each plays,
as docs/sunshard.md states it (Sunshard:Embren core rules v1.0; the rules digest's section 14 gaps)."""

from __future__ import annotations

import pytest

from engine.core import ModelId, RulesError
from engine.systems.sunshard.attack_plan import check_attack
from engine.systems.sunshard.quests import quest_outcome
from engine.systems.sunshard.state import Activation
from tests.engine.systems.sunshard.tables import DATA, A, B, new_state, put, quest_state, world

A1 = ModelId("A1")


def test_equal_vp_at_the_end_is_a_tie() -> None:
    # Ruling quest-tie (L983, L1006, L1035, L1401): On The Hunt ends 5 VP each (A's 4 quest and 1 deed VP): a draw,
    # the deed VP breaking no tie; 6 against 5 has its winner.
    state = quest_state("on-the-hunt")
    state.records[A].quest_vp, state.records[B].quest_vp = 4, 5
    state.records[A].deed_vp = 1
    tied = quest_outcome(world(state))
    assert tied.draw and tied.winner is None and set(tied.winners) == {A, B}
    state.records[A].deed_vp = 2
    assert quest_outcome(world(state)).winner == A


def test_a_held_shot_takes_no_aiming_bonus() -> None:
    # Ruling held-shot-aim (L427, L565): the On Guard Harrier's shot at the activating Captain may not be aimed.
    state = new_state()
    put(state, "A1", "Captain", A, 4, 12)
    put(state, "B1", "Harrier", B, 14, 12, tokens=["On Guard"])
    state.activation = Activation(model=A1, side=A, ap=3)
    w = world(state)
    filled = {"model": "B1", "weapon": "Longbow", "target": "A1", "kind": "held-shot"}
    with pytest.raises(RulesError, match="only a ranged attack action takes the Aiming bonus"):
        check_attack(w, B, {**filled, "aim": "yes"})
    assert not check_attack(w, B, filled).aimed


def test_the_placeholder_templates_measure_as_the_ruling_says() -> None:
    # Ruling template-sizes (L135, L145, L553, L559): the Cone 8" long, 1" at the white line and 3" at the far end;
    # the Wall 5" by 1".
    cone, wall = DATA.templates["cone"], DATA.templates["wall"]
    assert (cone.length, cone.near, cone.far) == (8, 1, 3)
    assert (wall.length, wall.width) == (5, 1)
