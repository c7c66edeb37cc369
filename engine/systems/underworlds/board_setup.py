"""The boards (Underworlds core rulebook, L143-L147, L755-L797): a roll-off, the loser's board, the winner's board and
how they join; with three or four players, roll-offs for each place, a fixed format, or boards placed freely in turn.
The objective tokens follow (``token_setup``).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import (
    DecisionPart,
    IllegalCommand,
    SideId,
)
from engine.hex import Edge, Layout, Placement, Tile
from engine.systems.underworlds import token_setup
from engine.systems.underworlds.boards import (
    FREE,
    SIDES,
    free_layout,
    free_problem,
    legal_layouts,
    next_to,
    tile,
)
from engine.systems.underworlds.events import (
    BattlefieldJoined,
    BoardChosen,
    BoardFaceUp,
    StepStarted,
    TurnPassed,
)
from engine.systems.underworlds.referee import Referee, choice, winner_of
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import DIE_FACES

__all__ = ["BOARD", "LAYOUT", "PLACE", "begin_boards", "free_options", "on_board", "on_free_board", "on_layout",
           "slide_label"]

BOARD, LAYOUT, PLACE = "board", "layout", "place-board"

SLIDES = range(-4, 5)


def slide_label(slide: int, long_edge: bool | None) -> str:
    """A slide in words: whole hexes right or left along long edges, pairs of rows down or up along short ones
    (``engine.hex.Layout``); both ways when the edge is not chosen yet."""
    if not slide:
        return "flush, not slid"
    hexes = f"{abs(slide)} hex{'es' if abs(slide) > 1 else ''} to the {'right' if slide > 0 else 'left'}"
    rows = f"{2 * abs(slide)} rows {'down' if slide > 0 else 'up'}"
    if long_edge is None:
        return f"{hexes} (long edges), {rows} (short edges)"
    return hexes if long_edge else rows


def _slides(default: str = "+0") -> DecisionPart:
    return choice("slide", "Slide the board along the edge", tuple((f"{n:+d}", slide_label(n, None)) for n in SLIDES),
                  default)


def _board_part(ref: Referee, prompt: str) -> DecisionPart:
    boards = [(b.id, b.name) for b in ref.lib.data.boards]
    return choice("board", prompt, boards, default=boards[0][0])


def _sides_of(ref: Referee, physical: str) -> list[tuple[str, str]]:
    """The printed sides of one physical board, as (board side id, name)."""
    return [(b.id, b.name) for b in ref.lib.data.boards if b.board == physical]


def _placer_turns_sides(ref: Referee) -> bool:
    """Two players, and the roll-off winner picks which side of each board faces up (ruling
    ``board-side-choice``)."""
    return len(ref.state.sides) == 2 and ref.rules.board_side_choice == "placer-picks-sides"


def begin_boards(ref: Referee) -> None:
    """Roll off; two players: the loser picks a board, the winner picks the other and joins them (L143-L147).
    Three or four: the fewest successes places first, the rest roll off again for each later place (L755). A
    table that rolls its own dice enters them first (ruling ``dice-faces: table-entered``)."""
    if ref.rules.dice_faces == "table-entered" and set(ref.state.dice) != set(DIE_FACES):
        ref.emit(StepStarted(step="dice", shown="This table rolls its own dice (ruling dice-faces: table-entered): "
                                                "before the first roll, enter the faces of both with /force import "
                                                "file: (dice: [...], written like dice.yaml)."))
        return
    sides = list(ref.state.in_play)
    if len(sides) == 2:
        result = ref.roll_off(sides, "the boards")
        loser = next(s for s in sides if s != result.winner)
        ref.emit(StepStarted(step="boards", order=[loser, winner_of(result)],
                             shown=f"Side {loser} chooses the first board; side {result.winner} the second and "
                                   f"how they join ({RULE}, L143-L147)."))
    else:
        order: list[SideId] = []
        while len(sides) > 1:
            lowest = ref.fewest(sides, "placing a board")
            order.append(lowest)
            sides.remove(lowest)
        order.append(sides[0])
        layout = ref.rules.multiplayer_layouts
        how = ("each next to a board already placed, long edges completing at least three hexes or short edges "
               f"two ({RULE}, L755-L757)" if layout == FREE else
               f"in the fixed format {layout} (ruling multiplayer-layouts)")
        ref.emit(StepStarted(step="boards", order=order,
                             shown=f"Boards are placed in the order {', '.join(order)} (fewest successes first, "
                                   f"{RULE}, L755), {how}."))
    _ask_board(ref)


def _ask_board(ref: Referee) -> None:
    state = ref.state
    side = state.order[state.turn_index]
    if len(state.order) == 2 and state.turn_index == 1:
        parts = [_board_part(ref, "Your board (the side facing up)"),
                 choice("join", "Join the boards along", (("long", "long edges (at least 3 hexes)"),
                                                          ("short", "short edges (at least 2 hexes)")), "long"),
                 _slides(),
                 choice("turned", "Turn a board half round", (("none", "neither"), ("first", "the first board"),
                                                               ("second", "your board"), ("both", "both")), "none")]
        first = ref.lib.data.board(state.field.boards[0])
        name = first.name
        if _placer_turns_sides(ref):
            faces = _sides_of(ref, first.board)
            parts.insert(0, choice("first-side", "The side of the first board facing up", faces, faces[0][0]))
            name = " / ".join(n for _, n in faces)
        ref.ask(side, LAYOUT, f"Choose your board and join it to {name}", parts)
        return
    if _placer_turns_sides(ref):
        physical = list(dict.fromkeys(b.board for b in ref.lib.data.boards))
        options = [(p, " / ".join(name for _, name in _sides_of(ref, p))) for p in physical]
        ref.ask(side, BOARD, "Choose a board (the other player chooses which side faces up)",
                [choice("board", "Your board", options, options[0][0])])
        return
    if state.field.placed and ref.rules.multiplayer_layouts == FREE:
        _ask_free_board(ref, side)
        return
    ref.ask(side, BOARD, "Choose a board (and the side facing up)", [_board_part(ref, "Your board")])


def on_board(ref: Referee, side: SideId, answers: Mapping[str, str]) -> None:
    if _placer_turns_sides(ref):
        faces = _sides_of(ref, answers["board"])
        board = ref.lib.data.board(faces[0][0])
        ref.emit(BoardChosen(side=side, board=board.id, name=board.name,
                             shown=f"Side {side} chooses the board {' / '.join(n for _, n in faces)}; the other "
                                   "player picks the side facing up (ruling board-side-choice)."))
        _next_board(ref)
        return
    board = ref.lib.data.board(answers["board"])
    free = ref.rules.multiplayer_layouts == FREE and len(ref.state.sides) > 2
    ref.emit(BoardChosen(side=side, board=board.id, name=board.name, at=(0, 0, False) if free else None))
    _next_board(ref)


def _next_board(ref: Referee) -> None:
    """The next player places a board; after the last, the battlefield is joined."""
    state = ref.state
    if state.turn_index + 1 < len(state.order):
        ref.emit(TurnPassed(index=state.turn_index + 1, side=state.order[state.turn_index + 1]))
        _ask_board(ref)
        return
    layout = free_layout(state.field.placed) if state.field.placed else ref.rules.multiplayer_layouts
    shown = (f"The boards form the {layout} battlefield for {len(state.sides)} players." if not state.field.placed
             else f"The {len(state.field.boards)} boards, placed freely, form the battlefield.")
    joined = ref.lib.joined(state.field.boards, state.field.owners, layout)
    token_setup.refuse_dead_end(ref, joined, "board")
    ref.emit(BattlefieldJoined(layout=layout, hexes=len(joined), shown=shown))
    token_setup.begin_tokens(ref)


def _placements(ref: Referee) -> list[Placement]:
    field = ref.state.field
    return [Placement(tile(ref.lib.data.board(board)), column, row, turned, owner)
            for board, (column, row, turned), owner in zip(field.boards, field.placed, field.owners, strict=True)]


Option = tuple[int, str, int, bool]
"""A free placement: (board placed, edge, slide, turned)."""

_FREE_OPTIONS: dict[tuple[tuple[Placement, ...], Tile, SideId], tuple[Option, ...]] = {}
"""Free placements by the boards placed: a decision's menus, its checks and the bot each ask for them, and an acting
referee (whose state changes with every event) cannot keep them, so they are kept here; a few layouts at a time."""


def free_options(ref: Referee, side: SideId) -> list[Option]:
    """Every legal (board placed, edge, slide, turned) for the next board, in the order the defaults take."""
    placed = tuple(_placements(ref))
    board = ref.lib.data.boards[0]
    key = (placed, tile(board), side)
    found = _FREE_OPTIONS.get(key)
    if found is None:
        if len(_FREE_OPTIONS) >= 32:
            _FREE_OPTIONS.clear()
        found = _FREE_OPTIONS[key] = tuple(
            (index, edge, slide, turned)
            for index, anchor in enumerate(placed) for edge in SIDES for slide in sorted(SLIDES, key=abs)
            for turned in (False, True)
            if free_problem(placed, anchor, next_to(anchor, board, edge, slide, turned, side), edge) is None)
    return list(found)


def _ask_free_board(ref: Referee, side: SideId) -> None:
    """A later board placed freely (L755-L757): which board, next to which board already placed, along which of
    its edges, slid how far and turned or not; the defaults are a legal placement."""
    state = ref.state
    index, edge, slide, turned = free_options(ref, side)[0]
    placed = [(str(i), f"{ref.lib.data.board(b).name} (side {owner}'s)")
              for i, (b, owner) in enumerate(zip(state.field.boards, state.field.owners, strict=True))]
    parts = [_board_part(ref, "Your board (the side facing up)"),
             choice("next", "Next to the board", placed, str(index)),
             choice("edge", "Along its edge", [(e, f"{e} it ({'long' if e in ('below', 'above') else 'short'} "
                                                 "edges)") for e in SIDES], edge),
             _slides(f"{slide:+d}"),
             choice("turned", "Your board turned half round", (("no", "no"), ("yes", "yes")),
                    "yes" if turned else "no")]
    ref.ask(side, PLACE, "Choose your board and place it next to a board already placed (at least 3 hexes joined "
                         "along long edges, 2 along short ones)", parts)


def on_free_board(ref: Referee, side: SideId, answers: Mapping[str, str]) -> None:
    """Place a board freely: refused, naming why, when it overlaps a board or completes too few hexes (L147,
    L755-L757)."""
    state = ref.state
    board = ref.lib.data.board(answers["board"])
    placed = _placements(ref)
    anchor = placed[int(answers["next"])]
    new = next_to(anchor, board, answers["edge"], int(answers["slide"]), answers["turned"] == "yes", side)
    why = free_problem(placed, anchor, new, answers["edge"])
    if why is not None:
        raise IllegalCommand(f"{board.name} cannot go {answers['edge']} "
                             f"{ref.lib.data.board(state.field.boards[int(answers['next'])]).name} slid "
                             f"{answers['slide']}: {why} ({RULE}, L147, L755-L757)", verb="board")
    ref.emit(BoardChosen(side=side, board=board.id, name=board.name, at=(new.column, new.row, new.turned),
                         shown=f"Side {side} places {board.name} {answers['edge']} "
                               f"{ref.lib.data.board(state.field.boards[int(answers['next'])]).name}, slid "
                               f"{answers['slide']}{', turned' if new.turned else ''}."))
    _next_board(ref)


def on_layout(ref: Referee, side: SideId, answers: Mapping[str, str]) -> None:
    """The roll-off winner's board and the join: refused when it completes too few hexes (L147)."""
    state = ref.state
    first, second = ref.lib.data.board(answers.get("first-side") or state.field.boards[0]), \
        ref.lib.data.board(answers["board"])
    turned = answers["turned"]
    layout = Layout(Edge(answers["join"]), int(answers["slide"]), turned in ("first", "both"),
                    turned in ("second", "both"))
    if layout not in legal_layouts(first, second):
        raise IllegalCommand(f"joining {first.name} and {second.name} as {layout.name} completes too few hexes: a "
                             f"long edge needs 3, a short edge 2, and a short join cannot slide ({RULE}, L147)",
                             verb="layout")
    if ref.rules.board_layouts == "flush-only" and (layout.edge is Edge.SHORT or layout.slide):
        raise IllegalCommand("this table joins boards only long edge to long edge, flush (ruling board-layouts)",
                             verb="layout")
    if first.id != state.field.boards[0]:
        ref.emit(BoardFaceUp(index=0, board=first.id, name=first.name))
    ref.emit(BoardChosen(side=side, board=second.id, name=second.name))
    owners = state.field.owners
    joined = ref.lib.joined(state.field.boards, owners, layout.name)
    token_setup.refuse_dead_end(ref, joined, "layout")
    hexes = len(joined)
    ref.emit(BattlefieldJoined(layout=layout.name, hexes=hexes,
                               shown=f"Side {side} joins {first.name} (side {owners[0]}'s territory) and "
                                     f"{second.name} (side {owners[1]}'s) as {layout.name}: {hexes} hexes."))
    token_setup.begin_tokens(ref)
