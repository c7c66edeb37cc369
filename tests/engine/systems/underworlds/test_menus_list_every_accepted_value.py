"""A parameter that still takes typed values (a move's or a Charge's path ``C4>C5``, a sweeping attack's targets
``B2,B1``) lists every single hex and enemy it accepts: a fighter or a hex its predicate accepts and its menu omits
would be a command no menu reaches (issue 23's conformance property, checked here over every hex of the board and
every fighter, where the random fuzz would seldom type the one omitted)."""

from __future__ import annotations

from typing import Any

from engine.core import Ask, Viewer
from engine.systems.underworlds.declared import RULES
from tests.engine.systems.underworlds.table import A, arrange, ready, turn_of
from tests.menu_walk import typed_only


def _omitted(game: Any) -> list[str]:
    """Each (action, earlier answers, value) where the predicate accepts a hex or a fighter the menu does not list,
    the earlier answers taken from the menus (every first answer, then the first entry)."""
    state = game.state
    side = state.active_side
    viewer = Viewer.of_side(side)
    found = []
    for decl in RULES.declared:
        if typed_only(decl) or not any(p.accepts is not None and p.values is not None for p in decl.params):
            continue
        world = RULES.world_of(decl, game.system, state)
        board = world.lib.board(state)
        candidates = list(dict.fromkeys([*(board.id_of(h) for h in board.hexes), *state.fighters]))
        first, *rest = decl.params
        for pick in first.menu(world, Ask(decl.command_verb, side, viewer, {})):
            given = {first.option: pick.value}
            for param in rest:
                ask = Ask(decl.command_verb, side, viewer, dict(given))
                if not param.asked(world, ask):
                    continue
                listed = [c.value for c in param.menu(world, ask)]
                if param.accepts is not None and param.values is not None:
                    found += [f"{decl.title} {given} {param.option}:{value}" for value in candidates
                              if value not in listed and not param.free_form.covers(value)
                              and param.accepts(world, ask, value) is None]
                if not listed:
                    break
                given[param.option] = listed[0]
    return found


def test_every_hex_and_enemy_a_typed_parameter_accepts_is_listed() -> None:
    """Severin (A1) next to Garrek (B1), so A1 may move, charge and attack; the rest of the fighters far off."""
    game = arrange(ready(), A1="D6", B1="D5", A2="F7", A3="B9", B2="G2", B3="A1", B4="H1", B5="C1")
    turn_of(game, A)
    assert not _omitted(game)
