"""Building blocks shared by every model: the strict base class and value types with plain-spoken errors."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict
from pydantic_core import PydanticCustomError

__all__ = [
    "Count",
    "Ident",
    "Keywords",
    "NonNegativeInt",
    "NonNegativeNumber",
    "PositiveNumber",
    "Spec",
    "StatValue",
    "Text",
]

_IDENT = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


class Spec(BaseModel):
    """Base of every data model: immutable, and an unknown field is an error so a typo never passes silently."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def _number(value: object, *, what: str = "a number") -> float:
    # bool is an int in Python, but `true` where a number belongs is a mistake in the data.
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PydanticCustomError("number", "must be {what}", {"what": what})
    return float(value)


def _positive(value: object) -> float:
    number = _number(value, what="a positive number")
    if number <= 0:
        raise PydanticCustomError("number", "must be a positive number")
    return number


def _non_negative(value: object) -> float:
    number = _number(value, what="a number of at least 0")
    if number < 0:
        raise PydanticCustomError("number", "must be a number of at least 0")
    return number


def _whole(value: object, minimum: int) -> int:
    what = f"a whole number of at least {minimum}"
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise PydanticCustomError("whole", "must be {what}", {"what": what})
    return value


def _count(value: object) -> int:
    return _whole(value, 1)


def _non_negative_int(value: object) -> int:
    return _whole(value, 0)


def _stat(value: object) -> int | float | str:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise PydanticCustomError("stat", "must be a number or text")
    return value


def _text(value: str) -> str:
    if not value.strip():
        raise PydanticCustomError("text", "must not be empty")
    return value


def _ident(value: str) -> str:
    if not _IDENT.fullmatch(value):
        raise PydanticCustomError("ident", "must be a short id of letters, digits, '-' or '_'")
    return value


def _unique(values: tuple[str, ...]) -> tuple[str, ...]:
    repeated = sorted({v for v in values if values.count(v) > 1})
    if repeated:
        raise PydanticCustomError("unique", "repeats {repeated}", {"repeated": ", ".join(repeated)})
    return values


PositiveNumber = Annotated[float, BeforeValidator(_positive)]
"""A number above 0, such as a base diameter in mm or a table side in inches."""

NonNegativeNumber = Annotated[float, BeforeValidator(_non_negative)]
"""A number of at least 0, such as a terrain height in inches."""

Count = Annotated[int, BeforeValidator(_count)]
"""A whole number of at least 1: wounds, how many of a unit."""

NonNegativeInt = Annotated[int, BeforeValidator(_non_negative_int)]
"""A whole number of at least 0: points."""

StatValue = Annotated[int | float | str, BeforeValidator(_stat)]
"""A free stat value: a number (``6``, ``1.5``) or text (``"3+"``, ``"2d6"``)."""

Text = Annotated[str, AfterValidator(_text)]
"""Text that is not blank: names, questions, descriptions."""

Ident = Annotated[str, AfterValidator(_ident)]
"""A short id a player can type: ``T1``, ``crossroads``, ``measuring``."""

Keywords = Annotated[tuple[Text, ...], AfterValidator(_unique)]
"""Free keywords, each given once; their meaning belongs to each game's rules."""
