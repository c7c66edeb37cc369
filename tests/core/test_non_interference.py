"""Non-interference, per game: two tables that differ only in secret set-up (a party, a kept scheme, decks, imported
cards, a hand, the bot seat's secret choices) and are played with the same public commands say the same in public
(messages, pictures, decision notices, pile counts, the views of those who do not hold the secret) until the rules
reveal it. Short games through the real table service; Hypothesis draws the secrets, a few examples each."""

from __future__ import annotations

import asyncio
from typing import Any

from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from bot.core.systems import SYSTEM_FACTORIES
from engine.core import SPECTATOR, CardsShown, ChoicesRevealed, Event, Game, GameEnded, PhaseChanged, SideId, Viewer
from engine.systems.eldfall.events import SchemeRevealed
from engine.systems.eldfall.setup_phases import INITIATIVE
from tests.budget import examples
from tests.core.twins import WATCHER, Twin, play_twins
from tests.engine.systems.underworlds.test_own_decks import (
    OWN_AXE,
    REAVER_OBJECTIVES,
    REAVER_PLOYS,
    REAVER_UPGRADES,
    _file,
)
from tests.toys.hexfire import Hexfire

FEW = settings(max_examples=examples(3), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow],
               phases=(Phase.explicit, Phase.reuse, Phase.generate))
"""A few examples each, and no shrinking: a failing example is reported as drawn (each plays two tables)."""
KEYS = st.sampled_from(["north", "south", "east", "west"])


def _scheme(pick: int) -> Any:
    """Side A keeps the ``pick``-th scheme it drew (as many as its Leader's INT gave it)."""

    def line(game: Game[Any]) -> str:
        decision = next(d for d in game.pending if d.owner == "A" and d.kind == "scheme")
        options = decision.parts[0].option_keys()
        return f"/decide choice:{options[pick % len(options)]}"

    return line


def _initiative(event: Event) -> bool:
    """The Initiative Check adds each Leader's M in the open (L1088-1092): a party's first public trace."""
    return isinstance(event.body, PhaseChanged) and event.body.phase == INITIATIVE


ELDFALL_SETUP = ["/game new system:eldfall bot:B practice:no", "/force load name:Thenion Shadows", "/status",
                 f"@{WATCHER} /log count:60", f"@{WATCHER} /board", "/decide choice:?"]


@FEW
@given(parties=st.tuples(*[st.sampled_from(["Thenion Shadows", "Sand Conclave"])] * 2),
       picks=st.tuples(st.integers(0, 2), st.integers(0, 2)), keys=st.tuples(KEYS, KEYS))
def test_eldfall_parties_schemes_and_the_bot_seats_choices_stay_secret_to_the_initiative(
        parties: tuple[str, str], picks: tuple[int, int], keys: tuple[str, str]) -> None:
    """Side A's party (Leaders of the same M, INT 13 or 16: one scheme drawn or three) and kept scheme; the bot's
    party and scheme, drawn with side B's secret dice."""
    assume(parties[0] != parties[1] or keys[0] != keys[1])
    twins = [Twin(SYSTEM_FACTORIES, {"A": key, "B": key}, {1: f"/force load name:{party}", 5: _scheme(pick)})
             for party, pick, key in zip(parties, picks, keys, strict=True)]
    compared = asyncio.run(play_twins(*twins, ELDFALL_SETUP, reveal=_initiative))
    assert compared == 5, "every line before the answer that starts the Initiative Check"


def _as_a_player_would(game: Game[Any]) -> str:
    """Side A's next public line: its decision answered by default, else its turn ended."""
    owed = next((d for d in game.pending if d.owner == "A"), None)
    if owed is None:
        return "/act action:end"
    answers = ";".join(f"{p.key}={p.default}" for p in owed.parts if p.default is not None)
    return f"/decide choice:{answers}"


ELDFALL_BATTLE = ["/game new system:eldfall bot:B practice:no", "/force load name:Helian Expedition",
                  "/decide (the scheme)", "/decide (the initiative)", "/act action:ready", *["(side A's turn)"] * 4,
                  "/status", f"@{WATCHER} /board"]


@settings(FEW, max_examples=examples(2))
@given(picks=st.tuples(st.integers(0, 1), st.integers(0, 1)), keys=st.tuples(KEYS, KEYS))
def test_eldfall_a_kept_scheme_stays_secret_through_deployment_and_the_first_activations(
        picks: tuple[int, int], keys: tuple[str, str]) -> None:
    """Side A's kept scheme among the two its Leader drew (INT 15) and its secret dice; the same parties, the
    bot playing side B's first turn, side A answering it by default."""
    assume(picks[0] != picks[1] or keys[0] != keys[1])
    own = {3: _as_a_player_would, **{i: _as_a_player_would for i in range(5, 9)}}
    twins = [Twin(SYSTEM_FACTORIES, {"A": key}, {**own, 2: _scheme(pick)}) for pick, key in zip(picks, keys,
                                                                                                strict=True)]
    compared = asyncio.run(play_twins(*twins, ELDFALL_BATTLE, reveal=lambda e: isinstance(e.body, SchemeRevealed),
                                      observers=(SPECTATOR, Viewer.of_side(SideId("B")))))
    assert compared == len(ELDFALL_BATTLE)


# -- Underworlds: imported cards and decks, the bot's warband and decks --------------------------------------------

BOT_KEYS = st.sampled_from([("south", "left"), ("south", "right"), ("left", "right"), ("up", "down")])
"""Pairs of secret dice for side B that draw the same warband (revealed together with the others) and the same starter
decks (each has a power deck of its own size, and deck sizes are public: L295, L841), and shuffle them otherwise."""


def _own_cards(axe: str, objective: str) -> str:
    """Side A's upload: a card of its own named ``axe`` and decks built with it (the same sizes for every twin)."""
    card = OWN_AXE.replace("gore-axe", axe).replace("Gore Axe", axe.replace("-", " ").title())
    return card + _file(objectives=[*REAVER_OBJECTIVES[:-1], objective], with_axe=False,
                        power=[*REAVER_PLOYS, *REAVER_UPGRADES[:-1], axe])


def _a_players_card_shows(event: Event) -> bool:
    """A card of a player's decks is played or scored (the objective tokens turned over are nobody's secret)."""
    return (isinstance(event.body, CardsShown) and event.body.deck_id != "tokens") or isinstance(event.body, GameEnded)


UNDERWORLDS = ["/game new system:underworlds bot:B scenario:choose practice:no", "/force import file:mine.yaml",
               "/decide choice:garreks-reavers", "/decide choice:my-reavers", f"@{WATCHER} /status",
               "/game seat side:A user:bot", f"@{WATCHER} /board", "/status"]


@FEW
@given(axes=st.tuples(*[st.sampled_from(["gore-axe", "skull-axe"])] * 2),
       objectives=st.tuples(*[st.sampled_from(["denial", "supremacy"])] * 2), keys=BOT_KEYS)
def test_underworlds_imported_cards_decks_and_the_bot_seats_hands_stay_secret_until_a_card_shows(
        axes: tuple[str, str], objectives: tuple[str, str], keys: tuple[str, str]) -> None:
    """Side A brings its own card and decks (other names and cards, the same sizes); side B's bot draws its warband,
    decks and hands with its secret dice; then the bot plays both sides through the set-up and the first
    activations."""
    twins = [Twin(SYSTEM_FACTORIES, {"B": key}, files={"mine.yaml": _own_cards(axe, objective)})
             for axe, objective, key in zip(axes, objectives, keys, strict=True)]
    compared = asyncio.run(play_twins(*twins, UNDERWORLDS, reveal=_a_players_card_shows))
    assert compared >= 6, "through the set-up the bot plays for both sides"
    hands = [twin.game().state.decks["power-B"].piles["hand"] for twin in twins]
    assert hands[0] != hands[1], "the bot's secret dice dealt it another hand"


# -- Shroudfall: each player's scenario veto, made in secret and revealed together (L1108-1112, L1479) ---------------

def _a_owes_or_status(game: Game[Any]) -> str:
    """Side A answers its roll-off choice by default when it won it (the bot answers its own), else looks."""
    owed = next((d for d in game.pending if d.owner == "A"), None)
    if owed is None or owed.kind != "setup":
        return "/status"
    return "/decide choice:" + ";".join(f"{p.key}={p.default}" for p in owed.parts if p.default is not None)


def _veto(pick: int) -> Any:
    """Side A discards the ``pick``-th of side B's three scenarios."""

    def line(game: Game[Any]) -> str:
        decision = next(d for d in game.pending if d.owner == "A" and d.kind == "veto")
        options = decision.parts[0].option_keys()
        return f"/decide choice:{options[pick % len(options)]}"

    return line


SHROUDFALL = ["/game new system:shroudfall scenario:draw bot:B practice:no", "(side A's roll-off choice)",
              f"@{WATCHER} /status", f"@{WATCHER} /board", "/status", "(side A's veto)"]


@FEW
@given(picks=st.tuples(st.integers(0, 2), st.integers(0, 2)), keys=st.tuples(KEYS, KEYS))
def test_shroudfall_a_scenario_veto_stays_secret_until_both_are_revealed_together(
        picks: tuple[int, int], keys: tuple[str, str]) -> None:
    """Side A's veto among side B's three scenarios, and its secret dice; the bot vetoes for side B."""
    assume(picks[0] != picks[1] or keys[0] != keys[1])
    twins = [Twin(SYSTEM_FACTORIES, {"A": key}, {1: _a_owes_or_status, 5: _veto(pick)})
             for pick, key in zip(picks, keys, strict=True)]
    compared = asyncio.run(play_twins(*twins, SHROUDFALL, reveal=lambda e: isinstance(e.body, ChoicesRevealed),
                                      observers=(SPECTATOR, Viewer.of_side(SideId("B")))))
    assert compared == 5, "every line before the veto that reveals both"


def _army(pick: int) -> Any:
    """Side A chooses the ``pick``-th army list in secret."""

    def line(game: Game[Any]) -> str:
        decision = next(d for d in game.pending if d.owner == "A")
        options = decision.parts[0].option_keys()
        return f"/decide choice:{options[pick % len(options)]}"

    return line


@FEW
@given(picks=st.tuples(st.integers(0, 1), st.integers(0, 1)), keys=st.tuples(KEYS, KEYS))
def test_shroudfall_an_army_list_chosen_in_secret_stays_secret_until_both_are_revealed(
        picks: tuple[int, int], keys: tuple[str, str]) -> None:
    """``mode:choose``: side A's army list, and its secret dice; the bot draws side B's in secret (L1086)."""
    assume(picks[0] != picks[1] or keys[0] != keys[1])
    twins = [Twin(SYSTEM_FACTORIES, {"A": key, "B": key}, {4: _army(pick)})
             for pick, key in zip(picks, keys, strict=True)]
    opening = ["/game new system:shroudfall mode:choose bot:B practice:no", f"@{WATCHER} /status",
               f"@{WATCHER} /board", "/status", "(side A's army)"]
    compared = asyncio.run(play_twins(*twins, opening, reveal=lambda e: isinstance(e.body, ChoicesRevealed),
                                      observers=(SPECTATOR, Viewer.of_side(SideId("B")))))
    assert compared == 4, "every line before the choice that reveals both"


# -- the toy: a deck's cards, the bot's secret bid and shuffles ------------------------------------------------------

HEXFIRE_OPENING = ["/game new system:hexfire players:3 bot:C practice:no", "@bob /game join side:B",
                   "/decide choice:2", "@bob /decide choice:1"]
OTHER_DECK = ("shield", "shield", "shield", "counter", "strike", "counter", "shield", "strike")
MOVES = ["/act action:draw", "/act action:rest", "/act action:step to:A2", "/act action:step to:B1",
         "/act action:step to:B2", "/act action:strike target:B", "/act action:strike target:C", "/decide choice:pass",
         "/decide choice:shield", "/decide choice:counter", "/pass until:strike", "/hand show", "/status", "/board"]


@settings(FEW, max_examples=examples(15))
@given(moves=st.lists(st.tuples(st.sampled_from(["alice", "bob", WATCHER]), st.sampled_from(MOVES)),
                      min_size=4, max_size=24), bot_keys=st.tuples(KEYS, KEYS))
def test_hexfire_a_deck_and_the_bot_seats_bid_stay_secret_until_they_show(
        moves: list[tuple[str, str]], bot_keys: tuple[str, str]) -> None:
    """Side A's deck holds other cards in one twin; side C's bot draws its bid and shuffles with other secret dice
    when the keys differ (its bid is revealed with the others, its cards when played)."""
    decks: list[dict[SideId, tuple[str, ...]]] = [{}, {SideId("A"): OTHER_DECK}]
    twins = [Twin({"hexfire": lambda deck=deck: Hexfire(deck)}, {"C": key}) for deck, key in zip(decks, bot_keys,
                                                                                                    strict=True)]
    differing = {"deck-A", "deck-C"} if bot_keys[0] != bot_keys[1] else {"deck-A"}

    def reveal(event: Event) -> bool:
        shown = isinstance(event.body, CardsShown) and event.body.deck_id in differing
        return shown or (differing != {"deck-A"} and isinstance(event.body, ChoicesRevealed))

    script = [*HEXFIRE_OPENING, *(f"@{user} {move}" for user, move in moves)]
    asyncio.run(play_twins(*twins, script, reveal=reveal, observers=(SPECTATOR, Viewer.of_side(SideId("B")))))

