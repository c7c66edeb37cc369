"""Rulings: where a rulebook is unclear, a named choice with a default, its alternatives and a citation."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Annotated, Self, TypeVar

from pydantic import Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from engine.schema.errors import did_you_mean
from engine.schema.fields import Ident, Spec, Text

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = ["RulingOption", "RulingsRecord", "choose_rulings", "typed_rulings"]

_D = TypeVar("_D", bound="DataclassInstance")


class RulingOption(Spec):
    """One table option: ``options`` maps a key to a one-line description in our own words.

    ``default`` is the key a table gets unless it switches (a house rule); ``citation`` points at the rulebook
    line the question comes from, like ``seeds/000 L258``. ``by_hand`` lists the alternatives the referee does not
    play yet: they document how a table might read the point, and a table asking for one is refused rather than
    silently given the default.
    """

    id: Ident
    question: Text
    options: Annotated[dict[Ident, Text], Field(min_length=2)]
    default: Ident
    citation: Text
    by_hand: tuple[Ident, ...] = ()

    def refusal(self, option: str) -> str | None:
        """Why a table may not choose ``option`` of this ruling, or None when the referee plays it."""
        if option not in self.options:
            return f"ruling {self.id} has no option {option!r}; choose one of {', '.join(self.playable)}"
        if option in self.by_hand:
            return (f"ruling {self.id}'s option {option} is not refereed yet (play it by hand at your own table); "
                    f"the referee plays {', '.join(self.playable)}")
        return None

    @property
    def playable(self) -> tuple[str, ...]:
        """The options the referee plays, the default first."""
        return (self.default, *(o for o in self.options if o != self.default and o not in self.by_hand))

    @field_validator("by_hand")
    @classmethod
    def _by_hand_are_alternatives(cls, by_hand: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        options, default = info.data.get("options"), info.data.get("default")
        wrong = [o for o in by_hand if options is not None and (o not in options or o == default)]
        if wrong:
            raise PydanticCustomError("ruling", "by_hand lists {wrong}: each must be an option other than the "
                                      "default", {"wrong": ", ".join(wrong)})
        return by_hand

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


def choose_rulings(rulings: Iterable[RulingOption], overrides: Mapping[str, str] | None = None) -> dict[str, str]:
    """Each ruling's chosen option: its default unless a table switched it.

    :raises ValueError: for an unknown ruling, an option that ruling does not offer, or one the referee does not
        play yet (``by_hand``).
    """
    by_id = {ruling.id: ruling for ruling in rulings}
    chosen = {ruling.id: ruling.default for ruling in by_id.values()}
    for ruling_id, option in (overrides or {}).items():
        ruling = by_id.get(ruling_id)
        if ruling is None:
            raise ValueError(f'unknown ruling "{ruling_id}"{did_you_mean(ruling_id, list(by_id))}')
        if option not in ruling.options:
            raise ValueError(f'ruling "{ruling_id}" has no option "{option}" (choose from {", ".join(ruling.options)})')
        refusal = ruling.refusal(option)
        if refusal is not None:
            raise ValueError(refusal)
        chosen[ruling_id] = option
    return chosen


def typed_rulings(record: type[_D], rulings: Iterable[RulingOption], overrides: Mapping[str, str] | None = None) -> _D:
    """A game's typed record of the rulings its code reads: each field of the dataclass ``record`` is a ruling id
    with ``_`` for ``-``, set to the chosen option.

    :raises ValueError: as :func:`choose_rulings`, and for a field the data has no ruling for.
    """
    picked = choose_rulings(rulings, overrides)
    values = {}
    for field in dataclasses.fields(record):
        ruling_id = field.name.replace("_", "-")
        if ruling_id not in picked:
            raise ValueError(f'the data has no ruling "{ruling_id}", which the rules code reads')
        values[field.name] = picked[ruling_id]
    return record(**values)


class RulingsRecord:
    """A base for a game's dataclass of the rulings its code reads (a field per ruling id, ``_`` for ``-``)."""

    @classmethod
    def from_options(cls, rulings: Iterable[RulingOption], chosen: Mapping[str, str] | None = None) -> Self:
        """Build from the shipped rulings (their defaults) and a table's ``chosen`` options.

        :raises ValueError: for an unknown ruling id, an option that ruling does not offer, or one the referee does
            not play yet (``by_hand``).
        """
        return typed_rulings(cls, rulings, chosen)  # type: ignore[type-var]
