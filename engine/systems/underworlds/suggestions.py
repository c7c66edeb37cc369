"""The set-up's suggested placements, which a player may take as one menu entry and which the bot, the practice
table's set-up and a conceded side's turns take: the next objective token nearest the battlefield's centre, the
Katophrane Artefact on the first hex it may go on, a side's fighters on the first starting hexes in id order (row by
row).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import SideId
from engine.systems.underworlds import opening, token_setup
from engine.systems.underworlds.referee import Referee

__all__ = ["hex_order", "suggested_fighters", "suggested_hex", "suggested_tokens"]


def hex_order(hex_id: str) -> tuple[int, str]:
    """Hex ids by row, then column (``B2`` before ``A3``): the order the suggestions take them in."""
    letters = hex_id.rstrip("0123456789")
    return int(hex_id[len(letters):]), letters


def suggested_hex(ref: Referee, step: str, planned: Sequence[str] = ()) -> str | None:
    """Where the suggestion puts the next objective token (nearest the centre; after the ``planned`` ones of a
    player's plan) or the Artefact (the first hex)."""
    board = ref.lib.board(ref.state)
    if step == "artefact":
        return min(token_setup.artefact_hexes(ref), key=hex_order, default=None)
    rows = sorted(board.hexes, key=lambda h: (h.r, h.q))
    centre = rows[len(rows) // 2]
    return min(token_setup.token_hexes(ref, planned), key=lambda h: (board.hex_of(h).distance(centre), hex_order(h)),
               default=None)


def suggested_tokens(ref: Referee, side: SideId, count: int) -> list[str]:
    """The suggestion for ``side``'s next ``count`` objective tokens: each nearest the centre after those before,
    in its own territory where it can be (so two players' plans rarely want the same hex)."""
    board = ref.lib.board(ref.state)
    rows = sorted(board.hexes, key=lambda h: (h.r, h.q))
    centre = rows[len(rows) // 2]
    planned: list[str] = []
    for _ in range(count):
        best = min(token_setup.token_hexes(ref, planned), default=None, key=lambda h: (
            board.region_of(board.hex_of(h)) != side, board.hex_of(h).distance(centre), hex_order(h)))
        if best is None:
            break
        planned.append(best)
    return planned


def suggested_fighters(ref: Referee, side: SideId) -> list[tuple[str, str]]:
    """The suggestion for ``side``'s fighters still to place: each, in order, on the first free starting hex of its
    territory in id order."""
    free = sorted(opening.placement_hexes(ref, side), key=hex_order)
    waiting = [f.id for f in ref.state.fighters.values() if f.side == side and f.hex is None and not f.out_of_action]
    return list(zip(waiting, free, strict=False))
