"""Values a source lacks, guessed and labelled: ``assumed: true`` needs an ``assumed_reason`` saying why."""

from __future__ import annotations

from pydantic import Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from engine.schema.fields import Spec, Text

__all__ = ["Assumable", "reason_when_assumed"]


def reason_when_assumed(reason: str | None, info: ValidationInfo) -> str | None:
    """A reason is required with ``assumed: true`` and refused without it."""
    assumed = info.data.get("assumed")
    if assumed and reason is None:
        raise PydanticCustomError("assumed", "is required when assumed is true: say why the values are guessed")
    if assumed is False and reason is not None:
        raise PydanticCustomError("assumed", "is only allowed when assumed is true")
    return reason


class Assumable(Spec):
    """An entry whose values may be guessed (a card a rulebook prints in part, a placeholder template)."""

    assumed: bool = False
    assumed_reason: Text | None = Field(default=None, validate_default=True)

    @field_validator("assumed_reason")
    @classmethod
    def _reason_when_assumed(cls, reason: str | None, info: ValidationInfo) -> str | None:
        return reason_when_assumed(reason, info)
