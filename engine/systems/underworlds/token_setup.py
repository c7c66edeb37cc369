"""The objective tokens (Underworlds core rulebook, L267, L307, L311, L737, L765): in Capture the Artefact the
Artefact first, then tokens 1-5 (7, 9 with more players) shuffled face down, placed in turn where the rules allow
(rulings edge-hexes, objective-placement-dead-end) and revealed together; then the opening hands (``opening``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from engine.core import (
    IllegalCommand,
    Shown,
    SideId,
)
from engine.hex import Hex, HexBoard
from engine.systems.underworlds.boards import (
    dead_end_possible,
    edge_hexes,
    objective_hexes,
)
from engine.systems.underworlds.events import (
    StepStarted,
    TokenPlaced,
    TokensRevealed,
    TurnPassed,
)
from engine.systems.underworlds.game_state import TokenRecord
from engine.systems.underworlds.opening import draw_hands, make_deck
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.turns import rotation

__all__ = ["artefact_hex", "artefact_hexes", "begin_tokens", "place_artefact", "place_token", "refuse_dead_end",
           "token_count", "token_hex", "token_hexes"]

_TOKENS = {2: 5, 3: 7, 4: 9}


def token_count(sides: int) -> int:
    """Objective tokens 1-5 with two players, 1-7 with three, 1-9 with four (L267, L765)."""
    return _TOKENS[sides]

def begin_tokens(ref: Referee) -> None:
    """Capture the Artefact: the last to place a board puts the Artefact in no one's territory first (L737)."""
    state = ref.state
    if "artefact" in str(state.setup.options.get("mode", "")):
        placer = state.field.owners[-1]
        ref.emit(StepStarted(step="artefact", order=[placer],
                             shown=f"Side {placer} places the Katophrane Artefact on a hex of no one's territory "
                                   f"that is not an edge hex ({RULE}, L737): /act action:artefact to:<hex>."))
        return
    _begin_numbered(ref)


def _begin_numbered(ref: Referee) -> None:
    state = ref.state
    count = token_count(len(state.sides))
    decks = ref.decks()
    make_deck(ref, "tokens", None, [str(n) for n in range(1, count + 1)], "bag",
          {"bag": Shown.NOBODY, "revealed": Shown.EVERYONE})
    decks.shuffle("tokens", "bag")
    first = state.chooser or state.sides[0]
    clockwise = rotation(state.sides, first)
    order = [clockwise[i % len(clockwise)] for i in range(count)]
    ref.emit(StepStarted(step="tokens", order=order,
                         shown=f"Objective tokens 1-{count} are shuffled face down. Side {first} places the first, "
                               f"then each in turn ({RULE}, L307, L311): /act action:token to:<hex>."))



def artefact_hexes(ref: Referee) -> list[str]:
    """Where the Katophrane Artefact may go: a hex of no one's territory, not blocked and not an edge hex (L737)."""
    board = ref.lib.board(ref.state)
    edges = board.edge_hexes()
    return [board.id_of(h) for h in board.hexes
            if board.region_of(h) is None and not board.is_blocked(h) and h not in edges]


def artefact_hex(ref: Referee, to: str, verb: str) -> str:
    """The hex ``to`` names, checked for the Artefact (L737; ruling ``objective-placement-dead-end``)."""
    board = ref.lib.board(ref.state)
    hex_id = ref.lib.hex_id(board, to)
    h = board.hex_of(hex_id)
    if board.region_of(h) is not None or board.is_blocked(h) or h in board.edge_hexes():
        raise IllegalCommand(f"the Katophrane Artefact goes on a hex of no one's territory that is not blocked and "
                             f"not an edge hex; {hex_id} is not one ({RULE}, L737)", verb=verb)
    refuse_dead_end(ref, board, verb, taken=(h,))
    return hex_id


def place_artefact(ref: Referee, side: SideId, hex_id: str) -> None:
    ref.emit(TokenPlaced(token=TokenRecord(slot=0, hex=hex_id, artefact=True), side=side))
    _begin_numbered(ref)


def refuse_dead_end(ref: Referee, board: HexBoard, verb: str, taken: Collection[Hex] = ()) -> None:
    """Under the ruling ``objective-placement-dead-end: refuse-layout``, a battlefield (or an Artefact's hex) where
    some objective token could find no hex at all, even an edge hex, is refused (L307, L311)."""
    if ref.rules.objective_placement_dead_end != "refuse-layout":
        return
    edges = edge_hexes(board, ref.rules.edge_hexes == "blocked-makes-edge")
    if dead_end_possible(board, token_count(len(ref.state.sides)), edges=edges, taken=taken):
        raise IllegalCommand("on this battlefield the players could place objective tokens so that one finds no hex "
                             "even on an edge; this table does not use such a set-up (ruling "
                             f"objective-placement-dead-end: refuse-layout; {RULE}, L307, L311)", verb=verb)


def token_hexes(ref: Referee, planned: Sequence[str] = ()) -> frozenset[str]:
    """Where the next objective token may go (L307, L311; rulings edge-hexes, objective-placement-dead-end), the
    ``planned`` hexes of a player's plan for their next turns counted as placed."""
    state = ref.state
    board = ref.lib.board(state)
    numbered = [board.hex_of(h) for h in (*(t.hex for t in state.tokens if not t.artefact), *planned)]
    taken = [board.hex_of(t.hex) for t in state.tokens if t.artefact]
    last = len(numbered) + 1 == token_count(len(state.sides))
    edges = edge_hexes(board, ref.rules.edge_hexes == "blocked-makes-edge")
    return frozenset(board.id_of(h) for h in objective_hexes(board, numbered, last=last, edges=edges, taken=taken))


def token_hex(ref: Referee, to: str, verb: str) -> str:
    """The hex ``to`` names, checked for the next objective token (L307, L311)."""
    hex_id = ref.lib.hex_id(ref.lib.board(ref.state), to)
    if hex_id not in token_hexes(ref):
        raise IllegalCommand(f"an objective token may not go on {hex_id}: not on a starting, blocked or edge hex (the "
                             f"last token may use an edge hex), nor within two hexes of another token ({RULE}, L307, "
                             "L311)", verb=verb)
    return hex_id


def place_token(ref: Referee, side: SideId, hex_id: str) -> None:
    state = ref.state
    slot = sum(1 for t in state.tokens if not t.artefact) + 1
    ref.emit(TokenPlaced(token=TokenRecord(slot=slot, hex=hex_id), side=side))
    if slot < token_count(len(state.sides)):
        ref.emit(TurnPassed(index=state.turn_index + 1, side=state.order[state.turn_index + 1]))
        return
    numbers = ref.decks().draw("tokens", slot, source="bag", target="revealed", why="the tokens are turned over",
                               quiet=True)
    ref.emit(TokensRevealed(numbers={i: int(n) for i, n in enumerate(numbers, start=1)},
                            hexes={t.slot: t.hex for t in ref.state.tokens if not t.artefact}))
    draw_hands(ref)
