"""``/deploy auto`` spreads a side's models over its zone once, then says they stand there: a Summoner's starting
creature is left to follow its Summoner (it starts in its Awareness, Eldfall core rules v1.5, L1869), where spreading
it too was undone at once, so the spread was offered and accepted again forever."""

from __future__ import annotations

from tests.menu_walk import MenuWalk, table


async def _deploying_with_a_starting_creature() -> tuple[MenuWalk, str]:
    walk = await table("eldfall", demo=False, seed="seed1")
    await walk.say("bob", "/force load name:Helian Expedition")
    await walk.say("alice", "/force load name:Sand Conclave")
    await walk.settle()
    state = walk.game.state
    side = next(s for s in state.sides if walk.game.system.legal_actions(state, s))
    assert any(f.summoner is not None for f in state.figures.values() if f.side == side)
    return walk, side


async def test_a_second_spread_is_refused_and_no_longer_offered() -> None:
    walk, side = await _deploying_with_a_starting_creature()
    user = str(walk.game.state.controller(side))
    first = await walk.say(user, "/deploy auto", side)
    assert not any(o.error for o in first), [o.text for o in first]
    again = await walk.say(user, "/deploy auto", side)
    assert any("already stand where /deploy auto puts them" in o.text for o in again if o.error)
    await walk.say(user, "/act", side)
    assert not any("Spread" in label for label in walk.labels(user)), walk.labels(user)


async def test_the_starting_creature_stays_in_its_summoners_awareness() -> None:
    walk, side = await _deploying_with_a_starting_creature()
    await walk.say(str(walk.game.state.controller(side)), "/deploy auto", side)
    game = walk.game
    world = game.system.kit.world(game.state)
    creatures = [f for f in game.state.figures.values() if f.side == side and f.summoner is not None]
    assert creatures and all(world.aware(f.summoner, f.id) for f in creatures)
