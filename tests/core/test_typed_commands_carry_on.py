"""A command typed without everything it needs carries on as a menu would, and on a practice table the side that
acts is the one whose model the command names.

Issue 23's failures 2 and 4, strict expected failures until the declarations reach Underworlds (step 4)."""

from __future__ import annotations

from tests.menu_walk import MenuWalk, table


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
