"""Decks players build and bring (Underworlds core rulebook, L105-L113, L299, L731): uploaded as YAML with
``/force import file:``, checked by the deck-building rules with one line per broken rule, chosen at set-up in
secret like the starter decks, and never shown to the others."""

from __future__ import annotations

import pytest

from bot.core.data_loader import load_player_import, load_system_data
from engine.core import SPECTATOR, Actor, Answer, CardsMoved, IllegalCommand, UserId, Viewer
from engine.schema import DataError
from engine.systems.underworlds.commands import AutoSetup, ImportCards
from engine.systems.underworlds.owndecks import deck_of
from engine.systems.underworlds.schema import Card, Deck
from tests.engine.systems.underworlds.table import (
    HOST,
    UW,
    A,
    B,
    act,
    actor,
    extend,
    hand,
    new_game,
    ready,
    turn_of,
)
from tests.engine.systems.underworlds.typed import AddCard, PlayCard
from tests.refusals import refused, refusing

REAVER_OBJECTIVES = ["a-worthy-skull", "blood-for-the-blood-god", "coward", "draw-the-gaze-of-khorne", "it-begins",
                     "khorne-cares-not", "khornes-champion", "let-the-blood-flow", "there-is-only-slaughter",
                     "annihilation", "conquest", "denial"]
REAVER_PLOYS = ["blood-offering", "blood-rain", "boon-of-khorne", "desecrate", "final-blow", "fuelled-by-slaughter",
                "insensate", "khorne-calls", "rebirth-in-blood", "skulls-for-the-skull-throne"]
REAVER_UPGRADES = ["berserk-charge", "bloodslick", "deadly-spin", "ever-advancing", "frenzy", "grisly-trophy",
                   "terrifying-howl", "unstoppable-charge", "whirlwind-of-death", "great-speed"]
OWN_AXE = """cards:
  - id: gore-axe
    name: Gore Axe
    number: 901
    code: 9901
    type: upgrade
    warband: garreks-reavers
    summary: +1 Damage to this fighter's Attack actions of Range 1.
    source: a house card
    modifiers:
      - {damage: 1, range_at_most: 1}
"""


def _file(deck_id: str = "my-reavers", *, objectives: list[str] | None = None, power: list[str] | None = None,
          with_axe: bool = True) -> str:
    """A player's upload: their own card and a deck that uses it (written like cards.yaml and decks.yaml)."""
    power = power if power is not None else [*REAVER_PLOYS, *REAVER_UPGRADES[:-1], "gore-axe"]
    deck = (f"decks:\n  - id: {deck_id}\n    name: My Reavers\n    warband: garreks-reavers\n"
            f"    objectives: [{', '.join(objectives or REAVER_OBJECTIVES)}]\n    power: [{', '.join(power)}]\n"
            "    source: my own build\n")
    return (OWN_AXE if with_axe else "") + deck


def _upload(text: str) -> ImportCards:
    entries = load_player_import("mine.yaml", text, "cards", catalogue=load_system_data("underworlds"))
    return ImportCards(cards=tuple(e for e in entries if isinstance(e, Card)),
                       decks=tuple(e for e in entries if isinstance(e, Deck)))


def _choose(**options: str) -> UW:
    """A game where each player picks a warband in secret: A Steelheart's Champions, B Garrek's Reavers."""
    game = new_game("own-decks", scenario="choose", **options)
    for decision in list(game.pending):
        warband = "steelhearts-champions" if decision.owner == A else "garreks-reavers"
        game.apply(Answer(decision_id=decision.id, answers={"warband": warband}), actor(decision.owner))
    return game


def test_one_file_brings_a_players_cards_and_the_decks_built_from_them() -> None:
    upload = _upload(_file())
    assert [c.id for c in upload.cards] == ["gore-axe"] and [d.id for d in upload.decks] == ["my-reavers"]
    with pytest.raises(DataError, match=r'mine\.yaml: field "warbands": is not a known key; this file holds cards, '
                                        "decks"):
        load_player_import("mine.yaml", "cards: []\nwarbands: []", "cards", catalogue=load_system_data("underworlds"))


def test_decks_brought_before_the_choice_are_offered_first_and_dealt_from() -> None:
    """L105-L113: a player may build their own decks; with scenario:choose each picks decks in secret (L731)."""
    game = new_game("own-decks", scenario="choose")
    act(game, B, _upload(_file()))
    for decision in list(game.pending):
        warband = "steelhearts-champions" if decision.owner == A else "garreks-reavers"
        game.apply(Answer(decision_id=decision.id, answers={"warband": warband}), actor(decision.owner))
    offer = next(d for d in game.pending if d.owner == B)
    options = offer.parts[0].options
    assert options[0].label == "My Reavers (your own)" and offer.parts[0].default == "my-reavers"
    assert [o.key for o in options[1:]] == ["reavers-bloodbath", "reavers-hold-the-ground"]
    for decision in list(game.pending):
        game.apply(Answer(decision_id=decision.id, answers=dict.fromkeys(("deck",), decision.parts[0].default)),
                   actor(decision.owner))
    game.apply(AutoSetup(), HOST)
    deck = deck_of(game.system.lib, game.state, B)
    assert deck.id == "my-reavers" and set(hand(game, B)) <= set(deck.power)
    assert set(hand(game, B, "objectives")) <= set(REAVER_OBJECTIVES)
    assert len(game.state.decks["power-B"].piles["draw"]) + len(hand(game, B)) == 20


def test_decks_brought_while_the_choice_is_open_are_the_players_choice() -> None:
    game = _choose()
    act(game, B, _upload(_file()))
    assert game.state.players[B].deck == "my-reavers"
    assert [d.owner for d in game.pending] == [A]


def test_a_broken_deck_is_refused_with_one_line_per_broken_rule_and_nothing_changes() -> None:
    """T57-T61 through the table: 11 objectives, one repeated; 19 power cards; 10 of 19 are ploys; a
    Steelheart's Champions card; all reported at once, each naming its rule."""
    game = _choose()
    objectives = [*REAVER_OBJECTIVES[:10], REAVER_OBJECTIVES[0]]
    power = [*REAVER_PLOYS, *REAVER_UPGRADES[:8], "heroic-might"]
    error = refused(game, _upload(_file(objectives=objectives, power=power, with_axe=False)), actor(B),
                    error=IllegalCommand)
    lines = str(error).splitlines()
    assert lines[0] == "force import refused: the decks My Reavers break 5 deck-building rules:"
    assert lines[1:] == [
        "- the objective deck holds 11 cards; it must hold exactly 12 (Underworlds core rulebook, L113)",
        "- the power deck holds 19 cards; it must hold at least 20 (Underworlds core rulebook, L107)",
        "- the objective deck holds A Worthy Skull 2 times; its cards must be unique (Underworlds core rulebook, L113)",
        "- 10 of the 19 power cards are ploys; at most 9 may be (half, rounded down) (Underworlds core rulebook, L107)",
        "- Heroic Might belongs to Steelheart's Champions; a deck may hold only Garrek's Reavers and universal cards "
        "(Underworlds core rulebook, L111, L299)"]
    assert not game.state.own_decks and not game.state.imported


def test_a_deck_names_only_core_cards_and_its_own_players_cards() -> None:
    """Cards by id from the core set and the player's own imports: another player's card is not theirs to use."""
    game = _choose()
    act(game, A, _upload(OWN_AXE.replace("garreks-reavers", "universal")))
    with refusing(game, 'names "gore-axe", which is not a card of this game', error=IllegalCommand):
        act(game, B, _upload(_file(with_axe=False)))


def test_decks_are_brought_before_they_are_chosen_and_only_by_a_player() -> None:
    game = new_game("own-decks")  # a preset scenario: the starter decks are dealt at once
    with refusing(game, r"side B's decks are chosen already.*scenario:choose.*L105, L731", error=IllegalCommand):
        act(game, B, _upload(_file()))
    game = _choose()
    with refusing(game, "decks belong to a player", error=IllegalCommand):
        game.apply(_upload(_file(with_axe=False)), Actor(user=UserId("hal"), host=True))
    with refusing(game, "side A plays Steelheart's Champions; the decks My Reavers are for", error=IllegalCommand):
        act(game, A, _upload(_file(with_axe=False)))


def test_a_players_own_decks_are_never_shown_to_the_others() -> None:
    """Two games that differ only in the decks side B brings (the same sizes, other cards) say the same in public,
    to the first activation: that B brought decks of its own which pass the deck rules, never which; B alone reads
    what it brought."""
    logs = []
    for upgrades in (REAVER_UPGRADES, [*REAVER_UPGRADES[:-2], "great-strength", "total-offence"]):
        game = _choose()
        events = act(game, B, _upload(_file(with_axe=False, power=[*REAVER_PLOYS, *upgrades])))
        assert [e.audience.sides for e in events if e.kind == "uw.own.deck"] == [(B,)]
        decision = next(d for d in game.pending if d.owner == A)
        game.apply(Answer(decision_id=decision.id, answers={"deck": "champions-stormforged"}), actor(A))
        game.apply(AutoSetup(), HOST)
        lines = [line.text for line in game.log_view(SPECTATOR).lines]
        assert not any("My Reavers" in text or "Bloodbath" in text or "great-s" in text for text in lines)
        assert any(text.startswith("Side B brings decks of its own") and "pass the deck-building rules" in text
                   for text in lines)
        logs.append(lines)
    assert logs[0] == logs[1]


def test_a_players_own_cards_are_named_to_them_alone_until_one_is_played() -> None:
    """A player's imported cards are their secret: the table reads only that side A brought cards of its own; A
    reads their names; one becomes public when it is played (here an objective A claims)."""
    view = Card(id="a-fine-view", name="A Fine View", number=901, code=9901, type="objective", warband="universal",
                summary="Your leader can see every objective token.", source="house card", glory=2,
                score="immediate", unexpressed="line of sight to tokens is not in the vocabulary")
    game = ready()
    events = act(game, A, ImportCards(cards=(view,)))
    public = [e.body.describe() for e in events if e.audience.is_public]
    assert public == ["Side A brings cards of its own, which only it sees until it plays them."]
    assert any("A Fine View" in e.body.describe() for e in events if e.audience.sides == (A,))
    game = extend(game, CardsMoved(deck_id="objectives-A", cards=[hand(game, A, "objectives")[0]], source="hand",
                                   target="discard"))
    act(game, A, AddCard(card="A Fine View"))
    refused(game, AddCard(card="A Fine View"), actor(B), r"yours: none yet")
    assert not any("fine view" in line.text.casefold() for line in game.log_view(Viewer.of_side(B)).lines)
    turn_of(game, A)
    played = act(game, A, PlayCard(card="a-fine-view"))
    assert any("A Fine View" in e.body.describe() for e in played if e.audience.is_public), "played: public"

