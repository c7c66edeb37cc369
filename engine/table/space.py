"""The inch table as a :class:`engine.core.Space`: positions are ``x,y`` in inches or the id of a model, a
terrain piece or a zone; distances are between closest points."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import InvalidCommand, parse_point
from engine.geometry import GeometryError, distance
from engine.table.geometry import battlefield
from engine.table.state import TableState

__all__ = ["TableSpace"]


@dataclass(frozen=True, slots=True)
class TableSpace:
    state: TableState

    @property
    def unit(self) -> str:
        return "inch"

    def locate(self, text: str) -> str:
        if "," in text:
            x, y = parse_point(text)
            if not (0 <= x <= self.state.width and 0 <= y <= self.state.height):
                raise InvalidCommand(f"{text} is off the {self.state.width:g}\" x {self.state.height:g}\" table; give "
                                     "a point on it")
            return f"{x:g},{y:g}"
        try:
            return battlefield(self.state).find(text.strip().upper()).id
        except GeometryError as error:
            raise InvalidCommand(str(error)) from None

    def between(self, first: str, second: str) -> float:
        field = battlefield(self.state)
        ends = [parse_point(p) if "," in p else field.find(p) for p in (self.locate(first), self.locate(second))]
        return round(distance(ends[0], ends[1]), 2)
