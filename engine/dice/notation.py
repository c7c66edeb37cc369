"""Free-form dice notation (``3d6+2``, ``4d6kh3``): parsed by the d20 library, rolled by our Roller.

d20 only supplies the syntax tree; this module accepts a small, safe subset of it and never lets d20 roll,
so every die of an expression is a logged, verifiable draw of the game's roller.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import d20
from d20 import diceast
from pydantic import BaseModel

from engine.dice.faces import Die
from engine.dice.pool import kept_positions
from engine.dice.roller import PUBLIC_STREAM, DieRoll, RiggedFaceError, Roller

__all__ = [
    "ACCEPTED",
    "MAX_DICE",
    "MAX_LENGTH",
    "MAX_SIDES",
    "DiceExpression",
    "NotationError",
    "NotationResult",
    "parse_expression",
    "roll_expression",
]

MAX_DICE = 100
MAX_SIDES = 1000
MAX_LENGTH = 200

ACCEPTED = (  # shown with every syntax error, and usable as help text
    "Write dice as NdS with whole-number maths, e.g. d20, 3d6+2, 2d6-1, 1d8+1d4, 4d6kh3 (keep the highest 3), "
    f"2d20kl1 (keep the lowest 1) or 4d6pl1 (drop the lowest 1); + - * and parentheses work; at most {MAX_DICE} "
    f"dice of up to {MAX_SIDES} sides."
)


class NotationError(ValueError):
    """A dice expression that cannot be rolled; the message says why and, for bad syntax, what is accepted."""

    def __init__(self, expression: str, problem: str, *, show_accepted: bool = True) -> None:
        self.expression, self.problem = expression, problem
        message = f"cannot roll {expression!r}: {problem}."
        super().__init__(f"{message} {ACCEPTED}" if show_accepted else message)


@dataclass(frozen=True, slots=True)
class _Number:
    value: int


@dataclass(frozen=True, slots=True)
class _Dice:
    count: int
    sides: int
    keep: int  # how many dice count toward the total
    highest: bool
    rule: str  # the keep rule as written, e.g. "kh3", or "" for none

    @property
    def text(self) -> str:
        return f"{self.count if self.count > 1 else ''}d{self.sides}{self.rule}"


@dataclass(frozen=True, slots=True)
class _Unary:
    op: str
    operand: _Node


@dataclass(frozen=True, slots=True)
class _Binary:
    op: str
    left: _Node
    right: _Node


@dataclass(frozen=True, slots=True)
class _Group:
    inner: _Node


_Node = _Number | _Dice | _Unary | _Binary | _Group


class NotationResult(BaseModel, frozen=True):
    """A rolled expression: its total, every die (dropped ones included) and a line to show the table."""

    expression: str
    total: int
    rolls: tuple[DieRoll, ...]
    kept: tuple[bool, ...]  # parallel to ``rolls``: False for a die a keep/drop rule set aside
    breakdown: str  # e.g. "4d6kh3 (5, 3, ~~1~~, 6) = 14"


@dataclass(frozen=True, slots=True)
class DiceExpression:
    """A checked expression, ready to roll any number of times."""

    text: str
    tree: _Node

    def dice(self) -> tuple[Die, ...]:
        """Return every die the expression rolls, in rolling order."""
        return tuple(Die.numeric(term.sides) for term in _dice_terms(self.tree) for _ in range(term.count))

    def bounds(self) -> tuple[int, int]:
        """Return the lowest and highest totals the expression can give."""
        return _bounds(self.tree)

    def roll(self, roller: Roller, stream: str = PUBLIC_STREAM) -> NotationResult:
        """Roll the expression's dice as one pool through ``roller``.

        :raises NotationError: if a rigged result does not fit a die (nothing is drawn then).
        """
        try:
            rolls = roller.roll_pool(self.dice(), stream)
        except RiggedFaceError as error:
            raise NotationError(self.text, str(error), show_accepted=False) from None
        kept: list[bool] = []
        total, shown = _evaluate(self.tree, iter(rolls), kept)
        return NotationResult(expression=self.text, total=total, rolls=rolls, kept=tuple(kept),
                              breakdown=f"{shown} = {total}")


def parse_expression(text: str) -> DiceExpression:
    """Parse and check ``text`` (case and spaces do not matter).

    :raises NotationError: for bad syntax, unsupported operators, or too many dice or sides.
    """
    cleaned = text.strip().lower()
    if not cleaned:
        raise NotationError(text, "the expression is empty")
    if len(cleaned) > MAX_LENGTH:
        raise NotationError(text[:40] + "...", f"it is longer than {MAX_LENGTH} characters")
    try:
        parsed = d20.parse(cleaned)
    except d20.RollError:
        raise NotationError(text, "that is not dice notation") from None
    tree = _convert(parsed.roll, text)
    count = sum(term.count for term in _dice_terms(tree))
    if count > MAX_DICE:
        raise NotationError(text, f"it rolls {count} dice, more than {MAX_DICE}")
    return DiceExpression(text=cleaned.replace(" ", ""), tree=tree)


def roll_expression(text: str, roller: Roller, stream: str = PUBLIC_STREAM) -> NotationResult:
    """Parse ``text`` and roll it through ``roller``.

    :raises NotationError: if the expression is not accepted or a rigged result does not fit.
    """
    return parse_expression(text).roll(roller, stream)


def _convert(node: object, text: str) -> _Node:
    """Translate d20's syntax tree into ours, refusing what we do not roll."""
    match node:
        case diceast.Literal(value=int() as value):
            return _Number(value)
        case diceast.Literal():
            raise NotationError(text, "numbers must be whole")
        case diceast.Dice():
            return _dice(node, "", text)
        case diceast.OperatedDice(value=diceast.Dice() as dice, operations=[diceast.SetOperator(sels=[_]) as rule]):
            return _dice(dice, rule, text)
        case diceast.OperatedDice():
            raise NotationError(text, "use a single keep or drop rule per group of dice")
        case diceast.OperatedSet() | diceast.NumberSet():
            raise NotationError(text, "keep and drop rules apply to dice such as 4d6kh3, not to lists")
        case diceast.AnnotatedNumber():
            raise NotationError(text, "[labels] are not supported; give the roll's purpose separately")
        case diceast.Parenthetical(value=inner):
            return _Group(_convert(inner, text))
        case diceast.UnOp(op="+" | "-" as op, value=operand):
            return _Unary(op, _convert(operand, text))
        case diceast.BinOp(op="+" | "-" | "*" as op, left=left, right=right):
            return _Binary(op, _convert(left, text), _convert(right, text))
        case diceast.BinOp(op=op):
            raise NotationError(text, f"the operator {op!r} is not supported (only + - *)")
    raise NotationError(text, f"{node} is not supported")


def _dice(dice: diceast.Dice, operation: object, text: str) -> _Dice:
    sides = 100 if dice.size == "%" else int(dice.size)
    if not 1 <= dice.num <= MAX_DICE:
        raise NotationError(text, f"roll between 1 and {MAX_DICE} dice at a time, not {dice.num}")
    if not 1 <= sides <= MAX_SIDES:
        raise NotationError(text, f"a die has between 1 and {MAX_SIDES} sides, not {sides}")
    if not operation:
        return _Dice(dice.num, sides, dice.num, highest=True, rule="")
    match operation:
        case diceast.SetOperator(op="k" | "p" as op, sels=[diceast.SetSelector(cat="h" | "l" as cat, num=number)]):
            highest = cat == "h"
            if number > dice.num:
                word = "keep" if op == "k" else "drop"
                raise NotationError(text, f"{operation} would {word} {number} of {dice.num} dice; {word} at most "
                                          f"{dice.num}, e.g. {dice.num}d{sides}{op}{cat}{max(1, dice.num - 1)}")
            if op == "p":  # dropping the lowest n keeps the highest count - n
                number, highest = dice.num - min(number, dice.num), not highest
            return _Dice(dice.num, sides, min(number, dice.num), highest=highest, rule=str(operation))
    raise NotationError(text, f"the rule {operation} is not supported (use kh, kl, ph or pl with a number)")


def _dice_terms(node: _Node) -> Iterator[_Dice]:
    match node:
        case _Dice():
            yield node
        case _Unary(operand=operand) | _Group(inner=operand):
            yield from _dice_terms(operand)
        case _Binary(left=left, right=right):
            yield from _dice_terms(left)
            yield from _dice_terms(right)


def _bounds(node: _Node) -> tuple[int, int]:
    match node:
        case _Number(value=value):
            return value, value
        case _Dice(keep=keep, sides=sides):
            return keep, keep * sides
        case _Group(inner=inner) | _Unary(op="+", operand=inner):
            return _bounds(inner)
        case _Unary(operand=operand):
            low, high = _bounds(operand)
            return -high, -low
        case _Binary(op="+", left=left, right=right):
            (a, b), (c, d) = _bounds(left), _bounds(right)
            return a + c, b + d
        case _Binary(op="-", left=left, right=right):
            (a, b), (c, d) = _bounds(left), _bounds(right)
            return a - d, b - c
        case _Binary(left=left, right=right):
            (a, b), (c, d) = _bounds(left), _bounds(right)
            products = (a * c, a * d, b * c, b * d)
            return min(products), max(products)
    raise AssertionError(node)


def _evaluate(node: _Node, rolls: Iterator[DieRoll], kept: list[bool]) -> tuple[int, str]:
    """Return the node's value and its breakdown text, consuming its dice from ``rolls``."""
    match node:
        case _Number(value=value):
            return value, str(value)
        case _Dice():
            mine: Sequence[DieRoll] = [next(rolls) for _ in range(node.count)]
            keep = kept_positions([roll.value for roll in mine], node.keep, highest=node.highest)
            kept.extend(i in keep for i in range(len(mine)))
            shown = ", ".join(roll.label if i in keep else f"~~{roll.label}~~" for i, roll in enumerate(mine))
            return sum(roll.value for i, roll in enumerate(mine) if i in keep), f"{node.text} ({shown})"
        case _Group(inner=inner):
            value, shown = _evaluate(inner, rolls, kept)
            return value, f"({shown})"
        case _Unary(op=op, operand=operand):
            value, shown = _evaluate(operand, rolls, kept)
            return (-value if op == "-" else value), f"{op}{shown}"
        case _Binary(op=op, left=left, right=right):
            (a, left_shown), (b, right_shown) = _evaluate(left, rolls, kept), _evaluate(right, rolls, kept)
            value = a + b if op == "+" else a - b if op == "-" else a * b
            return value, f"{left_shown} {op} {right_shown}"
    raise AssertionError(node)
