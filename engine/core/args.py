"""The options of one invocation, read the way every game reads them.

Ids are upper-cased, numbers must be finite, points are parsed, and every refusal names the option and
what it accepts, so a game's action builders stay one line each and no game re-implements the reading.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from engine.core.decisions import parse_point
from engine.core.errors import InvalidCommand
from engine.core.ids import ModelId, SideId

__all__ = ["Args", "OptionValue"]

OptionValue = str | int | float | bool
"""A typed option as a front-end received it (``model:A1``, ``max:6``)."""

_MAX_TEXT = 200  # characters kept from a free text option (a note, a token name)


class Args:
    """The typed options of one command, plus the files it uploaded (already validated by a loader)."""

    def __init__(self, verb: str, options: Mapping[str, OptionValue],
                 uploads: Mapping[str, object] | None = None) -> None:
        self.verb = verb
        self.options = dict(options)
        self.uploads = dict(uploads or {})

    def has(self, name: str) -> bool:
        """Whether ``name`` was given (an empty typed value counts as left out)."""
        value = self.options.get(name)
        return value is not None and str(value).strip() != ""

    def _raw(self, name: str) -> OptionValue:
        if not self.has(name):
            raise InvalidCommand(f"{self.verb} needs {name}:", verb=self.verb)
        return self.options[name]

    def text(self, name: str, default: str | None = None) -> str:
        """A free text, tidied to single spaces and without one pair of surrounding quotes; at most 200
        characters are kept."""
        if not self.has(name):
            if default is None:
                self._raw(name)
            return default or ""
        value = _unquoted(" ".join(str(self.options[name]).split()))
        if len(value) > _MAX_TEXT:
            raise InvalidCommand(f"{name}: is {len(value)} characters long; at most {_MAX_TEXT} are kept",
                                 verb=self.verb)
        return value

    def number(self, name: str) -> float | None:
        """A finite number, or ``None`` when not given."""
        if not self.has(name):
            return None
        raw = self.options[name]
        try:
            value = float(raw)
        except (TypeError, ValueError):
            raise InvalidCommand(f"{name}:{raw} is not a number", verb=self.verb) from None
        if not math.isfinite(value):
            raise InvalidCommand(f"{name}:{raw} is not a finite number", verb=self.verb)
        return value

    def integer(self, name: str, default: int) -> int:
        """A whole number, or ``default`` when not given."""
        if not self.has(name):
            return default
        raw = self.options[name]
        if isinstance(raw, bool) or not isinstance(raw, int | str):
            raise InvalidCommand(f"{name}:{raw} is not a whole number", verb=self.verb)
        try:
            return int(raw)
        except ValueError:
            raise InvalidCommand(f"{name}:{raw} is not a whole number", verb=self.verb) from None

    def flag(self, name: str, default: bool = False) -> bool:
        """A yes/no option."""
        return bool(self.options[name]) if self.has(name) else default

    def ident(self, name: str) -> str:
        """An id as players type it (``a1``, ``t3``), upper-cased."""
        return str(self._raw(name)).strip().upper()

    def model(self, name: str = "model") -> ModelId:
        return ModelId(self.ident(name))

    def side(self, name: str = "side") -> SideId | None:
        """A side, upper-cased, or ``None`` when not given."""
        return SideId(self.ident(name)) if self.has(name) else None

    def point(self, name: str) -> tuple[float, float]:
        """``x,y`` in inches."""
        return parse_point(str(self._raw(name)))

    def listed(self, name: str) -> tuple[str, ...]:
        """A comma list, each item tidied and unquoted; empty items dropped."""
        items = (_unquoted(" ".join(item.split())) for item in _unquoted(str(self.options.get(name, ""))).split(","))
        return tuple(item for item in items if item)

    def upload(self, name: str) -> object:
        """What a loader made of the file uploaded as ``name``."""
        if name not in self.uploads:
            raise InvalidCommand(f"{self.verb} needs a YAML file attached as {name}:", verb=self.verb)
        return self.uploads[name]


def _unquoted(text: str) -> str:
    """Drop one pair of quotes around a typed value (``question:"Hold or flee?"``)."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1].strip()
    return text
