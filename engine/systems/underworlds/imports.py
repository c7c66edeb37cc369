"""Players' own cards and decks brought into a game with ``/force import file:`` (a YAML file of ``cards:`` and
``decks:``, written like ``cards.yaml`` and ``decks.yaml``), and a table's own dice (``dice:``, written like
``dice.yaml``, under the ruling ``dice-faces: table-entered``).

A player's cards and decks are their secret: they are logged for that player alone, and the table is told only
what the rules make public, that the player brought cards or decks of their own and that the decks pass the
deck-building rules (Underworlds core rulebook, L107-L113, L299: 12 unique objectives, at least 20 unique power
cards with no more than half ploys, the warband's own and universal cards only, named by id from the core set and
the player's own imported cards; one line per broken rule). A card's text becomes public when it is shown or
played, like any card from a hand. Cards the host imports (holding no side) are the table's, in public. Decks are
brought before they are chosen at set-up; one brought while its player is being asked to choose decks is that
player's choice.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import EVERYONE, IllegalCommand, SideId, side_only
from engine.systems.underworlds import board_setup, warbands
from engine.systems.underworlds.events import CardsImported, DeckImported, DiceEntered, Note
from engine.systems.underworlds.owndecks import own_decks, problems_of
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import DIE_FACES, UNIVERSAL, Card, Deck, DieFaces

__all__ = ["import_own"]

_VERB = "force import"


def import_own(ref: Referee, side: SideId | None, cards: Sequence[Card], decks: Sequence[Deck],
               dice: Sequence[DieFaces] = ()) -> None:
    """Bring a player's cards and decks (for them alone, the table told only that they brought some), or the
    host's cards (in public), and the table's own dice faces; a refusal names every problem and brings nothing."""
    if dice:
        _enter_dice(ref, dice)
    if decks:
        if side is None:
            raise IllegalCommand("decks belong to a player: import them as the player who plays them (the host "
                                 "holds no side here)", verb=_VERB)
        _may_bring_decks(ref, side)
    if cards:
        _import_cards(ref, side, cards)
    for deck in decks:
        assert side is not None
        _import_deck(ref, side, deck)
    if side is not None and (cards or decks):
        brought = " and ".join(what for what, given in (("cards", cards), ("decks", decks)) if given)
        passed = f"; the decks pass the deck-building rules ({RULE}, L107-L113, L299)" if decks else ""
        ref.emit(Note(text=f"Side {side} brings {brought} of its own, which only it sees until it plays them{passed}."))
    if decks and side is not None:
        warbands.choose_brought_deck(ref, side, [deck.id for deck in decks])


def _import_cards(ref: Referee, side: SideId | None, cards: Sequence[Card]) -> None:
    """A player's own cards join this game (their ids must be new; their warband known or universal)."""
    state = ref.state
    known = {c.id for c in ref.lib.data.cards} | {str(raw.get("id")) for raw in state.imported}
    warbands = {w.id for w in ref.lib.data.warbands} | {UNIVERSAL}
    for card in cards:
        if card.id in known:
            raise IllegalCommand(f"a card {card.id!r} is already in this game; give yours another id", verb=_VERB)
        if card.warband not in warbands:
            raise IllegalCommand(f"{card.name}: warband {card.warband!r} is not in this game (warbands: "
                                 f"{', '.join(sorted(warbands))})", verb=_VERB)
    ref.emit(CardsImported(side=side, cards=[card.model_dump(mode="json") for card in cards],
                           names=[card.name for card in cards]), EVERYONE if side is None else side_only(side))


def _enter_dice(ref: Referee, dice: Sequence[DieFaces]) -> None:
    """A table rolling its own dice enters their faces, rolled from then on (ruling ``dice-faces:
    table-entered``); once both are entered, a set-up waiting for them rolls off for the boards."""
    if ref.rules.dice_faces != "table-entered":
        raise IllegalCommand("this table rolls the public face lists (ruling dice-faces: public-lists); a table that "
                             "rolls its own dice is made with rules:dice-faces=table-entered", verb=_VERB,
                             rule=f"{RULE}, L453, L509")
    for die in dice:
        ref.emit(DiceEntered(die=die.id, faces=list(die.faces)))
    if ref.state.step == "dice" and set(ref.state.dice) == set(DIE_FACES):
        board_setup.begin_boards(ref)


def _may_bring_decks(ref: Referee, side: SideId) -> None:
    record = ref.state.players.get(side)
    if record is not None and record.deck:
        raise IllegalCommand(f"side {side}'s decks are chosen already: decks are brought before each player chooses "
                             "theirs in secret at set-up (scenario:choose, or mode:matched)", verb=_VERB,
                             rule=f"{RULE}, L105, L731")


def _import_deck(ref: Referee, side: SideId, deck: Deck) -> None:
    """Check one deck by the deck-building rules and keep it for its player alone."""
    state = ref.state
    taken = {d.id for d in ref.lib.data.decks} | {d.id for d in own_decks(state, side)}
    if deck.id in taken:
        raise IllegalCommand(f"decks {deck.id!r} are already in this game; give yours another id", verb=_VERB)
    record = state.players.get(side)
    if record is not None and record.warband and deck.warband != record.warband:
        name = ref.lib.data.warband(record.warband).name
        raise IllegalCommand(f"side {side} plays {name}; the decks {deck.name} are for {deck.warband}", verb=_VERB,
                             rule=f"{RULE}, L111")
    problems = problems_of(ref.lib, state, side, deck)
    if problems:
        listed = "\n".join(f"- {problem}" for problem in problems)
        raise IllegalCommand(f"the decks {deck.name} break {len(problems)} deck-building "
                             f"rule{'s' if len(problems) > 1 else ''}:\n{listed}", verb=_VERB)
    cards = [ref.lib.card(state, card_id) for card_id in deck.power]
    ref.emit(DeckImported(side=side, deck=deck.model_dump(mode="json"), name=deck.name,
                          objectives=len(deck.objectives), power=len(deck.power),
                          ploys=sum(1 for card in cards if card.type == "ploy")), side_only(side))
