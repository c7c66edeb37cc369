"""A table of Underworlds for the tests: games made, set up at once, fighters arranged, dice rigged, cards put in
hands, and commands applied as each side's player."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any

from bot.core.data_loader import load_system_data
from engine.core import (
    BOT_USER,
    EVERYONE,
    Actor,
    Answer,
    CardsMoved,
    Command,
    Event,
    EventBody,
    Game,
    GameSetup,
    RigDice,
    SideId,
    UserId,
)
from engine.dice import commitment
from engine.systems.underworlds.commands import AutoSetup
from engine.systems.underworlds.events import FighterMoved, GloryGained, TakenOut
from engine.systems.underworlds.game_state import TakeOutRecord, UnderworldsState, objective_deck, power_deck
from engine.systems.underworlds.rules import Rules
from engine.systems.underworlds.system import Underworlds
from tests.engine.systems.underworlds.typed import Pass

A, B, C, D = SideId("A"), SideId("B"), SideId("C"), SideId("D")
PLAYERS = {A: UserId("alice"), B: UserId("bob"), C: UserId("carol"), D: UserId("dan")}
HOST = Actor(user=UserId("alice"), host=True)

UW = Game[UnderworldsState]


@functools.cache
def system() -> Underworlds:
    return Underworlds(load_system_data("underworlds"))


@functools.cache
def default_rules() -> Rules:
    """Every ruling at the default rulings.yaml gives it."""
    return Rules.from_options(system().rulings())


def rules(**changes: str) -> Rules:
    """The default rulings with some changed (a table's house rules), for the pure rules' tests."""
    return dataclasses.replace(default_rules(), **changes)


def placement(game: UW, side: SideId) -> Command:
    """The placement the set-up suggests for ``side`` now (as the bot and the practice table take it)."""
    move = system().bot_move(game.state, side, lambda c: True)
    assert move is not None
    return move.command


def new_game(seed: str = "uw-test", *, sides: int = 2, practice: bool = True, rulings: dict[str, str] | None = None,
             bots: bool = False, **options: Any) -> UW:
    """A fresh game (set-up not done), each side held by its own player (or all by the bot)."""
    uw = system()
    chosen = (A, B, C, D)[:sides]
    setup = GameSetup(system="underworlds", sides=chosen, host=PLAYERS[A], practice=practice,
                      seed_commitment=commitment(seed), rulings={**uw.default_rulings(), **(rulings or {})},
                      options={"scenario": "champions-v-reavers", "mode": "casual", **options})
    return Game.start(uw, setup, seed, {side: BOT_USER if bots else PLAYERS[side] for side in chosen})


_READY: dict[tuple[Any, ...], UW] = {}
"""Each set-up ``ready`` was asked for, made once: over a hundred tests start from the same one, at 40 ms each."""


def ready(seed: str = "uw-test", decks: tuple[str, ...] = (), **kwargs: Any) -> UW:
    """A game set up at once (the demo's set-up), at the first activation of round 1; ``decks`` names each side's
    decks (chosen in secret as with ``scenario:choose``) instead of the scenario's. Each call gets a copy of its own
    (``Game.clone``: the same log, state and dice, independent of the one kept)."""
    key = (seed, decks, repr(sorted(kwargs.items())))
    if key not in _READY:
        game = new_game(seed, **({"scenario": "choose"} if decks else {}), **kwargs)
        if decks:
            choose_decks(game, decks)
        game.apply(AutoSetup(), HOST)
        _READY[key] = game
    return _READY[key].clone()


def choose_decks(game: UW, decks: tuple[str, ...]) -> None:
    """Answer the secret warband choice and then each player's secret deck choice."""
    for deck_id in decks:
        assert any(d.id == deck_id for d in system().lib.data.decks), deck_id
    warbands = {d.id: d.warband for d in system().lib.data.decks}
    for decision in list(game.pending):
        index = (A, B, C, D).index(decision.owner)
        game.apply(Answer(decision_id=decision.id, answers={"warband": warbands[decks[index]]}),
                   actor(decision.owner))
    for decision in list(game.pending):
        index = (A, B, C, D).index(decision.owner)
        game.apply(Answer(decision_id=decision.id, answers={"deck": decks[index]}), actor(decision.owner))


def actor(side: SideId) -> Actor:
    return Actor(user=PLAYERS[side], side=side)


def act(game: UW, side: SideId, command: Command) -> tuple[Event, ...]:
    return game.apply(command, actor(side))


def act_turn(game: UW, command: Command) -> tuple[Event, ...]:
    """Apply ``command`` as the side whose turn it is."""
    side = game.state.active_side
    assert side is not None
    return act(game, side, command)


def extend(game: UW, *bodies: EventBody) -> UW:
    """The game with these events appended as if they had happened (the test's own arrangement)."""
    events = [Event(seq=game.seq + n, body=body, audience=EVERYONE) for n, body in enumerate(bodies, start=1)]
    return Game(game.system, game.setup, game._seed, [*game.log, *events])  # the test knows its own seed


def arrange(game: UW, **hexes: str | None) -> UW:
    """Put fighters on hexes (``A1="D6"``); ``None`` takes one off the battlefield."""
    bodies: list[EventBody] = []
    for fighter, hex_id in hexes.items():
        record = game.state.fighters[fighter]
        if hex_id is None:
            bodies.append(TakenOut(record=TakeOutRecord(victim=fighter, by=None, using="other")))
        elif record.hex != hex_id:
            bodies.append(FighterMoved(fighter=fighter, path=[record.hex or hex_id, hex_id], how="set up"))
    return extend(game, *bodies)


def give(game: UW, side: SideId, *cards: str) -> UW:
    """Put cards from the side's draw piles into its hand; an objective takes the place of one already held,
    which goes back to the deck (a hand holds at most three, L295)."""
    bodies: list[EventBody] = []
    state = game.state
    for card in cards:
        if any(card in state.decks[d].piles["hand"] for d in (objective_deck(side), power_deck(side))):
            continue
        for deck in (objective_deck(side), power_deck(side)):
            if card in state.decks[deck].piles["draw"]:
                held = state.decks[deck].piles["hand"]
                if deck == objective_deck(side) and len(held) >= 3:
                    bodies.append(CardsMoved(deck_id=deck, cards=[held[0]], source="hand", target="draw",
                                             on_top=False))
                bodies.append(CardsMoved(deck_id=deck, cards=[card], source="draw", target="hand"))
                break
        else:
            raise ValueError(f"{card} is not in side {side}'s draw piles")
        game = extend(game, *bodies)
        state, bodies = game.state, []
    return game


def glory(game: UW, side: SideId, amount: int) -> UW:
    return extend(game, GloryGained(side=side, amount=amount, source="test", why="a test"))


def rig(game: UW, *faces: str) -> None:
    game.apply(RigDice(values=faces), HOST)


def decide(game: UW, **answers: str) -> tuple[Event, ...]:
    """Answer the first pending decision as its owner."""
    decision = game.pending[0]
    return game.apply(Answer(decision_id=decision.id, answers=answers), actor(decision.owner))


def hand(game: UW, side: SideId, deck: str = "power") -> list[str]:
    return list(game.state.decks[(power_deck if deck == "power" else objective_deck)(side)].piles["hand"])


def pass_power(game: UW) -> None:
    """Every player passes in the power step now running."""
    while game.state.step == "power" and not game.pending:
        side = game.state.power.turn if game.state.power else A
        act(game, side, Pass())


def by_default(game: UW) -> None:
    """Answer every pending decision with its defaults (a reaction offer passed)."""
    while game.pending:
        decision = game.pending[0]
        decide(game, **{p.key: p.default or p.options[0].key for p in decision.parts})


def turn_of(game: UW, side: SideId) -> None:
    """Pass activations (and power steps, and reaction offers by their defaults) until it is ``side``'s
    activation."""
    for _ in range(12):
        if game.state.step == "activation" and game.state.active_side == side and not game.pending:
            return
        if game.pending:
            by_default(game)
            continue
        if game.state.step == "power":
            pass_power(game)
            continue
        act(game, game.state.active_side or A, Pass())
    raise AssertionError(f"side {side} never got an activation")


def pass_until(game: UW, done: Callable[[UW], bool]) -> None:
    """Every player passes (activations, power steps, end phases; choices at their defaults) until ``done``."""
    for _ in range(200):
        if done(game) or game.is_over():
            return
        if game.pending:
            by_default(game)
        elif game.state.step == "power":
            pass_power(game)
        else:
            act_turn(game, Pass())
    raise AssertionError("never reached")
