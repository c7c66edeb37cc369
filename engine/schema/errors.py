"""Data errors that name the file, the entry and the field, one line per problem."""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from pydantic_core import PydanticCustomError

__all__ = ["DataError", "Loc", "Problem", "bundle", "did_you_mean"]

Loc = tuple[str | int, ...]
"""Where a value sits in a parsed document: keys and list indices, outermost first."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the data, at a location relative to the model that found it."""

    loc: Loc
    message: str


class DataError(ValueError):
    """Data that does not fit the schema; ``problems`` holds one readable line per problem, all of them."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        super().__init__("\n".join(self.problems))


def bundle(problems: Sequence[Problem]) -> PydanticCustomError:
    """Wrap problems found by a cross-field check so each keeps its own field in the report.

    A pydantic validator raises one error at its model's location; the report expands the bundle back into
    one line per problem (see ``engine.schema.validate``).
    """
    summary = "; ".join(f"{'.'.join(map(str, p.loc))}: {p.message}" for p in problems)
    return PydanticCustomError("bundle", "{summary}", {"summary": summary, "problems": tuple(problems)})


def did_you_mean(word: str, candidates: Collection[str]) -> str:
    """Return a suffix suggesting the closest candidates to a misspelt word, or an empty string."""
    close = difflib.get_close_matches(word, list(candidates), n=3, cutoff=0.6)
    if not close:
        return ""
    return "; did you mean " + " or ".join(f'"{c}"' for c in close) + "?"
