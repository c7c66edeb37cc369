"""Dice as data: a die is a name and a tuple of faces, each with a label, a value and symbols."""

from __future__ import annotations

from pydantic import BaseModel, field_validator

__all__ = ["D6", "D20", "ESSENCE_DICE", "ESSENCE_GREY", "ESSENCE_RED", "ESSENCE_YELLOW", "WHU_ATTACK", "WHU_DEFENCE",
           "Die", "Face"]


class Face(BaseModel, frozen=True):
    """One physical face of a die.

    ``value`` is the face number on numeric dice and 0 on pure symbol faces; ``symbols`` lists what the face
    shows, once per symbol printed on it, so a double support face carries ``("support", "support")``.
    """

    label: str
    value: int = 0
    symbols: tuple[str, ...] = ()


class Die(BaseModel, frozen=True):
    """A die as the tables use it: custom dice are data, not code."""

    name: str
    faces: tuple[Face, ...]

    @field_validator("name")
    @classmethod
    def _named(cls, name: str) -> str:
        if not name.strip():
            raise ValueError("a die needs a name, e.g. 'd6' or 'whu-attack'")
        return name

    @field_validator("faces")
    @classmethod
    def _has_faces(cls, faces: tuple[Face, ...]) -> tuple[Face, ...]:
        if not faces:
            raise ValueError("a die needs at least one face")
        return faces

    @classmethod
    def numeric(cls, sides: int) -> Die:
        """Return the plain die ``d<sides>`` with faces "1".."sides" worth 1..sides.

        :raises ValueError: if ``sides`` is below 1.
        """
        if sides < 1:
            raise ValueError(f"a numeric die needs at least 1 side, got {sides}")
        return cls(name=f"d{sides}", faces=tuple(Face(label=str(n), value=n) for n in range(1, sides + 1)))


D6 = Die.numeric(6)
D20 = Die.numeric(20)


def _symbol_face(label: str, *symbols: str) -> Face:
    return Face(label=label, symbols=symbols)


# Warhammer Underworlds dice: face order and symbols from github PompolutZ/wuthralls
# src/components/AttackDie.js and DefenceDie.js @ 65e49865f7a7db2ca353ab2cd31a20132d0d2dd6, which agree with
# wrightomated/underworlds-dicespire src/App.vue @ 667126efb105178f72843a0e050ec29d2452d8c1.
# The data's support1/support2 tokens become "support" and "double support"; rules that treat a double
# support differently from two single supports should match on the label.
WHU_ATTACK = Die(
    name="whu-attack",
    faces=(
        _symbol_face("support", "support"),
        _symbol_face("swords", "swords"),
        _symbol_face("hammer", "hammer"),
        _symbol_face("hammer", "hammer"),
        _symbol_face("double support", "support", "support"),
        _symbol_face("crit", "crit"),
    ),
)
WHU_DEFENCE = Die(
    name="whu-defence",
    faces=(
        _symbol_face("support", "support"),
        _symbol_face("dodge", "dodge"),
        _symbol_face("block", "block"),
        _symbol_face("block", "block"),
        _symbol_face("double support", "support", "support"),
        _symbol_face("crit", "crit"),
    ),
)


def _essence(colour: str, values: tuple[int, ...]) -> Die:
    return Die(name=f"essence-{colour}", faces=tuple(
        Face(label="blank" if value == 0 else str(value), value=value) for value in values))


# Shroudfall's essence dice: six faces each, a blank worth 0 (Shroudfall beta rulebook v1.4, L191-195, L248). The
# text lost the colour icons beside the three face lists; the lists are read in the order the colours are named
# (grey, yellow, red), which the worked example at L252 agrees with (ruling essence-die-colours).
ESSENCE_GREY = _essence("grey", (0, 0, 1, 1, 2, 2))
ESSENCE_YELLOW = _essence("yellow", (0, 1, 2, 2, 3, 3))
ESSENCE_RED = _essence("red", (2, 2, 3, 3, 4, 4))
ESSENCE_DICE = {"grey": ESSENCE_GREY, "yellow": ESSENCE_YELLOW, "red": ESSENCE_RED}
"""The essence dice by colour, weakest first (their means are 1, 11/6 and 3)."""
