"""The decks a player plays with: one of the game's starter decks, or decks the player brought (``/force import``),
built from the core set's cards and the player's own imported cards under the deck-building rules (Underworlds core
rulebook, L107-L113, L299). A player's own decks are their secret: only they ever see which cards they hold.
"""

from __future__ import annotations

from pydantic import TypeAdapter

from engine.core import SideId
from engine.schema import did_you_mean
from engine.systems.underworlds.decks import DeckProblem, deck_problems
from engine.systems.underworlds.game_state import UnderworldsState
from engine.systems.underworlds.library import Library
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import Card, Deck

__all__ = ["deck_of", "decks_for", "own_decks", "problems_of", "usable_cards"]

_DECK = TypeAdapter(Deck)


def own_decks(state: UnderworldsState, side: SideId) -> list[Deck]:
    """The decks ``side`` brought, in the order it imported them."""
    return [_DECK.validate_python(raw) for raw in state.own_decks.get(side, [])]


def decks_for(lib: Library, state: UnderworldsState, side: SideId, warband: str) -> list[tuple[Deck, bool]]:
    """The decks ``side`` may choose for ``warband``: its own first (``True``), then the starter decks."""
    own = [(deck, True) for deck in own_decks(state, side) if deck.warband == warband]
    return own + [(deck, False) for deck in lib.data.decks if deck.warband == warband]


def deck_of(lib: Library, state: UnderworldsState, side: SideId) -> Deck:
    """The decks ``side`` plays with (a starter deck or its own); :raises LookupError: before they are chosen."""
    wanted = state.players[side].deck
    found = next((d for d in (*own_decks(state, side), *lib.data.decks) if d.id == wanted), None)
    if found is None:
        raise LookupError(f"side {side} has no decks {wanted!r}")
    return found


def usable_cards(lib: Library, state: UnderworldsState, side: SideId) -> dict[str, Card]:
    """The cards ``side``'s decks may name: every core card, and the cards this player imported."""
    cards = {card.id: card for card in lib.data.cards}
    for raw in state.imported:
        card_id = str(raw.get("id"))
        if state.imported_by.get(card_id) == side:
            cards[card_id] = lib.card(state, card_id)
    return cards


def problems_of(lib: Library, state: UnderworldsState, side: SideId, deck: Deck) -> tuple[DeckProblem, ...]:
    """Every deck-building rule ``deck`` breaks for ``side`` (empty when it is legal), one line each."""
    warbands = {w.id: w.name for w in lib.data.warbands}
    if deck.warband not in warbands:
        return (DeckProblem(f"{RULE}, L111", f'the decks are for warband "{deck.warband}", which is not in this '
                                             f"game{did_you_mean(deck.warband, list(warbands))}"),)
    return deck_problems(deck.warband, deck.objectives, deck.power, usable_cards(lib, state, side),
                         warband_names=warbands)
