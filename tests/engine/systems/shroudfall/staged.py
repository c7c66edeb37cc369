"""A Shroudfall game at the table whose pieces a test sets: the demo game settled to its first activation, then its
units, models, terrain and scenario elements replaced by a small table's, A on turn in round 1 with empty reserves.
Commands then go through the whole game (declarations, menus, reaction windows) on that small table."""

from __future__ import annotations

import functools
import itertools
from typing import Any

from bot.core.data_loader import load_system_data
from engine.core import Actor, Answer, Game, GameSetup, RigDice, SideId, UserId
from engine.core.declarations import ActionCommand
from engine.dice import commitment
from engine.systems.shroudfall import Shroudfall

from .tables import Put, Scenery, Table

__all__ = ["HOST", "A", "B", "act", "choose", "rig", "staged"]

A, B, HOST = SideId("A"), SideId("B"), UserId("host")
_STAGED = itertools.count()


@functools.cache
def _settled() -> Game[Any]:
    """The demo table at its first activation, settled once for every staged game (each takes a clone)."""
    system = Shroudfall(load_system_data("shroudfall"))
    setup = GameSetup(system="shroudfall", sides=(A, B), host=HOST, seed_commitment=commitment("staged"),
                      rulings=system.default_rulings(), options=dict(system.demo_settings()), practice=True)
    game = Game.start(system, setup, "staged", seats={A: HOST, B: HOST})
    for command in system.demo_commands(game.state):
        game.apply(command, Actor(user=HOST, host=True))
    return game


def staged(*puts: Put, scenery: tuple[Scenery, ...] = ()) -> Game[Any]:
    """The demo game with only ``puts`` (and ``scenery``) on the table, A to activate a unit in round 1."""
    game = _settled().clone()
    small = Table(list(puts), scenery).state
    state = game.state
    # each staged table its own commitment: the game's shared Reading is keyed by commitment and seq
    state.setup = state.setup.model_copy(update={"seed_commitment": commitment(f"staged {next(_STAGED)}")})
    state.units, state.models = small.units, small.models
    state.terrain, state.pieces, state.elements = small.terrain, small.pieces, {}
    state.token, state.turn, state.round, state.activation = A, A, 1, None
    state.last_activated = {}
    for side in (A, B):
        record = state.record(side)
        record.reserve, record.leadership, record.activations = [], None, 0
    return game


def act(game: Game[Any], side: SideId, name: str, **values: str) -> None:
    """``/act`` a declared action as ``side``'s player."""
    game.apply(ActionCommand(path=("act",), name=name, values=tuple(values.items())), Actor(user=HOST, side=side))


def rig(game: Game[Any], *faces: int | str) -> None:
    """Queue the next dice results (a practice table)."""
    game.apply(RigDice(values=faces), Actor(user=HOST, host=True))


def choose(game: Game[Any], side: SideId, answer: str | None = None, *, kind: str = "ability-choice") -> list[str]:
    """Answer the one decision pending, of ``kind`` (an ability's choice unless said), as ``side``'s player (its first
    answer, the default, unless ``answer``); the answers it offered."""
    (decision,) = game.pending
    assert decision.kind == kind and decision.owner == side, decision
    offered = [o.key for o in decision.parts[0].options]
    game.apply(Answer(decision_id=decision.id, choice=answer or offered[0]), Actor(user=HOST, side=side))
    return offered
