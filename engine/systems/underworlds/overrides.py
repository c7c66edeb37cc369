"""Manual overrides: the players can always fix the game by hand (a wound, a fighter's hex, Guard or Inspired),
each logged for everyone (DESIGN: the referee never blocks play). Cards the referee cannot apply, and anything
it does not yet referee, are played this way.
"""

from __future__ import annotations

from engine.core import IllegalCommand, InvalidCommand, SideId
from engine.systems.underworlds.events import (
    Damaged,
    FighterMoved,
    FighterReturned,
    GuardChanged,
    Healed,
    Inspired,
    TakenOut,
)
from engine.systems.underworlds.game_state import FighterRecord, TakeOutRecord
from engine.systems.underworlds.harm import stats_of
from engine.systems.underworlds.referee import Referee

__all__ = ["fix_place", "fix_token", "fix_wounds", "mine"]

_BY_HAND = "by hand"


def mine(ref: Referee, side: SideId | None, text: str, verb: str) -> FighterRecord:
    """The fighter ``text`` names, when ``side`` may fix it (its own; any, for the host's None)."""
    fighter = ref.lib.fighter(ref.state, text)
    if side is not None and fighter.side != side:
        raise IllegalCommand(f"{fighter.id} is side {fighter.side}'s fighter: its player or the host fixes it",
                             verb=verb)
    return fighter


def fix_wounds(ref: Referee, fighter: FighterRecord, amount: int, verb: str) -> None:
    if fighter.hex is None:
        raise IllegalCommand(f"{fighter.id} is not on the battlefield", verb=verb)
    if amount == 0:
        raise InvalidCommand("give a number of wounds other than 0 (negative removes them)", verb=verb)
    if amount < 0:
        removed = min(-amount, fighter.wounds)
        ref.emit(Healed(fighter=fighter.id, amount=removed, wounds=fighter.wounds - removed))
        return
    wounds = fighter.wounds + amount
    ref.emit(Damaged(fighter=fighter.id, amount=amount, wounds=wounds, why=_BY_HAND))
    if wounds >= stats_of(ref.lib, ref.state, fighter).wounds:
        ref.emit(TakenOut(record=TakeOutRecord(victim=fighter.id, by=None, using="other")))


def fix_place(ref: Referee, fighter: FighterRecord, to: str, verb: str) -> None:
    board = ref.lib.board(ref.state)
    hex_id = ref.lib.hex_id(board, to)
    if board.is_blocked(board.hex_of(hex_id)) or any(f.hex == hex_id for f in ref.state.fighters.values()):
        raise IllegalCommand(f"{hex_id} is blocked or occupied; no two fighters share a hex", verb=verb,
                             rule="Underworlds core rulebook, L385")
    if fighter.hex is None:
        ref.emit(FighterReturned(fighter=fighter.id, hex=hex_id))
    else:
        ref.emit(FighterMoved(fighter=fighter.id, path=[fighter.hex, hex_id], how="set up",
                              shown=f"{fighter.id} is put on {hex_id} by hand."))


def fix_token(ref: Referee, fighter: FighterRecord, token: str, remove: bool, verb: str) -> None:
    name = token.strip().casefold()
    if name == "guard":
        ref.emit(GuardChanged(fighters=[fighter.id], on=not remove, why=f" ({_BY_HAND})"))
    elif name in ("inspired", "inspire") and not remove:
        ref.emit(Inspired(fighters=[fighter.id], why=_BY_HAND))
    else:
        raise InvalidCommand(f"name:{token} is not a token an Underworlds fighter takes by hand; give guard "
                             "(remove:yes takes it away) or inspired", verb=verb)
