"""The battlefield of two or more boards, and where objective tokens and fighters may be placed on it.

Boards join long edge to long edge with at least three completed hexes, or short edge to short edge with at least
two (Underworlds core rulebook, L147); each player's territory is the hexes of their own board and the completed
hexes belong to nobody (L389). With three or four players placing boards freely, each later board goes next to a
board already placed under the same restrictions, overlapping none (L755-L757). Objective tokens go on complete
hexes that are not starting, blocked or edge hexes and, after the first, not within two hexes of another token; the
last token, or one that fits nowhere else, may go on an edge hex (L307, L311). Fighters go one at a time on empty
starting hexes of their own territory (L385).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from engine.core.errors import InvalidCommand
from engine.hex import Edge, Hex, HexBoard, Joined, Layout, Placement, Tile, join, layouts, place
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import BOARD_ROWS, BOARD_WIDTH, Board

__all__ = [
    "FREE",
    "LONG_MINIMUM",
    "SHORT_MINIMUM",
    "SIDES",
    "STARTING",
    "TOKEN_SPACING",
    "alternate",
    "battlefield",
    "dead_end_possible",
    "edge_hexes",
    "free_layout",
    "free_placements",
    "free_problem",
    "legal_layouts",
    "next_to",
    "objective_hexes",
    "parse_layout",
    "starting_hexes",
    "tile",
]

LONG_MINIMUM, SHORT_MINIMUM = 3, 2
"""Completed hexes a long-edge and a short-edge join need (L147)."""

TOKEN_SPACING = 2
"""No objective token within this many hexes of another (L311)."""

STARTING = "starting"
FREE = "free"
"""The ruling ``multiplayer-layouts``'s option for boards placed freely, and how a free battlefield's layout begins."""
SIDES = ("below", "right", "above", "left")
"""The edges of a placed board a new board may join: its long edges (below, above) and short edges (right, left)."""
_LAYOUT = re.compile(r"(long|short)\s*([+-]?\d+)?((?:\s+(?:first|second|both)-turned)?)\s*")


def tile(board: Board) -> Tile:
    """Return a board side as a hex tile with its starting, blocked and lethal hexes."""
    return Tile.build(board.id, {STARTING: board.starting, "blocked": board.blocked, "lethal": board.lethal},
                      width=BOARD_WIDTH, rows=BOARD_ROWS)


def legal_layouts(first: Board, second: Board) -> tuple[Layout, ...]:
    """Every way the two boards may be joined, either turned, the first at the top or left."""
    return layouts(tile(first), tile(second), min_long=LONG_MINIMUM, min_short=SHORT_MINIMUM)


def parse_layout(text: str) -> Layout:
    """Read a layout as ``Layout.name`` writes it: ``long+0``, ``long-2 second-turned``, ``short both-turned``.

    :raises InvalidCommand: when the text is not a layout.
    """
    match = _LAYOUT.fullmatch(text.strip().lower())
    if match is None:
        raise InvalidCommand(f"cannot read layout {text!r}: write long or short, a slide such as +2 (long only), "
                             "and optionally first-turned, second-turned or both-turned", verb="boards")
    turned = match.group(3).strip()
    return Layout(Edge(match.group(1)), int(match.group(2) or 0), turned in ("first-turned", "both-turned"),
                  turned in ("second-turned", "both-turned"))


def battlefield(first: Board, second: Board, layout: Layout, owners: tuple[str, str]) -> Joined:
    """Join the two boards in ``layout``; each board's hexes are its owner's territory.

    :raises InvalidCommand: for a layout that completes too few hexes (L147).
    """
    if layout not in legal_layouts(first, second):
        raise InvalidCommand(f"layout {layout.name} joins {first.name} and {second.name} with too few completed "
                             f"hexes: a long edge needs {LONG_MINIMUM}, a short edge {SHORT_MINIMUM} ({RULE}, L147)",
                             verb="boards")
    return join(place(tile(first), tile(second), layout, regions=owners))


def starting_hexes(board: HexBoard, side: str, occupied: Collection[Hex] = ()) -> frozenset[Hex]:
    """The empty starting hexes in ``side``'s territory, where its next fighter may be placed (L385, L869)."""
    return frozenset(h for h in board.hexes_with(STARTING) if board.region_of(h) == side and h not in occupied)


def objective_hexes(board: HexBoard, placed: Collection[Hex], *, last: bool = False,
                    edges: Collection[Hex] | None = None, taken: Collection[Hex] = ()) -> frozenset[Hex]:
    """The hexes where the next objective token may go, given the tokens already ``placed``.

    The last token may also use edge hexes, and so may a token that fits nowhere else (L307, L311). If even that
    leaves nothing, the spacing is dropped as a last resort (ruling ``objective-placement-dead-end:
    ignore-spacing``; under ``refuse-layout`` such a battlefield is refused before tokens are placed).
    ``edges`` overrides the board's edge hexes (ruling ``edge-hexes``); ``taken`` are hexes a token may not go in
    that do not count for the spacing (the Katophrane Artefact's, L743).
    """
    edges = board.edge_hexes() if edges is None else edges

    def allowed(h: Hex, allow_edge: bool, spaced: bool) -> bool:
        return (not board.has(h, STARTING) and not board.is_blocked(h) and h not in placed and h not in taken
                and (allow_edge or h not in edges)
                and (not spaced or all(h.distance(p) > TOKEN_SPACING for p in placed)))

    for allow_edge, spaced in ((last, True), (True, True), (True, False)):
        found = frozenset(h for h in board.hexes if allowed(h, allow_edge, spaced))
        if found:
            return found
    return frozenset()


def dead_end_possible(board: HexBoard, count: int, *, edges: Collection[Hex] | None = None,
                      taken: Collection[Hex] = ()) -> bool:
    """Whether players placing ``count`` objective tokens by L307-L311 could leave one with no hex at all, even an
    edge hex, more than two hexes from every token placed (ruling ``objective-placement-dead-end: refuse-layout``).

    Tokens go on inner hexes while any is free, then on edge hexes, so a dead end is a set of fewer than ``count``
    tokens, each more than two hexes from the others, whose inner ones already come within two of every inner hex
    and which all together come within two of every hex a token may use. The search looks for such a set,
    branching on the hexes that could cover the first hex not yet covered; a token covers at most 19 hexes, which
    ends most searches at once.
    """
    edges = board.edge_hexes() if edges is None else frozenset(edges)
    usable = frozenset(h for h in board.hexes if not board.has(h, STARTING) and not board.is_blocked(h)
                       and h not in taken)
    inner = usable - edges
    near = {h: frozenset(n for n in usable if n.distance(h) <= TOKEN_SPACING) for h in usable}

    def search(placed: frozenset[Hex], covered: frozenset[Hex]) -> bool:
        spare = count - 1 - len(placed)
        todo = (inner - covered) or (usable - covered)
        if not todo:
            return True
        if spare <= 0 or len(todo) > spare * len(_BALL):
            return False
        first = min(todo, key=lambda h: (h.q, h.r))
        pool = inner if todo <= inner else usable
        return any(search(placed | {c}, covered | near[c]) for c in near[first] & pool if c not in covered)

    return search(frozenset(), frozenset())


_BALL = frozenset(Hex(q, r) for q in range(-TOKEN_SPACING, TOKEN_SPACING + 1)
                  for r in range(-TOKEN_SPACING, TOKEN_SPACING + 1) if Hex(q, r).distance(Hex(0, 0)) <= TOKEN_SPACING)
"""The hexes within two of one hex (19): the most one token keeps other tokens from."""


def edge_hexes(board: HexBoard, blocked_makes_edge: bool = False) -> frozenset[Hex]:
    """The edge hexes under the ruling ``edge-hexes``: the board's outermost hexes, and with
    ``blocked_makes_edge`` also every hex next to a blocked hex (L199, L311)."""
    edges = board.edge_hexes()
    if not blocked_makes_edge:
        return edges
    return edges | frozenset(h for h in board.hexes if any(board.is_blocked(n) for n in h.neighbours()))


def alternate(first: str, sides: Sequence[str], counts: dict[str, int]) -> tuple[str, ...]:
    """The order of turns when players take it in turns from ``first`` (clockwise as ``sides`` lists them), each
    placing one item until their ``counts`` run out; the others go on when one runs out (L311, L385, L781)."""
    if first not in sides:
        raise ValueError(f"{first!r} is not one of the sides {sides}")
    start = sides.index(first)
    order, left = [], dict(counts)
    while any(left.values()):
        for side in (*sides[start:], *sides[:start]):
            if left.get(side, 0):
                order.append(side)
                left[side] -= 1
    return tuple(order)


def next_to(anchor: Placement, board: Board, side: str, slide: int, turned: bool, region: str) -> Placement:
    """A board placed against ``side`` of the ``anchor`` board, slid along that edge by ``slide`` hexes (long
    edges) or pairs of rows (short edges), turned half round or not."""
    shown = tile(board)
    if side in ("below", "above"):
        row = anchor.row + (shown.rows + 1) * (1 if side == "below" else -1)
        return Placement(shown, anchor.column + slide, row, turned, region)
    if side not in ("right", "left"):
        raise InvalidCommand(f"a board joins another {', '.join(SIDES)}; not {side!r}")
    column = anchor.column + shown.width * (1 if side == "right" else -1)
    return Placement(shown, column, anchor.row + 2 * slide, turned, region)


def free_problem(placed: Sequence[Placement], anchor: Placement, new: Placement, side: str) -> str | None:
    """Why ``new`` may not join ``anchor`` among the boards ``placed`` (None when it may): it overlaps a board, or
    completes too few hexes with the board it joins (L147, L755-L757)."""
    try:
        join([*placed, new])
    except ValueError:
        return "it would lie over a board already placed"
    completed = len(anchor.halves() & new.halves())
    long_edge = side in ("below", "above")
    needed = LONG_MINIMUM if long_edge else SHORT_MINIMUM
    if completed < needed:
        return (f"it completes {completed} hex{'es' if completed != 1 else ''} along the "
                f"{'long' if long_edge else 'short'} edge; it must complete at least {needed}")
    return None


def free_layout(placements: Sequence[tuple[int, int, bool]]) -> str:
    """A free battlefield's layout as stored: ``free 0,0,-;0,6,t`` (each board's top-left hex and whether it is
    turned, in the order placed)."""
    return f"{FREE} " + ";".join(f"{c},{r},{'t' if t else '-'}" for c, r, t in placements)


def free_placements(layout: str) -> list[tuple[int, int, bool]]:
    """Read ``free_layout``'s text back."""
    found = []
    for part in layout.removeprefix(FREE).strip().split(";"):
        column, row, turned = part.split(",")
        found.append((int(column), int(row), turned == "t"))
    return found
