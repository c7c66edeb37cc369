"""A hex board as a :class:`engine.core.Space`: positions are hex ids (``C4``, any case), distances are steps."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import InvalidCommand
from engine.hex.board import HexBoard
from engine.hex.coords import distance
from engine.hex.naming import HexIdError

__all__ = ["HexSpace"]


@dataclass(frozen=True, slots=True)
class HexSpace:
    board: HexBoard

    @property
    def unit(self) -> str:
        return "hex"

    def locate(self, text: str) -> str:
        try:
            return self.board.id_of(self.board.hex_of(text.strip()))
        except HexIdError as error:
            raise InvalidCommand(str(error)) from None

    def between(self, first: str, second: str) -> float:
        return float(distance(self.board.hex_of(self.locate(first)), self.board.hex_of(self.locate(second))))
