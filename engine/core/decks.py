"""Decks and other hidden things: cards in named piles, each pile shown to nobody, its owner, or everyone.

A deck belongs to a side (its cards are that side's secrets) or to nobody (face-down tokens the table
shuffles). Shuffling draws from the owner's secret stream (the table's for an unowned deck), so a secret
shuffle never shifts the public dice, and the order is logged for nobody: no player, not even the owner,
learns it until cards are drawn. Moving cards logs them for whoever may see the pile they reach, and the
card counts for whoever may count that pile: each pile has a count audience too (everyone by default, as
cards on a table can be counted; its owner where the rules keep even the number secret, as Eldfall's
schemes), so each viewer's view and log say exactly what they may know.

Games call :class:`Decks` from a command's context (``Decks(ctx).draw(...)``); the state keeps every deck
in ``CoreState.decks``. A game may say how its cards read (``Decks(ctx, names=...)``), so the lines a player
reads name cards ("Sidestep"), not ids; the events carry those names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict

from engine.core.audience import EVERYONE, NOBODY, Audience, Viewer, ViewerKind, side_only
from engine.core.errors import IllegalCommand, InvalidCommand
from engine.core.events import EventBody
from engine.core.ids import SideId
from engine.dice import Die, secret_stream

if TYPE_CHECKING:
    from engine.core.context import Context
    from engine.core.state import CoreState

__all__ = [
    "DECK_EVENTS",
    "TABLE_STREAM",
    "CardsAdded",
    "CardsMoved",
    "CardsShown",
    "Deck",
    "DeckMade",
    "DeckShuffled",
    "DeckView",
    "Decks",
    "PileCounts",
    "Shown",
    "deck_view",
]

TABLE_STREAM = secret_stream("table")
"""The secret stream for hidden things nobody owns (face-down tokens): counted apart from every side's."""


class Shown(Enum):
    """Who may see a pile's cards, or know how many it holds."""

    NOBODY = "nobody"  # a draw pile, face-down tokens
    OWNER = "owner"  # a hand
    EVERYONE = "everyone"  # a discard pile, cards in play


_WIDTH = {Shown.NOBODY: 0, Shown.OWNER: 1, Shown.EVERYONE: 2}


class Deck(BaseModel):
    """Cards by pile; the first card of a pile is its top."""

    model_config = ConfigDict(extra="forbid")

    id: str
    owner: SideId | None
    piles: dict[str, list[str]]
    shown: dict[str, Shown]
    counted: dict[str, Shown] = {}
    """Who may know how many cards a pile holds; everyone for a pile not named here."""

    def pile(self, name: str) -> list[str]:
        if name not in self.piles:
            raise InvalidCommand(f"deck {self.id} has no pile {name!r}; its piles are {', '.join(self.piles)}")
        return self.piles[name]

    def count_shown(self, pile: str) -> Shown:
        """Who may know how many cards ``pile`` holds."""
        return self.counted.get(pile, Shown.EVERYONE)

    def audience(self, pile: str) -> Audience:
        """Who may see the cards of ``pile``."""
        return self._audience(self.shown[pile])

    def count_audience(self, pile: str) -> Audience:
        """Who may know how many cards ``pile`` holds."""
        return self._audience(self.count_shown(pile))

    def _audience(self, shown: Shown) -> Audience:
        match shown:
            case Shown.EVERYONE:
                return EVERYONE
            case Shown.OWNER:
                return side_only(self.owner) if self.owner is not None else NOBODY
        return NOBODY

    def may_know(self, shown: Shown, viewer: Viewer) -> bool:
        """Whether ``viewer`` is in the audience ``shown`` names for this deck (the host, as administrator, is
        not: a side's secrets are its own)."""
        own = viewer.kind is ViewerKind.SIDE and viewer.side == self.owner and self.owner is not None
        return shown is Shown.EVERYONE or (shown is Shown.OWNER and own)


def _read(cards: Sequence[str], names: Mapping[str, str]) -> str:
    """Cards as players read them: their names where the game gave them, else their ids."""
    return ", ".join(names.get(card, card) for card in cards)


class DeckMade(EventBody):
    """A deck enters the game; its cards are logged for whoever may see the pile they start in."""

    kind = "deck.made"
    deck: Deck
    names: dict[str, str] = {}

    def apply(self, state: CoreState) -> None:
        state.decks[self.deck.id] = self.deck.model_copy(deep=True)

    def describe(self) -> str:
        return ""  # a whole deck listed is bookkeeping: the full log only

    def full(self) -> str:
        held = "; ".join(f"{pile}: {_read(cards, self.names) or 'empty'}" for pile, cards in self.deck.piles.items())
        return f"Deck {self.deck.id}: {held}."


class PileCounts(EventBody):
    """The trace of hidden cards: how many some piles of a deck hold, never which; logged for whoever may count
    those piles."""

    kind = "deck.counts"
    deck_id: str
    owner: SideId | None
    counts: dict[str, int]
    what: str = ""

    def describe(self) -> str:
        return ""  # the counts after each move are bookkeeping: the full log only

    def full(self) -> str:
        """Empty piles go unsaid, so each line reads as what moved."""
        counted = ", ".join(f"{count} in {pile}" for pile, count in self.counts.items() if count) or "no cards"
        whose = f"Side {self.owner}'s deck {self.deck_id}" if self.owner else f"Deck {self.deck_id}"
        return f"{self.what or whose}: {counted}."


class DeckShuffled(EventBody):
    """A pile's new order, logged for nobody: a replay reads it, no player ever sees it."""

    kind = "deck.shuffled"
    deck_id: str
    pile: str
    order: list[str]

    def apply(self, state: CoreState) -> None:
        state.decks[self.deck_id].piles[self.pile] = list(self.order)

    def describe(self) -> str:
        return f"Deck {self.deck_id}'s {self.pile} pile is shuffled."


class CardsMoved(EventBody):
    """Cards go from one pile to another (drawn, discarded, played, put back); logged for whoever may see them."""

    kind = "deck.moved"
    deck_id: str
    cards: list[str]
    source: str
    target: str
    on_top: bool = True
    why: str = ""
    names: dict[str, str] = {}
    quiet: bool = False
    """The game says this move in its own words (a ploy played, tokens turned over): the full log only."""

    def apply(self, state: CoreState) -> None:
        deck = state.decks[self.deck_id]
        for card in self.cards:
            deck.piles[self.source].remove(card)
        moved = list(self.cards)
        deck.piles[self.target] = moved + deck.piles[self.target] if self.on_top else deck.piles[self.target] + moved

    def describe(self) -> str:
        return "" if self.quiet else self.full()

    def full(self) -> str:
        """The move in words ("Sidestep: drawn into the hand (an activation)."), its reason beside it unless the
        reason says it already ("discarded in the end phase"); nothing for a move of no cards."""
        if not self.cards:
            return ""
        moved = _moved_words(self.source, self.target)
        why = self.why.strip()
        if why and moved.split()[0] in why.casefold().split():
            said = why  # the game's reason names the move itself: said once
        else:
            said = f"{moved}, {why}" if "(" in why else f"{moved} ({why})" if why else moved  # no (a (b))
        return f"{_read(self.cards, self.names)}: {said}."


_MOVED_TO = {"hand": "into the hand", "discard": "discarded", "aside": "set aside", "kept": "kept",
             "scored": "scored", "upgrades": "played as an upgrade", "revealed": "turned over",
             "draw": "put back into the draw pile"}
"""How a card reaching a pile of a common name reads (the piles the games use); another pile is named."""


def _moved_words(source: str, target: str) -> str:
    """A move between two piles in a player's words: "drawn into the hand", "discarded", "set aside"."""
    if target == "hand":
        return "drawn into the hand" if source == "draw" else f"taken from the {source} pile into the hand"
    if target == "draw" and source == "draw":
        return "put back on the draw pile"
    if target == "discard" and source != "hand":
        return f"discarded from the {source} pile"
    return _MOVED_TO.get(target, f"moved from the {source} pile to the {target} pile")


class CardsShown(CardsMoved):
    """Cards that were hidden reach a pile everyone sees (played, discarded from hand): a secret revealed."""

    kind = "deck.shown"
    reveals_secret = True


class CardsAdded(EventBody):
    """New cards join a deck's pile during a game (a player's own card put into their hand); logged for whoever
    may see that pile, the counts for everyone."""

    kind = "deck.added"
    deck_id: str
    cards: list[str]
    target: str
    why: str = ""
    names: dict[str, str] = {}

    def apply(self, state: CoreState) -> None:
        deck = state.decks[self.deck_id]
        deck.piles[self.target] = list(self.cards) + deck.piles[self.target]

    def describe(self) -> str:
        why = f" ({self.why})" if self.why else ""
        into = "the hand" if self.target == "hand" else f"the {self.target} pile"
        return f"{_read(self.cards, self.names)}: added to {into}{why}."


DECK_EVENTS: tuple[type[EventBody], ...] = (DeckMade, PileCounts, DeckShuffled, CardsMoved, CardsShown, CardsAdded)


class DeckView(BaseModel):
    """A deck as one viewer may see it: the counts of the piles they may count, and the cards of the piles shown
    to them."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    owner: SideId | None
    counts: dict[str, int]
    cards: dict[str, tuple[str, ...]]


def deck_view(deck: Deck, viewer: Viewer) -> DeckView:
    """What ``viewer`` may see of ``deck``."""
    seen = {pile: tuple(cards) for pile, cards in deck.piles.items() if deck.may_know(deck.shown[pile], viewer)}
    counts = {pile: len(cards) for pile, cards in deck.piles.items() if deck.may_know(deck.count_shown(pile), viewer)}
    return DeckView(id=deck.id, owner=deck.owner, counts=counts, cards=seen)


class Decks:
    """The deck operations a game's command may perform, each logged with the right audiences."""

    def __init__(self, ctx: Context[Any], *, names: Callable[[str], str | None] | None = None) -> None:
        """``names`` gives a card's name for the log (``None`` keeps its id)."""
        self._ctx = ctx
        self._names = names

    def _named(self, cards: Sequence[str]) -> dict[str, str]:
        """The names of ``cards`` that the game gave, for the events that log them."""
        if self._names is None:
            return {}
        return {card: name for card in cards if (name := self._names(card)) is not None and name != card}

    def deck(self, deck_id: str) -> Deck:
        decks: dict[str, Deck] = self._ctx.state.decks
        if deck_id not in decks:
            raise InvalidCommand(f"there is no deck {deck_id!r}; decks: {', '.join(decks) or 'none'}")
        return decks[deck_id]

    def make(self, deck_id: str, owner: SideId | None, cards: Sequence[str], *, into: str = "draw",
             piles: dict[str, Shown] | None = None, counts: dict[str, Shown] | None = None) -> Deck:
        """A new deck with ``cards`` in pile ``into`` (not yet shuffled). ``piles`` names each pile and who sees
        it; by default a draw pile for nobody, a hand for the owner, a discard pile for everyone. ``counts`` says
        who may know how many cards a pile holds where the rules keep that from everyone (never fewer than may
        see its cards)."""
        shown = dict(piles or {"draw": Shown.NOBODY, "hand": Shown.OWNER, "discard": Shown.EVERYONE})
        if into not in shown:
            raise ValueError(f"pile {into!r} is not among the deck's piles {list(shown)}")
        if deck_id in self._ctx.state.decks:
            raise ValueError(f"deck {deck_id!r} exists already")
        counted = dict(counts or {})
        for pile, count_shown in counted.items():
            if pile not in shown:
                raise ValueError(f"counts name pile {pile!r}, which is not among the deck's piles {list(shown)}")
            if _WIDTH[count_shown] < _WIDTH[shown[pile]]:
                raise ValueError(f"pile {pile!r} is counted for {count_shown.value} but shown to "
                                 f"{shown[pile].value}: whoever sees its cards may count them")
        deck = Deck(id=deck_id, owner=owner, piles={pile: [] for pile in shown}, shown=shown, counted=counted)
        deck.piles[into] = list(cards)
        audience = deck.audience(into) if deck.shown[into] is not Shown.NOBODY else (
            side_only(owner) if owner is not None else NOBODY)
        self._ctx.emit(DeckMade(deck=deck, names=self._named(cards)), audience)
        self._counts(deck_id, (into,))
        return self.deck(deck_id)

    def shuffle(self, deck_id: str, pile: str = "draw") -> None:
        """Shuffle a pile with the owner's secret dice (Fisher-Yates); the order is logged for nobody."""
        deck = self.deck(deck_id)
        cards = list(deck.pile(pile))
        stream = secret_stream(deck.owner) if deck.owner is not None else TABLE_STREAM
        dice = [Die.numeric(n) for n in range(len(cards), 1, -1)]
        rolls = self._ctx.roll(dice, f"shuffling deck {deck_id}", roller_side=deck.owner, stream=stream,
                               audience=NOBODY) if dice else ()
        for roll, last in zip(rolls, range(len(cards) - 1, 0, -1), strict=True):
            pick = roll.value - 1
            cards[last], cards[pick] = cards[pick], cards[last]
        self._ctx.emit(DeckShuffled(deck_id=deck_id, pile=pile, order=cards), NOBODY)

    def move(self, deck_id: str, cards: Sequence[str], source: str, target: str, *, on_top: bool = True,
             why: str = "", quiet: bool = False) -> None:
        """Move named cards between piles (playing or discarding a card from hand); ``quiet`` when the game says
        the move in its own words (the card's line then stays in the full log). A move of no cards (the rest of a
        hand of one set aside) is still logged, unread (``CardsMoved.full``): how many events a secret step takes
        must not tell how many cards it held."""
        deck = self.deck(deck_id)
        held = list(deck.pile(source))
        for card in cards:
            if card not in held:
                raise IllegalCommand(f"{card} is not in {source}")
            held.remove(card)
        deck.pile(target)
        self._emit_move(deck, list(cards), source, target, on_top, why, quiet)

    def add(self, deck_id: str, cards: Sequence[str], target: str = "hand", *, why: str = "") -> None:
        """Put new cards on top of a pile of an existing deck, seen only by whoever may see that pile."""
        deck = self.deck(deck_id)
        deck.pile(target)
        if not cards:
            raise InvalidCommand("no cards to add")
        audience = deck.audience(target)
        self._ctx.emit(CardsAdded(deck_id=deck_id, cards=list(cards), target=target, why=why,
                                  names=self._named(cards)),
                       audience if deck.shown[target] is not Shown.NOBODY else NOBODY)
        self._counts(deck_id, (target,))

    def draw(self, deck_id: str, count: int = 1, *, source: str = "draw", target: str = "hand",
             why: str = "", quiet: bool = False) -> list[str]:
        """Take cards from the top of ``source`` into ``target`` (as many as there are, up to ``count``)."""
        deck = self.deck(deck_id)
        cards = list(deck.pile(source)[:count])
        deck.pile(target)
        self._emit_move(deck, cards, source, target, True, why, quiet)
        return cards

    def _emit_move(self, deck: Deck, cards: list[str], source: str, target: str, on_top: bool, why: str,
                   quiet: bool = False) -> None:
        """Log the move for everyone who saw the cards before or sees them after; a hidden card reaching a
        public pile is a reveal."""
        fields: dict[str, Any] = {"deck_id": deck.id, "cards": cards, "source": source, "target": target,
                                  "on_top": on_top, "why": why, "names": self._named(cards), "quiet": quiet}
        seen_before, seen_after = deck.shown[source], deck.shown[target]
        if seen_after is Shown.EVERYONE:
            body: CardsMoved = CardsShown(**fields) if seen_before is not Shown.EVERYONE else CardsMoved(**fields)
            self._ctx.emit(body, EVERYONE)
        elif seen_before is Shown.EVERYONE:
            self._ctx.emit(CardsMoved(**fields), EVERYONE)
        elif Shown.OWNER in (seen_before, seen_after):
            self._ctx.emit(CardsMoved(**fields), deck.audience(source if seen_before is Shown.OWNER else target))
        else:
            self._ctx.emit(CardsMoved(**fields), NOBODY)
        self._counts(deck.id, (source, target))

    def _counts(self, deck_id: str, touched: Sequence[str]) -> None:
        """Log the counts of the piles ``touched`` could change, for each audience that may count them: one line
        for everyone with the piles anyone may count, one for the owner with the piles only they may count."""
        deck = self.deck(deck_id)
        for counted in (Shown.EVERYONE, Shown.OWNER):
            piles = [pile for pile in deck.piles if deck.count_shown(pile) is counted]
            audience = deck.count_audience(piles[0]) if piles else NOBODY
            if audience != NOBODY and any(pile in touched for pile in piles):
                self._ctx.emit(PileCounts(deck_id=deck_id, owner=deck.owner,
                                          counts={pile: len(deck.piles[pile]) for pile in piles}), audience)
