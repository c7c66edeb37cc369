"""Deck building: 12 unique objectives; at least 20 unique power cards, no more than half of them ploys; only the
warband's own and universal cards (Underworlds core rulebook, L107-L113, L299, L865).

``deck_problems`` lists every broken rule, one clear line each naming the card and citing the rule, so a player
fixes a deck in one go; an empty tuple means the deck is legal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.schema import did_you_mean
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import UNIVERSAL, Card

__all__ = ["MIN_POWER", "OBJECTIVES", "DeckProblem", "deck_problems"]

OBJECTIVES = 12
MIN_POWER = 20


@dataclass(frozen=True, slots=True)
class DeckProblem:
    """One broken rule: what is wrong, and the rule it breaks (empty for a card that does not exist)."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message


def _card_name(cards: Mapping[str, Card], card_id: str) -> str:
    card = cards.get(card_id)
    return card.name if card else card_id


def deck_problems(warband: str, objectives: Sequence[str], power: Sequence[str], cards: Mapping[str, Card],
                  *, warband_names: Mapping[str, str] | None = None) -> tuple[DeckProblem, ...]:
    """Return every way the two decks break the deck-building rules (empty when they are legal).

    ``cards`` maps card id to card; ``warband_names`` gives readable warband names for the messages.
    """
    names = dict(warband_names or {})
    problems: list[DeckProblem] = []
    for deck, listed in (("objective", objectives), ("power", power)):
        unknown = [c for c in listed if c not in cards]
        problems += [DeckProblem("", f'the {deck} deck names "{c}", which is not a card of this game (cards are '
                                     f'named by id){did_you_mean(c, list(cards))}') for c in unknown]
    known_objectives = [c for c in objectives if c in cards]
    known_power = [c for c in power if c in cards]
    if len(objectives) != OBJECTIVES:
        problems.append(DeckProblem(f"{RULE}, L113", f"the objective deck holds {len(objectives)} cards; it must "
                                                      f"hold exactly {OBJECTIVES}"))
    if len(power) < MIN_POWER:
        problems.append(DeckProblem(f"{RULE}, L107", f"the power deck holds {len(power)} cards; it must hold at "
                                                      f"least {MIN_POWER}"))
    for deck, listed, rule in (("objective", objectives, "L113"), ("power", power, "L107")):
        for card_id, count in Counter(listed).items():
            if count > 1:
                problems.append(DeckProblem(f"{RULE}, {rule}", f"the {deck} deck holds {_card_name(cards, card_id)} "
                                                                f"{count} times; its cards must be unique"))
    problems += [DeckProblem(f"{RULE}, L113", f"{cards[c].name} is a {cards[c].type} card, not an objective")
                 for c in known_objectives if cards[c].type != "objective"]
    problems += [DeckProblem(f"{RULE}, L107, L865", f"{cards[c].name} is an objective card; the power deck holds "
                                                    "ploys and upgrades") for c in known_power
                 if cards[c].type == "objective"]
    ploys = sum(1 for c in known_power if cards[c].type == "ploy")
    if ploys > len(power) // 2:
        problems.append(DeckProblem(f"{RULE}, L107", f"{ploys} of the {len(power)} power cards are ploys; at most "
                                                      f"{len(power) // 2} may be (half, rounded down)"))
    for card_id in dict.fromkeys([*known_objectives, *known_power]):
        owner = cards[card_id].warband
        if owner not in (warband, UNIVERSAL):
            problems.append(DeckProblem(f"{RULE}, L111, L299", f"{cards[card_id].name} belongs to "
                                                                f"{names.get(owner, owner)}; a deck may hold only "
                                                                f"{names.get(warband, warband)} and universal cards"))
    return tuple(problems)
