"""Eldfall tables for tests: a game with its data, seats and seed, moved along with short helpers."""

from __future__ import annotations

from collections.abc import Mapping

from bot.core.data_loader import load_system_data
from engine.core import BOT_USER, ActKind, Actor, Command, Event, Game, GameSetup, SideId, UserId
from engine.dice import commitment
from engine.schema import UnitProfile
from engine.systems.eldfall import Eldfall
from engine.systems.eldfall.schema import PartySpec
from engine.systems.eldfall.state import EldfallState

__all__ = ["ALICE", "BOB", "HOST", "arrange", "as_side", "bot_game", "clear_table", "demo_game", "eldfall", "new_game",
           "place", "play_bots", "practice", "run", "settle", "turn_of", "unit_id"]

ALICE, BOB = UserId("alice"), UserId("bob")
HOST = Actor(user=ALICE, host=True)


def eldfall(*extra_units: UnitProfile) -> Eldfall:
    """The system on the shipped data, with test-only profiles added (for abilities no shipped model has)."""
    data = load_system_data("eldfall")
    if extra_units:
        data = data.model_copy(update={"units": (*data.units, *extra_units)})
    return Eldfall(data)


def new_game(seed: str = "test", *, options: Mapping[str, str] | None = None, sides: int = 2,
             practice: bool = False, seats: Mapping[str, UserId] | None = None,
             rulings: Mapping[str, str] | None = None, system: Eldfall | None = None) -> Game[EldfallState]:
    """A fresh game: side A for alice, B for bob (a third side, when asked, for the bot); ``rulings`` switches table
    rulings from their defaults; ``system`` brings test-only profiles (``eldfall(...)``)."""
    system = system or eldfall()
    names = tuple(SideId(chr(ord("A") + i)) for i in range(sides))
    setup = GameSetup(system="eldfall", sides=names, host=ALICE, practice=practice, seed_commitment=commitment(seed),
                      rulings={**system.default_rulings(), **(rulings or {})}, options=dict(options or {}))
    chosen = dict(seats) if seats is not None else {"A": ALICE, "B": BOB, "C": BOT_USER}
    return Game.start(system, setup, seed, seats={SideId(s): u for s, u in chosen.items() if s in names})


def as_side(side: str, user: UserId | None = None) -> Actor:
    return Actor(user=user or (ALICE if side == "A" else BOB), side=SideId(side))


def demo_game(seed: str = "demo") -> Game[EldfallState]:
    """The /game demo table: both sides alice's, set up to the 1st Player's first activation."""
    system = eldfall()
    setup = GameSetup(system="eldfall", sides=(SideId("A"), SideId("B")), host=ALICE, practice=True,
                      seed_commitment=commitment(seed), rulings=system.default_rulings(),
                      options=dict(system.demo_settings()))
    game = Game.start(system, setup, seed, seats={SideId("A"): ALICE, SideId("B"): ALICE})
    for command in system.demo_commands(game.state):
        game.apply(command, HOST)
    return game


def play_bots(game: Game[EldfallState], limit: int = 5000, *, rounds: int | None = None) -> list[Event]:
    """Let the bot play every side that must act until the game ends (or ``limit`` commands, or the end of round
    ``rounds``)."""
    events: list[Event] = []
    system = game.system
    for _ in range(limit):
        if game.is_over() or (rounds is not None and game.state.round > rounds):
            break
        to_act = game.to_act()
        if to_act.kind is ActKind.NOBODY:
            break
        for side in to_act.sides:
            move = system.bot_move(game.state, side, lambda c, s=side: game.allows(c, Actor(user=BOT_USER, side=s)))
            if move is not None:
                events += game.apply_bot(side, move)
                break
        else:
            raise AssertionError(f"nobody moves: {to_act} in phase {game.state.phase}")
    return events


def bot_game(seed: str, options: Mapping[str, str] | None = None, sides: int = 2) -> Game[EldfallState]:
    """A game with every side seated to the bot, played to its end."""
    game = new_game(seed, options=options, sides=sides, seats={s: BOT_USER for s in "ABC"})
    play_bots(game)
    return game


def run(game: Game[EldfallState], command: Command, actor: Actor) -> tuple[Event, ...]:
    return game.apply(command, actor)


_PRACTICE: dict[str, Game[EldfallState]] = {}
"""Each practice table asked for on the shipped data, set up once: seventy tests share a set-up with another."""


def practice(parties: tuple[str | PartySpec, str | PartySpec], seed: str = "practice",
             options: Mapping[str, str] | None = None, rulings: Mapping[str, str] | None = None,
             system: Eldfall | None = None) -> Game[EldfallState]:
    """A practice table (rigged dice allowed) with these two parties (a ready one's name, or a list), set up to round
    1's Tactical phase; ``rulings`` switches table rulings from their defaults. On the shipped data each call gets a
    copy of its own (``Game.clone``) of the table set up the first time."""
    if system is not None:
        return _practice(parties, seed, options, rulings, system)
    key = repr((parties, seed, sorted((options or {}).items()), sorted((rulings or {}).items())))
    if key not in _PRACTICE:
        _PRACTICE[key] = _practice(parties, seed, options, rulings, eldfall())
    return _PRACTICE[key].clone()


def _practice(parties: tuple[str | PartySpec, str | PartySpec], seed: str, options: Mapping[str, str] | None,
              rulings: Mapping[str, str] | None, system: Eldfall) -> Game[EldfallState]:
    from tests.engine.systems.eldfall.commands import ChooseParty, SettleSetup
    setup = GameSetup(system="eldfall", sides=(SideId("A"), SideId("B")), host=ALICE, practice=True,
                      seed_commitment=commitment(seed), rulings={**system.default_rulings(), **(rulings or {})},
                      options=dict(options or {}))
    game = Game.start(system, setup, seed, seats={SideId("A"): ALICE, SideId("B"): ALICE})
    for side, party in zip("AB", parties, strict=True):
        chosen = ChooseParty(name=party, side=SideId(side)) if isinstance(party, str) else \
            ChooseParty(spec=party, side=SideId(side))
        game.apply(chosen, HOST)
    game.apply(SettleSetup(), HOST)
    return game


def turn_of(game: Game[EldfallState], side: str) -> None:
    """End turns until it is ``side``'s (Rangers staying where they are in the End phase)."""
    from tests.engine.systems.eldfall.commands import EndTurn
    for _ in range(4):
        if game.state.active_side == side:
            return
        active = game.state.active_side
        assert active is not None
        game.apply(EndTurn(), as_side(active, ALICE))
        settle(game)
    raise AssertionError(f"side {side} never got the turn")


def settle(game: Game[EldfallState]) -> None:
    """Answer every pending decision with its defaults (no reactions), as the player holding its side."""
    from engine.core import Answer
    while game.state.pending:
        decision = next(iter(game.state.pending.values()))
        game.apply(Answer(decision_id=decision.id, answers=decision.default_answers() or {}),
                   as_side(decision.owner, game.state.seats.get(decision.owner) or ALICE))


def unit_id(game: Game[EldfallState], unit: str) -> str:
    """The id of the (first) model of ``unit`` on the table."""
    return next(m.id for m in sorted(game.state.models.values(), key=lambda m: m.id) if m.unit == unit)


def place(game: Game[EldfallState], model: str, x: float, y: float, facing: float = 90.0) -> None:
    """Set a model down by hand (the host's manual override), on whatever surface is there."""
    from engine.core import ModelId
    from engine.systems.eldfall.by_hand import placed
    game.apply(placed(ModelId(model), (x, y), facing), HOST)


def clear_table(game: Game[EldfallState], keep: tuple[str, ...]) -> None:
    """Park every other model along the top and bottom edges, out of the way."""
    for index, model in enumerate(sorted(m for m in game.state.models if m not in keep)):
        place(game, model, 1.5 + 2.2 * index, 0.8 if index % 2 == 0 else 35.2, 90.0)


def arrange(game: Game[EldfallState], spots: Mapping[str, tuple[float, float, float]]) -> None:
    """Only these models stand on the table, each at its (x, y, facing); every other one is parked at the edges."""
    clear_table(game, tuple(spots))
    for model, (x, y, facing) in spots.items():
        place(game, model, x, y, facing)
