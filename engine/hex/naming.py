"""Hex ids a player can read off the picture and type: a column letter and a row number, like ``C4``.

The id is the hex's odd-r offset position (column, row) on the board, counted from 0 as board data writes it
(``[x, y]``): column 0 is ``A``, row 0 is ``1``. Columns past ``Z`` go on ``AA``, ``AB``, ... as spreadsheets do.
"""

from __future__ import annotations

import re

__all__ = ["HexIdError", "cell_name", "parse_cell_name"]

_NAME = re.compile(r"\s*([A-Za-z]+)\s*([0-9]+)\s*")


class HexIdError(ValueError):
    """A hex id that cannot be read or is not on the board; the message says what is accepted."""


def cell_name(column: int, row: int) -> str:
    """Return the id of the hex at offset (column, row): (0, 0) is ``A1``, (2, 3) is ``C4``.

    :raises ValueError: for a negative column or row (a board is shifted so both start at 0).
    """
    if column < 0 or row < 0:
        raise ValueError(f"hex ids need a column and row of at least 0, got ({column}, {row})")
    letters = ""
    n = column + 1
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row + 1}"


def parse_cell_name(text: str) -> tuple[int, int]:
    """Return (column, row) for an id such as ``C4`` or ``c4`` (letters, then a row number from 1).

    :raises HexIdError: when the text is not letters followed by a row number of at least 1.
    """
    match = _NAME.fullmatch(text)
    if match is None or int(match.group(2)) < 1:
        raise HexIdError(f"cannot read hex {text!r}: a hex is a column letter and a row number, like C4")
    column = 0
    for letter in match.group(1).upper():
        column = column * 26 + ord(letter) - ord("A") + 1
    return (column - 1, int(match.group(2)) - 1)
