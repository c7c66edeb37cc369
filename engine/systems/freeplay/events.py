"""Freeplay's own events: rounds, turns, notes and the secret hand; the table's events are shared."""

from __future__ import annotations

from engine.core import EventBody, SideId
from engine.systems.freeplay.state import FreeplayState

__all__ = [
    "FREEPLAY_EVENTS",
    "CardAdded",
    "CardPlayed",
    "HandGrew",
    "NoteAdded",
    "RoundStarted",
    "TurnPassed",
]


class RoundStarted(EventBody):
    kind = "freeplay.round"
    round: int

    def apply(self, state: FreeplayState) -> None:
        state.round = self.round

    def describe(self) -> str:
        return f"Round {self.round} begins."


class TurnPassed(EventBody):
    kind = "freeplay.turn"
    side: SideId

    def apply(self, state: FreeplayState) -> None:
        state.active_side = self.side

    def describe(self) -> str:
        return f"Side {self.side} has the turn."


class NoteAdded(EventBody):
    kind = "freeplay.note"
    side: SideId | None
    text: str

    def apply(self, state: FreeplayState) -> None:
        state.notes.append(self.text)

    def describe(self) -> str:
        who = f"Side {self.side}" if self.side else "The host"
        return f"{who} notes: {self.text}"


class CardAdded(EventBody):
    """Secret: only the hand's owner sees the card."""

    kind = "freeplay.card-added"
    side: SideId
    card: str

    def apply(self, state: FreeplayState) -> None:
        state.hands.setdefault(self.side, []).append(self.card)

    def describe(self) -> str:
        return f"{self.card} goes into your hand."


class HandGrew(EventBody):
    """The public trace of a secret card: how many cards the hand holds, never which."""

    kind = "freeplay.hand-grew"
    side: SideId
    size: int

    def describe(self) -> str:
        return f"Side {self.side} adds a card to their hand ({self.size} in hand)."


class CardPlayed(EventBody):
    kind = "freeplay.card-played"
    reveals_secret = True
    side: SideId
    card: str

    def apply(self, state: FreeplayState) -> None:
        state.hands[self.side].remove(self.card)

    def describe(self) -> str:
        return f"Side {self.side} plays the card {self.card}."


FREEPLAY_EVENTS: tuple[type[EventBody], ...] = (RoundStarted, TurnPassed, NoteAdded, CardAdded, HandGrew, CardPlayed)
