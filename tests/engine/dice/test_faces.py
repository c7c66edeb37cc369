"""Dice as data: numeric dice and the Underworlds symbol dice."""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import ValidationError

from engine.dice import D6, D20, WHU_ATTACK, WHU_DEFENCE, Die, Face


def test_numeric_die_faces_are_their_numbers() -> None:
    assert D6.name == "d6"
    assert [(face.label, face.value) for face in D6.faces] == [(str(n), n) for n in range(1, 7)]
    assert len(D20.faces) == 20 and D20.faces[-1] == Face(label="20", value=20)


def test_numeric_die_needs_a_side() -> None:
    with pytest.raises(ValueError, match="at least 1 side"):
        Die.numeric(0)


def test_a_die_needs_faces_and_a_name() -> None:
    with pytest.raises(ValidationError, match="at least one face"):
        Die(name="blank", faces=())
    with pytest.raises(ValidationError, match="needs a name"):
        Die(name=" ", faces=(Face(label="1", value=1),))


def test_dice_are_frozen_and_hashable() -> None:
    with pytest.raises(ValidationError):
        D6.name = "d7"  # type: ignore[misc]
    assert hash(Die.numeric(6)) == hash(D6) and Die.numeric(6) == D6


# Face counts as PompolutZ/wuthralls AttackDie.js / DefenceDie.js (@ 65e49865) and
# wrightomated/underworlds-dicespire App.vue (@ 667126ef) give them; their two support faces renamed.
@pytest.mark.parametrize(
    ("die", "counts"),
    [
        (WHU_ATTACK, {"crit": 1, "hammer": 2, "swords": 1, "support": 1, "double support": 1}),
        (WHU_DEFENCE, {"crit": 1, "block": 2, "dodge": 1, "support": 1, "double support": 1}),
    ],
)
def test_underworlds_dice_match_the_data(die: Die, counts: dict[str, int]) -> None:
    assert Counter(face.label for face in die.faces) == counts
    assert all(face.value == 0 for face in die.faces)
    double = next(face for face in die.faces if face.label == "double support")
    assert double.symbols == ("support", "support")
