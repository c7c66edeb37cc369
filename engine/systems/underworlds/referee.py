"""What every step of the game's rules works through: the command's context, the library, the rulings, and
small helpers to roll Underworlds dice as symbols, hold roll-offs, keep the resolution stack, and ask a side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, TypeVar

from engine.core import (
    EVERYONE,
    Audience,
    Context,
    Decision,
    DecisionPart,
    Decks,
    DiceRolled,
    EventBody,
    InvalidCommand,
    Option,
    SideId,
)
from engine.dice import DieRoll
from engine.systems.underworlds.battle import Battle
from engine.systems.underworlds.events import FramesSet, Note, RollOffDecided
from engine.systems.underworlds.game_state import Frame, UnderworldsState
from engine.systems.underworlds.library import Library
from engine.systems.underworlds.rolloff import ROLL_OFF_DICE, RollOff, roll_off
from engine.systems.underworlds.rules import Rules

__all__ = ["SYMBOLS", "Referee", "choice", "shown_faces", "winner_of"]

T = TypeVar("T")

SYMBOLS = {"crit": "✸", "hammer": "⚒", "swords": "⚔", "block": "⛨", "dodge": "↷", "support": "◇",
           "double support": "◇◇"}
"""Each die face drawn as a symbol beside its name, as rolls are shown at the table."""


def shown_faces(faces: Sequence[str]) -> str:
    """Faces as symbols and names: ``✸ crit, ⚒ hammer``."""
    return ", ".join(f"{SYMBOLS.get(face, '')} {face}".strip() for face in faces) or "no dice"


@dataclass
class Referee:
    """One command's view of the game for the rules: see the module docstring. ``Referee.reading`` gives one
    with no command behind it, for questions (menus, suggestions, the bot): it answers but cannot emit, and since
    its state never changes it keeps what it worked out (the battle, where each fighter can go), so a menu reads
    the table once however many fighters, hexes and attacks it considers."""

    lib: Library
    _ctx: Context[UnderworldsState] | None = None
    _state: UnderworldsState | None = None
    _frame_counter: list[int] = field(default_factory=lambda: [0])
    _kept: dict[object, Any] = field(default_factory=dict)

    @classmethod
    def acting(cls, ctx: Context[UnderworldsState], lib: Library) -> Referee:
        return cls(lib, ctx)

    @classmethod
    def reading(cls, lib: Library, state: UnderworldsState) -> Referee:
        return cls(lib, None, state)

    @property
    def ctx(self) -> Context[UnderworldsState]:
        if self._ctx is None:
            raise RuntimeError("a reading referee cannot change the game")
        return self._ctx

    @property
    def state(self) -> UnderworldsState:
        if self._ctx is not None:
            return self._ctx.state
        assert self._state is not None
        return self._state

    @cached_property
    def rules(self) -> Rules:
        return self.lib.rules(self.state)

    def emit(self, body: EventBody, audience: Audience = EVERYONE) -> None:
        self.ctx.emit(body, audience)

    def battle(self) -> Battle:
        return self.kept("battle", lambda: self.lib.battle(self.state))

    def moved(self, fighter_id: str, hex_id: str) -> Referee:
        """A reading referee of this table with one fighter standing on ``hex_id`` instead (what a Charge's attack
        would meet from each hex it may end on): its battle is this one's with the fighter moved, never rebuilt."""

        def work() -> Referee:
            state = self.state
            there = Referee.reading(self.lib, state.model_copy(update={"fighters": {
                **state.fighters, fighter_id: state.fighters[fighter_id].model_copy(update={"hex": hex_id})}}))
            battle = self.battle()
            hexed = battle.board.hex_of(hex_id)
            there._kept["battle"] = replace(battle, fighters=tuple(
                replace(f, hex=hexed) if f.id == fighter_id else f for f in battle.fighters))
            return there

        return self.kept(("moved", fighter_id, hex_id), work)

    def kept(self, key: object, work: Callable[[], T]) -> T:
        """``work()``, worked out once for a reading referee (its state never changes); an acting one's state
        changes with every event, so it works it out each time."""
        if self._ctx is not None:
            return work()
        if key not in self._kept:
            self._kept[key] = work()
        return self._kept[key]  # type: ignore[no-any-return]

    def decks(self) -> Decks:
        """The core's decks, naming this game's cards in the lines players read (not their ids)."""
        return Decks(self.ctx, names=self._card_name)

    def _card_name(self, card_id: str) -> str | None:
        try:
            return self.lib.card(self.state, card_id).name
        except InvalidCommand:
            return None  # not a card: an objective token's number

    # -- dice ----------------------------------------------------------------------------------

    def roll(self, kind: str, count: int, purpose: str, side: SideId | None) -> list[str]:
        """Roll ``count`` attack or defence dice in the open for ``side``; returns the faces."""
        die = self.lib.die(self.state, kind)
        rolls: tuple[DieRoll, ...] = self.ctx.draw([die] * count, purpose, roller_side=side) if count else ()
        faces = [roll.label for roll in rolls]
        self.emit(DiceRolled(purpose=purpose, roller=side, rolls=rolls, detail=shown_faces(faces)))
        return faces

    def roll_off(self, sides: Sequence[SideId], purpose: str, bonus_to: SideId | None = None) -> RollOff:
        """Roll off among ``sides`` until one wins (L131): four attack dice each, re-rolling the tied."""
        rounds: list[dict[str, list[str]]] = []
        rolling = list(sides)
        while True:
            rounds.append({side: self.roll("attack", ROLL_OFF_DICE, f"the roll-off for {purpose}", side)
                           for side in rolling})
            result = roll_off(rounds, bonus_to=bonus_to, rules=self.rules)
            if result.winner is not None:
                break
            rolling = [SideId(side) for side in result.must_reroll]
        self.emit(RollOffDecided(purpose=purpose, winner=SideId(result.winner), lines=list(result.working),
                                 said=result.said, ranking=[[SideId(s) for s in group] for group in result.ranking]))
        return result

    def ranked(self, sides: Sequence[SideId], purpose: str) -> list[SideId]:
        """Every side from the roll-off's winner to its last loser: sides tied below the winner roll off again
        among themselves until each place is settled (L149, L759)."""
        order: list[SideId] = []
        for group in self.roll_off(sides, purpose).ranking:
            tied = [SideId(side) for side in group]
            order += self.ranked(tied, f"{purpose} (a tie among {', '.join(tied)})") if len(tied) > 1 else tied
        return order

    def fewest(self, sides: Sequence[SideId], purpose: str) -> SideId:
        """The side with the fewest successes in a roll-off (L755, L793; ruling ``roll-off-fewest``): the last of
        the roll-off's ranking (sides tied for last rolling again), or, counting criticals alone, the one with
        fewest, the tied lowest rolling again."""
        if self.rules.roll_off_fewest == "ranking-lowest":
            return self.ranked(sides, purpose)[-1]
        rolling = list(sides)
        while True:
            criticals = {side: self.roll("attack", ROLL_OFF_DICE, f"the roll-off for {purpose}", side).count("crit")
                         for side in rolling}
            least = min(criticals.values())
            lowest = [side for side in rolling if criticals[side] == least]
            counted = ", ".join(f"{side} {n}" for side, n in criticals.items())
            if len(lowest) == 1:
                self.emit(Note(text=f"Criticals for {purpose}: {counted}; side {lowest[0]} has the fewest (ruling "
                                    "roll-off-fewest: criticals only)."))
                return lowest[0]
            self.emit(Note(text=f"Criticals for {purpose}: {counted}; sides {', '.join(lowest)} tie for the fewest "
                                "and roll again (ruling roll-off-fewest)."))
            rolling = lowest

    # -- the resolution stack -------------------------------------------------------------------

    def next_frame_id(self) -> str:
        self._frame_counter[0] += 1
        return f"f{self.state.seq + 1}-{self._frame_counter[0]}"

    def push(self, *frames: Frame) -> None:
        """Put frames on the stack, the last given on top (resolved first)."""
        self.emit(FramesSet(frames=[*self.state.frames, *frames]))

    def replace(self, frame: Frame) -> None:
        """Store a frame's new stage or data."""
        self.emit(FramesSet(frames=[frame if f.id == frame.id else f for f in self.state.frames]))

    def pop(self, frame_id: str) -> None:
        self.emit(FramesSet(frames=[f for f in self.state.frames if f.id != frame_id]))

    def frame(self, frame_id: str) -> Frame | None:
        return next((f for f in self.state.frames if f.id == frame_id), None)

    # -- asking a side ----------------------------------------------------------------------------

    def ask(self, owner: SideId, kind: str, prompt: str, parts: Sequence[DecisionPart], *,
            context: dict[str, str] | None = None, optional: bool = False, secret: bool = False) -> str:
        """Open a decision of this game for ``owner`` (``secret``: its question and answer for the owner alone);
        returns its id (a single legal answer applies at once)."""
        decision_id = self.ctx.next_decision_id()
        self.ctx.open_decision(Decision(id=decision_id, owner=owner, kind=kind, prompt=prompt, parts=tuple(parts),
                                        optional=optional, secret=secret, context=dict(context or {})))
        return decision_id


def choice(key: str, prompt: str, options: Sequence[tuple[str, str]], default: str | None = None) -> DecisionPart:
    """A one-of-these part: ``options`` as (key, label)."""
    return DecisionPart(key=key, prompt=prompt, options=tuple(Option(key=k, label=label) for k, label in options),
                        default=default)


def winner_of(result: RollOff) -> SideId:
    """A decided roll-off's winner."""
    assert result.winner is not None
    return SideId(result.winner)
