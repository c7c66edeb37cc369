"""Unit profiles: the card a model is played from, generic across games."""

from __future__ import annotations

from pydantic import Field, ValidationInfo, field_validator

from engine.schema.assumed import reason_when_assumed
from engine.schema.fields import Count, Keywords, NonNegativeInt, PositiveNumber, Spec, StatValue, Text

__all__ = ["UnitProfile"]


class UnitProfile(Spec):
    """One unit card. Game-specific numbers (move, defence, ...) go in ``stats`` as free key/values.

    ``base_mm`` is the diameter of a round base in millimetres. A value a rulebook lost, or a freeplay number
    that imitates a real game, is marked ``assumed: true`` with an ``assumed_reason``; ``source`` cites where
    the profile comes from (a rulebook line, a card).
    """

    name: Text
    base_mm: PositiveNumber
    wounds: Count
    stats: dict[Text, StatValue] = Field(default_factory=dict)
    keywords: Keywords = ()
    points: NonNegativeInt | None = None
    assumed: bool = False
    assumed_reason: Text | None = Field(default=None, validate_default=True)
    source: Text | None = None

    @field_validator("assumed_reason")
    @classmethod
    def _reason_when_assumed(cls, reason: str | None, info: ValidationInfo) -> str | None:
        return reason_when_assumed(reason, info)

    @property
    def base_inches(self) -> float:
        """Return the base diameter in inches, the engine's unit of length."""
        return self.base_mm / 25.4
