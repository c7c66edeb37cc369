"""Rulings: where a rulebook is unclear, a named choice with a default, its alternatives and a citation."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from engine.schema.errors import did_you_mean
from engine.schema.fields import Ident, Spec, Text

__all__ = ["RulingOption"]


class RulingOption(Spec):
    """One table option: ``options`` maps a key to a one-line description in our own words.

    ``default`` is the key a table gets unless it switches (a house rule); ``citation`` points at the rulebook
    line the question comes from, like ``seeds/000 L258``.
    """

    id: Ident
    question: Text
    options: Annotated[dict[Ident, Text], Field(min_length=2)]
    default: Ident
    citation: Text

    @field_validator("default")
    @classmethod
    def _default_is_an_option(cls, default: str, info: ValidationInfo) -> str:
        options = info.data.get("options")
        if options is not None and default not in options:
            keys = ", ".join(f'"{key}"' for key in options)
            hint = did_you_mean(default, options)
            raise PydanticCustomError(
                "ruling", "must be one of the options ({keys}){hint}", {"keys": keys, "hint": hint}
            )
        return default
