"""A command typed without everything it needs carries on as a menu would, and on a practice table the side that
acts is the one whose model the command names; a typed command leaves out the optional parameters it does not name.

Issue 23's failures 2 and 4."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import Ask, Choice, Context, Declarations, Order, Param, When
from tests.menu_walk import MenuWalk, table
from tests.toys.tally import Scored, Tally, TallyState


async def _face_to_face() -> tuple[MenuWalk, str, str]:
    """The Underworlds demo (alice holds both sides) with a fighter of the side to act set down by hand next to an
    enemy; the fighter and the enemy."""
    walk = await table("underworlds")
    state = walk.game.state
    side = state.active_side
    fighter = next(f for f in state.fighters.values() if f.side == side and f.hex)
    enemy = next(f for f in state.fighters.values() if f.side != side and f.hex)
    board = walk.game.system.lib.board(state)
    taken = {f.hex for f in state.fighters.values() if f.hex}
    spot = next(board.id_of(n) for n in board.hex_of(enemy.hex).neighbours()
                if n in board.hexes and board.passable(n) and board.id_of(n) not in taken)
    outputs = await walk.say("alice", f"/model place model:{fighter.id} at:{spot}")
    assert not any(o.error for o in outputs), [o.text for o in outputs]
    return walk, fighter.id, enemy.id


async def test_an_attack_typed_without_a_target_asks_for_one() -> None:
    walk, fighter, enemy = await _face_to_face()
    outputs = await walk.say("alice", f"/act model:{fighter} action:attack", side=walk.game.state.active_side)
    assert not any(o.error for o in outputs), [o.text for o in outputs]
    assert any(enemy in label for label in walk.labels("alice"))


async def test_the_side_that_acts_is_the_side_of_the_model_named() -> None:
    walk, fighter, enemy = await _face_to_face()
    before = walk.game.seq
    outputs = await walk.say("alice", f"/act action:attack model:{fighter} target:{enemy}")
    assert not any("say which one acts" in o.text for o in outputs), [o.text for o in outputs]
    assert walk.game.seq > before


LAZY: Declarations[TallyState, TallyState] = Declarations()
"""Tally with an optional amount: one point unless the player says more."""


@LAZY.action("score", "Score points (one unless told), then pass the turn", label="Score", when=When(turn=True),
             params=(Param("amount", "How many points?", values=lambda state, ask: [Choice("2", "2 points"),
                                                                                     Choice("3", "3 points")],
                           optional=True, none_label="1 point", order=Order.GIVEN, noun="amounts"),))
def _score(ctx: Context[TallyState], ask: Ask) -> None:
    ctx.emit(Scored(side=ask.acting, amount=ask.integer("amount", 1), next_side=ctx.state.next_in_play(ask.acting)))


class Lazy(Tally):
    spec = replace(Tally.spec, name="lazy", title="Lazy")
    declarations = LAZY


async def test_a_typed_command_leaves_out_the_optional_parameters_it_does_not_name() -> None:
    service = TableService(MemoryRepository(), {**SYSTEM_FACTORIES, "lazy": Lazy}, pass_delay=lambda: 0.0)
    walk = MenuWalk(service, random.Random(0))
    await walk.say("alice", "/game new system:lazy practice:no")
    await walk.say("bob", "/game join side:B")
    outputs = await walk.say("alice", "/act action:score")
    assert not any(o.error for o in outputs), [o.text for o in outputs]
    assert walk.game.state.points == {"A": 1}, "typed, the amount it does not name is left out"
    await walk.say("bob", "/act")
    await walk.pick("bob", walk.labels("bob").index("Score"))
    assert walk.labels("bob") == ["1 point", "2 points", "3 points"], "a menu asks for it, leaving it out first"
    await walk.pick("bob", 0)
    assert walk.game.state.points == {"A": 1, "B": 1}
