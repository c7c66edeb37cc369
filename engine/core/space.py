"""The board interface every kind of battlefield implements: where things stand and how far apart they are.

An inch table (``engine.table.space.TableSpace``) and a hex board (``engine.hex.space.HexSpace``) answer the
same questions in their own units, so a rule, a bot policy or a front-end that only needs "where" and "how
far" works on both: a position is written as players type it (``10.5,12`` or an id on a table, ``C4`` on a
hex board), and a decision that asks for a position takes the same text.
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["Space"]


class Space(Protocol):
    """Where things stand on one battlefield, as a viewer may know it."""

    @property
    def unit(self) -> str:
        """The unit distances are counted in: ``"inch"`` or ``"hex"``."""

    def locate(self, text: str) -> str:
        """A typed position (or the id of something on the board) checked and written the board's way.

        :raises InvalidCommand: naming what was wrong and what the board accepts.
        """

    def between(self, first: str, second: str) -> float:
        """How far apart two positions (or things) are, in ``unit``: closest points on a table, steps on hexes."""
